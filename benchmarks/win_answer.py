"""How long a winning move's answer takes, and its par after it (in-process API, SQLite).

For each deal, a game is saved at the position before its last winning move (the hinted
line, played on a table), then the winning move is posted through the API and timed,
and then ``GET /api/games/{id}/par``, which the won dialog asks for (before the par
followed the win, the winning answer waited for the par's search). Each deal's par is
searched once a process, so each deal is timed in a fresh process's first win. Prints
the median and the slowest of each, beside the anchor: a move answered within 100 ms.

    python3 benchmarks/win_answer.py [--codes FC1-N-AAAAAAB FC1-N-AAAA5HW …]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ANCHOR_MS = 100.0
CODES = ["FC1-N-AAAAAAB", "FC1-N-AAAA5HW", "FC1-N-AAAAAPJ", "SH1-C4-AAAAAJ2", "SH1-C2-24J2ZVR"]


def one(code: str) -> dict[str, float]:
    """The winning move's answer and the par's, in milliseconds (this process's first)."""
    from starlette.testclient import TestClient

    from cardems.core.game import TableSettings
    from cardems.core.registry import game_for
    from cardems.dealcode import DealCode
    from cardems.store import Progress, Store
    from cardems.web.app import create_app
    from cardems.web.deps import COOKIE

    game = game_for(code[:2])
    table: Any = game.new_table(DealCode.parse(code), TableSettings(), {}, lambda: 0.0)
    last: list[Any] = []
    while table.status == "playing":
        hint = table.hint("en")
        before, last = list(table.log), list(hint["intents"])
        for intent in hint["intents"]:
            table.act(tuple(intent.values()))
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "cardems.db"
        with TestClient(create_app(db)) as client:
            client.post("/api/settings", json={"guide_seen": True})
            store = Store(db)
            game_id = store.create_game(
                client.cookies[COOKIE], game.family.name, code.split("-")[1], code, None
            )
            progress = Progress(
                elapsed=0.0, timer_stopped=False, status="playing", score=0, moves=len(before)
            )
            store.append_actions(game_id, 0, before, progress)
            store.close()
            version = client.get(f"/api/games/{game_id}").json()["view"]["version"]
            started = time.perf_counter()
            for intent in last:
                body = intent | {"version": version}
                view = client.post(f"/api/games/{game_id}/intent", json=body).json()["view"]
                version = view["version"]
            won = time.perf_counter() - started
            assert view["status"] == "won", view["status"]
            started = time.perf_counter()
            asked = client.get(f"/api/games/{game_id}/par")  # 404 where the win carried it
            after = time.perf_counter() - started if asked.status_code == 200 else 0.0
    return {"win_ms": 1000 * won, "par_ms": 1000 * after}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--codes", nargs="+", default=CODES)
    parser.add_argument("--one", help=argparse.SUPPRESS)  # a child process's deal
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one)))
        return
    rows = []
    for code in args.codes:
        done = subprocess.run(
            [sys.executable, __file__, "--one", code], capture_output=True, text=True, check=True
        )
        row = json.loads(done.stdout.strip().splitlines()[-1])
        rows.append(row)
        print(f"{code:16} winning move {row['win_ms']:8.1f} ms   par {row['par_ms']:8.1f} ms")
    wins = [row["win_ms"] for row in rows]
    pars = [row["par_ms"] for row in rows]
    print(
        f"winning move: median {statistics.median(wins):.1f} ms, slowest {max(wins):.1f} ms"
        f" (anchor: a move answered within {ANCHOR_MS:.0f} ms);"
        f" the par after it: median {statistics.median(pars):.1f} ms, slowest {max(pars):.1f} ms"
    )


if __name__ == "__main__":
    main()
