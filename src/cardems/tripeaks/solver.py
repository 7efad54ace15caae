"""TriPeaks solver: winnable?, a winning line, and the shortest win (par).

The solver sees every card, the face-down ones too (*thoughtful* play, as mchung94's
solver does). A position is ``(present, drawn, top)``: the mask of the peak cards still
there, how many stock cards have been turned, and the rank on the waste — nothing else
matters for what can follow.

**Verdict** (:func:`winning_line`): a depth-first search, plays before the draw (the lower rows'
cards first, from the right), which
remembers the positions it proved lost. A position lost with ``d`` cards turned is lost
with more turned too: whatever wins with more cards turned wins with fewer, turning the
extra cards at the first draw (the same card then lands on the waste). So the search
remembers, for each ``(present, top)``, the fewest cards turned with which it is lost.
Past ``nodes`` positions it gives up: undecided.

**Shortest win** (:func:`shortest_win`): every win plays the 28 peak cards once, so the
shortest win is the one turning the fewest stock cards. The search goes layer by layer,
layer ``d`` holding every position reached with ``d`` cards turned (plays only, from the
layer's starts); the first layer that clears the peaks gives the par, ``28 + d`` moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardems.tripeaks.layout import COVER_MASK, POSITION_COUNT
from cardems.tripeaks.rules import GONE, Move, TriPeaksState, one_apart, rank_of

NODES = 2_000_000
"""Positions a verdict search may visit before it answers "undecided" (some seconds in
Python; the hardest of 1,500 deals took under 700,000)."""

_BITS = tuple(1 << i for i in range(POSITION_COUNT))
"""Bit ``i`` for each 0-based position (the shortest-win search's loop)."""


def _fits_table(wrap: bool) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(one_apart(a, b, wrap) for b in range(14)) for a in range(14))


_FITS = {True: _fits_table(True), False: _fits_table(False)}


@dataclass
class Verdict:
    """A search's answer: ``winnable`` (None: undecided) and a winning line."""

    winnable: bool | None
    line: list[Move] | None
    nodes: int


class _Search:
    """The depth-first verdict search from one position."""

    def __init__(self, state: TriPeaksState, nodes: int) -> None:
        self.ranks = [0 if card == GONE else rank_of(card) for card in state.peaks]
        self.stock = [rank_of(card) for card in state.stock]
        self.fits = _FITS[state.wrap]
        self.cards = [
            (1 << i, COVER_MASK[i], rank, i + 1) for i, rank in enumerate(self.ranks) if rank
        ]
        """``(bit, covering mask, rank, position)`` of each peak card, bottom row first
        (the order the search tries them in)."""
        self.cards.sort(key=lambda card: -card[3])
        self.dead: dict[int, int] = {}
        """``present | top << 28`` → the fewest cards turned with which it is lost."""
        self.budget = nodes
        self.nodes = 0
        self.line: list[Move] = []

    def run(self, present: int, drawn: int, top: int) -> bool:
        """Whether the position can be won; ``line`` holds the win (in reverse)."""
        if not present:
            return True
        key = present | top << 28
        if self.dead.get(key, 99) <= drawn:
            return False
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        fits = self.fits[top]
        for bit, cover, rank, position in self.cards:
            if (
                present & bit
                and not cover & present
                and fits[rank]
                and self.run(present ^ bit, drawn, rank)
            ):
                self.line.append(Move(position))
                return True
        if drawn < len(self.stock) and self.run(present, drawn + 1, self.stock[drawn]):
            self.line.append(Move.draw())
            return True
        self.dead[key] = drawn
        return False


class _OutOfBudget(Exception):
    pass


def solve(state: TriPeaksState, nodes: int = NODES) -> Verdict:
    """The verdict on ``state`` and, when winnable, a winning line."""
    search = _Search(state, nodes)
    try:
        won = search.run(state.present_mask, 0, rank_of(state.waste_top))
    except _OutOfBudget:
        return Verdict(None, None, search.nodes)
    return Verdict(won, search.line[::-1] if won else None, search.nodes)


def winning_line(state: TriPeaksState, nodes: int = NODES) -> list[Move] | None:
    """A winning line from ``state`` (None: lost, or undecided within ``nodes``)."""
    return solve(state, nodes).line


def deck_is_winnable(deck: Sequence[int], wrap: bool = True) -> bool:
    """Whether a deck's deal can be won (undecided counts as not)."""
    from cardems.tripeaks.rules import initial_state

    return bool(solve(initial_state(deck, wrap)).winnable)


def shortest_win(state: TriPeaksState, nodes: int = NODES) -> list[Move] | None:
    """A win with the fewest moves (None: lost, or not found within ``nodes``)."""
    ranks = [0 if card == GONE else rank_of(card) for card in state.peaks]
    stock = [rank_of(card) for card in state.stock]
    fits = _FITS[state.wrap]
    starts: dict[int, None] = {state.present_mask: None}
    top = rank_of(state.waste_top)
    layers: list[dict[tuple[int, int], tuple[int, int] | None]] = []
    visited = 0
    for drawn in range(len(stock) + 1):
        # parent links within the layer: (present, top) -> the position it came from
        parents: dict[tuple[int, int], tuple[int, int] | None] = {
            (present, top): None for present in starts
        }
        frontier = list(parents)
        while frontier:
            position = frontier.pop()
            present, rank = position
            if not present:
                layers.append(parents)
                return _line(layers, position, state.present_mask)
            visited += 1
            if visited > nodes:
                return None
            fit = fits[rank]
            for i in range(POSITION_COUNT):
                bit = _BITS[i]
                if present & bit and not COVER_MASK[i] & present and fit[ranks[i]]:
                    child = (present ^ bit, ranks[i])
                    if child not in parents:
                        parents[child] = position
                        frontier.append(child)
        layers.append(parents)
        if drawn == len(stock):
            break
        starts = dict.fromkeys(present for present, _ in parents)
        top = stock[drawn]
    return None


def _line(
    layers: list[dict[tuple[int, int], tuple[int, int] | None]],
    end: tuple[int, int],
    start: int,
) -> list[Move]:
    """The moves from the start to ``end`` (in the last layer), walking the links back."""
    moves: list[Move] = []
    position: tuple[int, int] | None = end
    for depth in range(len(layers) - 1, -1, -1):
        parents = layers[depth]
        assert position is not None
        while True:
            parent = parents[position]
            if parent is None:
                break
            moved = (parent[0] ^ position[0]).bit_length()
            moves.append(Move(moved))
            position = parent
        if depth:
            moves.append(Move.draw())
            # the layer's start came from any position of the previous layer with the
            # same cards present: find one
            present = position[0]
            position = next(p for p in layers[depth - 1] if p[0] == present)
    assert position is not None and position[0] == start
    return moves[::-1]
