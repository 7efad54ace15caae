"""A position of columns, free cells and foundations as JSON-ready data or as text."""

from __future__ import annotations

from typing import Any

from cardems.cellgames.notation import SUIT_LETTERS
from cardems.cellgames.piles import Piles
from cardems.dealcode import DealCode


def describe_position(code: DealCode, game: str, state: Piles) -> dict[str, Any]:
    """Columns bottom→top, cells (null when empty), the top card of each foundation (null
    when empty), after the ``code``, ``game`` and ``variant``."""
    return {
        "code": str(code),
        "game": game,
        "variant": code.variant,
        "columns": [[str(card) for card in pile] for pile in state.columns],
        "cells": [None if card is None else str(card) for card in state.cells],
        "foundations": {
            SUIT_LETTERS[i]: None if top is None else str(top)
            for i in range(4)
            for top in [state.foundation_top(i)]
        },
    }


def render_position(
    heading: str, state: Piles, down: tuple[int, ...] = (), *, hide: bool = False
) -> str:
    """``heading``, then cells (if any) and foundations, then the columns side by side; with
    ``down`` (each column's face-down count) a column's face-down cards in brackets, or
    as ``##`` when ``hide`` (a player's table)."""
    if down:
        return _render_face_down(heading, state, down, hide)
    cells = " ".join("--" if card is None else str(card) for card in state.cells)
    homes = " ".join(
        "--" if top is None else str(top) for top in map(state.foundation_top, range(4))
    )
    lines = [
        heading,
        (f"cells: {cells}    " if state.cells else "") + f"foundations (S H D C): {homes}",
        " ".join(f"{n:>2}" for n in range(1, len(state.columns) + 1)),
    ]
    height = max((len(pile) for pile in state.columns), default=0)
    for row in range(height):
        cards = [str(pile[row]) if row < len(pile) else "  " for pile in state.columns]
        lines.append(" ".join(cards).rstrip())
    return "\n".join(lines)


def _render_face_down(heading: str, state: Piles, down: tuple[int, ...], hide: bool) -> str:
    """:func:`render_position` with face-down cards: every card four wide."""
    lines = render_position(heading, state).split("\n")[:2]
    lines.append(" ".join(f" {n:>2} " for n in range(1, len(state.columns) + 1)).rstrip())
    height = max((len(pile) for pile in state.columns), default=0)
    for row in range(height):
        cards = []
        for pile, hidden in zip(state.columns, down, strict=True):
            if row >= len(pile):
                cards.append("    ")
            elif row >= hidden:
                cards.append(f" {pile[row]} ")
            else:
                cards.append(" ## " if hide else f"[{pile[row]}]")
        lines.append(" ".join(cards).rstrip())
    return "\n".join(lines)
