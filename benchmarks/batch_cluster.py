"""What a task costs in cardems.batch, and one job's wall time, local pool vs Dask cluster.

    python3 benchmarks/batch_cluster.py [--deals 400] [--hands 200]

Starts a two-worker ``LocalCluster`` on loopback (processes, one thread each), then
prints the cost of an empty task (400 of them, one a task) in a local pool of 2 and on
the cluster, and the wall time of ``cardems analyze tripeaks --deals N --start 100000``
and ``cardems arena --league --bots easy,medium --hands H`` with ``--jobs 2`` /
``--workers 2`` and with ``--cluster``. Goal: a chunk (batch.py) holds 10 ms of work or
more, well over a task's cost. Noisy on a shared machine: compare within one run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from typing import Any

from cardems.batch import Batch


def empty(item: int) -> int:
    """An empty task's item."""
    return item


def wall(*argv: str) -> float:
    """Seconds a ``cardems`` command takes, its output thrown away."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "cardems.cli", *argv],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--hands", type=int, default=200)
    args = parser.parse_args()
    import distributed

    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=50,
    ) as cluster:
        address = cluster.scheduler_address
        places: list[tuple[str, dict[str, Any]]] = [
            ("local pool", {"jobs": 2}),
            ("cluster", {"cluster": address}),
        ]
        for name, where in places:
            with Batch(**where) as batch:
                list(batch.map(empty, range(20)))  # the workers warm
                start = time.perf_counter()
                list(batch.map(empty, range(400), chunk=1))
                each = (time.perf_counter() - start) / 400 * 1000
            print(f"{name}: {each:.2f} ms an empty task (400 tasks, 2 workers)")
        analyze = ("analyze", "tripeaks", "--deals", str(args.deals), "--start", "100000")
        league = ("arena", "--league", "--bots", "easy,medium", "--hands", str(args.hands))
        for command, local, remote in (
            (analyze, ("--jobs", "2"), ("--cluster", address)),
            (league, ("--workers", "2", "--quiet"), ("--cluster", address, "--quiet")),
        ):
            here, there = wall(*command, *local), wall(*command, *remote)
            print(f"{' '.join(command)}: local pool of 2 {here:.1f} s, cluster of 2 {there:.1f} s")


if __name__ == "__main__":
    main()
