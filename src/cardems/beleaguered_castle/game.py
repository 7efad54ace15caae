"""Beleaguered Castle: the aces start home, 48 cards in 8 columns of 6, every card face up;
cards build down regardless of suit, one at a time; an empty column takes any card."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import Build, BuildRules, Suits, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Beleaguered Castle"),
        Tableau(deal=(6,) * 8, aces_home=True),
        Build(Suits.ANY),
        prefix="BC",
    )
)


class BeleagueredCastle(BuildGame):
    """Beleaguered Castle (``BC1-N-…``)."""

    rules = RULES
    pool = True  # pool.txt: its winnable, level and day's deals, no search (docs/GAMES.md)
    level_cuts = (400, 3_000)
    tagline = N_(
        "The aces start home and every card is face up: free the others from eight columns,"
        " building down whatever the suit, one card at a time."
    )
    kind = kinds.BELEAGUERED_CASTLE_TYPE


GAME = BeleagueredCastle()
