"""The exact search of pairs of a rank with unlimited passes (Heart to Heart): winnable
verdict, a winning line, hints; faster there than the family's :mod:`.decide`.

**Verdict.** With unlimited recycles every stock or waste card can be brought to the
waste top, so whether a position can be won depends only on which heart cards remain
and on how many cards of each rank the stock and waste (the *pool*) hold. For one rank
with ``c`` cards left in the heart and ``q`` in the pool, ``c + q`` is even and:

* ``q >= c``: the rank is *free* — each card can go with a pool card the moment it is
  available; removing it at once never hurts (other cards only gain by it).
* ``c = 2, q = 0``: the two cards must go together, when both are available.
* ``c = 3, q = 1``: one card goes with the pool card, the other two together. When two
  are available, pairing them is never worse; the choice of the lone card is a branch.
* ``c = 4, q = 0``: two pairs; when all four are available any pairing works, otherwise
  choosing a pair among two or three available ones is a branch.

The search applies every "never worse" removal at once (the *closure*), branches only
on the real choices and remembers dead positions by their removed-cards mask (the mask
fixes the pool counts of the contended ranks). Removed cards always form a down-set of
the covering order, so the search space is small.

The shortest win is in :mod:`cardems.kit.pairs.ranks_shortest`.
"""

from __future__ import annotations

from typing import Any

from cardems.kit.covers import Covers
from cardems.kit.pairs.bits import bits
from cardems.kit.pairs.engine import PairsMove, PairsState

Move = PairsMove

Step = tuple[int, int]
"""One heart removal of a plan: ``(i, j)`` pairs 0-based positions ``i`` and ``j``;
``(i, -1)`` pairs position ``i`` with a pool card of its rank."""


class _Search:
    """The verdict search for one position: heart ranks and pool counts fixed."""

    def __init__(self, covers: Covers, heart: tuple[int, ...], pool: list[int]) -> None:
        self.free = covers.free
        self.reachable = covers.reachable
        self.full = covers.full
        self.removed0 = sum(1 << i for i, rank in enumerate(heart) if not rank)
        masks = [0] * 14
        for i, rank in enumerate(heart):
            if rank:
                masks[rank] |= 1 << i
        self.free0 = 0
        self.contended: list[tuple[int, int]] = []  # (rank mask, usable pool count)
        self.hopeless = False
        for rank in range(1, 14):
            count = masks[rank].bit_count()
            if not count:
                continue
            if pool[rank] >= count:
                self.free0 |= masks[rank]
                continue
            # pairs inside the heart leave an even number for the pool: a pool card
            # beyond that parity can never be used (only in made-up positions)
            usable = pool[rank] - ((count - pool[rank]) & 1)
            if usable < 0:
                self.hopeless = True  # an odd number left and no pool card: one stays
            elif count + usable > 4:
                raise ValueError(f"not a position: too many cards of rank {rank}")
            self.contended.append((masks[rank], usable))
        self.dead: set[int] = set()

    def closure(self, removed: int, steps: list[Step] | None) -> int:
        """Apply every never-worse removal; ``steps`` (if given) records them."""
        reachable = self.reachable
        avail = reachable.get(removed) or self.free(removed)
        while True:
            gone = 0
            free = self.free0
            for mask, pool in self.contended:
                left = mask & ~removed
                count = left.bit_count()
                if pool & count >= count:  # pool 0 or 1 here: one card left with its pool card
                    free |= left
                    continue
                ready = avail & left
                n = ready.bit_count()
                if n < 2:
                    continue
                if pool == 1 and count == 3:  # c=3, q=1: pair two, the third goes alone
                    gone |= ready
                    if steps is not None:
                        cards = list(bits(ready))
                        steps.append((cards[0], cards[1]))
                        if n == 3:
                            steps.append((cards[2], -1))
                elif n == count:  # c=2 or c=4, all available
                    gone |= ready
                    if steps is not None:
                        cards = list(bits(ready))
                        steps.extend(zip(cards[::2], cards[1::2], strict=True))
            single = avail & free & ~gone
            if steps is not None:
                steps.extend((i, -1) for i in bits(single))
            gone |= single
            if not gone:
                return removed
            removed |= gone
            avail = reachable.get(removed) or self.free(removed)

    def options(self, removed: int) -> list[tuple[int, list[Step]]]:
        """The real choices of a stuck position: cards to remove and how."""
        avail = self.free(removed)
        found: list[tuple[int, list[Step]]] = []
        for mask, pool in self.contended:
            left = mask & ~removed
            ready = list(bits(avail & left))
            count = left.bit_count()
            if pool == 1 and count == 3 and len(ready) == 1:
                found.append((1 << ready[0], [(ready[0], -1)]))
            elif pool == 0 and count == 4 and len(ready) >= 2:
                for k, i in enumerate(ready):
                    for j in ready[k + 1 :]:
                        found.append((1 << i | 1 << j, [(i, j)]))
        return found

    def solve(self, removed: int, steps: list[Step] | None) -> bool:
        """Whether the position with ``removed`` gone can be won; fills ``steps``."""
        if self.hopeless:
            return False
        mark = len(steps) if steps is not None else 0
        removed = self.closure(removed, steps)
        if removed == self.full:
            return True
        if removed not in self.dead:
            branch = len(steps) if steps is not None else 0
            for gone, how in self.options(removed):
                if steps is not None:
                    steps.extend(how)
                if self.solve(removed | gone, steps):
                    return True
                if steps is not None:
                    del steps[branch:]
            self.dead.add(removed)
        if steps is not None:
            del steps[mark:]
        return False


def _values(cards: tuple[Any, ...], state: PairsState) -> tuple[int, ...]:
    """The cards' values (0 for an emptied place)."""
    value = state.rules.value
    return tuple(value(card) if card else 0 for card in cards)


def _pool_counts(state: PairsState) -> list[int]:
    counts = [0] * 14
    for rank in _values(state.stock, state):
        counts[rank] += 1
    for rank in _values(state.waste, state):
        counts[rank] += 1
    return counts


def is_winnable(state: PairsState) -> bool:
    """Whether all heart cards can still be removed from ``state``."""
    search = _Search(state.rules.covers, _values(state.cards, state), _pool_counts(state))
    return search.solve(search.removed0, None)


def deck_is_winnable(state: type[PairsState], deck: list[int] | tuple[int, ...]) -> bool:
    """:func:`is_winnable` for the starting position of a shuffled deck of ranks."""
    size = state.rules.size
    pool = [0] * 14
    for rank in deck[size:]:
        pool[rank] += 1
    search = _Search(state.rules.covers, tuple(deck[:size]), pool)
    return search.solve(0, None)


def winning_plan(state: PairsState) -> list[Step] | None:
    """The heart removals of some winning line, or None when ``state`` cannot be won."""
    search = _Search(state.rules.covers, _values(state.cards, state), _pool_counts(state))
    steps: list[Step] = []
    return steps if search.solve(search.removed0, steps) else None


def plan_moves(state: PairsState, plan: list[Step]) -> list[Move]:
    """Turn a plan into real moves, draws and recycles included."""
    moves: list[Move] = []
    for i, j in plan:
        if j >= 0:
            move = state.move.pair(i + 1, j + 1)
        else:
            rank = state.rules.value(state.cards[i])
            for _ in range(len(state.stock) + len(state.waste) + 1):
                if state.waste and state.rules.value(state.waste_top) == rank:
                    break
                step = state.move.draw() if state.stock else state.move.recycle()
                moves.append(step)
                state = state.apply(step)
            move = state.move.with_waste(i + 1)
        moves.append(move)
        state = state.apply(move)
    return moves


def winning_line(state: PairsState) -> list[Move] | None:
    """Some winning line of real moves from ``state``, or None if it cannot be won."""
    plan = winning_plan(state)
    return None if plan is None else plan_moves(state, plan)


def hint(state: PairsState) -> Move | None:
    """The next move of a winning line, or None when ``state`` cannot be won (or is won)."""
    line = winning_line(state)
    return line[0] if line else None
