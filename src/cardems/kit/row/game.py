"""The core's declaration of any row-family game, written once: codes, winnable-only
deals, levels from the solver's effort, the day's deal, solving, labels, statistics,
text and terminal play, ``cardems analyze``.

A game is a subclass setting ``family``, ``rules`` (a
:class:`~cardems.kit.row.declare.RowRules` passed through
:func:`~cardems.kit.row.declare.declare`), ``level_cuts``, ``tagline`` and ``kind``: see
``docs/KIT.md`` ("Other families").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from cardems.core.game import PlayedGame, StatBlock, StatLine
from cardems.i18n.markers import N_
from cardems.kit.row.declare import RowRules
from cardems.kit.verdict_game import VerdictGame

FEWEST_PILES = N_("Fewest piles left")


class RowGame(VerdictGame):
    """A row-family game from its declaration (see the module docstring)."""

    rules: ClassVar[RowRules]
    """With ``level_cuts`` on the positions to a win within
    :data:`~cardems.kit.row.solver.WINNABLE_NODES` (``benchmarks/row_solver.py --levels``)."""
    level_tries = 100
    keys_help = N_(
        "Keyboard: arrow keys move between piles, Enter or Space selects a pile, Enter or"
        " Space on another pile moves the selected pile onto it, U undoes, R redoes."
    )
    family_package = "cardems.kit.row"
    analyze_chunk = 4  # a deal takes some 40 ms at the median

    def parse_move(self, text: str) -> Any:
        from cardems.kit.row.engine import parse_move

        return parse_move(text, self.rules.deal)

    def statistics(self, games: Sequence[PlayedGame]) -> list[StatBlock]:
        """The solitaire's blocks, with the fewest piles a finished game left (the score
        counts the piles gathered: the cards dealt less the piles left)."""
        blocks = super().statistics(games)
        out = []
        for block in blocks:
            scores = [g.score for g in games if g.variant == block.variant]
            fewest = self.rules.deal - max(scores) if scores else None
            line = StatLine("fewest_piles", FEWEST_PILES, fewest)
            out.append(replace(block, lines=(*block.lines, line)))
        return out
