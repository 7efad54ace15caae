"""The pairs family's decision search: is a position winnable? A win if there is one (not
the shortest: :mod:`cardems.kit.pairs.shortest` finds those), or proof that there is none.

Depth-first over *frames* ``(layout removed mask, pool cards left)``, the pool as in
:mod:`cardems.kit.pairs.pruning`. A frame's positions form its *chain*: the pass ``r`` and
the number ``k`` of its pool cards in the waste, in the order the draws and recycles
walk them (``(r, k)`` then ``(r, k + 1)`` … ``(r, n)``, ``(r + 1, 0)`` …; with unlimited
passes a ring). Every position of a chain is reachable from the ones before it by draws
and recycles alone, so a frame entered at ``(r, k)`` decides every later position too:
the table keeps, per frame, the first position it was entered at; a frame entered at
that position or later is lost already, one entered earlier searches only the positions
before it. Sound reductions, each keeping a win where there is one:

* **Pool kings are left out** (cards that go alone). Remove a pool king the moment it
  is on top of the stock or the waste and the game plays as the one without it: the
  same cards on top, the same draws and passes. The line found is replayed with those
  removals put back in.
* **Equal values are interchangeable.** Two frames whose pools hold the same sequence of
  values play alike (a move names a top, never a card), so the pool is kept as the
  leftmost cards of the deal's pool that spell its sequence.
* **Layout-only moves at the chain's start.** A king alone or a pair of layout cards
  made later in the chain leads to a frame entered later than the same move made at
  the start, so it is tried there only; a free layout king is the only move tried
  (every win removes it, and it commutes with every move).
* **The cut** of :mod:`cardems.kit.pairs.pruning`.

Children are tried best first: the fewest removals left, then the earliest in the chain.
Python is the reference; a game may give a compiled twin (Pyramid's
:mod:`cardems.pyramid._astar`, for pairs that make 13 with kings alone) that runs the
same search, position for position, much faster.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardems.kit.pairs.bits import bits
from cardems.kit.pairs.compiled import run, twin
from cardems.kit.pairs.engine import STOCK_TOP, WASTE_TOP, PairsMove, PairsState
from cardems.kit.pairs.pruning import Pruning

Move = PairsMove

_WHOLE_CHAIN = -1
"""The table's mark of a frame searched all round its ring (unlimited passes)."""
_END = 1 << 30


@dataclass
class Found:
    """What a search of the family found: a winning ``line`` (None: no win, or undecided
    when ``gave_up``)."""

    line: list[Move] | None
    gave_up: bool

    @property
    def winnable(self) -> bool | None:
        """True, False, or None when the search's limit was hit first."""
        return None if self.gave_up else self.line is not None


@dataclass
class Decision(Found):
    """What a decision found, and the chain positions it visited."""

    visited: int


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

    def __init__(self, state: PairsState, node_limit: int | None = None) -> None:
        self.start = state
        rules = self.rules = state.rules
        self.move = state.move
        self.values, self.pool = layout_values(state), pool_values(state)
        self.pruning = Pruning(rules, self.values, self.pool)
        self.all_pool = (1 << len(self.pool)) - 1
        self.full = rules.covers.full
        self.free_mask = rules.covers.free
        self.alone = -1 if rules.pairing.alone is None else rules.pairing.alone
        self.matches = matches(state)
        self.top_plays = rules.stock.top_plays
        self.kings = 0 if rules.pairing.alone is None else self.pruning.pool_of_value[self.alone]
        self.limit = state.passes
        self.node_limit = node_limit
        self.table: dict[tuple[int, int], int] = {}
        self.visited = 0

    def canonical(self, left: int) -> int:
        """The leftmost pool cards spelling the values of ``left`` in order."""
        canonical, j = 0, 0
        for i in bits(left):
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
        free = list(bits(self.free_mask(removed)))
        move, matches = self.move, self.matches
        for i in free:
            if values[i] == self.alone:
                return [
                    self._child(
                        0, 0, move.remove(i + 1), removed | 1 << i, left, recycles, in_waste
                    )
                ]
        children: list[_Child] = []
        for k, i in enumerate(free):
            for j in free[k + 1 :]:
                if matches[values[i]][values[j]]:
                    pair = move.remove(i + 1, j + 1)
                    child = removed | 1 << i | 1 << j
                    children.append(
                        self._child(len(children), 0, pair, child, left, recycles, in_waste)
                    )
        cards = list(bits(left))
        position: tuple[int, int] | None = (recycles, in_waste)
        steps = 0
        while position is not None:
            r, k = position
            if not whole and r * 32 + k >= stop:
                break
            self.visited += 1
            if self.node_limit is not None and self.visited > self.node_limit:
                raise _GaveUp
            stock = cards[k] if k < len(cards) and self.top_plays else -1
            waste = cards[k - 1] if k else -1
            for i in free:
                if stock >= 0 and matches[values[i]][pool[stock]]:
                    pair = move.remove(i + 1, STOCK_TOP)
                    after = (removed | 1 << i, left & ~(1 << stock), r, k)
                    children.append(self._child(len(children), steps, pair, *after))
                if waste >= 0 and matches[values[i]][pool[waste]]:
                    pair = move.remove(i + 1, WASTE_TOP)
                    after = (removed | 1 << i, left & ~(1 << waste), r, k - 1)
                    children.append(self._child(len(children), steps, pair, *after))
            if stock >= 0 and waste >= 0 and matches[pool[stock]][pool[waste]]:
                pair = move.remove(STOCK_TOP, WASTE_TOP)
                after = (removed, left & ~(1 << stock | 1 << waste), r, k - 1)
                children.append(self._child(len(children), steps, pair, *after))
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
        if removed == self.full:
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
            if child.removed == self.full:
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
            moves.append(self.move.draw() if k < count else self.move.recycle())
        return moves

    def solve(self) -> Decision:
        """Search to the first win, the end of the space, or the limit."""
        state = self.start
        if state.is_won():
            return Decision([], False, 0)
        left = self.canonical(self.all_pool & ~self.kings)
        value = self.rules.value
        in_waste = sum(1 for card in state.waste if value(card) != self.alone)
        recycles = 0 if self.limit is None else state.recycles
        removed = state.removed_mask
        if self.pruning.estimate(removed, self.all_pool & ~left) < 0:
            return Decision(None, False, 0)
        try:
            line = self.frame(removed, left, recycles, in_waste)
        except _GaveUp:
            return Decision(None, True, self.visited)
        return Decision(None if line is None else with_pool_kings(state, line), False, self.visited)


def with_pool_kings(state: PairsState, line: list[Move]) -> list[Move]:
    """A line of the game without pool kings, played in the real one: each pool king
    removed as soon as it is on top of the stock or the waste."""
    moves: list[Move] = []
    for move in line:
        while True:
            king = next(
                (
                    place
                    for place in (STOCK_TOP, WASTE_TOP)
                    if (card := state.card_at(place))
                    and state.rules.value(card) == state.rules.pairing.alone
                ),
                None,
            )
            if king is None:
                break
            moves.append(state.move.remove(king))
            state = state.apply(moves[-1])
        moves.append(move)
        state = state.apply(move)
    return moves


def python_decide(state: PairsState, node_limit: int | None = None) -> Decision:
    """The reference decision (pure Python)."""
    return WinSearch(state, node_limit).solve()


def layout_values(state: PairsState) -> list[int]:
    """The layout's values by position index (0 where emptied)."""
    value = state.rules.value
    return [value(card) if card else 0 for card in state.cards]


def pool_values(state: PairsState) -> list[int]:
    """The pool's values: the waste bottom first, then the stock's next card first."""
    return [state.rules.value(card) for card in (*state.waste, *state.stock)]


def matches(state: PairsState) -> list[list[bool]]:
    """``matches[v][w]``: whether values ``v`` and ``w`` (1-13) leave together."""
    pairing = state.rules.pairing
    return [[bool(v and w) and pairing.matches(v, w) for w in range(14)] for v in range(14)]


DECIDE_NODES = 20_000_000
"""Chain positions an analysis may visit per deal before saying "undecided" (Pyramid:
about 4 s compiled; of P3 deals 0-999 the hardest needed 2.85 million)."""
HINT_POSITIONS = 2_000_000
"""Chain positions a hint may visit once the A* has given up (about a second compiled)."""


def compiled_decide(state: PairsState, node_limit: int | None = None) -> Decision:
    """The same decision, compiled (the rules' twin; ImportError without one)."""
    found = twin(state.rules, "decide")
    if found is None:
        raise ImportError(f"no compiled decision for {state.rules.name}")
    status, line, visited = run(found, state, node_limit)
    return Decision(None if line is None else with_pool_kings(state, line), status < 0, visited)


def compiled(state: PairsState) -> bool:
    """Whether the rules of ``state`` have a compiled twin, built."""
    return twin(state.rules, "decide") is not None


def decide(state: PairsState, node_limit: int | None = None) -> Decision:
    """Whether ``state`` is winnable, with a win (compiled where built, else in Python)."""
    return (compiled_decide if compiled(state) else python_decide)(state, node_limit)
