"""The expert's belief about the hidden hands: sampled deals, weighed by the play so far.

Deals of the unseen cards are sampled consistently with what the seat knows (see
:mod:`cardems.hearts.bots.sampling`) and scored by how many of the others' plays their
models (the heuristic, or the generic player for a seat that plays like it) would not
have made from them, and by how well the pass this seat received fits its passer's
model (see :mod:`cardems.hearts.bots.inference`); a deal weighs ``miss_weight`` per
missed play and ``pass_weight`` per pass miss. Against players whose plays no model
explains, the pass still counts. Deals are
kept from one decision to the next and updated with the cards played since, topped up
with fresh ones. With ``moves``, deals are then drawn in proportion to their weight and
each moved by Metropolis steps that swap a card between two other seats (a particle
filter with resample-move), so that late in a round the deals stay many, varied and
explaining the play instead of a few lucky survivors; they then count equally. If no
deal explains the play, the others do not play like the heuristic and the rest of the
round is sampled plainly.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from cardems.hearts.bots.inference import (
    GENERIC,
    HEURISTIC,
    IMPOSSIBLE,
    Check,
    PassCheck,
    Policies,
    misses,
    pass_check,
    pass_miss,
    past_checks,
)
from cardems.hearts.bots.pass_odds import Odds, card_odds
from cardems.hearts.bots.sampling import Knowledge
from cardems.hearts.fast import core
from cardems.hearts.splitmix import SplitMix
from cardems.hearts.view import SeatView

UNFIT = 3
"""When the best sampled deal still contradicts this many plays, stop inferring."""

Deal = tuple[float, float, list[int]]
"""Misses, a random tie-break, and four hands (the seat's own left empty)."""
Kept = tuple[float, list[int]]
RoundKey = tuple[int, int, tuple[int, ...]]
"""Whose belief, in which round: the seat, the round's number and the match's totals
(a bot moved to another seat, or one object playing two seats, starts afresh)."""
Memory = tuple[RoundKey, int, list[Kept]]
"""The round's key, how many plays the kept deals explain, and the kept deals."""
CLOCK_EVERY = 8
"""Deals sampled, or played out, between two looks at the CPU clock (a look costs about
as much as a compiled play-out)."""
WALK_SHARE = 0.7
"""Moves on the deals stop at this share of the budget (the rest is for play-outs)."""


class Belief:
    """Sampled deals for one seat, kept through a round."""

    def __init__(
        self,
        rng: random.Random,
        *,
        miss_weight: float,
        infer: bool,
        sampling_share: float,
        moves: int,
        candidates: int = 200,
        max_misses: int = 3,
        pass_weight: float = 1.0,
        pass_odds: bool = False,
    ) -> None:
        self.rng = rng
        self.miss_weight = miss_weight
        self.pass_weight = pass_weight
        """Weight factor per card the passer's model would rather have passed (1.0: the
        pass says nothing)."""
        self.pass_odds = pass_odds
        """Deal each card by its odds after the passes (:mod:`~cardems.hearts.bots.pass_odds`)."""
        self.pass_models: Policies = (GENERIC,) * 4
        """Each seat's model of its pass."""
        self._odds: tuple[RoundKey, Odds | None] | None = None
        self.infer = infer
        self.candidates = candidates
        self.max_misses = max_misses
        self.sampling_share = sampling_share
        self.moves = moves
        self.policies: Policies = (HEURISTIC,) * 4
        """Each seat's model (see :mod:`cardems.hearts.bots.inference`)."""
        self._unfit: RoundKey | None = None
        self._memory: Memory | None = None

    def deals(self, view: SeatView, worlds: int, budget: float) -> list[tuple[float, list[int]]]:
        """Up to ``worlds`` weighted deals, best first, spending a share of ``budget``
        CPU seconds."""
        rng = self.rng
        key = round_key(view)
        knowledge = Knowledge(view, self.odds(view, key))
        infer = self.infer and self._unfit != key
        checks = past_checks(view, self.policies) if infer else []
        passed = pass_check(view, self.pass_models) if self.pass_weight < 1.0 else None
        pass_cost = self._pass_cost(infer)
        start = time.process_time()
        deadline = start + budget
        sample_until = start + budget * self.sampling_share
        pool = self._carry_over(view, checks)
        spare: list[Deal] = []
        sampled = 0
        while len(pool) < self.candidates:
            sampled += 1
            hands = knowledge.sample(rng)
            miss = pass_cost * pass_miss(hands, passed) if passed else 0.0
            if checks:
                miss += misses(hands, checks, int(self.max_misses - miss))
            if miss <= self.max_misses:
                pool.append((miss, rng.random(), hands))
            elif miss < IMPOSSIBLE:
                spare.append((miss, rng.random(), hands))
            if sampled % CLOCK_EVERY:
                continue
            now = time.process_time()
            if (now > sample_until and len(pool) + len(spare) >= worlds) or now > deadline:
                break
        if infer and checks and min((d[0] for d in pool + spare), default=0) >= UNFIT:
            # No deal explains the others' play by the heuristic: they play otherwise,
            # so weighing deals by it would mislead. Sample plainly for the rest of the round.
            self._unfit = key
            infer = False
            pool = [(pass_miss(h, passed) if passed else 0, r, h) for _, r, h in pool + spare]
        if len(pool) < worlds:  # take the deals that explain the play best
            spare.sort(key=lambda item: (item[0], item[1]))
            pool.extend(spare[: worlds - len(pool)])
        if not pool:
            pool.append((0, 0.0, knowledge.sample(rng)))
        pool.sort(key=lambda item: (item[0], item[1]))
        weight = self.miss_weight if infer else self.pass_weight
        if infer and self.moves and checks:
            walker = _Walker(view, knowledge, checks, passed, weight, rng, pass_cost)
            moved = walker.walk(
                _resample(pool, worlds, weight, rng), self.moves, start + budget * WALK_SHARE
            )
            self._memory = (key, len(checks), [(m, h[:]) for m, h in moved])
            return [(1.0, hands) for _, hands in moved]
        self._memory = (
            (
                key,
                len(checks),
                [(m, h[:]) for m, _, h in pool[: self.candidates] if m <= self.max_misses],
            )
            if infer
            else None
        )
        return [(weight**miss, hands) for miss, _, hands in pool[:worlds]]

    def odds(self, view: SeatView, key: RoundKey) -> Odds | None:
        """The cards' odds after this round's passes (worked out once a round)."""
        if not self.pass_odds:
            return None
        if self._odds is None or self._odds[0] != key:
            self._odds = (key, card_odds(view, self.pass_models, self.rng, self.pass_weight))
        return self._odds[1]

    def _pass_cost(self, infer: bool) -> float:
        """What one pass miss counts in misses of a play: 1 when plays are not judged,
        else as much as makes ``miss_weight ** cost == pass_weight``."""
        if not infer or not 0.0 < self.miss_weight < 1.0 or self.pass_weight <= 0.0:
            return 1.0
        return math.log(self.pass_weight) / math.log(self.miss_weight)

    def _carry_over(self, view: SeatView, checks: list[Check]) -> list[Deal]:
        """Deals kept from the last decision this round, minus the cards played since;
        dropped when a seat played a card that deal did not give it."""
        memory = self._memory
        if memory is None or memory[0] != round_key(view):
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
            miss += misses(hands, new, int(self.max_misses - miss)) if new else 0
            if miss <= self.max_misses:
                out.append((miss, rand(), hands))
        return out


def round_key(view: SeatView) -> RoundKey:
    """The key of ``view``'s seat and round (see :data:`RoundKey`)."""
    return (view.seat, view.round_number, view.totals)


def _resample(pool: list[Deal], count: int, weight: float, rng: random.Random) -> list[list[int]]:
    """``count`` copies of deals drawn in proportion to ``weight ** misses`` (systematic)."""
    weights = [weight**miss for miss, _, _ in pool]
    step = sum(weights) / count
    point = rng.random() * step
    out: list[list[int]] = []
    total = 0.0
    for w, (_, _, hands) in zip(weights, pool, strict=True):
        total += w
        while point < total and len(out) < count:
            out.append(hands[:])
            point += step
    return out


class _Walker:
    """Metropolis moves on deals: a card swapped between two other seats, accepted with
    probability ``weight ** (added misses)`` (a pass miss counting ``pass_cost``) times
    the two cards' odds in their new seats over their old; shown voids and this seat's
    passed cards stay put."""

    def __init__(
        self,
        view: SeatView,
        knowledge: Knowledge,
        checks: list[Check],
        passed: PassCheck | None,
        weight: float,
        rng: random.Random,
        pass_cost: float = 1.0,
    ) -> None:
        self.seat = view.seat
        self.others = [s for s in range(4) if s != view.seat]
        self.pairs = [(a, b) for a in self.others for b in self.others if a < b]
        self.fixed = knowledge.fixed
        self.voids = knowledge.voids
        self.odds = knowledge.odds
        self.by_seat = [[c for c in checks if c.seat == s] for s in range(4)]
        self.passed = passed
        self.pass_cost = pass_cost
        self.weight = weight
        self.rng = rng
        self._misses: dict[tuple[int, int], float] = {}

    def seat_misses(self, hands: list[int], seat: int) -> float:
        """Misses of one seat's plays (and of its pass to this seat) in ``hands``
        (remembered)."""
        key = (seat, hands[seat])
        count = self._misses.get(key)
        if count is None:
            passed = self.passed
            count = (
                self.pass_cost * pass_miss(hands, passed)
                if passed and passed.passer == seat
                else 0.0
            )
            count += misses(hands, self.by_seat[seat], IMPOSSIBLE)
            self._misses[key] = count
        return count

    def walk(self, deals: list[list[int]], moves: int, deadline: float) -> list[Kept]:
        """Each deal moved up to ``moves`` times (fewer if ``deadline`` passes); compiled
        on a :class:`SplitMix` stream where :mod:`cardems.hearts.fast` has the core."""
        rng = self.rng
        if core is not None and isinstance(rng, SplitMix):
            walked, rng.state = core.walk(
                deals,
                self.seat,
                self.by_seat,
                self.fixed,
                self.voids,
                self.passed,
                self.pass_cost,
                self.odds,
                self.weight,
                moves,
                deadline,
                rng.state,
            )
            return walked
        return self.py_walk(deals, moves, deadline)

    def py_walk(self, deals: list[list[int]], moves: int, deadline: float) -> list[Kept]:
        """:meth:`walk` in Python: the reference and the fallback."""
        others = self.others
        states = [
            (hands, [self.seat_misses(hands, s) if s in others else 0.0 for s in range(4)])
            for hands in deals
        ]
        rand = self.rng.random
        for _ in range(moves):
            if time.process_time() > deadline:
                break
            for hands, miss in states:
                self._swap(hands, miss, rand)
        return [(sum(miss), hands) for hands, miss in states]

    def _swap(self, hands: list[int], miss: list[float], rand: Callable[[], float]) -> None:
        a, b = self.pairs[int(rand() * 3)]
        free_a = hands[a] & ~self.fixed[a]
        free_b = hands[b] & ~self.fixed[b]
        if not free_a or not free_b:
            return
        x = _pick(free_a, rand)
        y = _pick(free_b, rand)
        if self.voids[b] >> (x // 13) & 1 or self.voids[a] >> (y // 13) & 1:
            return
        flip = (1 << x) | (1 << y)
        hands[a] ^= flip
        hands[b] ^= flip
        new_a = self.seat_misses(hands, a)
        new_b = self.seat_misses(hands, b)
        delta = new_a + new_b - miss[a] - miss[b]
        odds, ratio = self.odds, 1.0
        if odds:  # x went from a to b, y from b to a
            ratio = odds[4 * x + b] * odds[4 * y + a] / (odds[4 * x + a] * odds[4 * y + b])
        if (delta <= 0 and ratio >= 1.0) or rand() < self.weight**delta * ratio:
            miss[a], miss[b] = new_a, new_b
        else:
            hands[a] ^= flip
            hands[b] ^= flip


def _pick(mask: int, rand: Callable[[], float]) -> int:
    """A card of ``mask`` chosen uniformly."""
    k = int(rand() * mask.bit_count())
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
