"""Klondike's deal levels: a winnable deal is rated by the positions the solver expands
to find its win (the search of :mod:`cardems.klondike.solver`, always the same for a
deal): a deal the search wins at once is easy, one it must hunt for is hard. The cut
points are the thirds of the deals rated among deals 0–999 of draw three (810 rated,
within :data:`RATE_NODES`: 273 easy, 266 medium, 271 hard), taken again whenever the
search changes (docs/GAMES.md says how)."""

from __future__ import annotations

from collections.abc import Callable

from cardems.core import difficulty as core
from cardems.core.difficulty import level_by_cuts
from cardems.dealcode import DealCode

EASY_BELOW = 59
"""Wins found within fewer positions are ``easy``."""
HARD_FROM = 220
"""Wins that needed this many positions or more are ``hard``; in between, ``medium``."""
RATE_NODES = 200_000
"""Positions a rating may expand (a deal undecided by then is not rated)."""
TRIES = 300
"""Deals drawn at most to find one of a level."""


def rate(code: DealCode) -> int | None:
    """The positions the search expanded to win the deal (None: not won within the
    rating's budget)."""
    from cardems.klondike.declared import board
    from cardems.klondike.solver import solve

    verdict = solve(board(code), RATE_NODES)
    return verdict.nodes if verdict.winnable else None


def level_of(code: DealCode) -> str | None:
    """The deal's level (None: not rated)."""
    return level_by_cuts(rate(code), EASY_BELOW, HARD_FROM)


def deal_of_level(level: str, draw: Callable[[], DealCode]) -> DealCode:
    """A deal of ``level`` among those ``draw`` gives; ValueError if none of
    :data:`TRIES` is."""
    return core.deal_of_level(level, draw, level_of, TRIES, "Klondike")
