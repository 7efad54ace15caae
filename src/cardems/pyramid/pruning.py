"""What both Pyramid searches know of a position: its card values, the estimate of the
removals left, and the cut of positions that can no longer be won.

The *pool* is the waste (bottom → top) followed by the stock (top first), one list whose
order recycling never changes; ``gone`` masks its cards removed.

The estimate counts one removal per pyramid king and, for each pair of values that make
13 (A–Q, 2–J, …, 6–7), the larger of the two counts: a removal takes at most one card of
each value. The cut is a matching argument, class by class: every pyramid card of value
``v`` leaves with a card of value ``13 - v``, either a pyramid card that can be free at
the same time (neither lies under the other) or a pool card still there. With ``M`` the
largest matching of the class's pyramid cards among themselves, the ``v`` cards left over
need as many pool cards of value ``13 - v`` and the other way round; when the pool has
fewer, no win is left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardems.pyramid.layout import BELOW_MASK, POSITION_COUNT


@dataclass(frozen=True)
class PyramidInfo:
    """The estimate for a pyramid and, per class ``(v, 13 - v)`` that needs the pool,
    ``(v, low over, high over)``: the cards of value ``v`` and ``13 - v`` the largest
    pyramid matching leaves over."""

    estimate: int
    short: tuple[tuple[int, int, int], ...]


def _matching(lows: list[int], highs: list[int]) -> int:
    """The largest matching of ``lows`` with ``highs``: pairs where neither lies under
    the other (augmenting paths, lows in order)."""
    match: dict[int, int] = {}

    def augment(low: int, seen: set[int]) -> bool:
        for high in highs:
            if high in seen or BELOW_MASK[low] >> high & 1 or BELOW_MASK[high] >> low & 1:
                continue
            seen.add(high)
            if high not in match or augment(match[high], seen):
                match[high] = low
                return True
        return False

    return sum(1 for low in lows if augment(low, set()))


class Pruning:
    """The estimate and the cut for one position's cards (see the module docstring)."""

    def __init__(self, values: Sequence[int], pool: Sequence[int]) -> None:
        self.values = list(values)
        """The pyramid's values by position index (0 once removed)."""
        self.pool = list(pool)
        """The pool's values, waste bottom first, stock top after."""
        self.pool_of_value = [0] * 14
        """The pool cards of each value, as a mask."""
        for j, v in enumerate(self.pool):
            self.pool_of_value[v] |= 1 << j
        self.info: dict[int, PyramidInfo | None] = {}

    def pyramid_info(self, removed: int) -> PyramidInfo | None:
        """The pyramid's estimate and the classes that need pool cards (None: more than
        the whole pool has)."""
        if removed in self.info:
            return self.info[removed]
        left = [i for i in range(POSITION_COUNT) if not removed >> i & 1]
        of_value: list[list[int]] = [[] for _ in range(14)]
        for i in left:
            of_value[self.values[i]].append(i)
        estimate = len(of_value[13])
        short = []
        result: PyramidInfo | None = None
        for v in range(1, 7):
            lows, highs = of_value[v], of_value[13 - v]
            estimate += max(len(lows), len(highs))
            matched = _matching(lows, highs)
            low_over, high_over = len(lows) - matched, len(highs) - matched
            if low_over or high_over:
                pool_low = self.pool_of_value[v].bit_count()
                pool_high = self.pool_of_value[13 - v].bit_count()
                if low_over > pool_high or high_over > pool_low:
                    break
                short.append((v, low_over, high_over))
        else:
            result = PyramidInfo(estimate, tuple(short))
        self.info[removed] = result
        return result

    def estimate(self, removed: int, gone: int) -> int:
        """The consistent estimate of the removals left, or -1 for a lost position."""
        info = self.pyramid_info(removed)
        if info is None:
            return -1
        for v, low_over, high_over in info.short:
            if low_over > (self.pool_of_value[13 - v] & ~gone).bit_count():
                return -1
            if high_over > (self.pool_of_value[v] & ~gone).bit_count():
                return -1
        return info.estimate
