"""Pyramid's deal levels: a winnable deal is rated by the length of its shortest win (the
exact A* of :mod:`cardems.kit.pairs.shortest`), worked out when a deal of a level is asked
for. The cut points are the thirds of the shortest wins of the 125 winnable deals among
P3 deals 100000-100199 (``cardems analyze pyramid --start 100000``): 25 to 55 moves, a
third under 39, a third from 44.

A deal whose shortest win the search does not find within :data:`RATE_NODES` nodes is
not rated and never dealt for a level."""

from __future__ import annotations

import functools
from collections.abc import Callable

from cardems.core import difficulty as core
from cardems.core.difficulty import level_by_cuts
from cardems.dealcode import DealCode

EASY_BELOW = 39
"""Shortest wins of fewer moves are ``easy``."""
HARD_FROM = 44
"""Shortest wins of this many moves or more are ``hard``; in between, ``medium``."""
RATE_NODES = 1_000_000
"""Nodes the rating's search may expand (as many as the analysis gives a deal)."""
TRIES = 200
"""Winnable deals drawn at most to find one of a level."""


@functools.lru_cache(maxsize=1024)
def rate(code: DealCode) -> int | None:
    """The length of the deal's shortest win (None: not winnable, or not found in time);
    kept for the process, as the search can take a second and a deal drawn again (or
    rated again when dealt) needs none."""
    from cardems.kit.pairs.shortest import search
    from cardems.pyramid.rules import deal

    line = search(deal(code), RATE_NODES).line
    return None if line is None else len(line)


def level_of(code: DealCode) -> str | None:
    """The deal's level (None: not rated)."""
    return level_by_cuts(rate(code), EASY_BELOW, HARD_FROM)


def deal_of_level(level: str, draw: Callable[[], DealCode]) -> DealCode:
    """A deal of ``level`` among the winnable deals ``draw`` gives; ValueError if none of
    :data:`TRIES` is."""
    return core.deal_of_level(level, draw, level_of, TRIES, "Pyramid")
