"""FreeCell's deal levels: the shipped table of its classic deals' levels, and a random
deal of a level (see :mod:`cardems.cellgames.difficulty` for the rating)."""

from __future__ import annotations

import functools
import random
from importlib import resources
from pathlib import Path

from cardems.cellgames.difficulty import (
    RATE_NODES,
    letters,
    level_of_letter,
    peak_cells,
    rating,
    thirds,
)
from cardems.dealcode import DealCode

TABLE = "levels.txt"
"""One letter per classic deal, deal 1 first (package data of ``cardems.freecell``)."""


@functools.cache
def classic_levels() -> str:
    """The shipped levels of deals 1–32,000 (``e``, ``m``, ``h``; ``-`` not rated)."""
    path = resources.files("cardems.freecell") / TABLE
    return path.read_text(encoding="ascii").strip() if path.is_file() else ""


def level_of(code: DealCode) -> str | None:
    """A classic deal's shipped level (None for another deal, or one not rated)."""
    table = classic_levels()
    if code.variant != "N" or not 1 <= code.number <= len(table):
        return None
    return level_of_letter(table[code.number - 1])


def deal_of_level(level: str, rng: random.Random) -> DealCode:
    """A random classic deal of ``level``; ValueError if none is rated so."""
    letter = level[0]
    numbers = [i + 1 for i, mark in enumerate(classic_levels()) if mark == letter]
    if not numbers:
        raise ValueError(f"no FreeCell deal is rated {level}")
    return DealCode("FC", 1, "N", rng.choice(numbers))


def rate(number: int) -> float | None:
    """Deal ``number``'s rating (None: not won within the rating's budget)."""
    from cardems.freecell.rules import deal
    from cardems.freecell.solver import solve_state

    start = deal(DealCode("FC", 1, "N", number))
    result = solve_state(start, node_limit=RATE_NODES)
    if not result.winnable:
        return None
    return rating(result.nodes, cells=peak_cells(start, result.moves))


def write_levels(deals: int = 32_000) -> None:
    """Rate the classic deals 1 … ``deals`` and ship their levels (slow: minutes)."""
    levels = thirds([rate(number) for number in range(1, deals + 1)])
    path = Path(__file__).with_name(TABLE)
    path.write_text(letters(levels) + "\n", encoding="ascii")
    classic_levels.cache_clear()
