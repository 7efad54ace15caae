"""Spider's deal levels (one suit): a winnable deal is rated by the length of the winning
line the solver finds (:mod:`cardems.spider.solver`; not the shortest win, which no search
here knows), worked out when a deal of a level is asked for. The cut points are the thirds
of 90 random one-suit deals (seed 1 of ``cardems analyze spider``'s streams, apart from
the deals the figures report on): lines of 108 to 135 moves, a third under 118, a third
from 122. The positions expanded would rate nothing: every stage spends its cap."""

from __future__ import annotations

from collections.abc import Callable

from cardems.core import difficulty as core
from cardems.core.difficulty import level_by_cuts
from cardems.dealcode import DealCode

EASY_BELOW = 118
"""Winning lines of fewer moves are ``easy``."""
HARD_FROM = 122
"""Winning lines of this many moves or more are ``hard``; in between, ``medium``."""
RATE_NODES = 20_000
TRIES = 200


def rate(code: DealCode) -> int | None:
    """The length of the solver's winning line (None: no win found)."""
    from cardems.spider.rules import deal
    from cardems.spider.solver import solve

    result = solve(deal(code), nodes=RATE_NODES)
    return None if result.moves is None else len(result.moves)


def level_of(code: DealCode) -> str | None:
    """The deal's level (None: not rated)."""
    return level_by_cuts(rate(code), EASY_BELOW, HARD_FROM)


def deal_of_level(level: str, draw: Callable[[], DealCode]) -> DealCode:
    """A deal of ``level`` among the deals ``draw`` gives; ValueError if none of
    :data:`TRIES` is."""
    return core.deal_of_level(level, draw, level_of, TRIES, "Spider")
