"""Heart to Heart positions as JSON-ready data and as text for a terminal."""

from __future__ import annotations

from cardems.heart_to_heart.layout import POSITIONS, ROW, X
from cardems.heart_to_heart.rules import HeartState, card_text
from cardems.kit.pairs.game import layout_data as layout_data

CELL = 4
"""Characters per card width in the text layout (x is in card widths)."""


def status(state: HeartState) -> str:
    """``won``, ``blocked`` or ``playing``."""
    if state.is_won():
        return "won"
    return "blocked" if state.is_blocked() else "playing"


def render_state(state: HeartState, *, show_stock: bool = True, numbered: bool = False) -> str:
    """The heart drawn row by row (``..`` marks an empty place, ``*`` an available card),
    with ``numbered`` the same heart of position numbers beside it, then the stock and the
    waste."""
    free = set(state.available())
    lines = []
    for row in range(1, 8):
        line = numbers = ""
        for p in POSITIONS:
            if ROW[p - 1] != row:
                continue
            column = int(X[p - 1] * CELL)
            rank = state.heart[p - 1]
            text = (card_text(rank) + ("*" if p in free else "")) if rank else ".."
            line = line.ljust(column) + text
            numbers = numbers.ljust(column) + f"{p:>2}"
        lines.append(f"{line.ljust(7 * CELL)}    {numbers}".rstrip() if numbered else line.rstrip())
    if show_stock:
        stock = " ".join(card_text(rank) for rank in state.stock)
        lines.append(f"stock ({len(state.stock)}, next first): {stock}".rstrip())
    else:
        lines.append(f"stock: {len(state.stock)} cards face down")
    top = card_text(state.waste[-1]) if state.waste else "-"
    lines.append(f"waste ({len(state.waste)}): top {top}")
    return "\n".join(lines)
