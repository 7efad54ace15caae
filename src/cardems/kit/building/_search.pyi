"""The build family's best-first search, compiled from ``_search.c``: the same search as
:func:`cardems.kit.building.solver.py_solve_state`, position for position."""

RawMove = tuple[str, int, str, int, int]
Start = tuple[
    tuple[bytes, ...],
    bytes,
    tuple[int, int, int, int],
    tuple[bytes, bytes, int, bytes] | None,
    bytes,
    tuple[bytes, ...],
    tuple[int, ...],
]
"""A position and its rules as ``solver._compiled_start`` writes them: (columns, cells,
foundations, talon — None for a game with neither stock nor reserve —, fits, builders,
flags)."""

def search(
    start: Start, node_limit: int, time_limit: float, /
) -> tuple[bool | None, int, bool, list[RawMove]]:
    """Search ``start`` (unsettled) within ``node_limit`` positions expanded (-1: no
    limit) and ``time_limit`` seconds (-1: no cap): (winnable True / False / None,
    positions expanded, whether the clock stopped it, the winning line's raw moves from
    the start, the first settling's included)."""

def progress(start: Start, limit: int, /) -> bool | None:
    """The stuck check of ``solver.py_progress_possible`` from ``start`` (unsettled):
    True, False, or None past ``limit`` positions seen."""
