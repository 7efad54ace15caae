"""Yukon: 52 cards in 7 columns, the first of one card face up, the others of 1 to 6 cards
face down under 5 face up; cards build down in alternating colours; any face-up card
moves with every card on it, in sequence or not, when it builds where it goes; an empty
column takes only a king (with the cards on it); a column's top card turns face up."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import BuildRules, Empty, Group, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Yukon"),
        Tableau(deal=(1, 6, 7, 8, 9, 10, 11), empty=Empty.KINGS, down=(0, 1, 2, 3, 4, 5, 6)),
        group=Group.FACE_UP,
        prefix="YU",
    )
)


class Yukon(BuildGame):
    """Yukon (``YU1-N-…``)."""

    rules = RULES
    level_cuts = (75, 160)
    tagline = N_(
        "Seven columns, cards face down under face-up ones: build down in alternating"
        " colours and move any face-up card with all the cards on it, in order or not."
    )
    kind = kinds.YUKON_TYPE


GAME = Yukon()
