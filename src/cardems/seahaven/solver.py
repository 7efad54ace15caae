"""Seahaven Towers' solver: the family's search (:mod:`cardems.cellgames.solver`) under
its rules: ten columns, building by suit, only kings into an empty column, one to four
free cells (the state's)."""

from __future__ import annotations

from cardems.cellgames import solver
from cardems.cellgames.solver import Rules
from cardems.cellgames.solver import SolveResult as SolveResult
from cardems.seahaven.rules import COLUMNS, SeahavenState


def rules_of(state: SeahavenState) -> Rules:
    """Seahaven's rules with the state's free cells."""
    return Rules(COLUMNS, len(state.cells), by_suit=True, kings_only=True)


def solve_state(
    state: SeahavenState, *, node_limit: int | None = None, time_limit: float | None = None
) -> SolveResult:
    """Decide ``state`` (see :func:`cardems.cellgames.solver.solve_state`)."""
    return solver.solve_state(state, rules_of(state), node_limit=node_limit, time_limit=time_limit)


def progress_possible(state: SeahavenState, limit: int) -> bool | None:
    """See :func:`cardems.cellgames.solver.progress_possible`."""
    return solver.progress_possible(state, rules_of(state), limit)
