"""Spider's deal levels (one suit): a winnable deal is rated by the positions the solver
expands to find its win (:mod:`cardems.spider.solver`), worked out when a deal of a level
is asked for. The cut points are the thirds of 200 random one-suit deals (seed 1 of
``cardems analyze spider``'s streams, apart from the deals the figures report on)."""

from __future__ import annotations

from collections.abc import Callable

from cardems.dealcode import DealCode

EASY_BELOW = 150
"""Wins found within fewer expansions are ``easy``."""
HARD_FROM = 300
"""Wins that take this many expansions or more are ``hard``; in between, ``medium``."""
RATE_NODES = 20_000
TRIES = 200


def rate(code: DealCode) -> int | None:
    """The expansions the solver needs to win the deal (None: no win found)."""
    from cardems.spider.rules import deal
    from cardems.spider.solver import solve

    result = solve(deal(code), nodes=RATE_NODES)
    return result.nodes if result.winnable else None


def level_of(code: DealCode) -> str | None:
    """The deal's level (None: not rated)."""
    nodes = rate(code)
    if nodes is None:
        return None
    return "easy" if nodes < EASY_BELOW else "hard" if nodes >= HARD_FROM else "medium"


def deal_of_level(level: str, draw: Callable[[], DealCode]) -> DealCode:
    """A deal of ``level`` among the deals ``draw`` gives; ValueError if none of
    :data:`TRIES` is."""
    for _ in range(TRIES):
        code = draw()
        if level_of(code) == level:
            return code
    raise ValueError(f"no Spider deal of level {level} in {TRIES} tries")
