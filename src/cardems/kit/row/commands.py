"""``cardems analyze GAME`` for a row-family game (:mod:`cardems.kit.analyze`).

cardems analyze accordion --deals 1000 --jobs 1
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardems.kit import analyze

if TYPE_CHECKING:
    from cardems.kit.row.game import RowGame

CHUNK = 4
"""Deals a task of :mod:`cardems.batch` (a deal takes some 40 ms at the median)."""


def cmd_analyze(args: Any, game: RowGame) -> None:
    """Decide the deals ``--start`` … and print the figures."""
    analyze.cmd_analyze(args, game, CHUNK)


def add_arguments(parser: Any, game: RowGame) -> None:
    """The options of ``cardems analyze GAME``."""
    from cardems.kit.row.solver import NODES

    analyze.add_arguments(parser, game, NODES)
