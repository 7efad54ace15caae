"""Many players on one machine: SQLite × 1 worker beside PostgreSQL × 1 and × 2 workers.

For each set-up it starts ``cardems serve`` on a fresh database and runs (1) N players at
a human pace (one move every 1–2 s, each on its own connection and game) and (2)
players flat out (each sends its next move as soon as the last is answered; enough of
them that none passes the server's limit of 50 requests a second per player), then
checks in the database that every acknowledged move was saved. The players of a run
first join, each starting a game; then the clock starts and they play. It prints the
round trip p50/p99 of every intent, errors (any answer but 200: moves/s counts only
those), moves per second and lost moves, side by side, and where the CPU
went: milliseconds per move of the app's processes, of PostgreSQL's and of this load
generator (which shares the machine), and how busy the machine was, of which with
other jobs at a lowered priority (``nice``: e.g. solver benchmarks running beside).

PostgreSQL comes from ``scripts/postgres`` (a private server, started and stopped here)
unless ``--postgres URL`` names one. Goal (2 cores): 500 human-pace players at p99
<= 100 ms with 0 errors and 0 lost moves; flat-out moves/s >= 2x what one process served
when the hosted mode was planned (at most 280/s).

    python benchmarks/web_load.py [--players 500] [--seconds 20] [--flat 100] [--only NAME]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from server import (
    ROOT,
    Connection,
    cpu_seconds,
    free_port,
    machine_cpu,
    percentile,
    running_server,
)

BEFORE = 280
"""Moves a second one process served flat out before the hosted mode (200–280 measured)."""


@dataclass
class Run:
    """What one load run saw."""

    rtt: list[float] = field(default_factory=list)
    """Round trips of every intent answered, in ms (refused ones too)."""
    moves: int = 0
    """Intents answered 200: moves played."""
    errors: int = 0
    failures: Counter[str] = field(default_factory=Counter)
    """What the errors were: an answer's status, or the exception's name."""
    acknowledged: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)
    """CPU seconds used during the run: ``app``, ``postgres``, ``load`` (this process),
    ``machine`` (everything) and ``nice`` (everything at a lowered priority)."""

    def fail(self, what: str) -> None:
        """Count an error."""
        self.errors += 1
        self.failures[what] += 1


Seat = tuple[str, str, int]
"""A player at the table: their cookie, game and its version."""


async def join(port: int, run: Run) -> Seat | None:
    """A player arrives and starts a new game (None if refused)."""
    connection = Connection(*await asyncio.open_connection("127.0.0.1", port))
    status, _, payload = await connection.post("/api/games", b'{"code": "HH1-N-AAAAAAM"}')
    connection.writer.close()
    if status != 201:
        run.fail(str(status))
        return None
    answer = json.loads(payload)
    game, version = answer["id"], answer["view"]["version"]
    run.acknowledged[game] = version
    return connection.cookie, game, version


async def play(port: int, seat: Seat, pace: tuple[float, float], until: float, run: Run) -> None:
    """One player taps the stock every ``pace`` seconds (0: flat out) until ``until``, on
    a connection of their own."""
    cookie, game, version = seat
    await asyncio.sleep(random.uniform(0, pace[1]))  # players do not start in lockstep
    connection = Connection(*await asyncio.open_connection("127.0.0.1", port))
    connection.cookie = cookie
    while time.perf_counter() < until:
        body = json.dumps({"type": "tap", "target": "stock", "version": version}).encode()
        started = time.perf_counter()
        try:
            status, _, payload = await connection.post(f"/api/games/{game}/intent", body)
        except (OSError, asyncio.IncompleteReadError) as error:
            run.fail(type(error).__name__)
            return
        run.rtt.append((time.perf_counter() - started) * 1000)
        if status != 200:
            run.fail(f"{status} {json.loads(payload).get('error', '')}")
            continue
        run.moves += 1
        version = json.loads(payload)["view"]["version"]
        run.acknowledged[game] = version
        if pace[1]:
            await asyncio.sleep(random.uniform(*pace))
    connection.writer.close()


async def load(
    port: int,
    players: int,
    pace: tuple[float, float],
    seconds: float,
    cpu: Callable[[], dict[str, float]],
) -> Run:
    """``players`` join (each starts a game), then play for ``seconds``: only this part
    is timed, and ``cpu()`` is read at its start and end."""
    run = Run()
    seats = await asyncio.gather(*(join(port, run) for _ in range(players)))
    before = cpu()
    started = time.perf_counter()
    until = started + seconds
    await asyncio.gather(*(play(port, seat, pace, until, run) for seat in seats if seat))
    run.seconds = time.perf_counter() - started
    after = cpu()
    run.cpu = {key: after[key] - before[key] for key in before}
    return run


def cpu_now(app: int, postgres: int | None) -> dict[str, float]:
    """CPU seconds used so far by the app, PostgreSQL, this process and the machine."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    machine, nice = machine_cpu()
    return {
        "app": cpu_seconds(app),
        "postgres": cpu_seconds(postgres) if postgres else 0.0,
        "load": own.ru_utime + own.ru_stime,
        "machine": machine,
        "nice": nice,
    }


def measured(
    server: tuple[int, int, int | None], players: int, pace: tuple[float, float], seconds: float
) -> Run:
    """A load run on ``server`` (the app's process id and port, PostgreSQL's process id),
    with the CPU each side used while playing."""
    app, port, postgres = server
    return asyncio.run(load(port, players, pace, seconds, partial(cpu_now, app, postgres)))


def lost(db: str, run: Run) -> int:
    """Acknowledged moves that the database does not hold (read with the code under test,
    as the server runs it: another version's store would migrate the schema mid-run)."""
    sys.path.insert(0, str(ROOT / "src"))
    from cardems.store import Store

    store = Store(db)
    try:
        missing = 0
        for game, version in run.acknowledged.items():
            head = store.head(game)
            missing += max(0, version - (head[0] if head else 0))
        return missing
    finally:
        store.close()


@contextmanager
def postgres(url: str) -> Iterator[tuple[str, int | None]]:
    """A PostgreSQL URL and its server's process id (None if unknown): the one given, or a
    private server for this run."""
    if url:
        yield url, None
        return
    with tempfile.TemporaryDirectory() as data:
        command = ["bash", str(ROOT / "scripts" / "postgres")]
        started = subprocess.run(
            [*command, "start", data, str(free_port())], capture_output=True, text=True, check=True
        )
        try:
            pid = int((Path(data) / "postmaster.pid").read_text().split()[0])
            yield started.stdout.strip(), pid
        finally:
            subprocess.run([*command, "stop", data], check=False)


def fresh_schema(url: str) -> str:
    """A URL of ``url``'s database in a new, empty schema (one per set-up)."""
    import psycopg

    schema = f"bench_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    return f"{url}?options=-csearch_path%3D{schema}"


def report(name: str, kind: str, run: Run, missing: int) -> None:
    moves = run.moves
    per_move = {key: 1000 * value / max(moves, 1) for key, value in run.cpu.items()}
    cores = (os.cpu_count() or 1) * run.seconds
    print(
        f"{name:<15} {kind:<21} {moves:6d} moves {moves / run.seconds:6.1f}/s"
        f"  p50 {statistics.median(run.rtt):7.2f} ms  p99 {percentile(run.rtt, 0.99):8.2f} ms"
        f"  errors {run.errors}  lost {missing}"
        f"  | cpu ms/move app {per_move['app']:.2f} pg {per_move['postgres']:.2f}"
        f" load {per_move['load']:.2f}  machine busy {100 * run.cpu['machine'] / cores:3.0f}%"
        f" (niced {100 * run.cpu['nice'] / cores:3.0f}%)",
        flush=True,
    )
    for what, count in run.failures.most_common(3):
        print(f"{'':<15} {count} x {what}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500, help="human-pace players")
    parser.add_argument("--flat", type=int, default=100, help="flat-out players")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--postgres", default="", help="a PostgreSQL URL (default: private)")
    parser.add_argument(
        "--only", action="append", default=[], help="run only the set-ups named so (repeatable)"
    )
    args = parser.parse_args()
    with postgres(args.postgres) as (url, pg), tempfile.TemporaryDirectory() as tmp:
        setups = [
            ("SQLite x 1", lambda: str(Path(tmp) / "load.db"), 1),
            ("PostgreSQL x 1", lambda: fresh_schema(url), 1),
            ("PostgreSQL x 2", lambda: fresh_schema(url), 2),
        ]
        options = ("--sync", "full", "--no-accounts")  # every answered move on the disk
        for name, where, workers in setups:
            if args.only and name.lower() not in [only.lower() for only in args.only]:
                continue
            db = where()
            database = pg if db.startswith("postgresql") else None
            with running_server(*options, "--workers", str(workers), db=db) as (proc, port):
                server = (proc.pid, port, database)
                human = measured(server, args.players, (1.0, 2.0), args.seconds)
                report(name, f"{args.players} at 1 move/1-2 s", human, lost(db, human))
                flat = measured(server, args.flat, (0.0, 0.0), args.seconds / 2)
                report(name, f"{args.flat} flat out", flat, lost(db, flat))
    print(
        "goal: 500 human-pace players at p99 <= 100 ms, 0 errors, 0 lost;"
        f" flat-out moves/s >= {2 * BEFORE} (2x one process before the hosted mode)"
    )


if __name__ == "__main__":
    main()
