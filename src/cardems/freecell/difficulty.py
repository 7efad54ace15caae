"""FreeCell's and Baker's Game's deal levels: the shipped tables of their levels, and a
random deal of a level (see :mod:`cardems.cellgames.difficulty` for the rating)."""

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
    read_levels,
    thirds,
)
from cardems.dealcode import DealCode

TABLE = "levels.txt"
"""One letter per classic deal, deal 1 first (package data of ``cardems.freecell``)."""

BAKERS_TABLE = "levels-B.txt"
"""Baker's Game's rated deals: a deal number and its letter per line (package data)."""

BAKERS_DEALS = 900
"""Baker's Game's deals 1 … this are rated; those won within :data:`BAKERS_NODES` get a
level (some 80 % of them), so each level offers over 200 winnable deals."""

BAKERS_NODES = 200_000
"""Positions the rating's solve of a Baker's Game deal may expand (lost deals are many,
and proving one lost takes long: past it the deal is not rated, so never offered)."""


@functools.cache
def classic_levels() -> str:
    """The shipped levels of deals 1–32,000 (``e``, ``m``, ``h``; ``-`` not rated)."""
    path = resources.files("cardems.freecell") / TABLE
    return path.read_text(encoding="ascii").strip() if path.is_file() else ""


@functools.cache
def bakers_levels() -> dict[int, str]:
    """The shipped level of each rated Baker's Game deal, by number."""
    return read_levels(resources.files("cardems.freecell") / BAKERS_TABLE, int)


def level_of(code: DealCode) -> str | None:
    """A deal's shipped level (None for a deal not in the tables, or not rated)."""
    if code.variant == "B":
        return bakers_levels().get(code.number)
    table = classic_levels()
    if code.variant != "N" or not 1 <= code.number <= len(table):
        return None
    return level_of_letter(table[code.number - 1])


def deal_of_level(level: str, rng: random.Random, variant: str = "N") -> DealCode:
    """A random rated deal of ``variant`` (classic FreeCell ``N``, Baker's Game ``B``) and
    ``level``; ValueError if none is rated so."""
    if variant == "B":
        numbers = sorted(number for number, found in bakers_levels().items() if found == level)
    else:
        numbers = [i + 1 for i, mark in enumerate(classic_levels()) if mark == level[0]]
    if not numbers:
        raise ValueError(f"no FreeCell {variant} deal is rated {level}")
    return DealCode("FC", 1, variant, rng.choice(numbers))


def rate(number: int, variant: str = "N") -> float | None:
    """Deal ``number``'s rating (None: not won within the rating's budget)."""
    from cardems.freecell.rules import deal
    from cardems.freecell.solver import solve_state

    start = deal(DealCode("FC", 1, variant, number))
    result = solve_state(start, node_limit=BAKERS_NODES if variant == "B" else RATE_NODES)
    if not result.winnable:
        return None
    return rating(result.nodes, cells=peak_cells(start, result.moves))


def write_levels(deals: int = 32_000) -> None:
    """Rate the classic deals 1 … ``deals`` and ship their levels (slow: minutes)."""
    levels = thirds([rate(number) for number in range(1, deals + 1)])
    path = Path(__file__).with_name(TABLE)
    path.write_text(letters(levels) + "\n", encoding="ascii")
    classic_levels.cache_clear()


def write_bakers_levels(deals: int = BAKERS_DEALS) -> None:
    """Rate Baker's Game's deals 1 … ``deals`` and ship the levels of those won."""
    numbers = range(1, deals + 1)
    levels = thirds([rate(number, "B") for number in numbers])
    lines = [f"{n} {letters([level])}" for n, level in zip(numbers, levels, strict=True) if level]
    Path(__file__).with_name(BAKERS_TABLE).write_text("\n".join(lines) + "\n", encoding="ascii")
    bakers_levels.cache_clear()
