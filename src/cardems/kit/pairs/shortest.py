"""The pairs family's exact solver: the shortest win of a position, or proof that there
is none.

A* over compact nodes ``(layout removed mask, pool gone mask, cursor, recycles)``, as
mchung94's optimal Pyramid solver searches. The *pool* is the waste (bottom → top)
followed by the stock (next card first): one list whose order recycling never changes;
the cursor is one past the waste's top card, so the waste is the pool cards before it and
the stock those after. Every move costs 1: a draw, a recycle, a removal.

The estimate and the cut are :mod:`cardems.kit.pairs.pruning`'s. No move lowers the
estimate by more than one, so it is consistent: the first win found is a shortest one;
the cut leaves out only positions with no win. A free layout card that goes alone (a
king) is the only move tried: every win removes it, and removing it first changes no
other move.

Python is the reference; a game may give a compiled twin (Pyramid's
:mod:`cardems.pyramid._astar`) that runs the same search, node for node, much faster.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from cardems.core.search import line_back
from cardems.kit.pairs.bits import bits
from cardems.kit.pairs.compiled import run, twin
from cardems.kit.pairs.decide import Found, layout_values, matches, pool_values
from cardems.kit.pairs.engine import STOCK_TOP, WASTE_TOP, PairsMove, PairsState
from cardems.kit.pairs.pruning import Pruning

Move = PairsMove


@dataclass(frozen=True)
class _Moves:
    """The moves of one game, made once."""

    draw: Move
    recycle: Move
    alone: list[Move]
    pair: dict[tuple[int, int], Move]
    with_stock: list[Move]
    with_waste: list[Move]
    stock_alone: Move
    waste_alone: Move
    stock_waste: Move


@functools.cache
def _moves(move: type[Move]) -> _Moves:
    size = range(move.rules.size)
    return _Moves(
        move.draw(),
        move.recycle(),
        [move.remove(i + 1) for i in size],
        {(i, j): move.remove(i + 1, j + 1) for i in size for j in size if i != j},
        [move.remove(i + 1, STOCK_TOP) for i in size],
        [move.remove(i + 1, WASTE_TOP) for i in size],
        move.remove(STOCK_TOP),
        move.remove(WASTE_TOP),
        move.remove(STOCK_TOP, WASTE_TOP),
    )


@dataclass
class Outcome(Found):
    """What the A* found: a shortest ``line`` (see :class:`Found`), and the nodes it
    expanded."""

    expanded: int


class ShortestSearch:
    """The A* search from one position (see the module docstring)."""

    def __init__(self, state: PairsState, node_limit: int | None = None) -> None:
        self.start = state
        rules = state.rules
        self.values, self.pool = layout_values(state), pool_values(state)
        self.pruning = Pruning(rules, self.values, self.pool)
        self.covers = rules.covers
        self.moves = _moves(state.move)  # type: ignore[arg-type]  # a class hashes
        self.matches = matches(state)
        self.alone = -1 if rules.pairing.alone is None else rules.pairing.alone
        self.top_plays = rules.stock.top_plays
        self.all_pool = (1 << len(self.pool)) - 1
        self.limit = state.passes
        self.node_limit = node_limit
        self.estimate = self.pruning.estimate

    def successors(
        self, removed: int, gone: int, cursor: int, recycles: int
    ) -> Iterator[tuple[Move, int, int, int, int]]:
        """Every move from a node, with the node it leads to."""
        values, pool, moves, matches = self.values, self.pool, self.moves, self.matches
        alone = self.alone
        free = self.covers.free(removed)
        present = self.all_pool & ~gone
        below = present & ((1 << cursor) - 1)
        waste = below.bit_length() - 1 if below else -1
        ahead = present >> cursor
        after_cursor = cursor + (ahead & -ahead).bit_length() - 1 if ahead else -1
        stock = after_cursor if self.top_plays else -1  # the stock's top, where it plays
        cards = list(bits(free))
        for i in cards:
            if values[i] == alone:  # every win removes it, and it commutes with every move
                yield moves.alone[i], removed | 1 << i, gone, cursor, recycles
                return
        for k, i in enumerate(cards):
            v = values[i]
            for j in cards[k + 1 :]:
                if matches[v][values[j]]:
                    yield moves.pair[i, j], removed | 1 << i | 1 << j, gone, cursor, recycles
            if stock >= 0 and matches[v][pool[stock]]:
                yield moves.with_stock[i], removed | 1 << i, gone | 1 << stock, cursor, recycles
            if waste >= 0 and matches[v][pool[waste]]:
                after = (below ^ 1 << waste).bit_length()
                yield moves.with_waste[i], removed | 1 << i, gone | 1 << waste, after, recycles
        if stock >= 0 and pool[stock] == alone:
            yield moves.stock_alone, removed, gone | 1 << stock, cursor, recycles
        if waste >= 0:
            after = (below ^ 1 << waste).bit_length()
            if pool[waste] == alone:
                yield moves.waste_alone, removed, gone | 1 << waste, after, recycles
            if stock >= 0 and matches[pool[stock]][pool[waste]]:
                yield moves.stock_waste, removed, gone | 1 << stock | 1 << waste, after, recycles
        if after_cursor >= 0:
            yield moves.draw, removed, gone, after_cursor + 1, recycles
        elif waste >= 0 and (self.limit is None or recycles + 1 < self.limit):
            yield moves.recycle, removed, gone, 0, 0 if self.limit is None else recycles + 1

    def solve(self) -> Outcome:
        """Search to the first (shortest) win, the end of the space, or the node limit."""
        start_state = self.start
        recycles = 0 if self.limit is None else start_state.recycles
        start = (start_state.removed_mask, 0, len(start_state.waste), recycles)
        if start[0] == self.covers.full:
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
                if removed == self.covers.full:
                    parent[child] = (node, move)
                    return Outcome(line_back(parent, child), False, expanded)
                h = self.estimate(removed, gone)
                if h < 0:
                    continue
                best[child] = g + 1
                parent[child] = (node, move)
                while len(buckets) <= g + 1 + h:
                    buckets.append([])
                buckets[g + 1 + h].append((g + 1, *child))
        return Outcome(None, False, expanded)


NODE_LIMIT = 3_000_000
"""Nodes ``solve --shortest`` may expand per deal before saying "undecided"."""
HINT_NODES = 1_500_000
"""Nodes a hint may spend (Pyramid: about a second compiled, on a quiet machine)."""


def python_search(state: PairsState, node_limit: int | None = None) -> Outcome:
    """The reference search (pure Python)."""
    return ShortestSearch(state, node_limit).solve()


def compiled_search(state: PairsState, node_limit: int | None = None) -> Outcome:
    """The same search, compiled (the rules' twin; ImportError without one)."""
    found = twin(state.rules, "search")
    if found is None:
        raise ImportError(f"no compiled search for {state.rules.name}")
    status, line, expanded = run(found, state, node_limit)
    return Outcome(line, status < 0, expanded)


def search(state: PairsState, node_limit: int | None = None) -> Outcome:
    """The shortest win of ``state`` (compiled where built, else in Python)."""
    found = twin(state.rules, "search")
    return (python_search if found is None else compiled_search)(state, node_limit)


def shortest_win(state: PairsState, node_limit: int | None = None) -> list[Move] | None:
    """A winning line with the fewest moves from ``state`` (None: none, or undecided)."""
    return search(state, node_limit).line
