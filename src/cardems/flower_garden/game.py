"""Flower Garden: 36 cards face up in 6 columns of 6 (the garden's beds) and a bouquet of
the other 16, face up, any of which may be played; cards build down regardless of suit,
one at a time; an empty column takes any card; a bouquet card may go to a column or home,
and none comes back (PySolFC's Flower Garden)."""

from __future__ import annotations

from cardems.i18n.markers import N_
from cardems.kit.building import Build, BuildRules, Cells, Suits, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Flower Garden"),
        Tableau(deal=(6,) * 6),
        Build(Suits.ANY),
        cells=Cells(count=16, dealt=16, refill=False),
        prefix="FG",
    )
)


class FlowerGarden(BuildGame):
    """Flower Garden (``FG1-N-…``)."""

    rules = RULES
    level_cuts = (700, 3_000)
    daily_nodes = 800  # the day's deal in about 0.4 s mean, not 0.75 s (docs/GAMES.md)
    tagline = N_(
        "Six beds of six cards and a bouquet of sixteen, every card face up: build down"
        " whatever the suit, one card at a time, and play any card of the bouquet."
    )


GAME = FlowerGarden()
