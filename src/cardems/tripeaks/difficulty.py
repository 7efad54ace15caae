"""TriPeaks' deal levels: a winnable deal is rated by how much the verdict search of
:mod:`cardems.tripeaks.solver` had to go back before it found a win — the positions it
visited. Its first line plays the peak cards that fit, the bottom row first, before
turning a stock card; a deal it wins almost at once is one where playing whatever fits
works, a deal of hundreds of positions hides its win behind choices that look alike.
The thirds of the winnable deals 0–299 of ``TP1-W`` give the cut points (36 positions
at least: a win visits one per move)."""

from __future__ import annotations

from collections.abc import Callable

from cardems.core import difficulty as core
from cardems.core.difficulty import level_by_cuts
from cardems.dealcode import DealCode

EASY_BELOW = 48
"""Wins found within fewer positions are ``easy``."""
HARD_FROM = 258
"""Wins that took this many positions or more are ``hard``; in between, ``medium``."""
TRIES = 500
"""Winnable deals drawn at most to find one of a level (each level is a third of them)."""


def level_of(code: DealCode) -> str | None:
    """The deal's level (None: not winnable, or undecided)."""
    from cardems.tripeaks.rules import deal
    from cardems.tripeaks.solver import solve

    verdict = solve(deal(code))
    return level_by_cuts(verdict.nodes if verdict.winnable else None, EASY_BELOW, HARD_FROM)


def deal_of_level(level: str, draw: Callable[[], DealCode]) -> DealCode:
    """A deal of ``level`` among the winnable deals ``draw`` gives; ValueError if none of
    :data:`TRIES` is."""
    return core.deal_of_level(level, draw, level_of, TRIES, "TriPeaks")
