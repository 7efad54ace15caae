"""TriPeaks' declaration for the core: codes, deal, solver, table, labels."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from cardems.core import kinds
from cardems.core.base import solve_record
from cardems.core.difficulty import DIFFICULTY, level_choice
from cardems.core.game import View
from cardems.core.labels import label_piles
from cardems.dealcode import DealCode, GameFamily
from cardems.i18n.markers import N_
from cardems.kit import KitGame

if TYPE_CHECKING:
    from cardems.tripeaks.table import TriPeaksSolitaire

FAMILY = GameFamily("TP", "tripeaks", N_("TriPeaks"), ("W", "N"), 7)
"""``TP1-W-…``: K and A one apart (Microsoft's); ``TP1-N-…``: no wrap."""


class TriPeaks(KitGame):
    """TriPeaks (``TP1-W-…``, ``TP1-N-…``): three peaks cleared onto the waste."""

    family = FAMILY
    can_solve = True
    can_analyze = True
    analyze_help = "decide random deals: the winnable share, its 95 percent interval, the times"
    options = (DIFFICULTY,)
    variant_legend = N_("King and ace")
    variant_labels = (
        (N_("One apart: K–A–2 (Microsoft)"), 0),
        (N_("Not one apart (no wrap)"), 0),
    )
    tagline = N_(
        "Three peaks of cards: play one a rank above or below the waste's card, in long"
        " streaks, until the peaks are gone."
    )
    kind = kinds.GOLF_TYPE
    keys_help = N_(
        "Keyboard: arrow keys move between cards, Enter or Space plays the card onto the"
        " waste, D turns a stock card, U undoes, R redoes."
    )

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """A random deal; with a difficulty level, a winnable deal of that level (see
        :mod:`cardems.tripeaks.difficulty`)."""
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        from cardems.tripeaks.difficulty import deal_of_level

        return deal_of_level(level, lambda: self.random_code(variant, winnable=True))

    def solitaire(self) -> TriPeaksSolitaire:
        """The kit's hooks (:mod:`cardems.tripeaks.table`), loaded on demand."""
        from cardems.tripeaks.table import SOLITAIRE

        return SOLITAIRE

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random deal (numbers from :mod:`secrets`); with ``winnable`` only deals the
        solver proves winnable (97 % of them with the wrap, 72 % without)."""
        from cardems.tripeaks.rules import deal
        from cardems.tripeaks.solver import solve

        version = self.family.versions[-1]
        while True:
            number = secrets.randbelow(self.family.max_number + 1)
            code = DealCode(self.family.prefix, version, variant, number)
            if not winnable or solve(deal(code)).winnable:
                return code

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game``, ``peaks`` (positions 1–28), ``waste``, ``stock`` (next
        turned first)."""
        from cardems.tripeaks.rules import deal
        from cardems.tripeaks.text import layout_data

        return {"code": str(code), "game": self.family.name, **layout_data(deal(code))}

    def render(self, code: DealCode) -> str:
        """The initial layout as text."""
        from cardems.tripeaks.rules import deal
        from cardems.tripeaks.text import render_state

        return f"{code}  TriPeaks\n{render_state(deal(code))}"

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """``winnable`` (null: undecided) and a winning line. With ``shortest`` the
        shortest win (the fewest stock cards turned) and ``"proven": true`` when its
        search ends within its budget of positions, which it does for all but the rarest
        deals, else the verdict's line (best known) and ``"proven": false``; a lost deal
        is proven when the verdict is."""
        from cardems.tripeaks.rules import deal
        from cardems.tripeaks.solver import shortest_win, solve

        state = deal(code)
        verdict = solve(state)
        line = verdict.line
        proven = verdict.winnable is False
        if shortest and line is not None:
            short = shortest_win(state)
            proven = short is not None
            line = short or line
        record = solve_record(
            code, verdict.winnable, None if line is None else [str(move) for move in line]
        )
        if shortest:
            record["proven"] = proven
        return record

    def label(self, view: View, lang: str) -> View:
        """Peak positions, stock and waste, named for screen readers."""
        from cardems.tripeaks.labels import label_pile

        return label_piles(view, lang, label_pile)

    def add_analyze_arguments(self, parser: Any) -> None:
        """The options of ``cardems analyze tripeaks``."""
        from cardems.tripeaks.commands import add_arguments

        add_arguments(parser)

    def analyze(self, args: Any) -> None:
        """``cardems analyze tripeaks`` (see :mod:`cardems.tripeaks.commands`)."""
        from cardems.tripeaks.commands import cmd_analyze

        cmd_analyze(args)


GAME = TriPeaks()
