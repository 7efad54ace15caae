"""Klondike positions (the build family's states of :mod:`cardems.klondike.declared`) as
JSON-ready data and as text for a terminal."""

from __future__ import annotations

from typing import Any

from cardems.kit.building.engine import BuildState
from cardems.klondike.rules import COLUMNS, SUITS


def layout_data(state: BuildState) -> dict[str, Any]:
    """``columns`` (each ``{"down": [...], "up": [...]}``, bottom → top), ``stock``
    (next drawn first), ``waste`` (bottom → top) and ``foundations`` (top card or null,
    S H D C)."""
    tops = [state.foundation_top(suit) for suit in range(len(SUITS))]
    return {
        "columns": [
            {
                "down": [str(card) for card in column[: state.down_at(i)]],
                "up": [str(card) for card in column[state.down_at(i) :]],
            }
            for i, column in enumerate(state.columns)
        ],
        "stock": [str(card) for card in reversed(state.stock)],
        "waste": [str(card) for card in state.waste],
        "foundations": {
            suit: None if top is None else str(top) for suit, top in zip(SUITS, tops, strict=True)
        },
    }


def render_state(state: BuildState) -> str:
    """The foundations, stock and waste, then the columns row by row (face-down cards
    in brackets, as every card is known to whoever reads this)."""
    layout = layout_data(state)
    foundations = " ".join(top or "--" for top in layout["foundations"].values())
    stock, waste = layout["stock"], layout["waste"]
    lines = [
        f"foundations: {foundations}",
        f"stock ({len(stock)}, next first): {' '.join(stock)}".rstrip(),
        f"waste ({len(waste)}): top {waste[-1] if waste else '--'}",
        "  ".join(f" {n}  " for n in range(1, COLUMNS + 1)).rstrip(),
    ]
    depth = max(len(column) for column in state.columns)
    for row in range(depth):
        cells = []
        for i, column in enumerate(state.columns):
            if row >= len(column):
                cells.append("    ")
            elif row < state.down_at(i):
                cells.append(f"[{column[row]}]")
            else:
                cells.append(f" {column[row]} ")
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
