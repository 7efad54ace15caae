"""The core's declaration of any row-family game, written once: codes, winnable-only
deals, levels from the solver's effort, the day's deal, solving, labels, statistics,
text and terminal play, ``cardems analyze``.

A game is a subclass setting ``family``, ``rules`` (a
:class:`~cardems.kit.row.declare.RowRules` passed through
:func:`~cardems.kit.row.declare.declare`), ``level_cuts``, ``tagline`` and ``kind``: see
``docs/KIT.md`` ("Other families").
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from cardems.core.game import PlayedGame, StatBlock, StatLine, View
from cardems.core.labels import label_piles
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.row.declare import RowRules
from cardems.kit.verdict_game import VerdictGame
from cardems.kit.verdict_text import VerdictTextPlay

if TYPE_CHECKING:
    from cardems.kit.row.solitaire import RowSolitaire

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

    def solitaire(self) -> RowSolitaire:
        from cardems.kit.row.solitaire import solitaire_of

        return solitaire_of(self.rules)

    def verdict(self, code: DealCode, nodes: int | None = None) -> Any:
        """The solver's :class:`~cardems.kit.row.solver.Verdict` for the deal."""
        from cardems.kit.row.solver import NODES, solve

        return solve(self.deal(code), nodes or NODES)

    def quick_win(self, code: DealCode, nodes: int | None = None) -> Any:
        """The verdict within ``nodes`` positions (by default
        :data:`~cardems.kit.row.solver.WINNABLE_NODES`)."""
        from cardems.kit.row.solver import WINNABLE_NODES, solve

        return solve(self.deal(code), nodes or WINNABLE_NODES)

    def proves_daily(self, code: DealCode) -> bool:
        from cardems.kit.row.solver import DAILY_NODES

        return self.quick_win(code, DAILY_NODES).winnable is True

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game``, ``piles`` (the row left to right, each bottom → top)."""
        from cardems.kit.row.text import layout_data

        return {"code": str(code), "game": self.family.name, **layout_data(self.deal(code))}

    def render(self, code: DealCode) -> str:
        from cardems.kit.row.text import render_state

        return f"{code}  {self.rules.game}\n{render_state(self.deal(code))}"

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

    def label(self, view: View, lang: str) -> View:
        from cardems.kit.row.labels import label_pile

        return label_piles(view, lang, label_pile)

    def text_play(self) -> VerdictTextPlay:
        from cardems.kit.row.engine import deal, parse_move
        from cardems.kit.row.solver import hint_verdict
        from cardems.kit.row.text import MOVES_HELP, render_state

        rules = self.rules
        return VerdictTextPlay(
            self.family.title,
            rules.game,
            MOVES_HELP,
            functools.partial(deal, rules),
            lambda text: parse_move(text, rules.deal),
            render_state,
            hint_verdict,
        )

    def add_analyze_arguments(self, parser: Any) -> None:
        from cardems.kit.row.commands import add_arguments

        add_arguments(parser, self)

    def analyze(self, args: Any) -> None:
        from cardems.kit.row.commands import cmd_analyze

        cmd_analyze(args, self)
