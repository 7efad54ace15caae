"""One census on the local pool and on a Dask cluster: wall time, CPU, cost of a task.

    python3 benchmarks/census_cluster.py [--game klondike] [--deals 2000] [--jobs 2]
        [--cluster tcp://127.0.0.1:8786]

runs ``cardems census GAME --deals N --jobs J`` (the local pool, the anchor) and the same
census with ``--cluster`` (the scheduler given, or a LocalCluster of ``J`` one-thread
workers started here), each into a fresh SQLite file, and prints for each the wall time,
the CPU of every process that took part (the command and its pool; or the command, the
scheduler and the workers, asked with ``client.run``), the solver's CPU (the rows' sum),
the tasks, and the cost of a task: (all the CPU - the solver's) / tasks. Both runs must
store the same rows (the CPU column aside). Then, on paper, the wall time on M machines of
J cores: the workers' CPU (solver and task costs) / (M J), but never below the CPU of the
scheduler or of the command (one process each, paying for every task) — the measured
figures, multiplied out. Noisy on a shared machine: compare within one run.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from cardems.census import Deal, rows
from cardems.store import Store


def children_cpu() -> float:
    """CPU seconds of this process's finished children (and theirs)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def census(db: Path, args: argparse.Namespace, *where: str) -> tuple[float, float, str]:
    """Run the census into ``db``: wall seconds, the command's CPU (with its pool), its
    last line."""
    argv = ["census", args.game, "--deals", str(args.deals), "--db", str(db), *where]
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "cardems.cli", *argv],
        check=True,
        capture_output=True,
        text=True,
    )
    return time.perf_counter() - start, children_cpu() - cpu, done.stdout.strip().splitlines()[-1]


def stored(db: Path) -> list[Deal]:
    """The rows of ``db``, the CPU column aside."""
    store = Store(db)
    try:
        return [replace(deal, cpu=0.0) for deal in rows(store)]
    finally:
        store.close()


def solver_cpu(db: Path) -> float:
    """The solver CPU seconds of ``db``'s rows."""
    store = Store(db)
    try:
        return sum(deal.cpu for deal in rows(store))
    finally:
        store.close()


def tasks_of(line: str) -> int:
    """The tasks a census's last line counts."""
    return int(line.split(" tasks on ")[0].rsplit(" ", 1)[1])


def cluster_cpu(client: Any) -> tuple[float, float]:
    """CPU seconds so far of the cluster's workers (summed) and of its scheduler."""
    workers = sum(client.run(time.process_time).values())
    return workers, float(client.run_on_scheduler(time.process_time))


def idle_rate(client: Any, seconds: float = 5.0) -> tuple[float, float]:
    """CPU seconds a second the idle workers (summed) and scheduler spend (heartbeats)."""
    before = cluster_cpu(client)
    time.sleep(seconds)
    after = cluster_cpu(client)
    return (after[0] - before[0]) / seconds, (after[1] - before[1]) / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="klondike")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cluster", default=None, help="a running scheduler (default: start one)")
    args = parser.parse_args()
    from distributed import Client, LocalCluster

    local = None
    if args.cluster is None:
        local = LocalCluster(
            n_workers=args.jobs,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=50,
        )
    address = args.cluster or local.scheduler_address  # type: ignore[union-attr]
    folder = Path(tempfile.mkdtemp(prefix="census-bench-"))
    pool, cluster = folder / "pool.db", folder / "cluster.db"
    try:
        wall, cpu, line = census(pool, args, "--jobs", str(args.jobs))
        fixed = census(pool, args, "--jobs", str(args.jobs))[1]  # all stored: start-up only
        solver, tasks = solver_cpu(pool), tasks_of(line)
        print(f"anchor, local pool of {args.jobs}: {args.deals} {args.game} deals in {wall:.1f} s")
        print(f"  CPU {cpu:.1f} s: start-up {fixed:.1f} s, solver {solver:.1f} s, {tasks} tasks,")
        print(f"  {1000 * (cpu - fixed - solver) / tasks:.2f} ms of CPU a task besides")
        with Client(address, set_as_default=False) as client:
            workers = len(client.scheduler_info()["workers"])
            idle = idle_rate(client)
            before = cluster_cpu(client)
            wall, cpu, line = census(cluster, args, "--cluster", address)
            after = cluster_cpu(client)
            fixed = census(cluster, args, "--cluster", address)[1]
        solver, tasks = solver_cpu(cluster), tasks_of(line)
        worker_cpu, scheduler_cpu = after[0] - before[0], after[1] - before[1]
        print(f"cluster of {workers} workers: {args.deals} {args.game} deals in {wall:.1f} s")
        print(
            f"  CPU {cpu + worker_cpu + scheduler_cpu:.1f} s: command {cpu:.1f} (start-up"
            f" {fixed:.1f}), workers {worker_cpu:.1f} (idle {idle[0] * wall:.1f}), scheduler"
            f" {scheduler_cpu:.1f} (idle {idle[1] * wall:.1f}); solver {solver:.1f} s,"
            f" {tasks} tasks"
        )
        on_workers = (worker_cpu - idle[0] * wall - solver) / tasks
        serial = (cpu - fixed + scheduler_cpu - idle[1] * wall) / tasks
        print(
            f"  a task besides the solver: {1000 * on_workers:.2f} ms of a worker's CPU,"
            f" {1000 * serial:.2f} ms of the command's and scheduler's"
        )
        same = stored(pool) == stored(cluster)
        print(f"  the same rows as the local pool: {same}")
        for machines in (1, 4, 16, 64):
            cores = machines * args.jobs
            spread = (solver + on_workers * tasks) / cores
            print(
                f"  on paper, {machines} machines of {args.jobs} cores:"
                f" {max(spread, serial * tasks):.1f} s (the work, {spread:.1f} s a core, or the"
                f" command's and scheduler's {serial * tasks:.1f} s for the tasks if more)"
            )
    finally:
        if local is not None:
            local.close()


if __name__ == "__main__":
    main()
