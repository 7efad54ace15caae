"""Many players on one machine: SQLite × 1 worker beside PostgreSQL × 1 and × 2 workers.

For each set-up it starts ``cardems serve`` on a fresh database and runs (1) N players at
a human pace (one move every 1–2 s, each on its own connection and game) and (2) a few
players flat out (each sends its next move as soon as the last is answered), then
checks in the database that every acknowledged move was saved. It prints the round
trip p50/p99, errors, moves per second and lost moves, side by side.

PostgreSQL comes from ``scripts/postgres`` (a private server, started and stopped here)
unless ``--postgres URL`` names one. Goal (2 cores): 500 human-pace players at p99
<= 100 ms with 0 errors and 0 lost moves; flat-out moves/s >= 2x one SQLite process.

    python benchmarks/web_load.py [--players 500] [--seconds 20] [--flat 40]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import secrets
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from cardems.store import Store
from server import ROOT, Connection, free_port, percentile, running_server


@dataclass
class Run:
    """What one load run saw."""

    rtt: list[float] = field(default_factory=list)
    errors: int = 0
    acknowledged: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0


async def play(port: int, pace: tuple[float, float], until: float, run: Run) -> None:
    """One player: a new game, then a tap on the stock every ``pace`` seconds (0: flat out)."""
    connection = Connection(*await asyncio.open_connection("127.0.0.1", port))
    status, _, payload = await connection.post("/api/games", b'{"code": "HH1-N-AAAAAAM"}')
    if status != 201:
        run.errors += 1
        return
    answer = json.loads(payload)
    game, version = answer["id"], answer["view"]["version"]
    run.acknowledged[game] = version
    await asyncio.sleep(random.uniform(0, pace[1]))  # players do not start in lockstep
    while time.perf_counter() < until:
        body = json.dumps({"type": "tap", "target": "stock", "version": version}).encode()
        started = time.perf_counter()
        try:
            status, _, payload = await connection.post(f"/api/games/{game}/intent", body)
        except (OSError, asyncio.IncompleteReadError):
            run.errors += 1
            return
        run.rtt.append((time.perf_counter() - started) * 1000)
        if status != 200:
            run.errors += 1
            continue
        version = json.loads(payload)["view"]["version"]
        run.acknowledged[game] = version
        if pace[1]:
            await asyncio.sleep(random.uniform(*pace))
    connection.writer.close()


async def load(port: int, players: int, pace: tuple[float, float], seconds: float) -> Run:
    run = Run()
    started = time.perf_counter()
    until = started + seconds
    await asyncio.gather(*(play(port, pace, until, run) for _ in range(players)))
    run.seconds = time.perf_counter() - started
    return run


def lost(db: str, run: Run) -> int:
    """Acknowledged moves that the database does not hold."""
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
def postgres(url: str) -> Iterator[str]:
    """A PostgreSQL URL: the one given, or a private server for this run."""
    if url:
        yield url
        return
    with tempfile.TemporaryDirectory() as data:
        command = ["bash", str(ROOT / "scripts" / "postgres")]
        started = subprocess.run(
            [*command, "start", data, str(free_port())], capture_output=True, text=True, check=True
        )
        try:
            yield started.stdout.strip()
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
    moves = len(run.rtt)
    print(
        f"{name:<18} {kind:<22} {moves:6d} moves {moves / run.seconds:7.1f}/s"
        f"  p50 {statistics.median(run.rtt):7.2f} ms  p99 {percentile(run.rtt, 0.99):8.2f} ms"
        f"  errors {run.errors}  lost {missing}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500, help="human-pace players")
    parser.add_argument("--flat", type=int, default=40, help="flat-out players")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--postgres", default="", help="a PostgreSQL URL (default: private)")
    args = parser.parse_args()
    with postgres(args.postgres) as url, tempfile.TemporaryDirectory() as tmp:
        setups = [
            ("SQLite x 1", str(Path(tmp) / "load.db"), 1),
            ("PostgreSQL x 1", fresh_schema(url), 1),
            ("PostgreSQL x 2", fresh_schema(url), 2),
        ]
        options = ("--sync", "full", "--no-accounts")  # every answered move on the disk
        for name, db, workers in setups:
            with running_server(*options, "--workers", str(workers), db=db) as (_, port):
                human = asyncio.run(load(port, args.players, (1.0, 2.0), args.seconds))
                report(name, f"{args.players} at 1 move/1-2 s", human, lost(db, human))
                flat = asyncio.run(load(port, args.flat, (0.0, 0.0), args.seconds / 2))
                report(name, f"{args.flat} flat out", flat, lost(db, flat))
    print(
        "goal: 500 human-pace players at p99 <= 100 ms, 0 errors, 0 lost;"
        " flat-out moves/s >= 2x SQLite x 1"
    )


if __name__ == "__main__":
    main()
