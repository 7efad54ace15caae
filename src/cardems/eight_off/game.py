"""Eight Off: 48 cards face up in 8 columns of 6 and the other 4 in the first of 8 free
cells; cards build down by suit; a run moves if it could one card at a time through the
free cells; only a king (or a run led by one) fills an empty column."""

from __future__ import annotations

from cardems.i18n.markers import N_
from cardems.kit.building import Build, BuildRules, Cells, Empty, Group, Suits, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Eight Off"),
        Tableau(deal=(6,) * 8, empty=Empty.KINGS),
        Build(Suits.SAME),
        Group.CELLS,
        Cells(count=8, dealt=4),
        prefix="EO",
    )
)


class EightOff(BuildGame):
    """Eight Off (``EO1-N-…``)."""

    rules = RULES
    level_cuts = (80, 190)
    tagline = N_(
        "Eight columns and eight free cells, four of them filled: build down by suit, move runs"
        " through the free cells, and only a king takes an empty column."
    )


GAME = EightOff()
