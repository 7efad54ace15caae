"""Discard-family positions as JSON-ready data and as text, for ``cardems play``."""

from __future__ import annotations

from typing import Any

from cardems.i18n.markers import N_
from cardems.kit.discard.engine import DiscardState, card_text

MOVES_HELP = N_(
    "Moves: D deals a card onto each pile, 3 discards the top card of pile 3, 31 moves"
    " it to the empty pile 1."
)


def layout_data(state: DiscardState) -> dict[str, Any]:
    """``piles`` (bottom → top), ``stock`` (dealt first first) and ``discarded``."""
    return {
        "piles": [[card_text(card) for card in pile] for pile in state.piles],
        "stock": [card_text(card) for card in state.stock],
        "discarded": [card_text(card) for card in state.discarded],
    }


def render_state(state: DiscardState) -> str:
    """The piles side by side, numbered, then the stock and the discards."""
    height = max(map(len, state.piles), default=0)
    lines = ["   ".join(f"{i + 1:>2}" for i in range(len(state.piles)))]
    for row in range(height):
        cells = [card_text(pile[row]) if row < len(pile) else "  " for pile in state.piles]
        lines.append("   ".join(cells).rstrip())
    lines.append(f"stock: {len(state.stock)}   discarded: {len(state.discarded)}")
    return "\n".join(lines)
