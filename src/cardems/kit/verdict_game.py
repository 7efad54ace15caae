"""What the core asks of a kit game whose solver answers a verdict (``winnable``, a
winning ``line``, the positions expanded: ``nodes``) within a budget of positions, written
once for the families that have one (discard, row): random and winnable-only codes,
levels by the positions a win took, ``cardems solve``.

A family's game class gives :meth:`VerdictGame.verdict` (the full search within a budget)
and :meth:`VerdictGame.quick_win` (the search winnable-only deals, levels and the day's
deal use), and a game its ``level_cuts``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardems.core.base import NO_SHORTEST, solve_record
from cardems.core.difficulty import DIFFICULTY, deal_of_level, level_by_cuts, level_choice
from cardems.core.registry import Unsupported
from cardems.dealcode import DealCode
from cardems.kit.game import KitGame


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

    def verdict(self, code: DealCode, nodes: int | None = None) -> Any:
        """The full search's verdict for the deal within ``nodes`` positions (the
        family's budget by default)."""
        raise NotImplementedError

    def quick_win(self, code: DealCode, nodes: int | None = None) -> Any:
        """The verdict of the search winnable-only deals and levels use."""
        raise NotImplementedError

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
