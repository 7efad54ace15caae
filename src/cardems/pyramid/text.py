"""Pyramid positions as JSON-ready data and as text for a terminal."""

from __future__ import annotations

from cardems.kit.pairs.game import layout_data as layout_data
from cardems.pyramid.layout import INDEX_IN_ROW, POSITIONS, ROW, ROWS
from cardems.pyramid.rules import PyramidState

CELL = 4
"""Characters per card width in the text layout."""


def status(state: PyramidState) -> str:
    """``won``, ``blocked`` or ``playing``."""
    return state.outcome or "playing"


def render_state(state: PyramidState, *, show_stock: bool = True) -> str:
    """The pyramid row by row (``..`` an empty place, ``*`` a free card), then the stock
    and the waste."""
    free = set(state.free())
    lines = []
    for row in range(1, ROWS + 1):
        line = ""
        for p in POSITIONS:
            if ROW[p - 1] != row:
                continue
            column = (ROWS - row) * CELL // 2 + INDEX_IN_ROW[p - 1] * CELL
            card = state.pyramid[p - 1]
            text = ".." if card is None else str(card) + ("*" if p in free else "")
            line = line.ljust(column) + text
        lines.append(line.rstrip())
    if show_stock:
        stock = " ".join(str(card) for card in state.stock)
        lines.append(f"stock ({len(state.stock)}, top first): {stock}".rstrip())
    else:
        top = state.stock_top
        lines.append(f"stock: {len(state.stock)} cards, top {top if top else '-'}")
    top = state.waste_top
    passes = "unlimited" if state.passes is None else str(state.passes)
    lines.append(f"waste ({len(state.waste)}): top {top if top else '-'}")
    lines.append(f"pass {state.recycles + 1} of {passes}")
    return "\n".join(lines)
