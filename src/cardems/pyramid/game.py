"""Pyramid's declaration for the core: codes, deal, solver, table, labels."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from cardems.core.base import solve_record
from cardems.core.difficulty import DIFFICULTY, level_choice
from cardems.core.game import View
from cardems.core.labels import label_piles
from cardems.dealcode import DealCode, GameFamily
from cardems.i18n.markers import N_
from cardems.kit import KitGame

if TYPE_CHECKING:
    from cardems.pyramid.table import PyramidSolitaire

FAMILY = GameFamily("PY", "pyramid", N_("Pyramid"), ("P3", "P1", "P2", "U"), 7)
WINNABLE_NODES = 1_000_000
"""Chain positions the check of a new winnable-only deal may visit (about a fifth of a
second compiled; a deal past it is not dealt; most winnable ones take a few thousand)."""


class Pyramid(KitGame):
    """Pyramid (``PY1-P3-…``): pairs that make 13, Microsoft's rules, 3 passes by default."""

    family = FAMILY
    can_solve = True
    can_analyze = True
    analyze_help = N_("decide random Pyramid deals: winnable share and time per deal")
    compiled_modules = ("cardems.pyramid._astar",)
    options = (DIFFICULTY,)
    variant_legend = N_("Passes through the stock")
    variant_labels = (
        (N_("Passes: %(num)d (Microsoft)"), 3),
        (N_("Passes: %(num)d"), 1),
        (N_("Passes: %(num)d"), 2),
        (N_("Unlimited passes"), 0),
    )
    tagline = N_(
        "Clear the pyramid: remove pairs that make 13, kings alone, with the help of"
        " the stock and three passes through it."
    )
    keys_help = N_(
        "Keyboard: arrow keys move between cards, Enter or Space selects and pairs,"
        " D draws a card, U undoes, R redoes, Esc cancels the selection."
    )

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """A random deal; with a difficulty level, a winnable deal of that level."""
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        from cardems.pyramid.difficulty import deal_of_level

        return deal_of_level(level, lambda: self.random_code(variant, winnable=True))

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random deal (numbers from :mod:`secrets`); with ``winnable`` only deals the
        solver proves winnable within :data:`WINNABLE_NODES`."""
        from cardems.kit.pairs.decide import decide
        from cardems.pyramid.rules import deal

        version = self.family.versions[-1]
        while True:
            number = secrets.randbelow(self.family.max_number + 1)
            code = DealCode(self.family.prefix, version, variant, number)
            if not winnable or decide(deal(code), WINNABLE_NODES).winnable:
                return code

    def solitaire(self) -> PyramidSolitaire:
        """Pyramid's hooks for the kit (imported on demand)."""
        from cardems.pyramid.table import SOLITAIRE

        return SOLITAIRE

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game``, ``pyramid`` (positions 1–28), ``stock`` (top first), ``waste``."""
        from cardems.pyramid.rules import deal
        from cardems.pyramid.text import layout_data

        return {"code": str(code), "game": self.family.name, **layout_data(deal(code))}

    def render(self, code: DealCode) -> str:
        """The initial layout as text."""
        from cardems.pyramid.rules import deal
        from cardems.pyramid.text import render_state

        return f"{code}  Pyramid\n{render_state(deal(code))}"

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """``winnable`` (null: undecided past the limit) and a winning line in move
        notation, the decision's. With ``shortest`` the A*'s win and ``"proven": true``
        when it finished within :data:`~cardems.kit.pairs.shortest.NODE_LIMIT` nodes, else
        the decision's line (best known) and ``"proven": false``."""
        from cardems.kit.pairs.decide import DECIDE_NODES, decide
        from cardems.kit.pairs.shortest import NODE_LIMIT, search
        from cardems.pyramid.rules import deal

        state = deal(code)
        outcome = search(state, NODE_LIMIT) if shortest else None
        if outcome is None or outcome.gave_up:
            verdict = decide(state, DECIDE_NODES)
            line = None if verdict.line is None else [str(move) for move in verdict.line]
            record = solve_record(code, verdict.winnable, line)
        else:
            line = None if outcome.line is None else [str(move) for move in outcome.line]
            record = solve_record(code, outcome.winnable, line)
        if outcome is not None:
            record.update(proven=not outcome.gave_up, nodes=outcome.expanded)
        return record

    def par(self, code: DealCode) -> int | None:
        """The deal's shortest win, when proven."""
        found = self.best_par(code)
        return None if found is None or not found[1] else found[0]

    def best_par(self, code: DealCode) -> tuple[int, bool] | None:
        """The deal's shortest win and whether it is proven (else the best line known);
        None when no win is known."""
        record = self.solve(code, shortest=True)
        length = record["length"]
        return None if length is None else (int(length), bool(record["proven"]))

    def label(self, view: View, lang: str) -> View:
        """Positions, stock and waste, named for screen readers."""
        from cardems.pyramid.labels import label_pile

        return label_piles(view, lang, label_pile)

    def add_analyze_arguments(self, parser: Any) -> None:
        """The options of ``cardems analyze pyramid``."""
        from cardems.pyramid.analysis import add_arguments

        add_arguments(parser)

    def analyze(self, args: Any) -> None:
        """``cardems analyze pyramid`` (see :mod:`cardems.pyramid.analysis`)."""
        from cardems.pyramid.analysis import cmd_analyze

        cmd_analyze(args)


GAME = Pyramid()
