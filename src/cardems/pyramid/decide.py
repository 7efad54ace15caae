"""Pyramid's decision search: is a position winnable? A win if there is one (not the
shortest: :mod:`cardems.pyramid.shortest` finds those), or proof that there is none.

Depth-first over *frames* ``(pyramid removed mask, pool cards left)``, the pool as in
:mod:`cardems.pyramid.pruning`. A frame's positions form its *chain*: the pass ``r`` and
the number ``k`` of its pool cards in the waste, in the order the draws and recycles
walk them (``(r, k)`` then ``(r, k + 1)`` … ``(r, n)``, ``(r + 1, 0)`` …; with unlimited
passes a ring). Every position of a chain is reachable from the ones before it by draws
and recycles alone, so a frame entered at ``(r, k)`` decides every later position too:
the table keeps, per frame, the first position it was entered at; a frame entered at
that position or later is lost already, one entered earlier searches only the positions
before it. Sound reductions, each keeping a win where there is one:

* **Pool kings are left out.** Remove a pool king the moment it is on top of the stock
  or the waste and the game plays as the one without it: the same cards on top, the
  same draws and passes. The line found is replayed with those removals put back in.
* **Equal values are interchangeable.** Two frames whose pools hold the same sequence of
  values play alike (a move names a top, never a card), so the pool is kept as the
  leftmost cards of the deal's pool that spell its sequence.
* **Pyramid-only moves at the chain's start.** A king alone or a pair of pyramid cards
  made later in the chain leads to a frame entered later than the same move made at
  the start, so it is tried there only; a free pyramid king is the only move tried
  (every win removes it, and it commutes with every move).
* **The cut** of :mod:`cardems.pyramid.pruning`.

Children are tried best first: the fewest removals left, then the earliest in the chain.
Python is the reference; :mod:`cardems.pyramid._astar` (optional, compiled from
``_astar.c``) runs the same search, position for position, much faster.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardems.cards import Rank
from cardems.pyramid.layout import FULL_MASK, free_mask
from cardems.pyramid.pruning import Pruning
from cardems.pyramid.rules import STOCK_TOP, WASTE_TOP, Move, PyramidState, value

DECIDE_NODES = 20_000_000
"""Chain positions an analysis may visit per deal before saying "undecided" (about 4 s
compiled; of P3 deals 0-999 the hardest needed 2.85 million)."""
HINT_POSITIONS = 2_000_000
"""Chain positions a hint may visit once the A* has given up (about a second compiled)."""
_WHOLE_CHAIN = -1
"""The table's mark of a frame searched all round its ring (unlimited passes)."""
_END = 1 << 30


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass
class Decision:
    """What a decision found: a winning ``line`` (None: no win, or undecided when
    ``gave_up``), and the chain positions it visited."""

    line: list[Move] | None
    gave_up: bool
    visited: int

    @property
    def winnable(self) -> bool | None:
        """True, False, or None when the limit was hit first."""
        return None if self.gave_up else self.line is not None


class _GaveUp(Exception):
    """The limit of chain positions was hit."""


@dataclass(frozen=True)
class _Child:
    """A move from a frame: where in the chain (``steps`` draws and recycles from the
    frame's start), the move, and the frame and chain position it leads to."""

    estimate: int
    index: int
    steps: int
    move: Move
    removed: int
    left: int
    recycles: int
    in_waste: int


class WinSearch:
    """The depth-first decision from one position (see the module docstring)."""

    def __init__(self, state: PyramidState, node_limit: int | None = None) -> None:
        self.start = state
        values = [0 if card is None else value(card) for card in state.pyramid]
        self.pruning = Pruning(values, [value(card) for card in (*state.waste, *state.stock)])
        self.values, self.pool = self.pruning.values, self.pruning.pool
        self.all_pool = (1 << len(self.pool)) - 1
        self.kings = self.pruning.pool_of_value[13]
        self.limit = state.passes
        self.node_limit = node_limit
        self.table: dict[tuple[int, int], int] = {}
        self.visited = 0

    def canonical(self, left: int) -> int:
        """The leftmost pool cards spelling the values of ``left`` in order."""
        canonical, j = 0, 0
        for i in _bits(left):
            while self.pool[j] != self.pool[i]:
                j += 1
            canonical |= 1 << j
            j += 1
        return canonical

    def next_position(self, recycles: int, in_waste: int, count: int) -> tuple[int, int] | None:
        """The chain position after ``(recycles, in_waste)`` (None: the chain ends)."""
        if in_waste < count:
            return recycles, in_waste + 1
        if count and self.limit is None:
            return 0, 0
        if count and self.limit is not None and recycles + 1 < self.limit:
            return recycles + 1, 0
        return None

    def children(self, removed: int, left: int, recycles: int, in_waste: int) -> list[_Child]:
        """The frame's moves from its chain position ``(recycles, in_waste)`` on, up to
        the position it was entered at before (the table's), best first."""
        values, pool = self.values, self.pool
        stop = self.table.get((removed, left), _END)
        whole = self.limit is None
        self.table[(removed, left)] = _WHOLE_CHAIN if whole else recycles * 32 + in_waste
        free = list(_bits(free_mask(removed)))
        for i in free:
            if values[i] == 13:
                return [
                    self._child(
                        0, 0, Move.remove(i + 1), removed | 1 << i, left, recycles, in_waste
                    )
                ]
        children: list[_Child] = []
        for k, i in enumerate(free):
            for j in free[k + 1 :]:
                if values[i] + values[j] == 13:
                    move = Move.remove(i + 1, j + 1)
                    child = removed | 1 << i | 1 << j
                    children.append(
                        self._child(len(children), 0, move, child, left, recycles, in_waste)
                    )
        cards = list(_bits(left))
        position: tuple[int, int] | None = (recycles, in_waste)
        steps = 0
        while position is not None:
            r, k = position
            if not whole and r * 32 + k >= stop:
                break
            self.visited += 1
            if self.node_limit is not None and self.visited > self.node_limit:
                raise _GaveUp
            stock = cards[k] if k < len(cards) else -1
            waste = cards[k - 1] if k else -1
            for i in free:
                if stock >= 0 and values[i] + pool[stock] == 13:
                    move = Move.remove(i + 1, STOCK_TOP)
                    after = (removed | 1 << i, left & ~(1 << stock), r, k)
                    children.append(self._child(len(children), steps, move, *after))
                if waste >= 0 and values[i] + pool[waste] == 13:
                    move = Move.remove(i + 1, WASTE_TOP)
                    after = (removed | 1 << i, left & ~(1 << waste), r, k - 1)
                    children.append(self._child(len(children), steps, move, *after))
            if stock >= 0 and waste >= 0 and pool[stock] + pool[waste] == 13:
                move = Move.remove(STOCK_TOP, WASTE_TOP)
                after = (removed, left & ~(1 << stock | 1 << waste), r, k - 1)
                children.append(self._child(len(children), steps, move, *after))
            position = self.next_position(r, k, len(cards))
            steps += 1
            if whole and position == (recycles, in_waste):
                break
        return sorted(children, key=lambda child: (child.estimate, child.index))

    def _child(
        self,
        index: int,
        steps: int,
        move: Move,
        removed: int,
        left: int,
        recycles: int,
        in_waste: int,
    ) -> _Child:
        left = self.canonical(left)
        if removed == FULL_MASK:
            estimate = -2  # a win: tried first
        else:
            estimate = self.pruning.estimate(removed, self.all_pool & ~left)
        return _Child(estimate, index, steps, move, removed, left, recycles, in_waste)

    def frame(self, removed: int, left: int, recycles: int, in_waste: int) -> list[Move] | None:
        """A winning line from the frame's chain position (None: none from there)."""
        stored = self.table.get((removed, left))
        position = recycles * 32 + in_waste
        if stored is not None and (self.limit is None or stored <= position):
            return None
        for child in self.children(removed, left, recycles, in_waste):
            if child.estimate == -1:
                continue
            if child.removed == FULL_MASK:
                rest: list[Move] | None = []
            else:
                rest = self.frame(child.removed, child.left, child.recycles, child.in_waste)
            if rest is not None:
                count = left.bit_count()
                walk = self._walk(recycles, in_waste, count, child.steps)
                return [*walk, child.move, *rest]
        return None

    def _walk(self, recycles: int, in_waste: int, count: int, steps: int) -> list[Move]:
        """The draws and recycles of ``steps`` along a chain."""
        moves = []
        position: tuple[int, int] | None = (recycles, in_waste)
        for _ in range(steps):
            assert position is not None
            r, k = position
            position = self.next_position(r, k, count)
            moves.append(Move.draw() if k < count else Move.recycle())
        return moves

    def solve(self) -> Decision:
        """Search to the first win, the end of the space, or the limit."""
        state = self.start
        if state.is_won():
            return Decision([], False, 0)
        left = self.canonical(self.all_pool & ~self.kings)
        in_waste = sum(1 for card in state.waste if card.rank is not Rank.KING)
        recycles = 0 if self.limit is None else state.recycles
        removed = state.removed_mask
        if self.pruning.estimate(removed, self.all_pool & ~left) < 0:
            return Decision(None, False, 0)
        try:
            line = self.frame(removed, left, recycles, in_waste)
        except _GaveUp:
            return Decision(None, True, self.visited)
        return Decision(None if line is None else with_pool_kings(state, line), False, self.visited)


def with_pool_kings(state: PyramidState, line: list[Move]) -> list[Move]:
    """A line of the game without pool kings, played in the real one: each pool king
    removed as soon as it is on top of the stock or the waste."""
    moves: list[Move] = []
    for move in line:
        while True:
            king = next(
                (
                    place
                    for place in (STOCK_TOP, WASTE_TOP)
                    if (card := state.card_at(place)) is not None and card.rank is Rank.KING
                ),
                None,
            )
            if king is None:
                break
            moves.append(Move.remove(king))
            state = state.apply(moves[-1])
        moves.append(move)
        state = state.apply(move)
    return moves


def python_decide(state: PyramidState, node_limit: int | None = None) -> Decision:
    """The reference decision (pure Python)."""
    return WinSearch(state, node_limit).solve()


try:
    from cardems.pyramid._astar import decide as _compiled_decide
except ImportError:  # not built (no C compiler): the Python search serves
    COMPILED = False
else:
    COMPILED = True


def compiled_decide(state: PyramidState, node_limit: int | None = None) -> Decision:
    """The same decision, compiled (:mod:`cardems.pyramid._astar`; ImportError without it)."""
    from cardems.pyramid.shortest import decode

    values = bytes(0 if card is None else value(card) for card in state.pyramid)
    pool = bytes(value(card) for card in (*state.waste, *state.stock))
    recycles = 0 if state.passes is None else state.recycles
    status, codes, visited = _compiled_decide(
        values,
        pool,
        state.removed_mask,
        len(state.waste),
        recycles,
        state.passes or 0,
        node_limit or 0,
    )
    line = None if codes is None else with_pool_kings(state, [decode(code) for code in codes])
    return Decision(line, status < 0, visited)


def decide(state: PyramidState, node_limit: int | None = None) -> Decision:
    """Whether ``state`` is winnable, with a win (compiled where built, else in Python)."""
    return (compiled_decide if COMPILED else python_decide)(state, node_limit)
