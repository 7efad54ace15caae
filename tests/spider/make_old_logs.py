"""Write ``old_spider_logs.json``: deals, games played on the rules and games played on
the table of every Spider variant, on Spider's own engine of before the build family
(:mod:`tests.spider.old_logs` says what each records).

Run once, on the old code, from the repository's root::

    .venv/bin/python tests/spider/make_old_logs.py

The file it wrote is the record :mod:`tests.spider.test_old_logs` holds today's code to;
running it again on today's code must write the same file.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.spider.old_logs import (
    OUT,
    VARIANTS,
    layout,
    record_rules_game,
    record_table_game,
)

from cardems.dealcode import DealCode
from cardems.spider.declared import deal
from cardems.spider.game import load_pool
from cardems.spider.rules import Move
from cardems.spider.solver import solve

FAMILY_MAX = 32**7
"""Deal numbers are drawn below this: every number of seven base-32 digits."""


def winning_line(variant: str, rng: random.Random) -> tuple[str, list[str]]:
    """A deal of ``variant`` and the solver's winning line: one suit's proved at once, two
    and four suits' from a code of the shipped pool (proved winnable)."""
    if variant == "S1":
        codes = [DealCode("SP", 1, variant, rng.randrange(FAMILY_MAX)) for _ in range(20)]
    else:
        codes = sorted(load_pool(variant), key=lambda code: (load_pool(variant)[code], str(code)))
    for code in codes:
        result = solve(deal(code).fast)
        if result.moves is not None:
            return str(code), [str(move) for move in result.moves]
    raise SystemExit(f"no winning line found for {variant}")


def probed(code_text: str, line: list[str]) -> list[str]:
    """``line`` with refused moves slipped in: the deal and a move from the empty column
    the first few times a column is empty, and a deal and a move once the game is won."""
    state = deal(DealCode.parse(code_text))
    moves: list[str] = []
    probes = 0
    for text in line:
        empty = [number for number, column in enumerate(state.columns, 1) if not column]
        if empty and probes < 3:
            probes += 1
            moves += ["D", f"{empty[0]}>{empty[0] % 10 + 1}"]
        moves.append(text)
        state = state.apply(Move.parse(text))
    return [*moves, "D", "3>4"]


def main() -> None:
    rng = random.Random(20261207)
    deals: dict[str, Any] = {}
    for variant in VARIANTS:
        for number in (0, 1, 617, rng.randrange(FAMILY_MAX), rng.randrange(FAMILY_MAX)):
            code = DealCode("SP", 1, variant, number)
            deals[str(code)] = layout(deal(code))
    games: list[dict[str, Any]] = []
    tables: list[dict[str, Any]] = []
    for variant in VARIANTS:
        for _ in range(3):
            code = DealCode("SP", 1, variant, rng.randrange(FAMILY_MAX))
            games.append(record_rules_game(str(code), rng.randrange(1 << 30), None))
            end = games[-1]["end"]
            print(code, end["outcome"], len(games[-1]["moves"]), file=sys.stderr)
        won, line = winning_line(variant, rng)
        games.append(record_rules_game(won, 0, probed(won, line)))
        print(won, "line", games[-1]["end"]["outcome"], file=sys.stderr)
        for auto_move in (False, True):
            code = DealCode("SP", 1, variant, rng.randrange(FAMILY_MAX))
            seed = rng.randrange(1 << 30)
            tables.append(record_table_game(str(code), seed, auto_move=auto_move, line=None))
            print(code, auto_move, tables[-1]["end"]["status"], file=sys.stderr)
        tables.append(record_table_game(won, 0, auto_move=False, line=line))
        print(won, "table line", tables[-1]["end"]["status"], file=sys.stderr)
    record = {"deals": deals, "games": games, "tables": tables}
    OUT.write_text(json.dumps(record, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
