"""Baker's Dozen: 52 cards face up in 13 columns of 4, each column's kings moved under its
other cards after the deal; cards build down regardless of suit, one at a time; an empty
column is never filled."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import Build, BuildRules, Empty, Suits, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Baker's Dozen"),
        Tableau(deal=(4,) * 13, empty=Empty.NONE, kings_under=True),
        Build(Suits.ANY),
        prefix="BD",
    )
)


class BakersDozen(BuildGame):
    """Baker's Dozen (``BD1-N-…``)."""

    rules = RULES
    level_cuts = (120, 1_000)
    daily_nodes = 500  # the day's deal in 0.11 s mean, not 0.3 s (docs/GAMES.md)
    tagline = N_(
        "Thirteen columns of four, every card face up and the kings at the bottom: build down"
        " whatever the suit, one card at a time; an emptied column stays empty."
    )
    kind = kinds.BAKERS_DOZEN_TYPE


GAME = BakersDozen()
