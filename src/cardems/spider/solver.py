"""Spider's solver: a staged search with a budget, seeing the face-down cards.

A "thoughtful" solver (it knows the order of every face-down card and of the stock, as
the deal code fixes it), so its "winnable" means: a player who knew every card could
win. The search goes from deal to deal, as a player does: between two deals of the stock
a best-first search (in order of :func:`badness`: face-down cards, cards out of one-suit
order, runs not yet gone, empty columns a bonus) expands up to :data:`STAGE` positions
without dealing; the best :data:`BRANCH` positions from which the stock may deal are then
tried in turn, deeper first (a depth-first search over the deals). No position is
expanded twice (columns are interchangeable: positions are compared with their columns
sorted). Within ``nodes`` expansions (or ``seconds``) it returns a winning line; "lost"
only when nothing was cut (no stage stopped at its cap, no branch left untried, no
*lateral* move dropped, see :func:`successors`), else "undecided".

Pruning that keeps the verdict exact: of the empty columns, a run only ever moves to the
first (they are interchangeable), and a column with no face-down card never moves whole
into an empty column (that changes nothing).
"""

from __future__ import annotations

import heapq
import itertools
import time
from dataclasses import dataclass

from cardems.spider.rules import Move, SpiderState, follows, rank_of, run_length

NODES = 100_000
"""Default expansions of one search (some ten seconds in Python)."""
STAGE = 300
"""Expansions of one stage's search between two deals."""
BRANCH = 6
"""Positions one stage hands on to the next deal, best first."""

Key = tuple[object, ...]


@dataclass(frozen=True)
class Result:
    """A search's verdict (None: undecided), its winning line and the positions expanded."""

    winnable: bool | None
    moves: list[Move] | None
    nodes: int


def key(state: SpiderState) -> Key:
    """The position with its columns sorted: positions that differ by the order of their
    columns play alike (the stock deals the same cards either way, one to each)."""
    return (*sorted(zip(state.down, state.columns, strict=True)), len(state.stock))


def badness(state: SpiderState) -> int:
    """How far the position looks from a win (smaller is better; 0 when won)."""
    score = 0
    empty = 0
    for column, down in zip(state.columns, state.down, strict=True):
        if not column:
            empty += 1
            continue
        score += 4 * down
        for i in range(down + 1, len(column)):
            lower, upper = column[i], column[i - 1]
            if not follows(lower, upper):
                score += 1 if rank_of(upper) == rank_of(lower) + 1 else 3
    remaining = 8 - len(state.runs)
    return score + 6 * remaining - 3 * empty if remaining else 0


def successors(state: SpiderState) -> tuple[list[Move], bool]:
    """The legal moves less those the pruning drops (see the module docstring), and
    whether a *lateral* move was dropped: one that takes cards off a card one rank higher
    without making a one-suit run where they land."""
    columns = state.columns
    first_empty = next((i for i, column in enumerate(columns) if not column), None)
    moves = []
    lateral = False
    for source, column in enumerate(columns):
        down = state.down[source]
        run = run_length(column, down)
        if not run:
            continue
        top = rank_of(column[-1])
        for target, pile in enumerate(columns):
            if target == source or (not pile and target != first_empty):
                continue
            if pile:
                count = rank_of(pile[-1]) - top
                counts = [count] if 1 <= count <= run else []
            else:
                counts = list(range(1, run + 1 - (down == 0 and run == len(column))))
            for count in counts:
                if _lateral(column, down, count, pile):
                    lateral = True
                else:
                    moves.append(Move(source, target, count))
    if state.can_deal():
        moves.append(Move.deal())
    return moves, lateral


def _lateral(column: tuple[int, ...], down: int, count: int, pile: tuple[int, ...]) -> bool:
    if len(column) - count <= down:
        return False  # the move uncovers a face-down card or empties the column
    lowest, beneath = column[-count], column[-count - 1]
    if rank_of(beneath) != rank_of(lowest) + 1:
        return False
    return follows(lowest, beneath) or not pile or not follows(lowest, pile[-1])


class _OutOfBudget(Exception):
    """The search spent its budget."""


class StagedSearch:
    """One search (see the module docstring); :meth:`run` gives its :class:`Result`."""

    def __init__(self, nodes: int, seconds: float | None) -> None:
        self.nodes = nodes
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.expanded = 0
        self.exact = True
        self.seen: set[Key] = set()
        self.counter = itertools.count()

    def run(self, state: SpiderState) -> Result:
        """Search from ``state``."""
        if state.is_won():
            return Result(True, [], 0)
        try:
            line = self._stage(state)
        except _OutOfBudget:
            return Result(None, None, self.expanded)
        if line is not None:
            return Result(True, line, self.expanded)
        return Result(False if self.exact else None, None, self.expanded)

    def _stage(self, state: SpiderState) -> list[Move] | None:
        """A winning line from ``state``, searching this stage then the deals after it."""
        start = key(state)
        if start in self.seen:
            return None
        parents: dict[Key, tuple[Key, Move] | None] = {start: None}
        frontier = [(badness(state), 0, state, start)]
        ready: list[tuple[int, int, SpiderState, Key]] = []
        cap = STAGE if state.stock else self.nodes
        count = 0
        while frontier:
            if count >= cap:
                self.exact = False
                break
            entry = heapq.heappop(frontier)
            current, current_key = entry[2], entry[3]
            if current_key in self.seen:
                continue
            self.seen.add(current_key)
            self._spend()
            count += 1
            if current.can_deal():
                ready.append(entry)
            moves, lateral = successors(current)
            self.exact = self.exact and not lateral
            for move in moves:
                if move.is_deal:
                    continue
                child = current.after(move)
                child_key = key(child)
                if child_key in parents:
                    continue
                parents[child_key] = (current_key, move)
                if child.is_won():
                    return _line(parents, child_key)
                heapq.heappush(frontier, (badness(child), -next(self.counter), child, child_key))
        ready.sort()
        if len(ready) > BRANCH:
            self.exact = False
        for _, _, position, position_key in ready[:BRANCH]:
            rest = self._stage(position.after(Move.deal()))
            if rest is not None:
                return [*_line(parents, position_key), Move.deal(), *rest]
        return None

    def _spend(self) -> None:
        self.expanded += 1
        if self.expanded > self.nodes or (
            self.deadline is not None
            and not self.expanded % 256
            and time.monotonic() > self.deadline
        ):
            raise _OutOfBudget


def solve(state: SpiderState, *, nodes: int = NODES, seconds: float | None = None) -> Result:
    """Search from ``state`` within ``nodes`` expansions (and ``seconds``, if given)."""
    return StagedSearch(nodes, seconds).run(state)


def _line(parents: dict[Key, tuple[Key, Move] | None], end: Key) -> list[Move]:
    line = []
    link = parents[end]
    while link is not None:
        end, move = link
        line.append(move)
        link = parents[end]
    return line[::-1]


def winning_line(state: SpiderState, *, nodes: int = NODES) -> list[Move] | None:
    """A winning line from ``state`` if the search finds one within ``nodes``."""
    return solve(state, nodes=nodes).moves
