"""Streets and Alleys: Beleaguered Castle with the aces dealt too — 52 cards face up in 8
columns (7, 7, 7, 7, 6, 6, 6, 6); cards build down regardless of suit, one at a time; an
empty column takes any card."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import Build, BuildRules, Suits, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Streets and Alleys"),
        Tableau(deal=(7,) * 4 + (6,) * 4),
        Build(Suits.ANY),
        prefix="SA",
    )
)


class StreetsAndAlleys(BuildGame):
    """Streets and Alleys (``SA1-N-…``)."""

    rules = RULES
    level_cuts = (1_000, 9_000)
    tagline = N_(
        "Every card face up in eight columns, the aces among them: build down whatever the"
        " suit, one card at a time, and send each suit home from the ace."
    )
    kind = kinds.BELEAGUERED_CASTLE_TYPE


GAME = StreetsAndAlleys()
