"""Spaces-family positions as JSON-ready data and as text, for ``cardems play``."""

from __future__ import annotations

import string
from typing import Any

from cardems.i18n.markers import N_
from cardems.kit.spaces.engine import SPACE, SpacesState, card_text

MOVES_HELP = N_(
    "Moves: C7-B4 moves the card at row C, place 7 into the space at row B, place 4; R redeals."
)


def rows_of(state: SpacesState) -> list[list[str | None]]:
    """The layout row by row, None for a space."""
    columns = state.rules.columns
    return [
        [None if c == SPACE else card_text(c) for c in state.grid[i : i + columns]]
        for i in range(0, state.rules.places, columns)
    ]


def layout_data(state: SpacesState) -> dict[str, Any]:
    """``rows`` (None for a space), ``redeals`` left and ``score`` (cards in place)."""
    return {"rows": rows_of(state), "redeals": state.redeals, "score": state.score}


def render_state(state: SpacesState) -> str:
    """The rows lettered, the places numbered, ``..`` for a space."""
    columns = state.rules.columns
    lines = ["   " + " ".join(f"{n:>2}" for n in range(1, columns + 1))]
    for letter, row in zip(string.ascii_uppercase, rows_of(state), strict=False):
        lines.append(f"{letter}  " + " ".join(card or ".." for card in row))
    lines.append(f"redeals left: {state.redeals}   in place: {state.score}")
    return "\n".join(lines)
