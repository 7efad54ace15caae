"""``cardems analyze GAME`` for a spaces-family game: decide many deals, print the
winnable share with its 95 % interval (Wilson's) and the solver's CPU time per deal.

    cardems analyze gaps --deals 200 --start 0 --jobs 1

The options, the counting and the printing are the discard family's
(:mod:`cardems.kit.discard.commands`, which asks the game's ``verdict``); the default
budget and number of deals are this family's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardems.kit.discard import commands
from cardems.kit.discard.commands import cmd_analyze

if TYPE_CHECKING:
    from cardems.kit.spaces.game import SpacesGame

__all__ = ["add_arguments", "cmd_analyze"]


def add_arguments(parser: Any, game: SpacesGame) -> None:
    """The options of ``cardems analyze GAME``: 200 deals, :data:`NODES` positions each."""
    from cardems.kit.spaces.solver import NODES

    commands.add_arguments(parser, game, nodes=NODES, deals=200)
