"""Mrs Mop: two decks, 104 cards face up in 13 columns of 8; a card builds down on any
card one rank higher, whatever its suit; only a run of one suit moves together; an empty
column takes any card or run; a whole suit, king down to ace, goes to a foundation at
once from the top of a column (eight suits in all, two of each)."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import Build, BuildRules, Foundations, Group, Suits, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Mrs Mop"),
        Tableau(deal=(8,) * 13),
        Build(Suits.ANY),
        Group.SUIT_RUN,
        foundations=Foundations(whole_suits=True),
        decks=2,
        prefix="MM",
    )
)


class MrsMop(BuildGame):
    """Mrs Mop (``MM1-N-…``)."""

    rules = RULES
    pool = True  # pool.txt: its winnable, level and day's deals, no search (docs/GAMES.md)
    level_cuts = (600, 1_200)  # the search's, without the pool (the pool's: its thirds)
    winnable_nodes = 3_000  # without the pool: few deals are won within any budget
    daily_nodes = 600  # without the pool: the day's deal in seconds (docs/GAMES.md)
    tagline = N_(
        "Two decks in thirteen columns, every card face up: build down whatever the suit,"
        " move runs of one suit together, and send each suit home whole, king to ace."
    )
    kind = kinds.SPIDER_TYPE


GAME = MrsMop()
"""Mrs Mop: a declaration of the build family, dealt from two decks."""
