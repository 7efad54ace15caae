"""Row-family positions as JSON-ready data and as text, for ``cardems play``."""

from __future__ import annotations

from typing import Any

from cardems.i18n.markers import N_
from cardems.kit.row.engine import RowState, card_text

MOVES_HELP = N_(
    "Moves: 7-4 moves the 7th pile from the left onto the 4th; the numbers are those"
    " shown above the piles."
)
PER_LINE = 13
"""Piles on a line of text."""


def layout_data(state: RowState) -> dict[str, Any]:
    """``piles``: the row left to right, each bottom → top."""
    return {"piles": [[card_text(card) for card in pile] for pile in state.piles]}


def render_state(state: RowState) -> str:
    """The row in lines of 13 numbered piles: each pile's top card and, for a pile of
    more than one card, how many it holds."""
    lines = []
    for start in range(0, len(state.piles), PER_LINE):
        piles = state.piles[start : start + PER_LINE]
        numbers = range(start + 1, start + 1 + len(piles))
        lines.append(" ".join(f"{n:>5}" for n in numbers))
        tops = [card_text(pile[-1]) + (f"x{len(pile)}" if len(pile) > 1 else "") for pile in piles]
        lines.append(" ".join(f"{top:>5}" for top in tops))
    lines.append(f"piles: {len(state.piles)}")
    return "\n".join(lines)
