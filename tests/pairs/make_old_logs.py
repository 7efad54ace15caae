"""Write ``old_pairs_logs.json``: games of Heart to Heart and of every Pyramid variant
played on the tables of before the pairs family (random taps, double taps, drags, undo,
redo, and games won along the hint's line), with what each step showed.

Run once, on the old code, from the repository's root::

    .venv/bin/python tests/pairs/make_old_logs.py

The file it wrote is the record :mod:`tests.pairs.test_old_pairs_logs` holds today's
tables to; running it again on today's code must write the same file.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.pairs.old_logs import GAMES, OUT, record_game, table_of

from cardems.core.registry import game_for
from cardems.dealcode import DealCode


def main() -> None:
    rng = random.Random(20261206)
    games: list[dict[str, Any]] = []
    for prefix, variants in GAMES:
        for variant in variants:
            game = game_for(prefix)
            for k in range(12 if prefix == "HH" else 7):
                won = k >= (8 if prefix == "HH" else 4)
                while True:
                    number = rng.randrange(game.family.max_number + 1)
                    code = DealCode(prefix, 1, variant, number)
                    if not won or table_of(code).winnable(600) is True:
                        break
                games.append(record_game(str(code), rng.randrange(1 << 30), won=won))
                print(code, games[-1]["status"], len(games[-1]["log"]), file=sys.stderr)
    OUT.write_text(json.dumps(games, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
