"""The Heart to Heart table: the pairs family's table (:mod:`cardems.kit.pairs.table`)
with the heart's places, its hint words and its exact solver.

Targets: ``heart:1`` … ``heart:25``, ``stock``, ``waste``. A double tap on a heart card
that pairs with the waste's top card takes that pair; a hinted pair with the waste is
played by dragging the waste's card onto the heart's.
"""

from __future__ import annotations

from typing import Any

from cardems.heart_to_heart.layout import POSITIONS, ROW, X
from cardems.heart_to_heart.rules import HeartState
from cardems.i18n.markers import N_
from cardems.kit import CARD_STEP, HALF_CARD
from cardems.kit.pairs import Look, PairsMove, PairsSolitaire
from cardems.kit.pairs.table import PairsTable

UNKNOWN_TARGET = N_(
    "unknown Heart to Heart target %(target)s: expected heart:1 … heart:25, stock or waste"
)
# TRANSLATORS: card is a card's name ("4 of hearts"), place a position ("position 25").
WASTE_HINT = N_("Hint: pair the %(card)s at %(place)s with the waste's %(other)s")
PAIR_HINT = N_("Hint: pair the %(card)s at %(from)s with the %(other)s at %(to)s")

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
BOARD = {"width": 6 * CARD_STEP - 8, "height": HALF_CARD * 6 + 140 + 30}


def heart_target(position: int) -> str:
    """The target name of a heart position."""
    return f"heart:{position}"


PLACES: dict[str, dict[str, Any]] = {
    "stock": {"x": 0, "y": 300},
    "waste": {"x": 5 * CARD_STEP, "y": 300},
    **{
        heart_target(p): {
            "row": ROW[p - 1],
            "column": X[p - 1],
            "x": X[p - 1] * CARD_STEP,
            "y": (ROW[p - 1] - 1) * HALF_CARD,
        }
        for p in POSITIONS
    },
}
LOOK = Look(
    PLACES, BOARD, UNKNOWN_TARGET, PAIR_HINT, WASTE_HINT, prefer_waste=True, drag_from_waste=True
)


class HeartToHeartSolitaire(PairsSolitaire[HeartState]):
    """Heart to Heart's hooks for the kit: the pairs family's, with its solver."""

    state = HeartState
    look = LOOK

    def hint_move(
        self, state: HeartState, previous: HeartState | None
    ) -> tuple[str, PairsMove | None]:
        """The next move of a winning line (the shortest when it is found quickly); the
        solver is exact and quick: never "undecided"."""
        from cardems.kit.pairs.ranks_shortest import best_hint  # the solver loads on demand

        move = best_hint(state)
        return ("lost", None) if move is None else ("move", move)

    def winnable(self, state: HeartState, seconds: float) -> bool:
        """Exact, in about a millisecond."""
        from cardems.kit.pairs.ranks import is_winnable

        return is_winnable(state)


SOLITAIRE = HeartToHeartSolitaire()
DECLARATION = SOLITAIRE.declaration


def move_targets(move: PairsMove) -> tuple[str, str]:
    """The ``from`` and ``to`` targets of a move, for events and hints."""
    return SOLITAIRE.move_targets(move)


class HeartToHeartTable(PairsTable):
    """A game of Heart to Heart as the web app and the terminal player drive it."""

    solitaire_of = SOLITAIRE
