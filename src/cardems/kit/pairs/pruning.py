"""What the pairs family's searches know of a position: its card values, the estimate
of the removals left, and the cut of positions that can no longer be won.

The *pool* is the waste (bottom → top) followed by the stock (next card first), one list
whose order recycling never changes; ``gone`` masks its cards removed.

The estimate counts one removal per layout card that goes alone (Pyramid's kings) and,
for each class of values that pair (``v`` and its partner: A–Q … 6–7 where pairs make 13,
one rank where pairs are of a rank), the fewest removals of its layout cards: the larger
count of two partner values (a removal takes at most one of each), half a rank's count
rounded up. The cut is a matching argument, class by class: every layout card leaves
with a partner, either a layout card that can be free at the same time (neither lies
under the other) or a pool card still there. With ``M`` the largest matching of the
class's layout cards among themselves, the cards left over need as many pool partners;
when the pool has fewer, no win is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardems.kit.pairs.declare import PairsRules


@dataclass(frozen=True)
class LayoutInfo:
    """The estimate for a layout and, per class that needs the pool, ``(v, low over,
    high over)``: the cards of value ``v`` and of its partner the largest matching
    leaves over (one rank's class: the same count twice)."""

    estimate: int
    short: tuple[tuple[int, int, int], ...]


def classes(rules: PairsRules) -> list[tuple[int, int]]:
    """The classes of values that pair, ``(v, partner)`` with ``v <= partner``."""
    pairing = rules.pairing
    found = []
    for v in range(1, 14):
        if v == pairing.alone:
            continue
        w = pairing.partner(v)
        if v <= w <= 13 and w != pairing.alone:
            found.append((v, w))
    return found


class Pruning:
    """The estimate and the cut for one position's cards (see the module docstring)."""

    def __init__(self, rules: PairsRules, values: Sequence[int], pool: Sequence[int]) -> None:
        self.rules = rules
        self.below = rules.covers.below
        self.classes = classes(rules)
        self.values = list(values)
        """The layout's values by position index (0 once removed)."""
        self.pool = list(pool)
        """The pool's values, waste bottom first, stock's next card after."""
        self.pool_of_value = [0] * 14
        """The pool cards of each value, as a mask."""
        for j, v in enumerate(self.pool):
            self.pool_of_value[v] |= 1 << j
        self.info: dict[int, LayoutInfo | None] = {}

    def _apart(self, a: int, b: int) -> bool:
        below = self.below
        return not (below[a] >> b & 1 or below[b] >> a & 1)

    def _matching(self, lows: list[int], highs: list[int]) -> int:
        """The largest matching of ``lows`` with ``highs``: pairs where neither lies
        under the other (augmenting paths, lows in order)."""
        match: dict[int, int] = {}

        def augment(low: int, seen: set[int]) -> bool:
            for high in highs:
                if high in seen or not self._apart(low, high):
                    continue
                seen.add(high)
                if high not in match or augment(match[high], seen):
                    match[high] = low
                    return True
            return False

        return sum(1 for low in lows if augment(low, set()))

    def _matching_within(self, cards: list[int]) -> int:
        """The largest matching among ``cards`` themselves (one rank: a few cards)."""
        if len(cards) < 2:
            return 0
        first, rest = cards[0], cards[1:]
        best = self._matching_within(rest)
        for k, other in enumerate(rest):
            if self._apart(first, other):
                best = max(best, 1 + self._matching_within(rest[:k] + rest[k + 1 :]))
        return best

    def layout_info(self, removed: int) -> LayoutInfo | None:
        """The layout's estimate and the classes that need pool cards (None: more than
        the whole pool has)."""
        if removed in self.info:
            return self.info[removed]
        of_value: list[list[int]] = [[] for _ in range(14)]
        for i in range(len(self.values)):
            if not removed >> i & 1:
                of_value[self.values[i]].append(i)
        alone = self.rules.pairing.alone
        estimate = 0 if alone is None else len(of_value[alone])
        short = []
        result: LayoutInfo | None = None
        for v, w in self.classes:
            lows, highs = of_value[v], of_value[w]
            if v == w:
                estimate += (len(lows) + 1) // 2
                matched = self._matching_within(lows)
                low_over = high_over = len(lows) - 2 * matched
            else:
                estimate += max(len(lows), len(highs))
                matched = self._matching(lows, highs)
                low_over, high_over = len(lows) - matched, len(highs) - matched
            if low_over or high_over:
                pool_low = self.pool_of_value[v].bit_count()
                pool_high = self.pool_of_value[w].bit_count()
                if low_over > pool_high or high_over > pool_low:
                    break
                short.append((v, low_over, high_over))
        else:
            result = LayoutInfo(estimate, tuple(short))
        self.info[removed] = result
        return result

    def estimate(self, removed: int, gone: int) -> int:
        """The consistent estimate of the removals left, or -1 for a lost position."""
        info = self.layout_info(removed)
        if info is None:
            return -1
        partner = self.rules.pairing.partner
        for v, low_over, high_over in info.short:
            if low_over > (self.pool_of_value[partner(v)] & ~gone).bit_count():
                return -1
            if high_over > (self.pool_of_value[v] & ~gone).bit_count():
                return -1
        return info.estimate
