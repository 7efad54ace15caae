"""King Albert: 45 cards face up in 9 columns of 1 to 9 cards and a reserve of the other
7, face up; cards build down in alternating colours, one at a time; an empty column takes
any card; a reserve card may go to a column or home, and none comes back."""

from __future__ import annotations

from cardems.i18n.markers import N_
from cardems.kit.building import BuildRules, Cells, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("King Albert"),
        Tableau(deal=tuple(range(1, 10))),
        cells=Cells(count=7, dealt=7, refill=False),
        prefix="KA",
    )
)


class KingAlbert(BuildGame):
    """King Albert (``KA1-N-…``)."""

    rules = RULES
    level_cuts = (1_700, 6_800)
    tagline = N_(
        "Nine columns and a reserve of seven, every card face up: build down in alternating"
        " colours, one card at a time, and play the reserve's cards out."
    )


GAME = KingAlbert()
