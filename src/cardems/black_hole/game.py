"""Black Hole, a declaration of the waste family (:mod:`cardems.kit.waste`).

The deal: the A♠ starts the hole; ``cardems.rng.shuffled`` of the 52 cards without it
gives fan ``f`` (1–17) ``deck[3f-3:3f]``, bottom card first, all face up; no stock.
One variant, ``W``: K and A one apart (PySolFC's Black Hole). Moves: ``12`` plays the
top card of fan 12 into the hole. Each card played scores 1.
"""

from __future__ import annotations

from cardems.i18n.markers import N_
from cardems.kit.waste.declare import Anchor, Words, fan_rows, hole
from cardems.kit.waste.game import WasteGame

DECLARATION = hole(
    "BH",
    "black-hole",
    Words(
        title=N_("Black Hole"),
        empty=N_("Fan %(num)d is empty"),
        unknown_target=N_("unknown Black Hole target %(target)s: expected fan:1 … fan:17 or hole"),
        # TRANSLATORS: card is a card's name ("4 of hearts"), num a fan (1-17).
        play_hint=N_("Hint: play the %(card)s from fan %(num)d into the hole, on the %(other)s"),
        where=N_("fan %(num)d"),
        moves_help=N_("moves: 12 plays the top card of fan 12 into the hole"),
        tagline=N_(
            "Seventeen fans of three, all face up: send every card into the hole, one rank"
            " above or below the last, from the ace of spades."
        ),
        keys_help=N_(
            "Keyboard: arrow keys move between fans, Enter or Space plays the fan's top"
            " card into the hole, U undoes, R redoes."
        ),
    ),
    fan_rows(17, 3, 6),
    "fan",
    start=0,
    level_cuts=(4_830, 81_596),
    anchor=Anchor("W", 869_413, 1_000_000, "black-hole-solver on PySolFC deals 1-1,000,000"),
)


class BlackHole(WasteGame):
    """Black Hole (``BH1-W-…``): seventeen open fans into the hole, K and A one apart."""

    declaration = DECLARATION


GAME = BlackHole()
