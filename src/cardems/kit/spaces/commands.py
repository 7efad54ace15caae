"""``cardems analyze GAME`` for a spaces-family game: decide many deals, print the
winnable share with its 95 % interval (Wilson's) and the solver's CPU time per deal.

    cardems analyze gaps --deals 200 --start 0 --jobs 1

The options, the counting and the printing are :mod:`cardems.kit.analyze`'s (which asks
the game's ``verdict``); the default budget and number of deals are this family's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardems.kit import analyze

if TYPE_CHECKING:
    from cardems.kit.spaces.game import SpacesGame

CHUNK = 8
"""Deals a task of :mod:`cardems.batch` (a deal takes some tens of milliseconds)."""


def cmd_analyze(args: Any, game: SpacesGame) -> None:
    """Decide the deals ``--start`` … and print the figures."""
    analyze.cmd_analyze(args, game, CHUNK)


def add_arguments(parser: Any, game: SpacesGame) -> None:
    """The options of ``cardems analyze GAME``: 200 deals, :data:`NODES` positions each."""
    from cardems.kit.spaces.solver import NODES

    analyze.add_arguments(parser, game, NODES, deals=200)
