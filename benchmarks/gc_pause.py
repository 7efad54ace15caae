"""The pause of a full garbage collection in a server holding many games in memory.

Builds the app as ``cardems serve`` does (its lifespan runs: it freezes what lives as
long as the process), plays ``--games`` Heart to Heart games of 10 draws each through
the API, then times full collections (``gc.collect()``), the pause every request waits
through when the collector runs its oldest generation. ``--no-freeze`` thaws first, to
compare with a server that does not freeze (both in one run: ``--compare``).

Anchor: a move's p99 goal of 100 ms (issue 15); a full collection stops every request.

    python benchmarks/gc_pause.py [--games 500] [--compare]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import tempfile
import time
from pathlib import Path

from starlette.testclient import TestClient

from cardems.web.app import create_app


def pauses(games: int, freeze: bool, rounds: int = 7) -> tuple[int, list[float]]:
    """(objects the collector tracks, full collection pauses in ms) with ``games`` live."""
    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(Path(tmp) / "b.db")) as app:
        if not freeze:
            gc.unfreeze()
        for _ in range(games):
            app.cookies.clear()
            app.post("/api/settings", json={})
            game = app.post("/api/games", json={"game": "heart-to-heart"}).json()
            version = game["view"]["version"]
            for _ in range(10):
                body = {"type": "tap", "target": "stock", "version": version}
                version = app.post(f"/api/games/{game['id']}/intent", json=body).json()["view"][
                    "version"
                ]
        times = []
        for _ in range(rounds):
            started = time.perf_counter()
            gc.collect()
            times.append((time.perf_counter() - started) * 1000)
        tracked = len(gc.get_objects())
    gc.unfreeze()
    return tracked, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--no-freeze", action="store_true")
    parser.add_argument("--compare", action="store_true", help="frozen and not, one run")
    args = parser.parse_args()
    runs = [True, False] if args.compare else [not args.no_freeze]
    for freeze in runs:
        tracked, times = pauses(args.games, freeze)
        label = "frozen at start" if freeze else "not frozen"
        print(
            f"{label:<16} {args.games} games: {tracked} objects scanned, full collection"
            f" median {statistics.median(times):.1f} ms, max {max(times):.1f} ms"
        )
    print("anchor: a move's p99 <= 100 ms (issue 15); a full collection stops every request")


if __name__ == "__main__":
    main()
