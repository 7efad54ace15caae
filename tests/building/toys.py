"""Toy declarations of the build family that several tests play: a Scorpion-like deal
(whole suits home, face-down cards, a stock dealt onto the first three columns) and a
Spiderette-like one (runs of a suit move, a stock dealt onto every column, never onto an
empty one)."""

from __future__ import annotations

from cardems.kit.building import (
    Build,
    BuildRules,
    Empty,
    Foundations,
    Group,
    Stock,
    Suits,
    Tableau,
    declare,
)

SCORPION_LIKE = declare(
    BuildRules(
        "Toy Scorpion",
        Tableau(deal=(7,) * 7, empty=Empty.KINGS, down=(3, 3, 3, 3, 0, 0, 0)),
        Build(Suits.SAME),
        Group.FACE_UP,
        foundations=Foundations(whole_suits=True),
        stock=Stock(draw=1, to_columns=3),
    )
)
SPIDERETTE_LIKE = declare(
    BuildRules(
        "Toy Spiderette",
        Tableau(deal=(1, 2, 3, 4, 5, 6, 7), down=(0, 1, 2, 3, 4, 5, 6)),
        Build(Suits.ANY),
        Group.SUIT_RUN,
        foundations=Foundations(whole_suits=True),
        stock=Stock(draw=1, to_columns=7, deal_on_empty=False),
    )
)
