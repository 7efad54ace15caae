"""Spanish Patience: Baker's Dozen with its kings left where they fall and its spaces
open — 52 cards face up in 13 columns of 4; cards build down regardless of suit, one at a
time; an empty column takes any card (PySolFC's "Spanish Patience II"; its "Spanish
Patience" keeps Baker's Dozen's kings and spaces and builds the foundations in
alternating colours, which the family does not declare)."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import Build, BuildRules, Suits, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Spanish Patience"),
        Tableau(deal=(4,) * 13),
        Build(Suits.ANY),
        prefix="SN",
    )
)


class SpanishPatience(BuildGame):
    """Spanish Patience (``SN1-N-…``)."""

    rules = RULES
    level_cuts = (120, 280)
    tagline = N_(
        "Thirteen columns of four, every card face up: build down whatever the suit, one card"
        " at a time, and fill an emptied column with any card."
    )
    kind = kinds.BAKERS_DOZEN_TYPE


GAME = SpanishPatience()
