"""The core's declaration of any spaces-family game, written once: the verdicts that
make winnable-only deals, levels and the day's deal, labels, text and terminal play,
``cardems analyze`` (codes, level deals and ``cardems solve`` are
:class:`~cardems.kit.verdict_game.VerdictGame`'s).

A game is a subclass setting ``family``, ``rules`` (a
:class:`~cardems.kit.spaces.declare.SpacesRules` through ``declare``), ``level_cuts``,
``tagline`` and ``kind``: see ``docs/KIT.md`` ("Other families").
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar

from cardems.core.game import View
from cardems.core.labels import label_piles
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.spaces.declare import SpacesRules
from cardems.kit.verdict_game import VerdictGame
from cardems.kit.verdict_text import VerdictTextPlay

if TYPE_CHECKING:
    from cardems.kit.spaces.solitaire import SpacesSolitaire
    from cardems.kit.spaces.solver import Verdict


class SpacesGame(VerdictGame):
    """A spaces-family game from its declaration (see the module docstring)."""

    rules: ClassVar[SpacesRules]
    level_cuts: ClassVar[tuple[int, int]]
    """Positions the solver expands to win a deal: below the first the deal is easy, from
    the second on hard (the thirds of the deals won within the winnable-only budget)."""
    level_tries = 60
    keys_help = N_(
        "Keyboard: arrow keys move between places, Enter or Space moves a card into its"
        " space (or selects it, then Enter on a space moves it there), D redeals, U"
        " undoes, R redoes."
    )

    def solitaire(self) -> SpacesSolitaire:
        from cardems.kit.spaces.solitaire import solitaire_of

        return solitaire_of(self.rules)

    def verdict(self, code: DealCode, nodes: int | None = None) -> Verdict:
        """The solver's :class:`~cardems.kit.spaces.solver.Verdict` for the deal."""
        from cardems.kit.spaces.solver import NODES, solve

        return solve(self.deal(code), nodes or NODES)

    def quick_win(self, code: DealCode, nodes: int | None = None) -> Verdict:
        """The verdict within the winnable-only budget (winnable-only deals, levels)."""
        from cardems.kit.spaces.solver import WINNABLE_NODES

        return self.verdict(code, nodes or WINNABLE_NODES)

    def proves_daily(self, code: DealCode) -> bool:
        from cardems.kit.spaces.solver import DAILY_NODES

        return self.verdict(code, DAILY_NODES).winnable is True

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game``, ``rows`` (None for a space), ``redeals``, ``score``."""
        from cardems.kit.spaces.text import layout_data

        return {"code": str(code), "game": self.family.name, **layout_data(self.deal(code))}

    def render(self, code: DealCode) -> str:
        from cardems.kit.spaces.text import render_state

        return f"{code}  {self.rules.game}\n{render_state(self.deal(code))}"

    def label(self, view: View, lang: str) -> View:
        from cardems.kit.spaces.labels import labeller

        return label_piles(view, lang, labeller(self.rules.columns))

    def text_play(self) -> VerdictTextPlay:
        from cardems.kit.spaces.engine import deal, parse_move
        from cardems.kit.spaces.solver import solve
        from cardems.kit.spaces.text import MOVES_HELP, render_state

        rules = self.rules
        return VerdictTextPlay(
            self.family.title,
            rules.game,
            MOVES_HELP,
            functools.partial(deal, rules),
            lambda text: parse_move(text, rules),
            render_state,
            solve,
        )

    def add_analyze_arguments(self, parser: Any) -> None:
        from cardems.kit.spaces.commands import add_arguments

        add_arguments(parser, self)

    def analyze(self, args: Any) -> None:
        from cardems.kit.spaces.commands import cmd_analyze

        cmd_analyze(args, self)
