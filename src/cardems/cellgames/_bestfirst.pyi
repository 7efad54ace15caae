"""The FreeCell family's best-first search, compiled from ``_bestfirst.c``: the same search
as :func:`cardems.cellgames.solver._py_search`, position for position."""

from typing import Literal

RawMove = tuple[str, int, str, int, int]
Start = tuple[tuple[bytes, ...], bytes, tuple[int, int, int, int]]
"""A settled position: (columns, cells, foundations' heights)."""
Rules = tuple[int, int, bool, bool]
"""Columns, cells, building by suit, kings only into empty columns."""

class Search:
    """One best-first search from a settled position by one weighting, under ``rules``
    (columns, cells, building by suit, kings only into empty columns)."""

    def __init__(
        self, start: Start, rules: Rules, weights: tuple[int, int, int, int, int, int]
    ) -> None: ...
    def send(self, budget: int, /) -> tuple[list[RawMove] | Literal[False] | None, int, int]:
        """Expand up to ``budget`` positions: (the winning line, or False once every
        position is searched, or None; positions expanded; entries held)."""

class Shortest(Search):
    """A* for the shortest win from a settled position (``cardems.cellgames.shortest``)."""

    def __init__(self, start: Start, rules: Rules) -> None: ...
    def send(self, budget: int, /) -> tuple[list[RawMove] | Literal[False] | None, int, int]:
        """Expand up to ``budget`` positions: (the shortest win's moves less the safe moves
        home after each, or False once every position is searched, or None; positions
        expanded; entries held)."""
