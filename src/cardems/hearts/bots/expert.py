"""Expert: perfect-information Monte Carlo over hidden hands sampled from the view.

Deals of the unseen cards are sampled consistently with what the seat knows (shown
voids, hand sizes, the cards it passed and who got them). Each deal is weighed by how
well it explains the others' plays so far, assuming they play like the heuristic
(``MISS_WEIGHT`` per contradicted play; an across pass is checked too); deals are kept
from one decision to the next and updated with the cards played since. If no deal
explains the play, the others do not play like the heuristic and the rest of the round
is sampled plainly. For the best deals, every distinct legal card is played and the
round finished by the heuristic for all four seats (a second plan runs for the moon when
nobody else has points and the hand holds high hearts); the card with the lowest
weighted score for this seat is played — the moon counts 0 for the shooter and 26 for
the rest. Cards next to each other in a suit with no unseen card between them are the
same choice and are tried once.
"""

from __future__ import annotations

import random
import time

from cardems.hearts.bots import heuristic
from cardems.hearts.bots.inference import (
    IMPOSSIBLE,
    MISS_WEIGHT,
    Check,
    misses,
    pass_check,
    pass_miss,
    past_checks,
)
from cardems.hearts.bots.passing import search_pass
from cardems.hearts.bots.rollout import heuristic_rollout
from cardems.hearts.bots.sampling import Knowledge
from cardems.hearts.core import FULL_DECK, QUEEN_OF_SPADES
from cardems.hearts.view import SeatView


def distinct_choices(legal: int, unseen: int) -> list[int]:
    """One card per run of legal cards with no unseen card between (the Q♠ alone)."""
    choices: list[int] = []
    previous = -2
    for c in range(52):
        if not legal >> c & 1:
            continue
        fresh = (
            previous < 0
            or QUEEN_OF_SPADES in (c, previous)
            or c // 13 != previous // 13
            or unseen >> (previous + 1) & ((1 << (c - previous - 1)) - 1)
        )
        if fresh:
            choices.append(c)
        else:
            choices[-1] = c  # same choice; keep the higher card
        previous = c
    return choices


UNFIT = 3
"""When the best sampled deal still contradicts this many plays, stop inferring."""
HIGH_HEARTS = 0b111 << 23  # Q♥ K♥ A♥
DEFAULT_WORLDS = 150
DEFAULT_BUDGET_MS = 90.0
DEFAULT_MOON_DREAD = 0.0
DEFAULT_PASS_POOL = 0
DEFAULT_PASS_BUDGET_MS = 80.0
_OPTIONS = ("worlds", "budget", "dread", "infer", "miss", "share", "passes", "pbudget")


class ExpertBot:
    """PIMC search; ``budget_ms`` bounds the CPU time per decision (so a busy machine
    does not weaken it), ``worlds`` the deals searched."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        worlds: int = DEFAULT_WORLDS,
        budget_ms: float = DEFAULT_BUDGET_MS,
        *,
        moon_dread: float = DEFAULT_MOON_DREAD,
        miss_weight: float = MISS_WEIGHT,
        infer: bool = True,
        candidates: int = 200,
        max_misses: int = 3,
        sampling_share: float = 0.4,
        pass_pool: int = DEFAULT_PASS_POOL,
        pass_budget_ms: float = DEFAULT_PASS_BUDGET_MS,
    ) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.budget = budget_ms / 1000.0
        self.infer = infer
        self.candidates = candidates
        self.max_misses = max_misses
        self.sampling_share = sampling_share
        self.moon_dread = moon_dread
        self.miss_weight = miss_weight
        self.pass_pool = pass_pool
        self.pass_budget = pass_budget_ms / 1000.0
        self._unfit: tuple[int, tuple[int, ...]] | None = None
        self._memory: (
            tuple[tuple[int, tuple[int, ...]], int, list[tuple[int, list[int]]]] | None
        ) = None

    @classmethod
    def from_name(cls, name: str, seed: int = 0) -> ExpertBot:
        """``expert`` or options, e.g. ``expert:worlds=60:budget=40:miss=0.1:share=0.5``."""
        options: dict[str, float] = {}
        for part in name.split(":")[1:]:
            key, _, value = part.partition("=")
            if key not in _OPTIONS or not value:
                raise ValueError(f"unknown expert option {part!r} in {name!r}")
            options[key] = float(value)
        bot = cls(
            seed,
            int(options.get("worlds", DEFAULT_WORLDS)),
            options.get("budget", DEFAULT_BUDGET_MS),
            infer=bool(options.get("infer", 1)),
            moon_dread=options.get("dread", DEFAULT_MOON_DREAD),
            miss_weight=options.get("miss", MISS_WEIGHT),
            sampling_share=options.get("share", 0.4),
            pass_pool=int(options.get("passes", DEFAULT_PASS_POOL)),
            pass_budget_ms=options.get("pbudget", DEFAULT_PASS_BUDGET_MS),
        )
        bot.name = name
        return bot

    def _carry_over(
        self, view: SeatView, checks: list[Check]
    ) -> list[tuple[int, float, list[int]]]:
        """Deals kept from the last decision this round, minus the cards played since;
        dropped when a seat played a card that deal did not give it."""
        memory = self._memory
        if memory is None or memory[0] != (view.round_number, view.totals):
            return []
        _, seen, kept = memory
        new = checks[seen:]
        out = []
        rand = self.rng.random
        for miss, hands in kept:
            ok = True
            for check in new:
                if not hands[check.seat] >> check.card & 1:
                    ok = False
                    break
                hands[check.seat] &= ~(1 << check.card)
            if not ok:
                continue
            miss += misses(hands, new, self.max_misses - miss) if new else 0
            if miss <= self.max_misses:
                out.append((miss, rand(), hands))
        return out

    def choose_pass(self, view: SeatView) -> int:
        """The best of the heuristic's likely passes by play-outs (its own pass if
        ``pass_pool`` is below 4)."""
        if self.pass_pool < 4 or view.direction.offset == 0:
            return heuristic.choose_pass(view.hand_mask)
        return search_pass(
            view.seat,
            view.hand_mask,
            view.direction.offset,
            self.rng,
            pool=self.pass_pool,
            budget=self.pass_budget,
        )

    def choose_play(self, view: SeatView) -> int:
        """The legal card with the lowest mean simulated score."""
        legal = view.legal_mask
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        seat = view.seat
        hand = view.hand_mask
        played = view.played_mask
        unseen = FULL_DECK & ~hand & ~played
        choices = distinct_choices(legal, unseen)
        default = heuristic.choose_card(seat, hand, legal, view.trick, played, view.round_points)
        default = min(
            (c for c in choices if c >= default and c // 13 == default // 13), default=default
        )
        if len(choices) == 1:
            return choices[0]
        knowledge = Knowledge(view)
        key = (view.round_number, view.totals)
        infer = self.infer and self._unfit != key
        checks = past_checks(view) if infer else []
        start = time.process_time()
        deadline = start + self.budget
        rng = self.rng
        # Deals kept from this seat's last decision, updated with the plays since, then
        # fresh deals for part of the budget; rank them by how well they explain play.
        pool = self._carry_over(view, checks)
        sample_until = start + self.budget * self.sampling_share
        spare: list[tuple[int, float, list[int]]] = []
        passed = pass_check(view) if infer else None
        while len(pool) < self.candidates:
            hands = knowledge.sample(rng)
            miss = pass_miss(hands, passed) if passed else 0
            if checks:
                miss += misses(hands, checks, self.max_misses - miss)
            if miss <= self.max_misses:
                pool.append((miss, rng.random(), hands))
            elif miss < IMPOSSIBLE:
                spare.append((miss, rng.random(), hands))
            now = time.process_time()
            if (now > sample_until and len(pool) + len(spare) >= self.worlds) or now > deadline:
                break
        if infer and checks and min((m for m, _, _ in pool + spare), default=0) >= UNFIT:
            # No deal explains the others' play by the heuristic: they play otherwise,
            # so weighing deals by it would mislead. Sample plainly for the rest of the round.
            self._unfit = key
            infer = False
            pool = [(0, r, h) for _, r, h in pool + spare]
        if len(pool) < self.worlds:  # take the deals that explain the play best
            spare.sort(key=lambda item: (item[0], item[1]))
            pool.extend(spare[: self.worlds - len(pool)])
        if not pool:
            pool.append((0, 0.0, knowledge.sample(rng)))
        pool.sort(key=lambda item: (item[0], item[1]))
        self._memory = (
            (
                key,
                len(checks),
                [(m, h[:]) for m, _, h in pool[: self.candidates] if m <= self.max_misses],
            )
            if infer
            else None
        )
        totals = dict.fromkeys(choices, 0.0)
        # Also try running for the moon when nobody else has points and the hand has
        # high hearts: a card's value is the better of the two plans.
        moon_plan = (
            view.round_points[seat] == sum(view.round_points)
            and (hand & HIGH_HEARTS).bit_count() >= 2
            and len(view.tricks) <= 10
        )
        runs = dict.fromkeys(choices, 0.0)
        trick = list(view.trick)
        done = len(view.tricks)
        leader = view.leader
        points = list(view.round_points)

        def play_out(hands: list[int], c: int, runner_seat: int = -1) -> float:
            """This seat's score after playing ``c`` in one sampled deal."""
            h = hands[:]
            h[seat] = hand & ~(1 << c)
            result = heuristic_rollout(
                h,
                leader,
                [*trick, c],
                done,
                view.hearts_broken or 13 <= c < 26,
                points[:],
                played | (1 << c),
                runner_seat,
            )
            return _score(result, seat, self.moon_dread)

        for worlds, (miss, _, hands) in enumerate(pool[: self.worlds]):
            if worlds >= 6 and time.process_time() > deadline:
                break
            weight = self.miss_weight**miss
            for c in choices:
                totals[c] += weight * play_out(hands, c)
                if moon_plan:
                    runs[c] += weight * play_out(hands, c, seat)
        if moon_plan:
            for c in choices:
                totals[c] = min(totals[c], runs[c])
        best = min(choices, key=lambda c: (totals[c], c != default))
        return best


def _score(points: list[int], seat: int, dread: float) -> float:
    """The seat's round score, an opponent's moon counted ``dread`` worse than 26."""
    for s in range(4):
        if points[s] == 26:
            return 0.0 if s == seat else 26.0 + dread
    return float(points[seat])
