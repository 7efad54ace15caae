"""Shared Hearts tables under load: N tables of four simulated people over M workers.

    nice -n 10 python3 benchmarks/hearts_tables_load.py --tables 25 --workers 2 --seconds 30

It starts ``cardems serve --workers M`` on a fresh PostgreSQL schema (``--postgres URL``,
or a private server from ``scripts/postgres``; ``--sqlite`` for one worker on a SQLite
file), and for each table a host who opens it and three friends who join by its code,
each with their own cookie, keep-alive HTTP connection and WebSocket (the workers share
the connections as the kernel hands them out). Each person plays at a human pace: when
their view says it is their turn to pass or play, they think ``--think`` seconds (a
uniform range) and send a legal move, over their table's WebSocket (``--http``: as
``POST /api/tables/{id}/intent`` on their keep-alive connection). The tables start over
the measure's first ``--stagger`` seconds (default 10: people arrive, they are not all
dealt in the same second; ``--stagger 0`` starts them at once). Measured: the time from
sending a move to each of the three other seats receiving that version or a later one
(an update on its socket, or the answer to a move of its own: what the page draws at
once), p50 and p99; errors (any answer but 200, a refusal, a
socket closed by the server); lost moves: a move answered that the saved match does
not hold, or that some seat never heard of within 5 s after the run. The measure (and the
play) starts once every seat's socket is open and has its first view. The load generator
shares the machine (one process, asyncio; ``--stages`` prints its loop's lag, and the
time each stage of a move takes in the workers: ``benchmarks/profiling/stages.py``).
``--profile`` runs the workers under cProfile
(``benchmarks/profiling``: CPU time, every thread) during the measure and prints where
their CPU went per move: the request, the rows read, the rules, the save, the NOTIFY,
each listener's update.

Goal (issue 31, this 2-core machine): 250 tables (1,000 players) over 2 workers at a
human pace, p99 <= 150 ms from a move to the last seat's update, 0 errors, 0 lost moves.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import pstats
import random
import resource
import signal
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from server import (
    Connection,
    cpu_seconds,
    machine_cpu,
    percentile,
    process_tree,
    running_server,
)
from web_load import fresh_schema, postgres

GRACE = 5.0
CONNECTING = 120.0
STAGGER = 10.0
"""Tables sit down to play over the measure's first seconds, as people arrive at a site:
not 1,000 people passing their cards in the same second."""


@dataclass
class Seat:
    """One simulated person: their connection, their latest view, what they heard."""

    conn: Connection
    port: int
    seat: int = -1
    table_id: str = ""
    view: dict[str, Any] = field(default_factory=dict)
    version: int = -1
    heard: list[tuple[float, int]] = field(default_factory=list)
    """(when, version) of every update received."""
    busy: bool = False
    socket: ClientConnection | None = None
    answer: asyncio.Future[dict[str, Any]] | None = None
    """The answer awaited to a move sent over the socket."""


@dataclass
class Table:
    seats: list[Seat]
    moves: list[tuple[float, int, int, str, float]] = field(default_factory=list)
    """(sent at, version it led to, seat, kind, answered at) of every move answered 200."""
    started: bool = False
    """Whether its people have sat down to play (see ``--stagger``)."""


@dataclass
class Tally:
    errors: int = 0
    refused: int = 0
    failures: dict[str, int] = field(default_factory=dict)

    def fail(self, what: str) -> None:
        self.errors += 1
        self.failures[what] = self.failures.get(what, 0) + 1


def a_move(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A legal pass or play for the seat whose view this is, if it has one to make."""
    if not view or view.get("status") != "playing":
        return None
    if view["phase"] == "passing":
        return (
            None
            if view["passes_chosen"][view["seat"]]
            else {"type": "pass", "cards": rng.sample(view["hand"], 3)}
        )
    if view["to_play"] != view["seat"]:
        return None
    return {"type": "play", "card": rng.choice(view["legal"])}


async def post(seat: Seat, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST on the seat's keep-alive connection, opened again first if the server closed
    it while idle (as a browser does)."""
    if seat.conn.reader.at_eof() or seat.conn.writer.is_closing():
        await reconnect(seat)
    try:
        status, _, payload = await seat.conn.post(path, json.dumps(body).encode())
    except (ConnectionResetError, BrokenPipeError, asyncio.IncompleteReadError):
        await reconnect(seat)  # closed while idle as the request left: sent again, once
        status, _, payload = await seat.conn.post(path, json.dumps(body).encode())
    return status, json.loads(payload)


async def reconnect(seat: Seat) -> None:
    """A new keep-alive connection for ``seat``, with its cookie."""
    cookie = seat.conn.cookie
    reader, writer = await asyncio.open_connection("127.0.0.1", seat.port)
    seat.conn = Connection(reader, writer)
    seat.conn.cookie = cookie


async def open_table(port: int, tally: Tally) -> Table:
    """A host's table and three friends at it."""
    seats = []
    for _ in range(4):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        seats.append(Seat(Connection(reader, writer), port))
    status, data = await post(seats[0], "/api/tables", {"name": "Host", "level": "easy"})
    if status != 201:
        raise RuntimeError(f"opening a table: {status} {data}")
    code = data["table"]["code"]
    for seat, name in zip(seats[1:], ("Bea", "Cem", "Dan"), strict=True):
        status, data = await post(seat, "/api/tables/join", {"code": code, "name": name})
        if status != 200:
            raise RuntimeError(f"joining: {status} {data}")
    for seat in seats:
        seat.table_id = data["table"]["id"]
    return Table(seats)


async def listen(seat: Seat, port: int, table: Table, ctx: Run) -> None:
    url = f"ws://127.0.0.1:{port}/ws/tables/{seat.table_id}"
    async with connect(url, additional_headers={"cookie": seat.conn.cookie}) as socket:
        ctx.sockets.append(socket)
        seat.socket = socket
        async for raw in socket:
            message = json.loads(raw)
            if message["type"] != "update":
                if seat.answer is not None and not seat.answer.done():
                    seat.answer.set_result(message)
                continue
            seat.heard.append((time.perf_counter(), int(message["version"])))
            if message["version"] >= seat.version:
                seat.view, seat.version = message["view"], message["version"]
                seat.seat = seat.view["seat"]
            if not seat.busy and ctx.playing and table.started and a_move(seat.view, ctx.rng):
                seat.busy = True
                asyncio.get_running_loop().create_task(play(seat, table, ctx))
    if not ctx.over:
        ctx.tally.fail("a socket closed by the server")


async def play(seat: Seat, table: Table, ctx: Run) -> None:
    """Think, then send the move the latest view allows."""
    try:
        await asyncio.sleep(ctx.rng.uniform(*ctx.think))
        move = a_move(seat.view, ctx.rng)
        if move is None or not ctx.playing:
            return
        sent = time.perf_counter()
        body = {**move, "version": seat.version}
        if ctx.http or seat.socket is None:
            status, data = await post(seat, f"/api/tables/{seat.table_id}/intent", body)
        else:
            seat.answer = asyncio.get_running_loop().create_future()
            await seat.socket.send(json.dumps({"id": 1, "intent": body}))
            data = await asyncio.wait_for(seat.answer, 30)
            status = 200 if data["type"] == "answer" else 400
        if status != 200:
            ctx.tally.fail(f"HTTP {status}: {data.get('error')}")
            return
        if "refused" in data:
            ctx.tally.refused += 1
            ctx.tally.fail(f"refused: {data['refused']}")
            return
        answered = time.perf_counter()
        table.moves.append((sent, int(data["version"]), seat.seat, move["type"], answered))
        seat.heard.append((answered, int(data["version"])))  # its screen shows it too
        if data["version"] >= seat.version:
            seat.view, seat.version = data["view"], data["version"]
    except (OSError, asyncio.IncompleteReadError, TimeoutError) as error:
        ctx.tally.fail(f"connection: {error}")
    finally:
        seat.busy = False
    if ctx.playing and table.started and a_move(seat.view, ctx.rng):
        seat.busy = True
        asyncio.get_running_loop().create_task(play(seat, table, ctx))


@dataclass
class Run:
    rng: random.Random
    think: tuple[float, float]
    tally: Tally = field(default_factory=Tally)
    playing: bool = False
    """Whether people move (from once every seat has its first view)."""
    over: bool = False
    http: bool = False
    """Moves sent as HTTP requests (``--http``), not over the table's socket."""
    sockets: list[ClientConnection] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)
    """This load generator's event loop lateness every 10 ms while measuring (ms)."""


async def ticker(ctx: Run) -> None:
    """Measure how late this process's event loop runs a 10 ms sleep."""
    while not ctx.over:
        before = time.perf_counter()
        await asyncio.sleep(0.01)
        if ctx.playing:
            ctx.lag.append(1000 * (time.perf_counter() - before - 0.01))


async def begin(table: Table, ctx: Run, after: float) -> None:
    """The table's people start playing ``after`` seconds into the measure."""
    await asyncio.sleep(after)
    table.started = True
    for seat in table.seats:
        if not seat.busy and a_move(seat.view, ctx.rng):
            seat.busy = True
            asyncio.get_running_loop().create_task(play(seat, table, ctx))


def cpu(app: int) -> tuple[float, float, float, float]:
    """CPU seconds so far: the app's processes, this load generator, the whole machine,
    PostgreSQL's server (0 when it is not on this machine or cannot be read)."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    database = cpu_seconds(POSTMASTER[0]) if POSTMASTER else 0.0
    return cpu_seconds(app), mine.ru_utime + mine.ru_stime, machine_cpu()[0], database


POSTMASTER: list[int] = []
"""The PostgreSQL server's process id, when it runs on this machine and can be read."""


def find_postmaster(url: str) -> None:
    """Note the process id of the server of ``url`` (its data directory's pid file)."""
    import psycopg

    with contextlib.suppress(Exception), psycopg.connect(url) as connection:
        row = connection.execute("SELECT current_setting('data_directory')").fetchone()
        pid = int((Path(str(row[0])) / "postmaster.pid").read_text().split()[0])
        POSTMASTER.append(pid)


async def load(
    port: int,
    app: int,
    tables: int,
    seconds: float,
    think: tuple[float, float],
    stagger: float,
    http: bool,
) -> int:
    ctx = Run(random.Random(31), think, http=http)
    opened = [await open_table(port, ctx.tally) for _ in range(tables)]
    listeners = [
        asyncio.create_task(listen(seat, port, table, ctx))
        for table in opened
        for seat in table.seats
    ]
    seats = [(seat, table) for table in opened for seat in table.seats]
    deadline = time.monotonic() + CONNECTING
    while any(seat.version < 0 for seat, _ in seats):  # the measure starts once all are in
        if time.monotonic() > deadline:
            raise RuntimeError(f"the sockets did not all connect within {CONNECTING:.0f} s")
        await asyncio.sleep(0.05)
    await asyncio.sleep(1)  # the last "connected" updates
    gc.collect()  # the generator's own collections would stall its 1,000 clients (200+ ms
    gc.freeze()  # with everything it holds): none during the measure, which it would
    gc.disable()  # count as the app's latency
    signal_tree(app, signal.SIGUSR1)  # a --profile starts here
    started = cpu(app)
    ctx.playing = True
    began = time.perf_counter()
    lagging = asyncio.get_running_loop().create_task(ticker(ctx))
    starting = [
        asyncio.create_task(begin(table, ctx, ctx.rng.uniform(0, stagger))) for table in opened
    ]
    await asyncio.sleep(seconds)
    await asyncio.gather(*starting)
    ctx.playing, ctx.over = False, True
    used = [after - before for before, after in zip(started, cpu(app), strict=True)]
    signal_tree(app, signal.SIGUSR2)  # and ends here
    gc.enable()
    await asyncio.sleep(GRACE)
    for socket in ctx.sockets:
        await socket.close()
    await asyncio.gather(*listeners, lagging, return_exceptions=True)
    latencies, undelivered, unsaved, moves = [], 0, 0, 0
    tail: list[tuple[float, float, str, float]] = []
    """(latency, sent since the start, kind, answered after) of each seat's update."""
    for table in opened:
        status, saved = await post_get(table.seats[0], port)
        saved_version = saved["version"] if status == 200 else -1
        for sent, version, mover, kind, answered in table.moves:
            moves += 1
            if version > saved_version:
                unsaved += 1
            for seat in table.seats:
                if seat.seat == mover:
                    continue
                heard = next((at for at, v in seat.heard if v >= version), None)
                if heard is None:
                    undelivered += 1
                else:
                    latencies.append(1000 * max(0.0, heard - sent))
                    tail.append((latencies[-1], sent - began, kind, 1000 * (answered - sent)))
    lost = unsaved + undelivered
    print(
        f"{tables} tables ({4 * tables} players), {seconds:.0f} s: {moves} moves"
        f" ({moves / seconds:.1f}/s), move to another seat's screen"
        f" p50 {statistics.median(latencies) if latencies else 0:.1f} ms"
        f" p99 {percentile(latencies, 0.99) if latencies else 0:.1f} ms"
        f" (goal <= 150 ms), errors {ctx.tally.errors}, lost moves {lost}"
        f" (unsaved {unsaved}, unheard {undelivered})",
        flush=True,
    )
    cores = (os.cpu_count() or 1) * seconds
    print(
        f"  cpu ms/move: app {1000 * used[0] / max(moves, 1):.2f},"
        f" load generator {1000 * used[1] / max(moves, 1):.2f},"
        f" PostgreSQL {1000 * used[3] / max(moves, 1):.2f};"
        f" machine busy {100 * used[2] / cores:.0f}% (others' jobs included)"
    )
    for what, count in sorted(ctx.tally.failures.items(), key=lambda kv: -kv[1])[:3]:
        print(f"  {count} x {what}")
    if STAGED:
        print_tail(tail, ctx.lag)
        print_stages(STAGED[0], opened, began)
    return moves


def spread(values: list[float]) -> str:
    """p50 / p99 / max of ``values`` (ms)."""
    if not values:
        return "-"
    return (
        f"p50 {statistics.median(values):.1f} p99 {percentile(values, 0.99):.1f}"
        f" max {max(values):.1f} ms"
    )


def print_tail(tail: list[tuple[float, float, str, float]], lag: list[float]) -> None:
    """The latencies by kind of move and by 5 s of the run; the generator's loop lag."""
    print(f"  load generator's loop lag: {spread(lag)}")
    print(f"  the mover's own answer: {spread([t[3] for t in tail])}")
    for kind in sorted({t[2] for t in tail}):
        part = [t[0] for t in tail if t[2] == kind]
        print(f"  {kind}: {spread(part)} ({len(part)})")
    for start in range(0, int(max((t[1] for t in tail), default=0)) + 1, 5):
        part = [t[0] for t in tail if start <= t[1] < start + 5]
        print(f"  sent at {start:3d}-{start + 5:3d} s: {spread(part)} ({len(part)})")


async def post_get(seat: Seat, port: int) -> tuple[int, dict[str, Any]]:
    """The table as saved, read afresh (its version is the rows')."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    request = (
        f"GET /api/tables/{seat.table_id} HTTP/1.1\r\nhost: 127.0.0.1\r\n"
        f"cookie: {seat.conn.cookie}\r\nconnection: close\r\n\r\n"
    )
    writer.write(request.encode())
    raw = await reader.read()
    writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


def signal_tree(pid: int, number: int) -> None:
    """Send ``number`` to the app's processes (their profiling hook, if profiled)."""
    if not PROFILED and not STAGED:
        return
    for member in process_tree(pid):
        with contextlib.suppress(OSError):
            os.kill(member, number)


STAGED: list[str] = []
"""The folder the workers write their stage timestamps to, when staged."""
PROFILED: list[str] = []
"""The folder the workers write their profiles to, when profiled."""


def profiled(folder: str) -> dict[str, str]:
    """The environment that profiles the workers into ``folder``."""
    PROFILED.append(folder)
    hook = Path(__file__).resolve().parent / "profiling"
    return {"PYTHONPATH": str(hook), "CARDEMS_PROFILE": folder}


SPLIT = (
    (0, "the request on the loop (HTTP, middleware, answer)", "httptools_impl.py", "run_asgi"),
    (0, "the visitor of the cookie (on the loop)", "web/deps.py", "context"),
    (0, "in worker threads: the table's rows (member? seat?)", "shared_tables.py", "member"),
    (0, "in worker threads: the move, saved and announced", "shared_tables.py", "act"),
    (1, "catching up with the rows (head, actions, replay)", "shared_tables.py", "_caught_up"),
    (1, "the rules: the move, the bots' replies", "shared_tables.py", "step"),
    (
        1,
        "saving (compare-and-set; on PostgreSQL, its NOTIFY)",
        "cardems/store.py",
        "append_actions",
    ),
    (0, "the bus: a NOTIFY heard, handed to the hub", "table_bus.py", "_deliver"),
    (0, "a listener's worker lacking rows or moves: reading them", "shared_tables.py", "read"),
    (0, "the listeners' messages: views, words, events, JSON", "table_live.py", "_messages"),
    (0, "sending them (Starlette, uvicorn's WebSocket)", "table_live.py", "_send"),
    (0, "all told: every view made (answers and updates)", "hearts/together.py", "view_of"),
    (0, "all told: every database statement (psycopg)", "psycopg/connection.py", "execute"),
    (0, "all told: hand-overs to threads (the loop's side)", "anyio/to_thread.py", "run_sync"),
)
"""What :func:`print_profile` shows: (depth, what, file, function); inclusive times."""


TOP = 25


def print_stages(folder: str, opened: list[Table], began: float) -> None:
    """Each stage of the moves (p50 / p99 / max), from the workers' timestamps (see
    benchmarks/profiling/stages.py) set beside the generator's own."""
    time.sleep(0.5)
    moves: dict[tuple[str, int], list[float]] = {}
    heard: dict[tuple[str, int], list[float]] = {}
    sent: dict[str, list[tuple[int, float, float]]] = {}
    lag: list[list[float]] = []
    pauses: list[list[float]] = []
    for path in Path(folder).glob("*.stages.json"):
        data = json.loads(path.read_text())
        for table, version, *times in data["moves"]:
            moves[(table, version)] = times
        for table, version, at in data["heard"]:
            heard.setdefault((table, version), []).append(at)
        for table, version, made, done, _ in data["sent"]:
            sent.setdefault(table, []).append((version, made, done))
        lag += data["lag"]
        pauses += data["gc"]
        tracked = sum(count for _, count in data["objects"])
        print(
            f"  worker {path.name.split('.')[0]}: most tracked objects ({tracked}):",
            data["objects"][:8],
        )
    stages: dict[str, list[float]] = {}

    def add(name: str, start: float, end: float) -> None:
        stages.setdefault(name, []).append(1000 * (end - start))

    for table in opened:
        table_id = table.seats[0].table_id
        for sent_at, version, mover, _, answered in table.moves:
            times = moves.get((table_id, version))
            if times is None:
                continue
            entered, acted, saving, pooled, saved, done = times
            add("1 sent -> endpoint entered (accept, parse, loop queue)", sent_at, entered)
            add("2 endpoint -> worker thread (threadpool)", entered, acted)
            add("3 thread -> save begins (rules, views)", acted, saving)
            add("4 save: waiting for a pooled connection", saving, pooled)
            add("5 save: the statement and its commit", pooled, saved)
            add("6 saved -> thread done (the answer's view)", saved, done)
            add("7 thread done -> answer received", done, answered)
            for at in heard.get((table_id, version), []):
                add("8 saved -> NOTIFY heard on a worker's loop", saved, at)
            for v, made, done_at in sent.get(table_id, []):
                if v != version:
                    continue
                add("9 saved -> a worker's messages made", saved, made)
                add("10 messages made -> handed to the sockets", made, done_at)
            for seat in table.seats:
                if seat.seat == mover:
                    continue
                at = next((at for at, v in seat.heard if v >= version), None)
                if at is not None:
                    add("11 saved -> a seat's generator received it", saved, at)
    print("  stages of a move (wall clock, ms):")
    for name in sorted(stages, key=lambda n: int(n.split()[0])):
        print(f"    {name}: {spread(stages[name])} ({len(stages[name])})")
    print(f"  workers' loop lag (10 ms ticks): {spread([row[0] for row in lag])}")
    tokens = [row[1] for row in lag]
    waiting = [row[2] for row in lag]
    print(
        f"  threadpool tokens borrowed: p50 {statistics.median(tokens) if tokens else 0:.0f}"
        f" max {max(tokens, default=0)}; tasks waiting for one: max {max(waiting, default=0)}"
    )
    for generation in (0, 1, 2):
        spent = [p[1] for p in pauses if p[0] == generation]
        print(f"  gc generation {generation}: {len(spent)} x, {spread(spent)}")
    slow = sorted((p[2] - began, p[1]) for p in pauses if p[1] >= 50)
    print(
        "  collections of 50 ms or more (s into the measure, ms):",
        [f"{at:.1f}: {spent:.0f}" for at, spent in slow],
    )


def area_of(file: str) -> str:
    """The package a profiled function is in (``cardems/hearts``, ``starlette``…)."""
    parts = Path(file).parts
    for anchor in ("cardems", "site-packages"):
        if anchor in parts:
            rest = parts[parts.index(anchor) + 1 :]
            head = rest[0] if anchor == "site-packages" else f"cardems/{rest[0]}"
            return head.removesuffix(".py")
    return "python" if len(parts) > 1 else file  # the standard library, or a builtin


def print_profile(folder: str, moves: int) -> None:
    """Where the workers' CPU went during the measure, per move: the total, and the parts
    of :data:`SPLIT` (inclusive; cProfile's own cost inflates small calls, so read the
    shares more than the milliseconds)."""
    files = sorted(Path(folder).glob("*.prof"))
    if not files or not moves:
        print("  no profile written")
        return
    stats: Any = pstats.Stats(*(str(f) for f in files))
    total = sum(entry[2] for entry in stats.stats.values())
    print(f"  profiled CPU of the workers: {1000 * total / moves:.2f} ms/move (cProfile on)")
    for depth, what, path, name in SPLIT:
        spent = sum(
            entry[3]
            for (file, _, function), entry in stats.stats.items()
            if function == name and file.endswith(path)
        )
        share = 100 * spent / total
        print(f"  {'  ' * depth}{what}: {1000 * spent / moves:.2f} ms ({share:.0f}%)")
    areas: dict[str, list[float]] = {}
    for (file, _, _), entry in stats.stats.items():
        area = areas.setdefault(area_of(file), [0, 0.0])
        area[0] += entry[1]
        area[1] += entry[2]
    print("  calls and own time per move, by package:")
    for name, (calls, spent) in sorted(areas.items(), key=lambda kv: -kv[1][1])[:TOP]:
        print(f"    {calls / moves:7.0f} calls {1000 * spent / moves:6.2f} ms  {name}")
    print("  the functions that spent the most in themselves:")
    own = sorted(stats.stats.items(), key=lambda item: -item[1][2])[:TOP]
    for (file, line, function), entry in own:
        where = "/".join(Path(file).parts[-2:])
        print(f"    {1000 * entry[2] / moves:.2f} ms  {function} ({where}:{line})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--think", type=float, nargs=2, default=(1.0, 2.0), metavar=("MIN", "MAX"))
    parser.add_argument(
        "--stagger",
        type=float,
        default=STAGGER,
        metavar="S",
        help=f"tables start over the first S seconds (default {STAGGER:.0f}; 0: all at once)",
    )
    parser.add_argument(
        "--http",
        action="store_true",
        help="send the moves as HTTP requests (default: over each seat's WebSocket)",
    )
    parser.add_argument("--postgres", default="", help="a PostgreSQL URL (default: private)")
    parser.add_argument(
        "--stages",
        action="store_true",
        help="time each stage of a move in the workers (benchmarks/profiling/stages.py)",
    )
    parser.add_argument("--sqlite", action="store_true", help="one worker on a SQLite file")
    parser.add_argument(
        "--profile",
        nargs="?",
        const="",
        metavar="DIR",
        help="profile the workers (cProfile, CPU time); keep the profiles in DIR if given",
    )
    args = parser.parse_args()
    think = (args.think[0], args.think[1])
    with tempfile.TemporaryDirectory() as scratch:
        profiles = args.profile or scratch
        env = profiled(profiles) if args.profile is not None else {}
        if args.stages:
            STAGED.append(scratch)
            hook = str(Path(__file__).resolve().parent / "profiling")
            env = {"PYTHONPATH": hook, "CARDEMS_STAGES": scratch}
        moves = run(args, think, env)
        if args.profile is not None:
            print_profile(profiles, moves)


def run(args: argparse.Namespace, think: tuple[float, float], env: dict[str, str]) -> int:
    """The load over SQLite or PostgreSQL, as the options say; the moves made."""
    if args.sqlite:
        with (
            tempfile.TemporaryDirectory() as tmp,
            running_server(db=str(Path(tmp) / "bench.db"), env=env) as (proc, port),
        ):
            print("SQLite, 1 worker:", end=" ")
            return asyncio.run(
                load(port, proc.pid, args.tables, args.seconds, think, args.stagger, args.http)
            )
    with postgres(args.postgres) as (url, _):
        find_postmaster(url)
        options = ("--workers", str(args.workers))
        with running_server(*options, db=fresh_schema(url), env=env) as (proc, port):
            print(f"PostgreSQL, {args.workers} workers:", end=" ")
            return asyncio.run(
                load(port, proc.pid, args.tables, args.seconds, think, args.stagger, args.http)
            )


if __name__ == "__main__":
    main()
