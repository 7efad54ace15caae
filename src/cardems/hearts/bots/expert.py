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
from cardems.hearts.bots.belief import Belief
from cardems.hearts.bots.inference import MISS_WEIGHT
from cardems.hearts.bots.passing import search_pass
from cardems.hearts.bots.rollout import heuristic_rollout
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


HIGH_HEARTS = 0b111 << 23  # Q♥ K♥ A♥
DEFAULT_WORLDS = 150
DEFAULT_BUDGET_MS = 90.0
DEFAULT_MOON_BONUS = 0.0
DEFAULT_PASS_POOL = 0
DEFAULT_PASS_BUDGET_MS = 80.0
_OPTIONS = (
    "worlds",
    "budget",
    "bonus",
    "infer",
    "miss",
    "share",
    "passes",
    "pbudget",
    "moves",
    "mh",
    "mpass",
)


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
        moon_bonus: float = DEFAULT_MOON_BONUS,
        miss_weight: float = MISS_WEIGHT,
        infer: bool = True,
        candidates: int = 200,
        max_misses: int = 3,
        sampling_share: float = 0.4,
        moves: int = 0,
        moon_hearts: int = 2,
        pass_pool: int = DEFAULT_PASS_POOL,
        pass_budget_ms: float = DEFAULT_PASS_BUDGET_MS,
        moon_pass_pool: int = 0,
    ) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.budget = budget_ms / 1000.0
        self.belief = Belief(
            self.rng,
            miss_weight=miss_weight,
            infer=infer,
            candidates=candidates,
            max_misses=max_misses,
            sampling_share=sampling_share,
            moves=moves,
        )
        self.moon_bonus = moon_bonus
        self.moon_hearts = moon_hearts
        self.pass_pool = pass_pool
        self.pass_budget = pass_budget_ms / 1000.0
        self.moon_pass_pool = moon_pass_pool

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
            moon_bonus=options.get("bonus", DEFAULT_MOON_BONUS),
            miss_weight=options.get("miss", MISS_WEIGHT),
            sampling_share=options.get("share", 0.4),
            moves=int(options.get("moves", 0)),
            moon_hearts=int(options.get("mh", 2)),
            pass_pool=int(options.get("passes", DEFAULT_PASS_POOL)),
            pass_budget_ms=options.get("pbudget", DEFAULT_PASS_BUDGET_MS),
            moon_pass_pool=int(options.get("mpass", 0)),
        )
        bot.name = name
        return bot

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
            moon_pool=self.moon_pass_pool,
            moon_bonus=self.moon_bonus,
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
        start = time.process_time()
        deadline = start + self.budget
        deals = self.belief.deals(view, self.worlds, self.budget)
        totals = dict.fromkeys(choices, 0.0)
        # Also try running for the moon when nobody else has points and the hand has
        # high hearts: a card's value is the better of the two plans.
        moon_plan = (
            view.round_points[seat] == sum(view.round_points)
            and (hand & HIGH_HEARTS).bit_count() >= self.moon_hearts
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
            return _score(result, seat, self.moon_bonus)

        for worlds, (weight, hands) in enumerate(deals):
            if worlds >= 6 and time.process_time() > deadline:
                break
            for c in choices:
                totals[c] += weight * play_out(hands, c)
                if moon_plan:
                    runs[c] += weight * play_out(hands, c, seat)
        if moon_plan:
            for c in choices:
                totals[c] = min(totals[c], runs[c])
        best = min(choices, key=lambda c: (totals[c], c != default))
        return best


def _score(points: list[int], seat: int, moon_bonus: float) -> float:
    """The seat's round score: its own moon counts ``-moon_bonus``, another's 26."""
    for s in range(4):
        if points[s] == 26:
            return -moon_bonus if s == seat else 26.0
    return float(points[seat])
