"""A waste-family game for the core, from its declaration: codes, deal, levels, solver,
par, labels, the terminal and ``cardems analyze``.

A game package subclasses :class:`WasteGame` in its ``game`` module (so that its
``web/rules`` pages are found beside it) and sets ``declaration`` and its strings; its
``family`` (deal codes) comes from the declaration. Deal levels rate a winnable deal by
the positions the verdict search expanded before it found a win: the declaration's
``level_cuts`` are the thirds of the winnable deals 0–299 of its first variant.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardems.core import kinds
from cardems.core.base import solve_record
from cardems.core.difficulty import DIFFICULTY, level_by_cuts, level_choice
from cardems.core.game import View
from cardems.core.labels import label_piles
from cardems.dealcode import DealCode
from cardems.kit import KitGame

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cardems.core.terminal import TextPlay
    from cardems.kit.waste.declare import WasteDeclaration
    from cardems.kit.waste.engine import Move
    from cardems.kit.waste.table import WasteSolitaire

TRIES = 500
"""Winnable deals drawn at most to find one of a level (each level is a third of them)."""


class WasteGame(KitGame):
    """A waste-family solitaire (see the module docstring)."""

    declaration: ClassVar[WasteDeclaration]
    can_solve = True
    can_analyze = True
    analyze_help = "decide random deals: the winnable share, its 95 percent interval, the times"
    options = (DIFFICULTY,)
    kind = kinds.GOLF_TYPE

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declaration = cls.__dict__.get("declaration")
        if declaration is not None:
            words = declaration.words
            cls.family = declaration.family()
            cls.tagline = words.tagline
            cls.keys_help = words.keys_help
            cls.variant_legend = words.legend
            cls.variant_labels = tuple((variant.label, 0) for variant in declaration.variants)

    def solitaire(self) -> WasteSolitaire:
        """The kit's hooks, made once per game."""
        from cardems.kit.waste.table import WasteSolitaire

        made = self.__dict__.get("_solitaire")
        if made is None:
            made = self.__dict__["_solitaire"] = WasteSolitaire(self.declaration)
        return made

    def level_of(self, code: DealCode) -> str | None:
        """The deal's level (None: not winnable, or undecided within the declaration's
        ``nodes``: a level draws any deal and keeps those this search proves winnable,
        whatever ``deal_nodes``)."""
        from cardems.kit.waste.engine import deal
        from cardems.kit.waste.solver import solve

        verdict = solve(deal(self.declaration, code))
        easy, hard = self.declaration.level_cuts
        return level_by_cuts(verdict.nodes if verdict.winnable else None, easy, hard)

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """A random deal; with a difficulty level, a winnable deal of that level."""
        from cardems.core import difficulty

        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        draw = lambda: self.random_code(variant, winnable=False)  # noqa: E731
        title = self.declaration.words.title
        return difficulty.deal_of_level(level, draw, self.level_of, TRIES, title)

    def proves_winnable(self, code: DealCode) -> bool:
        """Whether the solver proves ``code`` winnable within the declaration's
        ``deal_nodes`` positions."""
        return self._proves(code, self.declaration.deal_nodes)

    def proves_daily(self, code: DealCode) -> bool:
        declaration = self.declaration
        return self._proves(code, declaration.daily_nodes or declaration.deal_nodes)

    def _proves(self, code: DealCode, nodes: int) -> bool:
        from cardems.kit.waste.engine import deal
        from cardems.kit.waste.solver import solve

        return solve(deal(self.declaration, code), nodes).winnable is True

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game``, the layout's positions, ``waste``, ``stock`` (next first)."""
        from cardems.kit.waste.engine import deal
        from cardems.kit.waste.table import layout_data

        state = deal(self.declaration, code)
        return {"code": str(code), "game": self.family.name, **layout_data(self.declaration, state)}

    def render(self, code: DealCode) -> str:
        """The initial layout as text."""
        from cardems.kit.waste.engine import deal
        from cardems.kit.waste.table import render_state

        state = deal(self.declaration, code)
        return f"{code}  {self.declaration.words.title}\n{render_state(self.declaration, state)}"

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """``winnable`` (null: undecided) and a winning line. With ``shortest`` (a game
        with a par) the shortest win (the fewest stock cards turned) and ``"proven":
        true`` when its search ends within its budget of positions, else the verdict's
        line (best known) and ``"proven": false``; a lost deal is proven when the verdict
        is."""
        from cardems.kit.waste.engine import deal
        from cardems.kit.waste.solver import shortest_win, solve

        state = deal(self.declaration, code)
        verdict = solve(state)
        line: Sequence[Move] | None = verdict.line
        proven = verdict.winnable is False
        if shortest and line is not None:
            short = shortest_win(state) if self.declaration.stock else line
            proven = short is not None
            line = short or line
        record = solve_record(
            code, verdict.winnable, None if line is None else [str(move) for move in line]
        )
        if shortest:
            record["proven"] = proven
        return record

    def par(self, code: DealCode) -> int | None:
        """The deal's shortest win, when proven (a game with a par)."""
        found = self.best_par(code)
        return None if found is None or not found[1] else found[0]

    def best_par(self, code: DealCode) -> tuple[int, bool] | None:
        """The shortest win and whether it is proven; None without a par (a game whose
        shortest-win search is too slow for the win dialog) or a win."""
        if not self.declaration.par:
            return None
        record = self.solve(code, shortest=True)
        length = record["length"]
        return None if length is None else (int(length), bool(record["proven"]))

    def label(self, view: View, lang: str) -> View:
        """The layout's piles, the stock and the waste, named for screen readers."""
        return label_piles(view, lang, self.solitaire().label_pile)

    def text_play(self) -> TextPlay:
        """``cardems play``: moves by pile number, hints by the solver."""
        from cardems.kit.waste.table import WasteTextPlay

        return WasteTextPlay(self.declaration)

    def add_analyze_arguments(self, parser: Any) -> None:
        """The options of ``cardems analyze`` (:func:`cardems.kit.analyze.add_arguments`)."""
        from cardems.kit.analyze import add_arguments

        add_arguments(parser, self.family, self.declaration.nodes, deals=1500)

    def analyze(self, args: Any) -> None:
        """``cardems analyze`` (see :mod:`cardems.kit.waste.commands`)."""
        from cardems.kit.waste.commands import cmd_analyze

        cmd_analyze(args, self)
