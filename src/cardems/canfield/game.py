"""Canfield: one card dealt to a foundation sets the rank all four build up from, by suit,
wrapping K–A; a reserve pile of 13 cards, face down but the top one; four columns of one
card, which build down in alternate colours, wrapping K–A, one card or a whole column at
a time; an empty column takes the reserve's top card at once (any card once the reserve
is empty); the other 34 cards form a stock turned three at a time onto the waste, turned
over as often as the player likes (PySolFC's Canfield)."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import (
    UNLIMITED,
    Base,
    Build,
    BuildRules,
    Foundations,
    Group,
    ReservePile,
    Stock,
    Tableau,
    declare,
)
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Canfield"),
        Tableau(deal=(1,) * 4),
        build=Build(wrap=True),
        group=Group.COLUMN,
        foundations=Foundations(base=Base.DEALT),
        stock=Stock(draw=3, redeals=UNLIMITED),
        reserve=ReservePile(dealt=13),
        prefix="CF",
    )
)


class Canfield(BuildGame):
    """Canfield (``CF1-N-…``)."""

    rules = RULES
    pool = True  # pool.txt: its winnable, level and day's deals, no search (docs/GAMES.md)
    level_cuts = (1737, 4711)  # the search's, without the pool (the pool's: its thirds)
    daily_nodes = 1_000  # without the pool: the day's deal in half a second
    tagline = N_(
        "Foundations start from the rank of the first card; empty the reserve of thirteen"
        " onto four columns built down in alternate colours, turning the stock three at a"
        " time."
    )
    kind = kinds.CANFIELD_TYPE


GAME = Canfield()
"""Canfield: a declaration of the build family."""
