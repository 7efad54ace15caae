"""TriPeaks positions as JSON-ready data and as text for a terminal."""

from __future__ import annotations

from typing import Any

from cardems.tripeaks.layout import POSITIONS, ROW, X2
from cardems.tripeaks.rules import GONE, TriPeaksState, card_text

CELL = 2
"""Characters per half-card step in the text layout."""


def layout_data(state: TriPeaksState) -> dict[str, Any]:
    """``peaks`` (28 entries, face up or not), ``waste`` (bottom → top) and ``stock``
    (next card first)."""
    face_up = set(state.face_up())
    return {
        "peaks": [
            {
                "position": p,
                "card": None if (card := state.peaks[p - 1]) == GONE else card_text(card),
                "face_up": p in face_up,
            }
            for p in POSITIONS
        ],
        "waste": [card_text(card) for card in state.waste],
        "stock": [card_text(card) for card in state.stock],
    }


def render_state(state: TriPeaksState) -> str:
    """The peaks row by row (``..`` an empty place, face-down cards in brackets), then the
    waste and the stock."""
    face_up = set(state.face_up())
    lines = []
    for row in range(1, 5):
        line = ""
        for p in POSITIONS:
            if ROW[p - 1] == row:
                card = state.peaks[p - 1]
                text = ".." if card == GONE else card_text(card)
                text = text if card == GONE or p in face_up else f"[{text}]"
                line = line.ljust(X2[p - 1] * CELL) + text
        lines.append(line.rstrip())
    lines.append(f"waste ({len(state.waste)}): top {card_text(state.waste_top)}")
    stock = " ".join(card_text(card) for card in state.stock)
    lines.append(f"stock ({len(state.stock)}, next first): {stock}".rstrip())
    return "\n".join(lines)
