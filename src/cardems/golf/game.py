"""Golf, a declaration of the waste family (:mod:`cardems.kit.waste`).

The deal: ``cardems.rng.shuffled`` of the 52 cards; column ``c`` (1–7) gets
``deck[5c-5:5c]``, bottom card first, all face up; ``deck[35]`` starts the waste; the
stock gets the other 16, ``deck[36]`` turned first, one pass. Variants: ``K`` (the
usual rule: nothing goes on a king), ``N`` (a queen may go on a king; K and A are not
one apart) and ``W`` (relaxed: K and A one apart). Moves: ``D`` draws, ``3`` plays the
top card of column 3. Each card played scores 1.
"""

from __future__ import annotations

from cardems.i18n.markers import N_
from cardems.kit.waste.declare import Onto, Variant, WasteDeclaration, Words, fans
from cardems.kit.waste.game import WasteGame

DECLARATION = WasteDeclaration(
    prefix="GF",
    slug="golf",
    words=Words(
        title=N_("Golf"),
        empty=N_("Column %(num)d is empty"),
        unknown_target=N_(
            "unknown Golf target %(target)s: expected column:1 … column:7, stock or waste"
        ),
        # TRANSLATORS: card is a card's name ("4 of hearts"), num a column (1-7).
        play_hint=N_("Hint: play the %(card)s from column %(num)d onto the waste's %(other)s"),
        where=N_("column %(num)d"),
        moves_help=N_("moves: D draws, 3 plays the top card of column 3"),
        kings_block=N_("Nothing may be played on a king"),
        tagline=N_(
            "Seven columns of five, all face up: play their cards onto the waste one rank"
            " above or below, turning the stock when nothing fits."
        ),
        keys_help=N_(
            "Keyboard: arrow keys move between columns, Enter or Space plays the column's top"
            " card onto the waste, D turns a stock card, U undoes, R redoes."
        ),
    ),
    layout=fans(7, 5),
    variants=(
        Variant("K", Onto(wrap=False, kings_block=True), N_("Nothing on a king")),
        Variant("N", Onto(wrap=False), N_("A queen on a king, no wrap")),
        Variant("W", Onto(wrap=True), N_("K and A one apart (relaxed)")),
    ),
    kind="column",
    open=True,
    level_cuts=(50_561, 213_335),
)


class Golf(WasteGame):
    """Golf (``GF1-K-…``, ``GF1-N-…``, ``GF1-W-…``): seven columns onto the waste."""

    declaration = DECLARATION


GAME = Golf()
