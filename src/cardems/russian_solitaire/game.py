"""Russian Solitaire: Yukon's deal and moves (52 cards in 7 columns, the first of one card
face up, the others of 1 to 6 cards face down under 5 face up; any face-up card moves
with every card on it; an empty column takes only a king), but cards build down in the
same suit."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import Build, BuildRules, Empty, Group, Suits, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Russian Solitaire"),
        Tableau(deal=(1, 6, 7, 8, 9, 10, 11), empty=Empty.KINGS, down=(0, 1, 2, 3, 4, 5, 6)),
        Build(Suits.SAME),
        Group.FACE_UP,
        prefix="RU",
    )
)


class RussianSolitaire(BuildGame):
    """Russian Solitaire (``RU1-N-…``)."""

    rules = RULES
    level_cuts = (34, 45)
    daily_nodes = 150
    tagline = N_(
        "Yukon's deal and moves, but build down in the same suit: move any face-up card"
        " with all the cards on it, and free the cards face down below."
    )
    kind = kinds.YUKON_TYPE


GAME = RussianSolitaire()
