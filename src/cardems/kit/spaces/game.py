"""The core's declaration of any spaces-family game, written once: codes, winnable-only
deals, levels from the solver's effort, the day's deal, solving, labels, text and
terminal play, ``cardems analyze``.

A game is a subclass setting ``family``, ``rules`` (a
:class:`~cardems.kit.spaces.declare.SpacesRules` through ``declare``), ``level_cuts``,
``tagline`` and ``kind``: see ``docs/KIT.md`` ("Other families").
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any, ClassVar

from cardems.core.base import NO_SHORTEST, solve_record
from cardems.core.difficulty import DIFFICULTY, deal_of_level, level_by_cuts, level_choice
from cardems.core.game import View
from cardems.core.labels import label_piles
from cardems.core.registry import Unsupported
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit import KitGame
from cardems.kit.spaces.declare import SpacesRules

if TYPE_CHECKING:
    from cardems.kit.spaces.solitaire import SpacesSolitaire
    from cardems.kit.spaces.solver import Verdict
    from cardems.kit.spaces.text import SpacesTextPlay

LEVEL_TRIES = 60
"""Random deals drawn at most for a winnable deal of the level asked."""


class SpacesGame(KitGame):
    """A spaces-family game from its declaration (see the module docstring)."""

    rules: ClassVar[SpacesRules]
    level_cuts: ClassVar[tuple[int, int]]
    """Positions the solver expands to win a deal: below the first the deal is easy, from
    the second on hard (the thirds of the deals won within the winnable-only budget)."""
    can_solve = True
    can_analyze = True
    analyze_help = "decide random deals: the winnable share, its 95 percent interval, the times"
    options = (DIFFICULTY,)
    keys_help = N_(
        "Keyboard: arrow keys move between places, Enter or Space moves a card into its"
        " space (or selects it, then Enter on a space moves it there), D redeals, U"
        " undoes, R redoes."
    )

    def solitaire(self) -> SpacesSolitaire:
        from cardems.kit.spaces.solitaire import solitaire_of

        return solitaire_of(self.rules)

    def _draw(self, variant: str) -> DealCode:
        number = secrets.randbelow(self.family.max_number + 1)
        return DealCode(self.family.prefix, self.family.versions[-1], variant, number)

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random deal; with ``winnable`` only deals the solver proves winnable within
        :data:`~cardems.kit.spaces.solver.WINNABLE_NODES` positions."""
        while True:
            code = self._draw(variant)
            if not winnable or self.proves_winnable(code):
                return code

    def verdict(self, code: DealCode, nodes: int | None = None) -> Verdict:
        """The solver's :class:`~cardems.kit.spaces.solver.Verdict` for the deal."""
        from cardems.kit.spaces.solver import NODES, solve

        return solve(self.deal(code), nodes or NODES)

    def proves_winnable(self, code: DealCode) -> bool:
        from cardems.kit.spaces.solver import WINNABLE_NODES

        return self.verdict(code, WINNABLE_NODES).winnable is True

    def proves_daily(self, code: DealCode) -> bool:
        from cardems.kit.spaces.solver import DAILY_NODES

        return self.verdict(code, DAILY_NODES).winnable is True

    def level_of(self, code: DealCode) -> str | None:
        """The deal's level by the positions the search took to win it (None: no win
        within the winnable-only budget)."""
        from cardems.kit.spaces.solver import WINNABLE_NODES

        found = self.verdict(code, WINNABLE_NODES)
        return level_by_cuts(found.nodes if found.winnable else None, *self.level_cuts)

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        title = self.family.title
        return deal_of_level(level, lambda: self._draw(variant), self.level_of, LEVEL_TRIES, title)

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game``, ``rows`` (None for a space), ``redeals``, ``score``."""
        from cardems.kit.spaces.text import layout_data

        return {"code": str(code), "game": self.family.name, **layout_data(self.deal(code))}

    def render(self, code: DealCode) -> str:
        from cardems.kit.spaces.text import render_state

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
        """The verdict within ``nodes`` positions (``seconds`` is not needed: the search
        is bounded by positions alone)."""
        if shortest:
            raise Unsupported(NO_SHORTEST % {"game": self.family.title})
        found = self.verdict(code, nodes)
        line = [str(move) for move in found.line] if found.line else None
        record = solve_record(code, found.winnable, line)
        record["nodes"] = found.nodes
        return record

    def label(self, view: View, lang: str) -> View:
        from cardems.kit.spaces.labels import labeller

        return label_piles(view, lang, labeller(self.rules.columns))

    def text_play(self) -> SpacesTextPlay:
        from cardems.kit.spaces.text import SpacesTextPlay

        return SpacesTextPlay(self.rules, self.family.title)

    def add_analyze_arguments(self, parser: Any) -> None:
        from cardems.kit.spaces.commands import add_arguments

        add_arguments(parser, self)

    def analyze(self, args: Any) -> None:
        from cardems.kit.spaces.commands import cmd_analyze

        cmd_analyze(args, self)
