"""Heart to Heart's deal levels: a winnable deal is rated by the length of its shortest
win (the exact A* search of :mod:`cardems.kit.pairs.ranks_shortest`), worked out when a
deal of a level is asked for; the thirds of a sample of 150 random winnable deals give the
cut points (shortest wins of 39 to 113 moves; a third under 73, a third from 85).

A deal whose shortest win the search does not find within :data:`RATE_NODES` positions
(a few in a hundred: the slowest) is not rated and never dealt for a level."""

from __future__ import annotations

from collections.abc import Callable

from cardems.core import difficulty as core
from cardems.core.difficulty import level_by_cuts
from cardems.dealcode import DealCode

EASY_BELOW = 73
"""Shortest wins of fewer moves are ``easy``."""
HARD_FROM = 85
"""Shortest wins of this many moves or more are ``hard``; in between, ``medium``."""
RATE_NODES = 20_000
"""Positions the rating's search may expand (about half a second at most)."""
TRIES = 500
"""Winnable deals drawn at most to find one of a level (each level is a third of them)."""


def rate(code: DealCode) -> int | None:
    """The length of the deal's shortest win (None: not winnable, or not found in time)."""
    from cardems.heart_to_heart.rules import deal
    from cardems.kit.pairs.ranks_shortest import ShortestSearch

    line = ShortestSearch(deal(code), RATE_NODES).solve()
    return None if line is None else len(line)


def level_of(code: DealCode) -> str | None:
    """The deal's level (None: not rated)."""
    return level_by_cuts(rate(code), EASY_BELOW, HARD_FROM)


def deal_of_level(level: str, draw: Callable[[], DealCode]) -> DealCode:
    """A deal of ``level`` among the winnable deals ``draw`` gives; ValueError if none of
    :data:`TRIES` is."""
    return core.deal_of_level(level, draw, level_of, TRIES, "Heart to Heart")
