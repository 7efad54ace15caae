"""``cardems analyze GAME`` for a discard-family game (:mod:`cardems.kit.analyze`).

cardems analyze aces-up --deals 2000 --start 100000 --jobs 2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardems.kit import analyze

if TYPE_CHECKING:
    from cardems.kit.discard.game import DiscardGame

CHUNK = 64
"""Deals a task of :mod:`cardems.batch` (a deal takes about a millisecond)."""


def cmd_analyze(args: Any, game: DiscardGame) -> None:
    """Decide the deals ``--start`` … and print the figures."""
    analyze.cmd_analyze(args, game, CHUNK)


def add_arguments(parser: Any, game: DiscardGame) -> None:
    """The options of ``cardems analyze GAME``."""
    from cardems.kit.discard.solver import NODES

    analyze.add_arguments(parser, game, NODES)
