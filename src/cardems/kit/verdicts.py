"""A kit game whose solver gives a verdict on a deal within a budget of positions (the
discard and spaces families): random codes, winnable-only deals, a deal of the level
asked, ``cardems solve``, written once.

A subclass gives ``verdict(code, nodes)`` (an answer with ``winnable``, ``line`` and
``nodes``), ``proves_winnable`` and ``level_of``; ``level_tries`` bounds the draws a
level's deal may take.
"""

from __future__ import annotations

import functools
import secrets
from typing import Any, ClassVar

from cardems.core.base import NO_SHORTEST, solve_record
from cardems.core.difficulty import DIFFICULTY, deal_of_level, level_choice
from cardems.core.registry import Unsupported
from cardems.dealcode import DealCode
from cardems.kit.game import KitGame


class VerdictGame(KitGame):
    """Codes, winnable-only and level deals and solving from ``verdict``."""

    level_cuts: ClassVar[tuple[int, int]]
    """Positions the solver expands to win a deal: below the first the deal is easy, from
    the second on hard."""
    level_tries: ClassVar[int] = 300
    """Random deals drawn at most for a winnable deal of the level asked."""
    can_solve = True
    can_analyze = True
    analyze_help = "decide random deals: the winnable share, its 95 percent interval, the times"
    options = (DIFFICULTY,)

    def verdict(self, code: DealCode, nodes: int | None = None) -> Any:
        """The solver's answer for the deal within ``nodes`` positions (its default)."""
        raise NotImplementedError

    def _draw(self, variant: str) -> DealCode:
        number = secrets.randbelow(self.family.max_number + 1)
        return DealCode(self.family.prefix, self.family.versions[-1], variant, number)

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random deal; with ``winnable`` only deals ``proves_winnable`` proves."""
        while True:
            code = self._draw(variant)
            if not winnable or self.proves_winnable(code):
                return code

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        title = self.family.title
        draw = functools.partial(self._draw, variant)
        return deal_of_level(level, draw, self.level_of, self.level_tries, title)

    def level_of(self, code: DealCode) -> str | None:
        """The deal's level (None: not proved winnable within the budget)."""
        raise NotImplementedError

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
