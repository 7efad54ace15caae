"""Somerset: the 52 cards face up in 10 columns of 1 to 8 cards (1, 2 … 7, 8, 8, 8), no
free cell; cards build down in alternating colours; a run moves as a whole when empty
columns could carry it one card at a time (PySolFC's supermove); an empty column takes
any card."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import BuildRules, Group, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Somerset"),
        Tableau(deal=(1, 2, 3, 4, 5, 6, 7, 8, 8, 8)),
        group=Group.SUPERMOVE,
        prefix="SO",
    )
)


class Somerset(BuildGame):
    """Somerset (``SO1-N-…``)."""

    rules = RULES
    level_cuts = (160, 1_400)
    tagline = N_(
        "Ten columns, every card face up and no free cell: build down in alternating"
        " colours, and use the empty columns to move runs."
    )
    kind = kinds.BELEAGUERED_CASTLE_TYPE


GAME = Somerset()
