"""The Pyramid table: the pairs family's table (:mod:`cardems.kit.pairs.table`) with
the pyramid's places, its hint words and its solvers (the A*'s shortest win, else the
decision's).

Targets: ``pyramid:1`` … ``pyramid:28``, ``stock`` (its top card plays), ``waste``. A
tap on a free king removes it; with a card selected, a tap on the stock removes the pair
when the stock's top card makes 13 with it, else drops the selection and draws.
"""

from __future__ import annotations

from typing import Any

from cardems.i18n.markers import N_
from cardems.kit import CARD_STEP, HALF_CARD
from cardems.kit.pairs import Look, PairsSolitaire
from cardems.kit.pairs.table import PairsTable
from cardems.pyramid.layout import INDEX_IN_ROW, POSITIONS, ROW, ROWS
from cardems.pyramid.rules import PyramidState

UNKNOWN_TARGET = N_(
    "unknown Pyramid target %(target)s: expected pyramid:1 … pyramid:28, stock or waste"
)
# TRANSLATORS: card is a card's name ("king of spades"), place where it lies.
KING_HINT = N_("Hint: remove the %(card)s at %(place)s")
# TRANSLATORS: two cards that make 13, each with where it lies.
PAIR_HINT = N_("Hint: remove the %(card)s at %(from)s with the %(other)s at %(to)s")

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
PILES_Y = (ROWS - 1) * HALF_CARD + 140 + 30
BOARD = {"width": ROWS * CARD_STEP - 8, "height": PILES_Y + 140}
PLACES: dict[str, dict[str, Any]] = {
    **{
        f"pyramid:{p}": {
            "row": ROW[p - 1],
            "column": (column := (ROWS - ROW[p - 1]) / 2 + INDEX_IN_ROW[p - 1]),
            "x": column * CARD_STEP,
            "y": (ROW[p - 1] - 1) * HALF_CARD,
        }
        for p in POSITIONS
    },
    "stock": {"x": 2 * CARD_STEP, "y": PILES_Y},
    "waste": {"x": 4 * CARD_STEP, "y": PILES_Y},
}
LOOK = Look(PLACES, BOARD, UNKNOWN_TARGET, PAIR_HINT, alone_hint=KING_HINT, outlined=False)


class PyramidSolitaire(PairsSolitaire[PyramidState]):
    """Pyramid's hooks for the kit: the pairs family's, solver included."""

    state = PyramidState
    look = LOOK


SOLITAIRE = PyramidSolitaire()
DECLARATION = SOLITAIRE.declaration


class PyramidTable(PairsTable):
    """A game of Pyramid as the web app drives it."""

    solitaire_of = SOLITAIRE
