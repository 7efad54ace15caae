"""Simple Simon: 52 cards face up in 10 columns of 8, 8, 8, 7, 6, 5, 4, 3, 2 and 1 cards;
a card builds down on any card one rank higher, whatever its suit; only a run of one suit
moves together; an empty column takes any card or run; a whole suit, king down to ace,
goes to its foundation at once from the top of a column."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import Build, BuildRules, Foundations, Group, Suits, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Simple Simon"),
        Tableau(deal=(8, 8, 8, 7, 6, 5, 4, 3, 2, 1)),
        Build(Suits.ANY),
        Group.SUIT_RUN,
        foundations=Foundations(whole_suits=True),
        prefix="SS",
    )
)


class SimpleSimon(BuildGame):
    """Simple Simon (``SS1-N-…``)."""

    rules = RULES
    level_cuts = (130, 650)
    tagline = N_(
        "Ten columns, every card face up: build down whatever the suit, move runs of one"
        " suit together, and send each suit home whole, king to ace."
    )
    kind = kinds.SPIDER_TYPE


GAME = SimpleSimon()
