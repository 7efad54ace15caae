"""Klondike: the CPU time of one move on the table, the game as players play it (the
intent, the position's status, the view), over the table games of the Klondike corpus
(``tests/klondike/old_klondike_logs.json``: taps, double taps, drags, undo, redo, finish
and won lines of every variant and scoring), best of ``--repeat`` runs.

    python3 benchmarks/klondike_moves.py [--repeat 5]

Anchor: the same games on Klondike's own engine of before the build family (commit
5f51475, its ``src`` first on ``PYTHONPATH``, this script and the corpus from this tree):
0.62-0.70 ms CPU an intent on 2026-12-07, beside 1.06 ms on the build family (a loaded
2-core machine: compare runs made back to back).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from pathlib import Path
from typing import Any

from cardems.core.game import IntentError, TableSettings
from cardems.dealcode import DealCode
from cardems.klondike.table import KlondikeTable

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "klondike" / "old_klondike_logs.json"


def run(games: list[dict[str, Any]]) -> tuple[float, int]:
    """CPU seconds and intents of playing every game once."""
    intents = 0
    started = time.process_time()
    for game in games:
        settings = TableSettings(auto_move=game["auto_move"], move_errors=True)
        table = KlondikeTable(DealCode.parse(game["code"]), settings, lambda: 0.0, game["scoring"])
        for intent in game["log"]:
            with contextlib.suppress(IntentError):
                table.act(tuple(intent))
            table.view()
            intents += 1
    return time.process_time() - started, intents


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    games = json.loads(CORPUS.read_text(encoding="utf-8"))["tables"]
    best = min(run(games) for _ in range(args.repeat))
    seconds, intents = best
    print(f"Klondike table: {intents} intents, {1000 * seconds / intents:.3f} ms CPU an intent")
    print("anchor: 0.62-0.70 ms CPU an intent on Klondike's own engine (commit 5f51475)")


if __name__ == "__main__":
    main()
