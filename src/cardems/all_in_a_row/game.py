"""All in a Row, a declaration of the waste family (:mod:`cardems.kit.waste`).

The deal: ``cardems.rng.shuffled`` of the 52 cards; column ``c`` (1–13) gets
``deck[4c-4:4c]``, bottom card first, all face up; the hole starts empty and takes any
card first; no stock. One variant, ``W``: K and A one apart (PySolFC's All in a Row).
Moves: ``12`` plays the top card of column 12 into the hole. Each card played scores 1.
"""

from __future__ import annotations

from cardems.i18n.markers import N_
from cardems.kit.waste.declare import Anchor, Words, fan_rows, hole
from cardems.kit.waste.game import WasteGame

DECLARATION = hole(
    "AR",
    "all-in-a-row",
    Words(
        title=N_("All in a Row"),
        empty=N_("Column %(num)d is empty"),
        unknown_target=N_(
            "unknown All in a Row target %(target)s: expected column:1 … column:13 or hole"
        ),
        # TRANSLATORS: card is a card's name ("4 of hearts"), num a column (1-13).
        play_hint=N_("Hint: play the %(card)s from column %(num)d into the hole, on the %(other)s"),
        where=N_("column %(num)d"),
        moves_help=N_("moves: 12 plays the top card of column 12 into the hole"),
        first_hint=N_("Hint: start the hole with the %(card)s from column %(num)d"),
        tagline=N_(
            "Thirteen columns of four, all face up: start the hole with any card, then send"
            " every card into it, one rank above or below the last."
        ),
        keys_help=N_(
            "Keyboard: arrow keys move between columns, Enter or Space plays the column's top"
            " card into the hole, U undoes, R redoes."
        ),
    ),
    fan_rows(13, 4, 7),
    "column",
    empty_start=True,
    level_cuts=(12_220, 53_529),
    anchor=Anchor("W", 671, 0, "black-hole-solver on PySolFC's first million deals"),
)


class AllInARow(WasteGame):
    """All in a Row (``AR1-W-…``): thirteen open columns into the hole, any card first."""

    declaration = DECLARATION


GAME = AllInARow()
