"""What the core asks of a kit game whose solver answers a verdict (``winnable``, a
winning ``line``, the positions expanded: ``nodes``) within a budget of positions, written
once for the families that have one (discard, row): random and winnable-only codes,
levels by the positions a win took, ``cardems solve``.

A family's game class names its package (``family_package``), whose modules answer by
convention: ``solitaire`` (``solitaire_of(rules)``), ``engine`` (``deal``), ``solver``
(``solve``, ``hint_verdict``, the budgets ``NODES``, ``WINNABLE_NODES``,
``DAILY_NODES``), ``text`` (``layout_data``, ``render_state``, ``MOVES_HELP``), ``labels``
(``label_pile``); it gives ``analyze_chunk``, :meth:`VerdictGame.parse_move`, and
:meth:`VerdictGame.quick_win` where the search
winnable-only deals, levels and the day's deal use is not the full one within
``WINNABLE_NODES``. A game gives its ``rules`` and ``level_cuts``.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any, ClassVar

from cardems.core.base import NO_SHORTEST, solve_record
from cardems.core.difficulty import DIFFICULTY, deal_of_level, level_by_cuts, level_choice
from cardems.core.game import View
from cardems.core.labels import label_piles
from cardems.core.registry import Unsupported
from cardems.dealcode import DealCode
from cardems.kit.game import KitGame
from cardems.kit.verdict_text import VerdictTextPlay


class VerdictGame(KitGame):
    """A kit game with a verdict solver (see the module docstring)."""

    level_cuts: ClassVar[tuple[int, int]]
    """Positions the quick search expands to win a deal: below the first the deal is easy,
    from the second on hard (the thirds of winnable deals, measured by the family's
    benchmark)."""
    can_solve = True
    can_analyze = True
    analyze_help = "decide random deals: the winnable share, its 95 percent interval, the times"
    options = (DIFFICULTY,)
    level_tries: ClassVar[int] = 300
    """Random deals drawn at most for a winnable deal of the level asked."""
    family_package: ClassVar[str]
    """The family's package, ``cardems.kit.discard`` (see the module docstring)."""
    rules: ClassVar[Any]
    analyze_chunk: ClassVar[int]
    """Deals a task of ``cardems analyze`` (:mod:`cardems.batch`): more where a deal takes
    a millisecond, fewer where it takes tens."""
    analyze_deals: ClassVar[int] = 2000
    """How many deals ``cardems analyze`` decides by default."""

    def module(self, name: str) -> Any:
        """The family's module ``name`` (imported on demand: the registry imports every
        game at start)."""
        return importlib.import_module(f"{self.family_package}.{name}")

    def parse_move(self, text: str) -> Any:
        """A move of the game's notation (ValueError: a one-line message)."""
        raise NotImplementedError

    def solitaire(self) -> Any:
        return self.module("solitaire").solitaire_of(self.rules)

    def verdict(self, code: DealCode, nodes: int | None = None) -> Any:
        """The full search's verdict for the deal within ``nodes`` positions (the
        family's ``NODES`` by default)."""
        solver = self.module("solver")
        return solver.solve(self.deal(code), nodes or solver.NODES)

    def quick_win(self, code: DealCode, nodes: int | None = None) -> Any:
        """The verdict of the search winnable-only deals and levels use: by default the
        full one within ``nodes`` positions (the family's ``WINNABLE_NODES``)."""
        return self.verdict(code, nodes or self.module("solver").WINNABLE_NODES)

    def proves_daily(self, code: DealCode) -> bool:
        """Whether :meth:`quick_win` wins the deal within the family's ``DAILY_NODES``."""
        return self.quick_win(code, self.module("solver").DAILY_NODES).winnable is True

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game`` and the family's layout data."""
        layout = self.module("text").layout_data(self.deal(code))
        return {"code": str(code), "game": self.family.name, **layout}

    def render(self, code: DealCode) -> str:
        text = self.module("text").render_state(self.deal(code))
        return f"{code}  {self.rules.game}\n{text}"

    def pile_labeller(self) -> Any:
        """The family's spoken names of piles (``labels.label_pile``)."""
        return self.module("labels").label_pile

    def label(self, view: View, lang: str) -> View:
        return label_piles(view, lang, self.pile_labeller())

    def text_play(self) -> VerdictTextPlay:
        text = self.module("text")
        return VerdictTextPlay(
            self.family.title,
            self.rules.game,
            text.MOVES_HELP,
            functools.partial(self.module("engine").deal, self.rules),
            self.parse_move,
            text.render_state,
            self.module("solver").hint_verdict,
        )

    def add_analyze_arguments(self, parser: Any) -> None:
        """The options of ``cardems analyze GAME`` (:mod:`cardems.kit.analyze`), each
        deal's budget the family's ``NODES``."""
        from cardems.kit import analyze

        nodes = self.module("solver").NODES
        analyze.add_arguments(parser, self.family, nodes, deals=self.analyze_deals)

    def analyze(self, args: Any) -> None:
        """``cardems analyze GAME``: decide the deals ``--start`` … and print the figures."""
        from cardems.kit import analyze

        analyze.cmd_analyze(args, self, self.analyze_chunk)

    def proves_winnable(self, code: DealCode) -> bool:
        """Whether :meth:`quick_win` wins the deal: a winnable-only deal and a level's deal
        are such deals."""
        return self.quick_win(code).winnable is True

    def level_of(self, code: DealCode) -> str | None:
        """The deal's level by the positions :meth:`quick_win` took to win it (None: it
        found no win)."""
        found = self.quick_win(code)
        return level_by_cuts(found.nodes if found.winnable else None, *self.level_cuts)

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        title = self.family.title
        return deal_of_level(
            level, lambda: self.draw_code(variant), self.level_of, self.level_tries, title
        )

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
