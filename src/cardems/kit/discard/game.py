"""The core's declaration of any discard-family game, written once: codes, winnable-only
deals, levels from the solver's effort, the day's deal, solving, labels, text and
terminal play, ``cardems analyze``.

A game is a subclass setting ``family``, ``rules`` (a
:class:`~cardems.kit.discard.declare.DiscardRules`), ``level_cuts``, ``tagline`` and
``kind``: see ``docs/KIT.md`` ("Families").
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, ClassVar

from cardems.core.game import View
from cardems.core.labels import label_piles
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.discard.declare import DiscardRules
from cardems.kit.verdict_game import VerdictGame
from cardems.kit.verdict_text import VerdictTextPlay

if TYPE_CHECKING:
    from cardems.kit.discard.solitaire import DiscardSolitaire


class DiscardGame(VerdictGame):
    """A discard-family game from its declaration (see the module docstring)."""

    rules: ClassVar[DiscardRules]
    """With ``level_cuts`` on the greedy search's positions to a win (the thirds of
    winnable deals, ``benchmarks/discard_solver.py``): winnable-only deals, levels and the
    day's deal are the greedy search's wins (a deal won only by keeping a card that could
    go is passed over)."""
    keys_help = N_(
        "Keyboard: arrow keys move between piles, Enter or Space plays the top card (a"
        " discard, or a move to an empty pile), D deals, U undoes, R redoes."
    )

    def solitaire(self) -> DiscardSolitaire:
        from cardems.kit.discard.solitaire import solitaire_of

        return solitaire_of(self.rules)

    def verdict(self, code: DealCode, nodes: int | None = None) -> Any:
        """The solver's :class:`~cardems.kit.discard.solver.Verdict` for the deal."""
        from cardems.kit.discard.solver import NODES, solve

        return solve(self.deal(code), nodes or NODES)

    def quick_win(self, code: DealCode, nodes: int | None = None) -> Any:
        """The greedy search's verdict (:func:`~cardems.kit.discard.solver.solve`): a
        win within ``nodes`` positions (by default
        :data:`~cardems.kit.discard.solver.WINNABLE_NODES`), or undecided."""
        from cardems.kit.discard.solver import WINNABLE_NODES, solve

        return solve(self.deal(code), nodes or WINNABLE_NODES, greedy=True)

    def proves_daily(self, code: DealCode) -> bool:
        from cardems.kit.discard.solver import DAILY_NODES

        return self.quick_win(code, DAILY_NODES).winnable is True

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game``, ``piles``, ``stock`` (dealt first first), ``discarded``."""
        from cardems.kit.discard.text import layout_data

        return {"code": str(code), "game": self.family.name, **layout_data(self.deal(code))}

    def render(self, code: DealCode) -> str:
        from cardems.kit.discard.text import render_state

        return f"{code}  {self.rules.game}\n{render_state(self.deal(code))}"

    def label(self, view: View, lang: str) -> View:
        from cardems.kit.discard.labels import label_pile

        return label_piles(view, lang, label_pile)

    def text_play(self) -> VerdictTextPlay:
        from cardems.kit.discard.engine import deal, parse_move
        from cardems.kit.discard.solver import hint_verdict
        from cardems.kit.discard.text import MOVES_HELP, render_state

        rules = self.rules
        return VerdictTextPlay(
            self.family.title,
            rules.game,
            MOVES_HELP,
            functools.partial(deal, rules),
            lambda text: parse_move(text, rules.piles),
            render_state,
            hint_verdict,
        )

    def add_analyze_arguments(self, parser: Any) -> None:
        from cardems.kit.discard.commands import add_arguments

        add_arguments(parser, self)

    def analyze(self, args: Any) -> None:
        from cardems.kit.discard.commands import cmd_analyze

        cmd_analyze(args, self)
