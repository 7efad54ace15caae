"""``cardems analyze GAME`` for a spaces-family game: decide many deals, print the
winnable share with its 95 % interval (Wilson's) and the solver's CPU time per deal.

    cardems analyze gaps --deals 200 --start 0 --jobs 1

The counting and printing are the discard family's (:mod:`cardems.kit.discard.commands`,
which asks the game's ``verdict``); the options' default budget is this family's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardems.argtypes import positive, whole
from cardems.batch import add_cluster_argument
from cardems.i18n.markers import N_
from cardems.kit.discard.commands import cmd_analyze

if TYPE_CHECKING:
    from cardems.kit.spaces.game import SpacesGame

__all__ = ["add_arguments", "cmd_analyze"]


def add_arguments(parser: Any, game: SpacesGame) -> None:
    """The options of ``cardems analyze GAME``."""
    from cardems.kit.spaces.solver import NODES

    family = game.family
    parser.add_argument("--variant", choices=family.variants, default=family.variants[0])
    parser.add_argument("--deals", type=positive, default=200, help=N_("how many deals to solve"))
    parser.add_argument(
        "--start", type=whole(0, family.max_number), default=0, help=N_("the first deal number")
    )
    parser.add_argument(
        "--nodes", type=positive, default=NODES, help=N_("positions the search may visit per deal")
    )
    parser.add_argument("--jobs", type=positive, default=1, help=N_("worker processes"))
    add_cluster_argument(parser)
