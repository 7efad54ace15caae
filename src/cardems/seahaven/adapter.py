"""Seahaven Towers as the CLI and the web app see it (``cardems.games.GameAdapter``)."""

from __future__ import annotations

import random
from importlib import resources
from typing import Any

from cardems.dealcode import FAMILIES, DealCode
from cardems.games import Unsupported
from cardems.seahaven.rules import SUIT_LETTERS, SeahavenState, deal, format_move
from cardems.seahaven.solver import solve_state

SOLVE_SECONDS = 10.0
"""Budget of one ``solve`` request; past it the answer is ``winnable: null``."""


def load_pool(variant: str) -> list[DealCode]:
    """The shipped codes of ``variant`` that the solver proved winnable (may be empty)."""
    path = resources.files("cardems.seahaven.pools") / f"{variant}.txt"
    if not path.is_file():
        return []
    lines = path.read_text(encoding="ascii").split()
    return [DealCode.parse(line) for line in lines if line]


def describe_state(code: DealCode, state: SeahavenState) -> dict[str, Any]:
    """A position as JSON-ready data: columns bottom→top, cells (null when empty), the top
    card of each foundation (null when empty)."""
    return {
        "code": str(code),
        "game": "seahaven",
        "variant": code.variant,
        "columns": [[str(card) for card in pile] for pile in state.columns],
        "cells": [None if card is None else str(card) for card in state.cells],
        "foundations": {
            SUIT_LETTERS[i]: None if top is None else str(top)
            for i in range(4)
            for top in [state.foundation_top(i)]
        },
    }


def render_state(code: DealCode, state: SeahavenState) -> str:
    """A position as text: cells and foundations on top, the columns side by side."""
    cells = " ".join("--" if card is None else str(card) for card in state.cells)
    homes = " ".join(
        "--" if top is None else str(top) for top in map(state.foundation_top, range(4))
    )
    lines = [
        f"{code}  Seahaven Towers, {len(state.cells)} free cell{'s' * (len(state.cells) > 1)}",
        f"cells: {cells}    foundations (S H D C): {homes}",
        " ".join(f"{n:>2}" for n in range(1, 11)),
    ]
    height = max((len(pile) for pile in state.columns), default=0)
    for row in range(height):
        cards = [str(pile[row]) if row < len(pile) else "  " for pile in state.columns]
        lines.append(" ".join(cards).rstrip())
    return "\n".join(lines)


class SeahavenAdapter:
    """Deals, describes, renders and solves Seahaven Towers codes."""

    family = FAMILIES["SH"]

    def __init__(self) -> None:
        self._random = random.SystemRandom()

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random deal; with ``winnable``, one from the shipped pool of proved-winnable codes
        (or, when a pool is missing, the first random deal the solver proves winnable)."""
        if winnable:
            pool = load_pool(variant)
            if pool:
                return self._random.choice(pool)
        while True:
            code = DealCode("SH", 1, variant, self._random.randrange(self.family.max_number + 1))
            if not winnable or solve_state(deal(code), time_limit=SOLVE_SECONDS).winnable:
                return code

    def describe(self, code: DealCode) -> dict[str, Any]:
        """The initial layout as JSON-ready data."""
        return describe_state(code, deal(code))

    def render(self, code: DealCode) -> str:
        """The initial layout as text."""
        return render_state(code, deal(code))

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """Winnable (with a winning line), not winnable, or undecided within the budget."""
        if shortest:
            raise Unsupported(
                "the Seahaven solver finds a winning line, not the shortest one; drop --shortest"
            )
        result = solve_state(deal(code), time_limit=SOLVE_SECONDS)
        moves = [format_move(move) for move in result.moves]
        return {
            "code": str(code),
            "game": "seahaven",
            "winnable": result.winnable,
            "moves": moves,
            "length": len(moves),
        }


ADAPTER = SeahavenAdapter()
