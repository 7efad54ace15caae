"""The ``cardems analyze`` options every game of the cell family shares: the verdict's
bound in positions, a wall-clock cap past which a deal stays undecided, and where the
work runs."""

from __future__ import annotations

from typing import Any

from cardems.argtypes import positive, seconds
from cardems.batch import add_batch_arguments
from cardems.cellgames.solver import NODES
from cardems.i18n.markers import N_


def add_analyze_options(parser: Any) -> None:
    """``--nodes`` (the verdict's bound), ``--budget`` (a clock cap, never a verdict),
    ``--jobs`` and ``--cluster``."""
    parser.add_argument(
        "--nodes",
        type=positive,
        default=NODES,
        help=N_("positions each deal's search may expand (the verdict's bound)"),
    )
    parser.add_argument(
        "--budget",
        type=seconds,
        default=None,
        help=N_("wall-clock cap in seconds per deal, past which it stays undecided"),
    )
    add_batch_arguments(parser)
