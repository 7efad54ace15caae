"""The shortest win where pairs are of a rank and passes unlimited (Heart to Heart):
fewest moves, draws and recycles counted; faster there than :mod:`.shortest`.

A* over compact states ``(heart removed mask, pool removed mask, cursor)``. The *pool*
is the waste (bottom → top) followed by the stock (next card first): one list whose
order recycling never changes; the cursor splits it into waste (before) and stock
(after). Every move costs 1. The estimate adds lower bounds on two disjoint kinds of
move, so it never overestimates and the first goal taken off the queue is optimal
(nodes reached again more cheaply are reopened):

* **pair moves**: a rank with ``c`` cards left in the heart needs at least
  ``ceil(c / 2)`` pairs, and 2 when its last two cards lie one under the other (they
  can never be available together). Positions the exact verdict
  (:mod:`cardems.kit.pairs.ranks`) finds lost are cut off.
* **cursor moves** (and pair moves beyond the first bound): a rank that must use a pool
  card (an odd number left, or two that cannot pair) needs one of its pool cards on the
  waste top. A stock card costs the draws up to it. A waste card under the top costs
  either the extra pair moves of pairing away every card above it (impossible when
  some rank has too few heart cards left to take them), or going round: the rest of
  the stock, a recycle and the draws back to it.

A pair every win must make (the last two cards of a rank with no pool card, or four
with none, all available) commutes with every other move, so it is the only move tried
then. Pool cards of one rank are interchangeable: nodes are told apart by how their
pool reads (ranks in order and the waste/stock split), not by which cards are gone.
Tests check the lengths against breadth-first search on small positions.
"""

from __future__ import annotations

import functools
import heapq
from typing import NamedTuple

from cardems.core.search import line_back
from cardems.kit.pairs.bits import bits
from cardems.kit.pairs.engine import PairsMove, PairsState
from cardems.kit.pairs.ranks import _pool_counts, _Search, _values, hint

Move = PairsMove


class _HeartInfo(NamedTuple):
    """What the bound and the move generator need from one heart mask."""

    available: int
    pairs: int  # fewest pair moves left
    needs: tuple[tuple[int, int], ...]  # (rank, pool cards it must use)
    left: tuple[int, ...]  # heart cards left, by rank
    base: tuple[int, ...]  # fewest pair moves of each rank
    cap: tuple[int, ...]  # most pool cards of each rank that can still be paired away
    forced: tuple[int, int] | None  # a heart pair every win makes, available now


@functools.cache
def _moves(move: type[Move]) -> tuple[Move, Move, dict[tuple[int, int], Move], list[Move]]:
    """A draw, a recycle, the pairs and the pairs with the waste of one game."""
    size = range(move.rules.size)
    pairs = {(i, j): move.pair(i + 1, j + 1) for i in size for j in size if i < j}
    return move.draw(), move.recycle(), pairs, [move.with_waste(i + 1) for i in size]


class ShortestSearch:
    """The A* search for one start position."""

    def __init__(self, state: PairsState, node_limit: int | None = None) -> None:
        self.start = state
        self.pool = _values(state.waste + state.stock, state)
        heart = _values(state.cards, state)
        self.all_pool = (1 << len(self.pool)) - 1
        self.heart_masks = [0] * 14
        for i, rank in enumerate(heart):
            if rank:
                self.heart_masks[rank] |= 1 << i
        self.pool_masks = [0] * 14
        for j, rank in enumerate(self.pool):
            self.pool_masks[rank] |= 1 << j
        self.pool_lists = [list(bits(mask)) for mask in self.pool_masks]
        self.pool0 = _pool_counts(state)
        self.count0 = [mask.bit_count() for mask in self.heart_masks]
        self.covers = covers = state.rules.covers
        self.verdict = _Search(covers, heart, self.pool0)
        self.draw, self.recycle, self.pairs, self.with_waste = _moves(state.move)  # type: ignore[arg-type]
        self.info: dict[int, _HeartInfo | None] = {}
        self.sequences: dict[int, bytes] = {}
        self.node_limit = node_limit
        self.expanded = 0
        self.gave_up = False  # the node limit was hit: no verdict

    def heart_info(self, removed: int) -> _HeartInfo | None:
        """What the bound needs from the heart, or None when it can no longer be won."""
        if removed in self.info:
            return self.info[removed]
        result: _HeartInfo | None = None
        if self.verdict.solve(removed, None):
            avail = self.verdict.free(removed)
            pairs = 0
            needs: list[tuple[int, int]] = []
            left = [0] * 14
            base = [0] * 14
            cap = [0] * 14
            forced: tuple[int, int] | None = None
            for rank in range(1, 14):
                cards = self.heart_masks[rank] & ~removed
                count = cards.bit_count()
                if not count:
                    continue
                pool = self.pool0[rank]
                if pool < self.count0[rank]:  # contended: the mask fixes its pool count
                    pool &= count  # 1 while 3 or 1 are left, else 0
                left[rank] = count
                cap[rank] = min(count, pool)
                base[rank] = (count + 1) // 2
                if count & 1:
                    needs.append((rank, 1))
                elif count == 2 and pool >= 2:
                    a, b = bits(cards)
                    below = self.covers.below
                    if below[a] >> b & 1 or below[b] >> a & 1:
                        base[rank] = 2
                        needs.append((rank, 2))
                if pool < count and count % 2 == 0 and avail & cards == cards and forced is None:
                    a, b = list(bits(cards))[:2]
                    forced = (a, b)
                pairs += base[rank]
            result = _HeartInfo(
                avail, pairs, tuple(needs), tuple(left), tuple(base), tuple(cap), forced
            )
        self.info[removed] = result
        return result

    def bound(self, removed: int, gone: int, cursor: int) -> int:
        """Admissible estimate of the moves left, or -1 for a lost position."""
        info = self.info.get(removed) if removed in self.info else self.heart_info(removed)
        if info is None:
            return -1
        needs = info.needs
        if not needs:
            return info.pairs
        present = self.all_pool & ~gone
        below = present & ((1 << cursor) - 1)
        top_bit = 1 << (below.bit_length() - 1) if below else 0
        stock = present >> cursor
        farthest = 0
        deep: list[tuple[int, int, list[int]]] = []  # needs that might dig in the waste
        lowest = cursor
        for rank, wanted in needs:
            copies = self.pool_masks[rank] & present
            if copies & top_bit and wanted == 1:
                continue
            costs = [0] if copies & top_bit else []
            ahead = copies >> cursor
            while ahead and len(costs) < wanted:
                low = ahead & -ahead
                costs.append((stock & ((low << 1) - 1)).bit_count())
                ahead ^= low
            buried = copies & below & ~top_bit
            if buried:
                deep.append((rank, wanted, costs))
                if buried & -buried < 1 << lowest:
                    lowest = (buried & -buried).bit_length() - 1
                continue
            if len(costs) < wanted:
                return -1
            if costs[-1] > farthest:
                farthest = costs[-1]
        if deep:
            reach = self._reach(info, present, below, cursor, stock.bit_count(), lowest)
            for rank, wanted, costs in deep:
                buried = self.pool_masks[rank] & present & below & ~top_bit
                while buried:
                    low = buried & -buried
                    costs.append(reach[low.bit_length() - 1])
                    buried ^= low
                if len(costs) < wanted:
                    return -1
                costs.sort()
                if costs[wanted - 1] > farthest:
                    farthest = costs[wanted - 1]
        return info.pairs + farthest

    def _reach(
        self, info: _HeartInfo, present: int, below: int, cursor: int, after: int, lowest: int
    ) -> dict[int, int]:
        """Cost of bringing each waste card (down to ``lowest``) to the top: the extra
        pair moves of pairing away every card above it — impossible when a rank has more
        of them than heart cards to take them — or else going round: the rest of the
        stock, a recycle, the cards under it and itself."""
        reach: dict[int, int] = {}
        above = [0] * 14
        extra = 0
        left, base, cap, pool = info.left, info.base, info.cap, self.pool
        rest = below
        under = below.bit_count()
        while rest:
            j = rest.bit_length() - 1
            if j < lowest:
                break
            rest ^= 1 << j
            under -= 1
            reach[j] = extra
            rank = pool[j]
            used = above[rank] = above[rank] + 1
            if used > cap[rank]:
                while rest:  # nothing under j can be dug out: go round
                    j = rest.bit_length() - 1
                    if j < lowest:
                        break
                    rest ^= 1 << j
                    under -= 1
                    reach[j] = after + 2 + under
                break
            count, floor = left[rank], base[rank]
            now = used + (count - used + 1) // 2
            then = used - 1 + (count - used + 2) // 2
            extra += (now if now > floor else floor) - (then if then > floor else floor)
        return reach

    def successors(self, removed: int, gone: int, cursor: int) -> list[tuple[Move, int, int, int]]:
        """Every move from a state, with the state it leads to."""
        info = self.heart_info(removed)
        assert info is not None
        if info.forced is not None:  # every win makes this pair; it commutes with all
            i, j = info.forced
            return [(self.pairs[i, j], removed | 1 << i | 1 << j, gone, cursor)]
        avail = info.available
        result: list[tuple[Move, int, int, int]] = []
        for rank in range(1, 14):
            ready = avail & self.heart_masks[rank]
            if ready & (ready - 1):
                cards = list(bits(ready))
                for k, i in enumerate(cards):
                    for j in cards[k + 1 :]:
                        result.append((self.pairs[i, j], removed | 1 << i | 1 << j, gone, cursor))
        present = self.all_pool & ~gone
        below = present & ((1 << cursor) - 1)
        if below:
            top = below.bit_length() - 1
            ready = avail & self.heart_masks[self.pool[top]]
            if ready:
                new_cursor = (below ^ 1 << top).bit_length()
                for i in bits(ready):
                    result.append(
                        (self.with_waste[i], removed | 1 << i, gone | 1 << top, new_cursor)
                    )
        rest = present >> cursor
        if rest:
            result.append((self.draw, removed, gone, cursor + (rest & -rest).bit_length()))
        elif below:
            result.append((self.recycle, removed, gone, 0))
        return result

    def key(self, removed: int, gone: int, cursor: int) -> tuple[int, bytes, int]:
        """What a node looks like: pool cards of equal rank are interchangeable, so
        nodes whose pools read the same (and split the same) are one."""
        ranks = self.sequences.get(gone)
        if ranks is None:
            present = self.all_pool & ~gone
            ranks = self.sequences[gone] = bytes(
                rank for j, rank in enumerate(self.pool) if present >> j & 1
            )
        return removed, ranks, (~gone & ((1 << cursor) - 1)).bit_count()

    def solve(self) -> list[Move] | None:
        """The shortest winning line, or None when there is none (or, with
        :attr:`gave_up` set, when the node limit was hit first)."""
        start = (self.start.removed_mask, 0, len(self.start.waste))
        h = self.bound(*start)
        if h < 0:
            return None
        best: dict[tuple[int, bytes, int], int] = {self.key(*start): 0}
        parent: dict[tuple[int, int, int], tuple[tuple[int, int, int], Move]] = {}
        queue: list[tuple[int, int, tuple[int, int, int]]] = [(h, 0, start)]
        while queue:
            _, negative_g, node = heapq.heappop(queue)
            g = -negative_g
            if best.get(self.key(*node), -1) < g:
                continue
            if node[0] == self.covers.full:
                return line_back(parent, node)
            self.expanded += 1
            if self.node_limit is not None and self.expanded > self.node_limit:
                self.gave_up = True
                return None
            for move, removed, gone, cursor in self.successors(*node):
                child = (removed, gone, cursor)
                key = self.key(removed, gone, cursor)
                if best.get(key, 1 << 30) <= g + 1:
                    continue
                h = self.bound(removed, gone, cursor)
                if h < 0:
                    continue
                best[key] = g + 1
                parent[child] = (node, move)
                heapq.heappush(queue, (g + 1 + h, -(g + 1), child))
        return None


SHORTEST_NODES = 1_000_000
"""Positions ``solve --shortest`` and the par's A* may expand before they settle for
the verdict's line (best known, not proven): a bound of work, never of time."""


def shortest_win(state: PairsState) -> list[Move] | None:
    """A winning line with the fewest moves from ``state``, or None if it cannot be won."""
    return ShortestSearch(state).solve()


HINT_NODE_LIMIT = 5_000
"""Nodes a hint may spend looking for the shortest line (a few tenths of a second)."""


def best_hint(state: PairsState, node_limit: int = HINT_NODE_LIMIT) -> Move | None:
    """The next move of the shortest win when it is found quickly, else of some winning
    line; None when ``state`` cannot be won."""
    search = ShortestSearch(state, node_limit)
    line = search.solve()
    if line:
        return line[0]
    return hint(state) if search.gave_up else None
