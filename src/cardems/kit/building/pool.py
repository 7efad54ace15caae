"""A build-family game's pool of proved deals: a text file in the game's package.

Each line is a deal code and the positions the generic solver expanded to win it
(``MM1-N-AAAAAAB 412``), as Spider's pools give a code and its winning line's length.
``cardems analyze GAME --pool`` writes it (each deal proved within the verdict's budget,
its line replayed to a win); a game whose declaration names it (:attr:`BuildGame.pool`)
draws its winnable-only deals, levels and day's deal from it, with no search.
"""

from __future__ import annotations

import datetime
import sys
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from cardems.core.difficulty import level_by_cuts
from cardems.dealcode import DealCode
from cardems.rng import SplitMix64, deal_seed

POOL_FILE = "pool.txt"
"""The pool's file name in the game's package when the declaration says ``pool = True``."""


def pool_resource(game: Any) -> Traversable:
    """The pool file of ``game``'s declaration (in the package of its module)."""
    name = game.pool if isinstance(game.pool, str) else POOL_FILE
    package = sys.modules[type(game).__module__].__package__ or type(game).__module__
    return resources.files(package) / name


def parse_pool(text: str) -> dict[DealCode, int]:
    """The codes of a pool file's text, each with its positions."""
    pool = {}
    for line in text.splitlines():
        code, nodes = line.split()
        pool[DealCode.parse(code)] = int(nodes)
    return pool


def format_pool(pool: dict[DealCode, int]) -> str:
    """A pool file's text: a line a code, in the codes' order."""
    return "".join(f"{code} {pool[code]}\n" for code in sorted(pool, key=str))


_LOADED: dict[str, dict[DealCode, int]] = {}


def load_pool(game: Any) -> dict[DealCode, int]:
    """The shipped pool of ``game`` (empty when the file is not there yet); read once a
    process, but again after :func:`add_to_pool` wrote it."""
    path = pool_resource(game)
    key = str(path)
    if key not in _LOADED:
        text = path.read_text(encoding="ascii") if path.is_file() else ""
        _LOADED[key] = parse_pool(text)
    return _LOADED[key]


def pool_cuts(pool: dict[DealCode, int]) -> tuple[int, int] | None:
    """The pool's level cuts: the positions of its thirds (a code below the first is
    easy, from the second on hard); None for a pool of fewer than three codes."""
    ranked = sorted(pool.values())
    third = len(ranked) // 3
    return (ranked[third], ranked[len(ranked) - third]) if third else None


def level_pool(pool: dict[DealCode, int], level: str) -> list[DealCode]:
    """The pool's codes of ``level`` (``easy``, ``medium``, ``hard``) by
    :func:`pool_cuts`, in the codes' order (none for a pool without cuts)."""
    cuts = pool_cuts(pool)
    if cuts is None:
        return []
    return [code for code in sorted(pool, key=str) if level_by_cuts(pool[code], *cuts) == level]


def pool_day(pool: dict[DealCode, int], game: str, day: datetime.date) -> DealCode:
    """The pool's code for ``day``'s deal of ``game`` (its slug): the days run through
    the pool in one shuffled order, a code a day, so a day's deal comes back only after
    as many days as the pool has codes."""
    codes = sorted(pool, key=str)
    stream = SplitMix64(deal_seed(f"{game} pool", len(codes)))
    order = list(range(len(codes)))
    for last in range(len(order) - 1, 0, -1):  # Fisher-Yates
        other = stream.below(last + 1)
        order[last], order[other] = order[other], order[last]
    return codes[order[day.toordinal() % len(codes)]]


def add_to_pool(game: Any, proved: dict[DealCode, int]) -> int:
    """Add ``proved`` codes with their positions to the pool file of ``game`` (a code
    already there keeps its figure); the pool's size after."""
    path = Path(str(pool_resource(game)))
    pool = dict(load_pool(game))
    for code, nodes in proved.items():
        pool.setdefault(code, nodes)
    path.write_text(format_pool(pool), encoding="ascii")
    _LOADED.pop(str(pool_resource(game)), None)
    return len(pool)
