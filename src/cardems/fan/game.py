"""Fan: 52 cards face up in 18 columns, 17 of 3 and the last of 1; cards build down in
the same suit, one at a time; an empty column takes only a king."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import Build, BuildRules, Empty, Suits, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Fan"),
        Tableau(deal=(3,) * 17 + (1,), empty=Empty.KINGS),
        Build(Suits.SAME),
        prefix="FN",
    )
)


class Fan(BuildGame):
    """Fan (``FN1-N-…``)."""

    rules = RULES
    level_cuts = (380, 2_900)
    daily_nodes = 200  # the day's deal in 0.16 s mean, not 0.8 s (docs/GAMES.md)
    tagline = N_(
        "Eighteen fans of three cards, every card face up: build down in the same suit, one"
        " card at a time; only a king fills an emptied column."
    )
    kind = kinds.FAN_TYPE


GAME = Fan()
