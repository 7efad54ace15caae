"""What durability costs: one saved action (``Store.append_actions``) with SQLite's
``synchronous=FULL`` (the default: a commit survives a power cut) beside ``NORMAL``
(WAL's default: the last commits may be lost in a power cut), in one run on this disk.

    python benchmarks/store_durability.py [--actions 2000]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from cardems.store import Progress, Store


def run(path: Path, synchronous: str, actions: int) -> list[float]:
    """Milliseconds of each of ``actions`` saves, one action each, on a fresh file."""
    store = Store(path, synchronous=synchronous)
    player = store.create_player()
    game = store.create_game(player, "heart-to-heart", "N", "HH1-N-AAAAAAM")
    times = []
    for version in range(actions):
        started = time.perf_counter()
        store.append_actions(
            game, version, [("tap", "stock")], Progress(0.0, False, "playing", 0, version + 1)
        )
        times.append((time.perf_counter() - started) * 1000)
    store.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        figures = {}
        for round_ in range(2):  # alternate, so that neither gets a warmer disk
            for mode in ("NORMAL", "FULL"):
                times = run(Path(tmp) / f"{mode}-{round_}.db", mode, args.actions)
                figures.setdefault(mode, []).extend(times)
    for mode, times in figures.items():
        cuts = statistics.quantiles(times, n=100)
        print(
            f"synchronous={mode:<6} {len(times)} saves: p50 {statistics.median(times):.3f} ms,"
            f" p99 {cuts[98]:.3f} ms"
        )
    ratio = statistics.median(figures["FULL"]) / statistics.median(figures["NORMAL"])
    print(f"FULL costs {ratio:.2f}x NORMAL per saved action (median)")


if __name__ == "__main__":
    main()
