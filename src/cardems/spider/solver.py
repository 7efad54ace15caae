"""Spider's solver: a staged search with a budget, seeing the face-down cards.

This is the reference search; :mod:`cardems.spider._solver` (C, optional) runs the same
search, position for position, some 40 times faster, and :func:`solve` uses it when it
was built (the tests hold the two to the same verdicts, lines and positions expanded).

A "thoughtful" solver (it knows the order of every face-down card and of the stock, as
the deal code fixes it), so its "winnable" means: a player who knew every card could
win. The search goes from deal to deal, as a player does: between two deals of the stock
a best-first search expands up to :data:`STAGE` positions without dealing (:data:`LAST`
once the stock is empty); the best :data:`BRANCH` positions from which the stock may deal
are then tried in turn, deeper first (a depth-first search over the deals).

- Move ordering: the best-first order is :func:`badness` (face-down cards, cards out of
  one-suit order, runs not yet gone, empty columns a bonus), so moves that build in suit,
  turn a face-down card or empty a column come first; a complete run goes home by itself
  (the rules do it), ties go to the newest position (depth first among equals).
- Transpositions: no position is expanded twice in a search. The key
  (:func:`~cardems.spider.rules.position`) is canonical: columns sorted (their order does
  not matter: the stock deals the same cards either way, one to each) and cards by face
  (two copies of a face play alike).
- Sound pruning, which keeps the verdict exact: of the empty columns a run only ever
  moves to the first (they are interchangeable, so the positions differ by the order of
  their columns only), and a column with no face-down card never moves whole into an
  empty column (the same position, columns swapped).
- Cuts, which do not: a stage stopped at its cap, ready positions past the branch, a
  *lateral* move dropped (:func:`successors`), the memory ceiling (:data:`MAX_STORED`
  positions held at once by the stages on the current path). A search that made any of
  them says "undecided", never "lost"; "lost" only when it exhausted every position.

Within ``nodes`` expansions (or ``seconds``) it returns a winning line (which the rules
replay to a win), "lost" when proven, else "undecided".
"""

from __future__ import annotations

import heapq
import importlib
import itertools
import time
from dataclasses import dataclass
from typing import Any

from cardems.spider.rules import Move, SpiderState, follows, position, rank_of, run_length

NODES = 100_000
"""Default expansions of one search (some ten seconds in Python)."""
STAGE = 1000
"""Expansions of one stage's search between two deals."""
LAST = 5_000
"""Expansions of the last stage, once the stock is empty."""
BRANCH = 4
"""Positions one stage hands on to the next deal, best first."""
MAX_STORED = 1_000_000
"""The memory ceiling: positions the stages on the current path may hold at once (the C
search's are 144 bytes each, 137 MiB for this default; Python's some hundreds)."""

Key = tuple[object, ...]


@dataclass(frozen=True)
class Result:
    """A search's verdict (None: undecided), its winning line and the positions expanded."""

    winnable: bool | None
    moves: list[Move] | None
    nodes: int


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
    whether a *lateral* move was dropped (see :func:`_lateral`)."""
    columns = state.columns
    first_empty = next((i for i, column in enumerate(columns) if not column), None)
    tops = [column[-1] if column else -1 for column in columns]
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
                if _lateral(column, down, count, pile, tops, (source, target)):
                    lateral = True
                else:
                    moves.append(Move(source, target, count))
    if state.can_deal():
        moves.append(Move.deal())
    return moves, lateral


def _lateral(
    column: tuple[int, ...],
    down: int,
    count: int,
    pile: tuple[int, ...],
    tops: list[int],
    ends: tuple[int, int],
) -> bool:
    """A move that takes cards off a card one rank higher without making a one-suit run
    where they land, and does not free that card to go onto a card of its suit one rank
    higher on top of a third column (``tops``: the columns' top cards, -1 for none)."""
    if len(column) - count <= down:
        return False  # the move uncovers a face-down card or empties the column
    lowest, beneath = column[-count], column[-count - 1]
    if rank_of(beneath) != rank_of(lowest) + 1:
        return False
    if not (follows(lowest, beneath) or not pile or not follows(lowest, pile[-1])):
        return False
    return not any(
        top >= 0 and i not in ends and follows(beneath, top) for i, top in enumerate(tops)
    )


class _OutOfBudget(Exception):
    """The search spent its budget."""


@dataclass(frozen=True)
class Limits:
    """A search's budget and shape: ``nodes`` expansions (and ``seconds``, if given),
    ``stage`` expansions between two deals, ``branch`` positions dealt from after each
    stage, at most ``max_stored`` positions held at once (the memory ceiling)."""

    nodes: int = NODES
    seconds: float | None = None
    stage: int = STAGE
    last: int = LAST
    branch: int = BRANCH
    max_stored: int = MAX_STORED


class StagedSearch:
    """One search (see the module docstring); :meth:`run` gives its :class:`Result`."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        seconds = limits.seconds
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.expanded = 0
        self.stored = 0
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
        start = position(state)
        if start in self.seen:
            return None
        parents: dict[Key, tuple[Key, Move] | None] = {start: None}
        self.stored += 1
        try:
            return self._expand(state, start, parents)
        finally:
            self.stored -= len(parents)

    def _expand(
        self, state: SpiderState, start: Key, parents: dict[Key, tuple[Key, Move] | None]
    ) -> list[Move] | None:
        limits = self.limits
        frontier = [(badness(state), -next(self.counter), state, start)]
        ready: list[tuple[int, int, SpiderState, Key]] = []
        cap = limits.stage if state.stock else limits.last
        count = 0
        while frontier:
            if count >= cap or self.stored >= limits.max_stored:
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
                child_key = position(child)
                if child_key in parents:
                    continue
                parents[child_key] = (current_key, move)
                self.stored += 1
                if child.is_won():
                    return _line(parents, child_key)
                heapq.heappush(frontier, (badness(child), -next(self.counter), child, child_key))
        ready.sort(key=lambda entry: entry[:2])
        if len(ready) > limits.branch:
            self.exact = False
        for _, _, dealer, dealer_key in ready[: limits.branch]:
            rest = self._stage(dealer.after(Move.deal()))
            if rest is not None:
                return [*_line(parents, dealer_key), Move.deal(), *rest]
        return None

    def _spend(self) -> None:
        self.expanded += 1
        if self.expanded > self.limits.nodes or (
            self.deadline is not None
            and not self.expanded % 256
            and time.monotonic() > self.deadline
        ):
            raise _OutOfBudget


def compiled() -> Any:
    """The C extension, or None when it was not built."""
    try:
        return importlib.import_module("cardems.spider._solver")
    except ImportError:
        return None


def solve(
    state: SpiderState,
    *,
    nodes: int = NODES,
    seconds: float | None = None,
    use_compiled: bool = True,
    **shape: int,
) -> Result:
    """Search from ``state`` within ``nodes`` expansions (and ``seconds``, if given), with
    the C search when it was built; ``shape`` may set :class:`Limits`' other fields."""
    limits = Limits(nodes, seconds, **shape)
    extension = compiled() if use_compiled else None
    if extension is None:
        return StagedSearch(limits).run(state)
    faces = [[card % 52 for card in column] for column in state.columns]
    status, line, expanded = extension.solve(
        faces,
        list(state.down),
        [card % 52 for card in state.stock],
        len(state.runs),
        limits.nodes,
        -1.0 if limits.seconds is None else limits.seconds,
        limits.stage,
        limits.last,
        limits.branch,
        limits.max_stored,
    )
    if status < 0:
        return Result(None, None, expanded)
    if status == 0:
        return Result(False, None, expanded)
    moves = [
        Move.deal() if source < 0 else Move(source, target, count) for source, target, count in line
    ]
    return Result(True, moves, expanded)


def _line(parents: dict[Key, tuple[Key, Move] | None], end: Key) -> list[Move]:
    line = []
    link = parents[end]
    while link is not None:
        end, move = link
        line.append(move)
        link = parents[end]
    return line[::-1]
