"""The build family's best-first search, compiled from ``_search.c``: the same search as
:func:`cardems.kit.building.solver.py_solve_state`, position for position."""

RawMove = tuple[str, int, str, int, int]

def search(
    cols: tuple[bytes, ...],
    cells: bytes,
    found: tuple[int, int, int, int],
    talon: tuple[bytes, bytes, int, bytes] | None,
    fits: bytes,
    builders: tuple[bytes, ...],
    flags: tuple[int, ...],
    node_limit: int,
    time_limit: float,
    /,
) -> tuple[bool | None, int, bool, list[RawMove]]:
    """Search a position (``solver.encode``'s, unsettled; ``talon`` None for a game with
    neither stock nor reserve) within ``node_limit`` positions expanded (-1: no limit) and
    ``time_limit`` seconds (-1: no cap): (winnable True / False / None, positions
    expanded, whether the clock stopped it, the winning line's raw moves from the start,
    the first settling's included)."""

def progress(
    cols: tuple[bytes, ...],
    cells: bytes,
    found: tuple[int, int, int, int],
    talon: tuple[bytes, bytes, int, bytes] | None,
    fits: bytes,
    builders: tuple[bytes, ...],
    flags: tuple[int, ...],
    limit: int,
    /,
) -> bool | None:
    """The stuck check of ``solver.py_progress_possible`` from a position (unsettled):
    True, False, or None past ``limit`` positions seen."""
