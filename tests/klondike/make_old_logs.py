"""Write ``old_klondike_logs.json``: deals, games played on the rules and games played on
the table of every Klondike variant and scoring, on Klondike's own engine of before the
build family (:mod:`tests.klondike.old_logs` says what each records).

Run once, on the old code, from the repository's root::

    .venv/bin/python tests/klondike/make_old_logs.py

The file it wrote is the record :mod:`tests.klondike.test_old_logs` holds today's code
to; running it again on today's code must write the same file.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.klondike.old_logs import (
    OUT,
    combos,
    layout,
    record_rules_game,
    record_table_game,
)

from cardems.dealcode import DealCode
from cardems.klondike.declared import board, deal
from cardems.klondike.rules import VARIANTS
from cardems.klondike.solver import solve

FAMILY_MAX = 32**7
"""Deal numbers are drawn below this: every number of seven base-32 digits."""
WIN_NODES = 50_000
"""Positions the solver may expand to find the line a won game plays."""


def main() -> None:
    rng = random.Random(20261207)
    deals: dict[str, Any] = {}
    for variant in VARIANTS:
        for number in (0, 1, 617, rng.randrange(FAMILY_MAX), rng.randrange(FAMILY_MAX)):
            code = DealCode("KL", 1, variant, number)
            deals[str(code)] = layout(deal(code))
    games: list[dict[str, Any]] = []
    tables: list[dict[str, Any]] = []
    for variant, scoring in combos():
        for _ in range(3):
            code = DealCode("KL", 1, variant, rng.randrange(FAMILY_MAX))
            games.append(record_rules_game(str(code), scoring, rng.randrange(1 << 30)))
            print(code, scoring, games[-1]["outcome"], len(games[-1]["moves"]), file=sys.stderr)
        for auto_move in (False, True):
            code = DealCode("KL", 1, variant, rng.randrange(FAMILY_MAX))
            seed = rng.randrange(1 << 30)
            tables.append(
                record_table_game(str(code), scoring, seed, auto_move=auto_move, line=None)
            )
            print(code, scoring, auto_move, tables[-1]["end"]["status"], file=sys.stderr)
        while True:
            code = DealCode("KL", 1, variant, rng.randrange(FAMILY_MAX))
            verdict = solve(board(code), WIN_NODES)
            if verdict.winnable and verdict.line is not None:
                break
        line = [str(move) for move in verdict.line]
        tables.append(record_table_game(str(code), scoring, 0, auto_move=False, line=line))
        print(code, scoring, "line", tables[-1]["end"]["status"], file=sys.stderr)
    record = {"deals": deals, "games": games, "tables": tables}
    OUT.write_text(json.dumps(record, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
