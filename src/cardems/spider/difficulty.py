"""Spider's deal levels: a winnable deal is rated by the length of the winning line the
solver finds (:mod:`cardems.spider.solver`; not the shortest win, which no search here
knows, but the searches are deterministic, so at the default budget a deal's line and
rating are fixed). One suit is rated when a deal of a level is asked for (the solver
proves it in a tenth of a second); two and four suits by the line length their shipped
pool records (``cardems analyze spider --pool``). The cut points of one and two suits
are the thirds of the winnable deals of seed 1 of ``cardems analyze spider`` (150 deals a
variant, apart from the seed the figures report on): one suit, lines of 119 to 272
moves, a third under 160, a third from 187; two suits (the portfolio proved all 150),
151 to 370, cut at 185 and 212. Four suits are cut at the thirds of their pool (the 90
deals of seed 2's 100 that the portfolio of five beams proves, lines of 259 to 1,086
moves: under 441, from 550), as a seed-1 run of 150 deals did not fit the time; the pool
is what their levels draw from. The positions expanded would rate nothing at one suit: most
stages spend their cap."""

from __future__ import annotations

from collections.abc import Callable

from cardems.core import difficulty as core
from cardems.core.difficulty import level_by_cuts
from cardems.dealcode import DealCode

CUTS = {"S1": (160, 187), "S2": (185, 212), "S4": (441, 550)}
"""Per variant, winning lines of fewer moves than the first are ``easy``, of the second
or more ``hard``; in between, ``medium``."""
TRIES = 200


def rate(code: DealCode) -> int | None:
    """The length of the solver's winning line (None: no win found or recorded)."""
    from cardems.spider.game import LIVE_VARIANTS, load_pool

    if code.variant not in LIVE_VARIANTS:
        return load_pool(code.variant).get(code)
    from cardems.spider.declared import deal
    from cardems.spider.solver import solve

    result = solve(deal(code).fast)
    return None if result.moves is None else len(result.moves)


def level_of(code: DealCode) -> str | None:
    """The deal's level (None: not rated)."""
    cuts = CUTS.get(code.variant)
    return None if cuts is None else level_by_cuts(rate(code), *cuts)


def deal_of_level(level: str, draw: Callable[[], DealCode]) -> DealCode:
    """A deal of ``level`` among the deals ``draw`` gives; ValueError if none of
    :data:`TRIES` is."""
    return core.deal_of_level(level, draw, level_of, TRIES, "Spider")
