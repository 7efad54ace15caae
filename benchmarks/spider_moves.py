"""Spider: the CPU time of one move on the table, the game as players play it (the
intent, the position's status, the view), over the table games of the Spider corpus
(``tests/spider/old_spider_logs.json``: taps, double taps, drags, undo, redo, finish and
won lines of 1, 2 and 4 suits), best of ``--repeat`` runs.

    python3 benchmarks/spider_moves.py [--repeat 5]

Anchor: the same games on Spider's own engine (commit 7dafa41, before the build family:
its ``src`` first on ``PYTHONPATH``, this script and the corpus from this tree, its C
extensions copied in): 0.66-0.68 ms CPU an intent on 2026-12-07, beside 0.89 ms on the
build family (a loaded 2-core machine: compare runs made back to back).
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
from cardems.spider.table import SpiderTable

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "spider" / "old_spider_logs.json"


def run(games: list[dict[str, Any]]) -> tuple[float, int]:
    """CPU seconds and intents of playing every game once."""
    intents = 0
    started = time.process_time()
    for game in games:
        settings = TableSettings(auto_move=game["auto_move"], move_errors=True)
        table = SpiderTable(DealCode.parse(game["code"]), settings, lambda: 0.0)
        for intent in game["log"]:
            with contextlib.suppress(IntentError, ValueError):
                table.act(tuple(intent))
            table.view()
            intents += 1
    return time.process_time() - started, intents


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    games = json.loads(CORPUS.read_text(encoding="utf-8"))["tables"]
    seconds, intents = min(run(games) for _ in range(args.repeat))
    print(f"Spider table: {intents} intents, {1000 * seconds / intents:.3f} ms CPU an intent")
    print("anchor: 0.67 ms CPU an intent on Spider's own engine (commit 7dafa41)")


if __name__ == "__main__":
    main()
