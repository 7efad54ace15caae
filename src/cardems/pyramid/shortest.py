"""Pyramid's exact solver: the shortest win of a position, or proof that there is none.

A* over compact nodes ``(pyramid removed mask, pool gone mask, cursor, recycles)``, as
mchung94's optimal solver searches. The *pool* is the waste (bottom → top) followed by
the stock (top first): one list whose order recycling never changes; the cursor is one
past the waste's top card, so the waste is the pool cards before it and the stock those
after. Every move costs 1: a draw, a recycle, a removal (a king or a pair).

The estimate and the cut are :mod:`cardems.pyramid.pruning`'s. No move lowers the
estimate by more than one, so it is consistent: the first win found is a shortest one;
the cut leaves out only positions with no win. A free pyramid king is the only move
tried: every win removes it, and removing it first changes no other move.

Python is the reference; :mod:`cardems.pyramid._astar` (optional, compiled from
``_astar.c``) runs the same search, node for node, much faster.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardems.pyramid.layout import FREE, FULL_MASK, POSITION_COUNT, free_mask
from cardems.pyramid.pruning import Pruning
from cardems.pyramid.rules import STOCK_TOP, WASTE_TOP, Move, PyramidState, value

NODE_LIMIT = 3_000_000
"""Nodes ``solve --shortest`` may expand per deal before saying "undecided"."""

_DRAW = Move.draw()
_RECYCLE = Move.recycle()
_KING = [Move.remove(i + 1) for i in range(POSITION_COUNT)]
_PAIR = {
    (i, j): Move.remove(i + 1, j + 1)
    for i in range(POSITION_COUNT)
    for j in range(POSITION_COUNT)
    if i != j
}
_WITH_STOCK = [Move.remove(i + 1, STOCK_TOP) for i in range(POSITION_COUNT)]
_WITH_WASTE = [Move.remove(i + 1, WASTE_TOP) for i in range(POSITION_COUNT)]
_STOCK_KING = Move.remove(STOCK_TOP)
_WASTE_KING = Move.remove(WASTE_TOP)
_STOCK_WASTE = Move.remove(STOCK_TOP, WASTE_TOP)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass
class Outcome:
    """What a search found: a shortest ``line`` (None: no win, or undecided when
    ``gave_up``), and the nodes it expanded."""

    line: list[Move] | None
    gave_up: bool
    expanded: int

    @property
    def winnable(self) -> bool | None:
        """True, False, or None when the node limit was hit first."""
        return None if self.gave_up else self.line is not None


class ShortestSearch:
    """The A* search from one position (see the module docstring)."""

    def __init__(self, state: PyramidState, node_limit: int | None = None) -> None:
        self.start = state
        values = [0 if card is None else value(card) for card in state.pyramid]
        self.pruning = Pruning(values, [value(card) for card in (*state.waste, *state.stock)])
        self.values, self.pool = self.pruning.values, self.pruning.pool
        self.all_pool = (1 << len(self.pool)) - 1
        self.limit = state.passes
        self.node_limit = node_limit
        self.estimate = self.pruning.estimate

    def successors(
        self, removed: int, gone: int, cursor: int, recycles: int
    ) -> Iterator[tuple[Move, int, int, int, int]]:
        """Every move from a node, with the node it leads to."""
        values, pool = self.values, self.pool
        free = FREE.get(removed)
        if free is None:
            free = free_mask(removed)
        present = self.all_pool & ~gone
        below = present & ((1 << cursor) - 1)
        waste = below.bit_length() - 1 if below else -1
        ahead = present >> cursor
        stock = cursor + (ahead & -ahead).bit_length() - 1 if ahead else -1
        cards = list(_bits(free))
        for i in cards:
            if values[i] == 13:  # every win removes it, and it commutes with every move
                yield _KING[i], removed | 1 << i, gone, cursor, recycles
                return
        for k, i in enumerate(cards):
            v = values[i]
            for j in cards[k + 1 :]:
                if v + values[j] == 13:
                    yield _PAIR[i, j], removed | 1 << i | 1 << j, gone, cursor, recycles
            if stock >= 0 and v + pool[stock] == 13:
                yield _WITH_STOCK[i], removed | 1 << i, gone | 1 << stock, cursor, recycles
            if waste >= 0 and v + pool[waste] == 13:
                after = (below ^ 1 << waste).bit_length()
                yield _WITH_WASTE[i], removed | 1 << i, gone | 1 << waste, after, recycles
        if stock >= 0 and pool[stock] == 13:
            yield _STOCK_KING, removed, gone | 1 << stock, cursor, recycles
        if waste >= 0:
            after = (below ^ 1 << waste).bit_length()
            if pool[waste] == 13:
                yield _WASTE_KING, removed, gone | 1 << waste, after, recycles
            if stock >= 0 and pool[stock] + pool[waste] == 13:
                yield _STOCK_WASTE, removed, gone | 1 << stock | 1 << waste, after, recycles
        if stock >= 0:
            yield _DRAW, removed, gone, stock + 1, recycles
        elif waste >= 0 and (self.limit is None or recycles + 1 < self.limit):
            yield _RECYCLE, removed, gone, 0, 0 if self.limit is None else recycles + 1

    def solve(self) -> Outcome:
        """Search to the first (shortest) win, the end of the space, or the node limit."""
        start_state = self.start
        recycles = 0 if self.limit is None else start_state.recycles
        start = (start_state.removed_mask, 0, len(start_state.waste), recycles)
        if start[0] == FULL_MASK:
            return Outcome([], False, 0)
        h = self.estimate(start[0], start[1])
        if h < 0:
            return Outcome(None, False, 0)
        buckets: list[list[tuple[int, int, int, int, int]]] = [[] for _ in range(h + 1)]
        buckets[h].append((0, *start))
        best: dict[tuple[int, int, int, int], int] = {start: 0}
        parent: dict[tuple[int, int, int, int], tuple[tuple[int, int, int, int], Move]] = {}
        expanded = 0
        f = h
        while f < len(buckets):
            bucket = buckets[f]
            if not bucket:
                f += 1
                continue
            g, *fields = bucket.pop()
            node = (fields[0], fields[1], fields[2], fields[3])
            if best[node] < g:
                continue
            expanded += 1
            if self.node_limit is not None and expanded > self.node_limit:
                return Outcome(None, True, expanded)
            for move, removed, gone, cursor, cycle in self.successors(*node):
                child = (removed, gone, cursor, cycle)
                if best.get(child, 1 << 30) <= g + 1:
                    continue
                if removed == FULL_MASK:
                    parent[child] = (node, move)
                    return Outcome(_line(parent, child), False, expanded)
                h = self.estimate(removed, gone)
                if h < 0:
                    continue
                best[child] = g + 1
                parent[child] = (node, move)
                while len(buckets) <= g + 1 + h:
                    buckets.append([])
                buckets[g + 1 + h].append((g + 1, *child))
        return Outcome(None, False, expanded)


def _line(
    parent: dict[tuple[int, int, int, int], tuple[tuple[int, int, int, int], Move]],
    node: tuple[int, int, int, int],
) -> list[Move]:
    line: list[Move] = []
    while node in parent:
        node, move = parent[node]
        line.append(move)
    line.reverse()
    return line


def python_search(state: PyramidState, node_limit: int | None = None) -> Outcome:
    """The reference search (pure Python)."""
    return ShortestSearch(state, node_limit).solve()


try:
    from cardems.pyramid._astar import search as _compiled_search
except ImportError:  # not built (no C compiler): the Python search serves
    COMPILED = False
else:
    COMPILED = True


def decode(code: int) -> Move:
    """A move of the compiled searches from its code (see ``_astar.c``)."""
    if code < 2:
        return _RECYCLE if code else _DRAW
    a, b = divmod(code - 2, 32)
    return Move.remove(*(_C_PLACES.get(place, place) for place in (a, b)))


_C_PLACES = {POSITION_COUNT + 1: STOCK_TOP, POSITION_COUNT + 2: WASTE_TOP}
"""``_astar.c`` numbers the stock's and the waste's tops 29 and 30."""


def compiled_search(state: PyramidState, node_limit: int | None = None) -> Outcome:
    """The same search, compiled (:mod:`cardems.pyramid._astar`; ImportError without it)."""
    values = bytes(0 if card is None else value(card) for card in state.pyramid)
    pool = bytes(value(card) for card in (*state.waste, *state.stock))
    recycles = 0 if state.passes is None else state.recycles
    status, codes, expanded = _compiled_search(
        values,
        pool,
        state.removed_mask,
        len(state.waste),
        recycles,
        state.passes or 0,
        node_limit or 0,
    )
    line = None if codes is None else [decode(code) for code in codes]
    return Outcome(line, status < 0, expanded)


def search(state: PyramidState, node_limit: int | None = None) -> Outcome:
    """The shortest win of ``state`` (compiled where built, else in Python)."""
    return (compiled_search if COMPILED else python_search)(state, node_limit)


def shortest_win(state: PyramidState, node_limit: int | None = None) -> list[Move] | None:
    """A winning line with the fewest moves from ``state`` (None: none, or undecided)."""
    return search(state, node_limit).line


HINT_NODES = 1_500_000
"""Nodes a hint may spend (about a second compiled, on a quiet machine)."""
