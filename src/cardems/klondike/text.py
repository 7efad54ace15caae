"""Klondike positions as JSON-ready data and as text for a terminal."""

from __future__ import annotations

from typing import Any

from cardems.klondike.rules import COLUMNS, SUITS, KlondikeState, card_text


def status(state: KlondikeState) -> str:
    """``won``, ``stuck`` or ``playing``."""
    if state.won:
        return "won"
    return "stuck" if state.stuck else "playing"


def layout_data(state: KlondikeState) -> dict[str, Any]:
    """``columns`` (each ``{"down": [...], "up": [...]}``, bottom → top), ``stock``
    (next drawn first), ``waste`` (bottom → top) and ``foundations`` (top card or null,
    S H D C)."""
    return {
        "columns": [
            {
                "down": [card_text(card) for card in column[: state.hidden[i]]],
                "up": [card_text(card) for card in column[state.hidden[i] :]],
            }
            for i, column in enumerate(state.columns)
        ],
        "stock": [card_text(card) for card in state.stock],
        "waste": [card_text(card) for card in state.waste],
        "foundations": {
            suit: card_text(s * 13 + state.foundations[s] - 1) if state.foundations[s] else None
            for s, suit in enumerate(SUITS)
        },
    }


def render_state(state: KlondikeState) -> str:
    """The foundations, stock and waste, then the columns row by row (face-down cards
    in brackets, as every card is known to whoever reads this)."""
    foundations = " ".join(
        card_text(s * 13 + height - 1) if height else "--"
        for s, height in enumerate(state.foundations)
    )
    top = card_text(state.waste[-1]) if state.waste else "--"
    lines = [
        f"foundations: {foundations}",
        f"stock ({len(state.stock)}, next first): {' '.join(map(card_text, state.stock))}".rstrip(),
        f"waste ({len(state.waste)}): top {top}",
        "  ".join(f" {n}  " for n in range(1, COLUMNS + 1)).rstrip(),
    ]
    depth = max(len(column) for column in state.columns)
    for row in range(depth):
        cells = []
        for i, column in enumerate(state.columns):
            if row >= len(column):
                cells.append("    ")
            elif row < state.hidden[i]:
                cells.append(f"[{card_text(column[row])}]")
            else:
                cells.append(f" {card_text(column[row])} ")
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
