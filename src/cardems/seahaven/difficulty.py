"""Seahaven's deal levels: the shipped tables of its pools' levels, and a random deal of
a level (see :mod:`cardems.cellgames.difficulty` for the rating)."""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from importlib import resources
from pathlib import Path

from cardems.cellgames.difficulty import (
    RATE_NODES,
    SPARE_NODES,
    letters,
    rating,
    read_levels,
    thirds,
)
from cardems.dealcode import DealCode

SMALLER = {"C4": ("C2", "C1"), "C2": ("C1",), "C1": ()}
"""The variants with fewer free cells than each."""


def table_name(variant: str) -> str:
    """The shipped table of a variant's levels (package data of ``cardems.seahaven.pools``)."""
    return f"levels-{variant}.txt"


@functools.cache
def pool_levels(variant: str) -> dict[DealCode, str]:
    """The shipped level of each rated code of ``variant``'s pool."""
    path = resources.files("cardems.seahaven.pools") / table_name(variant)
    return read_levels(path, DealCode.parse)


def level_of(code: DealCode) -> str | None:
    """A pool deal's shipped level (None for a deal not in a pool, or not rated)."""
    return pool_levels(code.variant).get(code)


def deal_of_level(variant: str, level: str, rng: random.Random) -> DealCode:
    """A random pool deal of ``variant`` and ``level``; ValueError if none is rated so."""
    codes = sorted(code for code, found in pool_levels(variant).items() if found == level)
    if not codes:
        raise ValueError(f"no Seahaven {variant} deal is rated {level}")
    return rng.choice(codes)


def rate(code: DealCode) -> float | None:
    """A deal's rating (None: not won within the rating's budget)."""
    from cardems.seahaven.rules import deal
    from cardems.seahaven.solver import solve_state

    result = solve_state(deal(code), node_limit=RATE_NODES)
    if not result.winnable:
        return None
    spare = sum(
        bool(solve_state(deal(replace(code, variant=smaller)), node_limit=SPARE_NODES).winnable)
        for smaller in SMALLER[code.variant]
    )
    return rating(result.nodes, spare=spare)


def write_levels() -> None:
    """Rate every pool code and ship the levels, one table per variant."""
    from cardems.seahaven.game import load_pool

    for variant in SMALLER:
        codes = load_pool(variant)
        levels = thirds([rate(code) for code in codes])
        lines = [f"{code} {mark}\n" for code, mark in zip(codes, letters(levels), strict=True)]
        path = Path(__file__).with_name("pools") / table_name(variant)
        path.write_text("".join(lines), encoding="ascii")
    pool_levels.cache_clear()
