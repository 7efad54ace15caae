"""FreeCell's and Baker's Game's solver: the family's search
(:mod:`cardems.cellgames.solver`) under their rules."""

from __future__ import annotations

from cardems.cellgames import solver
from cardems.cellgames.solver import COMPILED as COMPILED
from cardems.cellgames.solver import NODES as NODES
from cardems.cellgames.solver import SolveResult as SolveResult
from cardems.cellgames.solver import rules_of as rules_of
from cardems.freecell.rules import FreeCellState


def solve_state(
    state: FreeCellState, *, node_limit: int | None = NODES, time_limit: float | None = None
) -> SolveResult:
    """Decide ``state`` within ``node_limit`` positions, ``time_limit`` only a wall-clock
    cap that leaves it undecided (see :func:`cardems.cellgames.solver.solve_state`)."""
    return solver.solve_state(state, rules_of(state), node_limit=node_limit, time_limit=time_limit)


def progress_possible(state: FreeCellState, limit: int) -> bool | None:
    """See :func:`cardems.cellgames.solver.progress_possible`."""
    return solver.progress_possible(state, rules_of(state), limit)
