"""Seahaven Towers' solver: the family's search (:mod:`cardems.cellgames.solver`) under
its rules: ten columns, building by suit, only kings into an empty column, one to four
free cells (the state's)."""

from __future__ import annotations

from cardems.cellgames import solver
from cardems.cellgames.solver import NODES as NODES
from cardems.cellgames.solver import SolveResult as SolveResult
from cardems.cellgames.solver import rules_of as rules_of
from cardems.seahaven.rules import SeahavenState

ALONE = 2_000
"""Positions the first search expands alone (see :func:`cardems.cellgames.solver.solve_state`):
most Seahaven deals with one or two cells are lost, and most deals are won or proved lost
within it (the p95 of positions searched, deals 0-299: 4 cells 3,890 → 1,477, 2 cells
2,330 → 794; the median unchanged)."""


def solve_state(
    state: SeahavenState, *, node_limit: int | None = NODES, time_limit: float | None = None
) -> SolveResult:
    """Decide ``state`` within ``node_limit`` positions, ``time_limit`` only a wall-clock
    cap that leaves it undecided (see :func:`cardems.cellgames.solver.solve_state`)."""
    return solver.solve_state(
        state, rules_of(state), node_limit=node_limit, time_limit=time_limit, alone=ALONE
    )


def progress_possible(state: SeahavenState, limit: int) -> bool | None:
    """See :func:`cardems.cellgames.solver.progress_possible`."""
    return solver.progress_possible(state, rules_of(state), limit)
