"""One search for every kit solitaire: ``cardems solve CODE --solver generic``.

It knows no game: it plays the engine's own moves (``legal_moves``, ``apply``,
``outcome``) from the deal, best first by the solitaire's :meth:`progress
<cardems.kit.solitaire.Solitaire.progress>`, and never expands a position twice (a
position is the engine state without its counters: :func:`position_key`). Bounded by the
positions it expands, never by the clock, so a verdict is the same on a busy machine as
on an idle one: winnable with a winning line, lost when every reachable position was
expanded without a win, undecided past the budget.

It is the reference the games' own searches are held to (``tests/kit/test_generic.py``)
and the search of a game that has none faster; ``benchmarks/generic_solver.py``
measures it beside them.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from cardems.core.search import line_back

NODES = 200_000
"""Positions a generic verdict may expand by default."""
COUNTERS = frozenset({"moves", "score", "points", "streak"})
"""Fields of an engine state that count what was done and never change what may be done:
two states that differ only there are one position."""


@dataclass(frozen=True)
class Verdict:
    """``winnable`` (None: undecided within ``nodes``), a winning ``line`` of engine moves
    when one was found, and how many positions were expanded."""

    winnable: bool | None
    line: tuple[Any, ...] | None
    nodes: int


_FIELDS: dict[type[Any], tuple[str, ...] | None] = {}


def _position_fields(kind: type[Any]) -> tuple[str, ...] | None:
    """The fields a position of class ``kind`` is made of (all but the :data:`COUNTERS`),
    read once per class; None when ``kind`` is not a dataclass."""
    if kind not in _FIELDS:
        _FIELDS[kind] = (
            tuple(f.name for f in dataclasses.fields(kind) if f.name not in COUNTERS)
            if dataclasses.is_dataclass(kind)
            else None
        )
    return _FIELDS[kind]


def position_key(state: Any) -> Hashable:
    """The position of ``state``: its fields but the :data:`COUNTERS` (an engine state
    is a frozen dataclass; any other hashable state is its own key)."""
    names = _position_fields(type(state))
    if names is None:
        key: Hashable = state
        return key
    return tuple(getattr(state, name) for name in names)


def solve(start: Any, progress: Callable[[Any], int], nodes: int = NODES) -> Verdict:
    """The verdict from ``start`` within ``nodes`` expanded positions: the position with
    the most ``progress`` first (the deepest among equals, so a line is followed to its
    end before its siblings), every position once.

    A position's key is made once and hashed once when it is first reached (a key is a
    tuple of the engine's piles, which does not keep its hash: hashing it again is most of
    a lookup's cost); the frontier carries it beside the state."""
    order = itertools.count()
    start_key = position_key(start)
    parents: dict[Hashable, tuple[Hashable, Any] | None] = {start_key: None}
    frontier = [(-progress(start), 0, next(order), start, start_key)]
    expanded = 0
    while frontier:
        _, depth, _, state, key = heapq.heappop(frontier)
        outcome = state.outcome  # asked once a position's turn comes: it may cost moves
        if outcome == "won":
            return Verdict(True, tuple(line_back(parents, key)), expanded)
        if outcome is not None:
            continue
        if expanded >= nodes:
            return Verdict(None, None, expanded)
        expanded += 1
        for move in state.legal_moves():
            child = state.apply(move)
            child_key = position_key(child)
            step = (key, move)
            if parents.setdefault(child_key, step) is step:  # first reached: one hash
                entry = (-progress(child), depth - 1, next(order), child, child_key)
                heapq.heappush(frontier, entry)
    return Verdict(False, None, expanded)
