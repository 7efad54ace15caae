"""The core's declaration of any spaces-family game, written once: the verdicts that
make winnable-only deals, levels and the day's deal, labels, text and terminal play,
``cardems analyze`` (codes, level deals and ``cardems solve`` are
:class:`~cardems.kit.verdict_game.VerdictGame`'s).

A game is a subclass setting ``family``, ``rules`` (a
:class:`~cardems.kit.spaces.declare.SpacesRules` through ``declare``), ``level_cuts``,
``tagline`` and ``kind``: see ``docs/KIT.md`` ("Other families").
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardems.i18n.markers import N_
from cardems.kit.spaces.declare import SpacesRules
from cardems.kit.verdict_game import VerdictGame


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
    family_package = "cardems.kit.spaces"
    analyze_chunk = 8  # a deal takes some tens of milliseconds
    analyze_deals = 200

    def parse_move(self, text: str) -> Any:
        from cardems.kit.spaces.engine import parse_move

        return parse_move(text, self.rules)

    def pile_labeller(self) -> Any:
        from cardems.kit.spaces.labels import labeller

        return labeller(self.rules.columns)
