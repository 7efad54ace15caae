"""The core's declaration of any row-family game, written once: codes, winnable-only
deals, levels from the solver's effort, the day's deal, solving, labels, statistics,
text and terminal play, ``cardems analyze``.

A game is a subclass setting ``family``, ``rules`` (a
:class:`~cardems.kit.row.declare.RowRules` passed through
:func:`~cardems.kit.row.declare.declare`), ``level_cuts``, ``tagline`` and ``kind``: see
``docs/KIT.md`` ("Other families").
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from cardems.core.base import NO_SHORTEST, solve_record
from cardems.core.difficulty import DIFFICULTY, deal_of_level, level_by_cuts, level_choice
from cardems.core.game import PlayedGame, StatBlock, StatLine, View
from cardems.core.labels import label_piles
from cardems.core.registry import Unsupported
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit import KitGame
from cardems.kit.row.declare import RowRules

if TYPE_CHECKING:
    from cardems.kit.row.solitaire import RowSolitaire
    from cardems.kit.row.text import RowTextPlay

LEVEL_TRIES = 100
"""Random deals drawn at most for a winnable deal of the level asked."""
FEWEST_PILES = N_("Fewest piles left")


class RowGame(KitGame):
    """A row-family game from its declaration (see the module docstring)."""

    rules: ClassVar[RowRules]
    level_cuts: ClassVar[tuple[int, int]]
    """Positions the solver expands to win a deal: below the first the deal is easy, from
    the second on hard (``benchmarks/row_solver.py --levels``)."""
    can_solve = True
    can_analyze = True
    analyze_help = "decide random deals: the winnable share, its 95 percent interval, the times"
    options = (DIFFICULTY,)
    keys_help = N_(
        "Keyboard: arrow keys move between piles, Enter or Space selects a pile, Enter or"
        " Space on another pile moves the selected pile onto it, U undoes, R redoes."
    )

    def solitaire(self) -> RowSolitaire:
        from cardems.kit.row.solitaire import solitaire_of

        return solitaire_of(self.rules)

    def _draw(self, variant: str) -> DealCode:
        number = secrets.randbelow(self.family.max_number + 1)
        return DealCode(self.family.prefix, self.family.versions[-1], variant, number)

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random deal; with ``winnable`` only deals the solver proves winnable within
        :data:`~cardems.kit.row.solver.WINNABLE_NODES` positions."""
        while True:
            code = self._draw(variant)
            if not winnable or self.proves_winnable(code):
                return code

    def verdict(self, code: DealCode, nodes: int | None = None) -> Any:
        """The solver's :class:`~cardems.kit.row.solver.Verdict` for the deal."""
        from cardems.kit.row.solver import NODES, solve

        return solve(self.deal(code), nodes or NODES)

    def quick_win(self, code: DealCode, nodes: int | None = None) -> Any:
        """The verdict within ``nodes`` positions (by default
        :data:`~cardems.kit.row.solver.WINNABLE_NODES`)."""
        from cardems.kit.row.solver import WINNABLE_NODES, solve

        return solve(self.deal(code), nodes or WINNABLE_NODES)

    def proves_winnable(self, code: DealCode) -> bool:
        return self.quick_win(code).winnable is True

    def proves_daily(self, code: DealCode) -> bool:
        from cardems.kit.row.solver import DAILY_NODES

        return self.quick_win(code, DAILY_NODES).winnable is True

    def level_of(self, code: DealCode) -> str | None:
        """The deal's level by the positions the search took to win it (None: no win
        within the winnable-only budget)."""
        found = self.quick_win(code)
        return level_by_cuts(found.nodes if found.winnable else None, *self.level_cuts)

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        title = self.family.title
        return deal_of_level(level, lambda: self._draw(variant), self.level_of, LEVEL_TRIES, title)

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game``, ``piles`` (the row left to right, each bottom → top)."""
        from cardems.kit.row.text import layout_data

        return {"code": str(code), "game": self.family.name, **layout_data(self.deal(code))}

    def render(self, code: DealCode) -> str:
        from cardems.kit.row.text import render_state

        return f"{code}  {self.rules.game}\n{render_state(self.deal(code))}"

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """``winnable`` (null: undecided within the positions) and a winning line."""
        return self.solve_within(code, shortest=shortest)

    def solve_within(
        self,
        code: DealCode,
        *,
        shortest: bool = False,
        nodes: int | None = None,
        seconds: float | None = None,
    ) -> dict[str, Any]:
        """The verdict within ``nodes`` positions (bounded by positions alone)."""
        if shortest:
            raise Unsupported(NO_SHORTEST % {"game": self.family.title})
        found = self.verdict(code, nodes)
        line = [str(move) for move in found.line] if found.line else None
        record = solve_record(code, found.winnable, line)
        record["nodes"] = found.nodes
        return record

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

    def text_play(self) -> RowTextPlay:
        from cardems.kit.row.text import RowTextPlay

        return RowTextPlay(self.rules, self.family.title)

    def add_analyze_arguments(self, parser: Any) -> None:
        from cardems.kit.row.commands import add_arguments

        add_arguments(parser, self)

    def analyze(self, args: Any) -> None:
        from cardems.kit.row.commands import cmd_analyze

        cmd_analyze(args, self)
