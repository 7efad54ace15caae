"""Raglan: the four aces start home; 42 cards face up in 9 columns of 1 to 7 cards (1, 2 …
6, 7, 7, 7) and a reserve of the other 6, face up; cards build down in alternating
colours, one at a time; an empty column takes any card; a reserve card may go to a column
or home, and none comes back (PySolFC's Raglan)."""

from __future__ import annotations

from cardems.i18n.markers import N_
from cardems.kit.building import BuildRules, Cells, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Raglan"),
        Tableau(deal=(1, 2, 3, 4, 5, 6, 7, 7, 7), aces_home=True),
        cells=Cells(count=6, dealt=6, refill=False),
        prefix="RG",
    )
)


class Raglan(BuildGame):
    """Raglan (``RG1-N-…``)."""

    rules = RULES
    level_cuts = (380, 1_500)
    tagline = N_(
        "The aces start home; nine columns and a reserve of six, every card face up: build"
        " down in alternating colours, one card at a time, and play the reserve's cards out."
    )


GAME = Raglan()
