"""Pairs positions as text for a terminal: the layout row by row at its places' columns
(``..`` an emptied place, ``*`` a free card), with ``numbered`` the same layout of
position numbers beside it, then the stock and the waste (and the pass, where passes are
limited)."""

from __future__ import annotations

from typing import Any

from cardems.kit.pairs.engine import PairsState

CELL = 4
"""Characters per card width in the text layout (a place's column is in card widths)."""


def status(state: PairsState) -> str:
    """``won``, ``blocked`` or ``playing``."""
    return state.outcome or "playing"


def render_state(
    state: PairsState,
    places: dict[str, dict[str, Any]],
    *,
    show_stock: bool = True,
    numbered: bool = False,
) -> str:
    """The position drawn as the module docstring says; ``places`` are the table's."""
    rules, text = state.rules, state.rules.text
    free = set(state.free())
    rows: dict[int, list[tuple[int, int]]] = {}
    for p in range(1, rules.size + 1):
        place = places[f"{rules.kind}:{p}"]
        rows.setdefault(place["row"], []).append((int(place["column"] * CELL), p))
    width = max(column for pairs in rows.values() for column, _ in pairs) + 2 * CELL
    lines = []
    for row in sorted(rows):
        line = numbers = ""
        for column, p in rows[row]:
            card = state.cards[p - 1]
            line = line.ljust(column) + (
                (text(card) + ("*" if p in free else "")) if card else ".."
            )
            numbers = numbers.ljust(column) + f"{p:>2}"
        lines.append(f"{line.ljust(width)}    {numbers}".rstrip() if numbered else line.rstrip())
    top_plays = rules.stock.top_plays
    if show_stock:
        stock = " ".join(text(card) for card in state.stock)
        order = "top first" if top_plays else "next first"
        lines.append(f"stock ({len(state.stock)}, {order}): {stock}".rstrip())
    elif top_plays:
        top = text(state.stock[0]) if state.stock else "-"
        lines.append(f"stock: {len(state.stock)} cards, top {top}")
    else:
        lines.append(f"stock: {len(state.stock)} cards face down")
    top = text(state.waste[-1]) if state.waste else "-"
    lines.append(f"waste ({len(state.waste)}): top {top}")
    if any(passes is not None for passes in rules.stock.passes.values()):
        passes = "unlimited" if state.passes is None else str(state.passes)
        lines.append(f"pass {state.recycles + 1} of {passes}")
    return "\n".join(lines)
