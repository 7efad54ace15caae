"""Spider positions as JSON-ready data and as text for a terminal."""

from __future__ import annotations

from typing import Any

from cardems.spider.declared import SpiderBoard
from cardems.spider.rules import card_text


def layout_data(state: SpiderBoard) -> dict[str, Any]:
    """``columns`` (each: ``down``, the face-down count, and ``cards`` bottom → top) and
    ``stock`` (dealt first to last)."""
    return {
        "columns": [
            {"down": down, "cards": [card_text(card) for card in column]}
            for column, down in zip(state.columns, state.down, strict=True)
        ],
        "stock": [card_text(card) for card in state.stock],
    }


def render_state(state: SpiderBoard, *, show_hidden: bool = True) -> str:
    """The columns side by side, row by row (face-down cards in lower case, or ``##``
    without ``show_hidden``), then the stock's size and the runs gone."""
    lines = ["  ".join(f"{n:>3}" for n in range(1, 11))]
    for row in range(max(map(len, state.columns))):
        cells = []
        for column, down in zip(state.columns, state.down, strict=True):
            if row >= len(column):
                cells.append("   ")
            elif row < down:
                cells.append(f"{card_text(column[row]).lower() if show_hidden else '##':>3}")
            else:
                cells.append(f"{card_text(column[row]):>3}")
        lines.append("  ".join(cells).rstrip())
    lines.append(f"stock: {len(state.stock)} cards ({len(state.stock) // 10} deals)")
    lines.append(f"runs gone: {len(state.runs)} of 8")
    return "\n".join(lines)
