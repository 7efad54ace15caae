"""Klondike and Spider: the CPU time of one move on the table, the game as players play it
(the intent, the position's status, the view), over the table games of the game's corpus
(``tests/<game>/old_<game>_logs.json``: taps, double taps, drags, undo, redo, finish and
won lines of every variant, and Klondike's scorings), best of ``--repeat`` runs.

    python3 benchmarks/table_moves.py --game klondike [--repeat 5]
    python3 benchmarks/table_moves.py --game spider

Anchors: the same games on each game's own engine of before the build family (its
commit's ``src`` first on ``PYTHONPATH``, this script and the corpus from this tree, its
C extensions copied in), on a loaded 2-core machine on 2026-12-07 (compare runs made back
to back):

- Klondike (commit 5f51475): 0.62-0.70 ms CPU an intent, beside 1.06 ms on the build family;
- Spider (commit 7dafa41): 0.66-0.68 ms, beside 0.89 ms on the build family.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardems.core.game import IntentError, Table, TableSettings
from cardems.dealcode import DealCode

TESTS = Path(__file__).resolve().parents[1] / "tests"
ANCHORS = {
    "klondike": "0.62-0.70 ms CPU an intent on Klondike's own engine (commit 5f51475)",
    "spider": "0.66-0.68 ms CPU an intent on Spider's own engine (commit 7dafa41)",
}


def table_maker(game: str) -> Callable[[dict[str, Any], TableSettings], Table]:
    """How a corpus game's table is made, for ``game``."""
    if game == "klondike":
        from cardems.klondike.table import KlondikeTable

        return lambda played, settings: KlondikeTable(
            DealCode.parse(played["code"]), settings, lambda: 0.0, played["scoring"]
        )
    from cardems.spider.table import SpiderTable

    return lambda played, settings: SpiderTable(
        DealCode.parse(played["code"]), settings, lambda: 0.0
    )


def run(games: list[dict[str, Any]], make: Callable[..., Table]) -> tuple[float, int]:
    """CPU seconds and intents of playing every game once."""
    intents = 0
    started = time.process_time()
    for game in games:
        settings = TableSettings(auto_move=game["auto_move"], move_errors=True)
        table = make(game, settings)
        for intent in game["log"]:
            with contextlib.suppress(IntentError, ValueError):
                table.act(tuple(intent))
            table.view()
            intents += 1
    return time.process_time() - started, intents


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=sorted(ANCHORS), required=True)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    corpus = TESTS / args.game / f"old_{args.game}_logs.json"
    games = json.loads(corpus.read_text(encoding="utf-8"))["tables"]
    make = table_maker(args.game)
    seconds, intents = min(run(games, make) for _ in range(args.repeat))
    title = args.game.capitalize()
    print(f"{title} table: {intents} intents, {1000 * seconds / intents:.3f} ms CPU an intent")
    print(f"anchor: {ANCHORS[args.game]}")


if __name__ == "__main__":
    main()
