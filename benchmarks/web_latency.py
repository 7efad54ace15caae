"""Server-side latency of one move at 1 and at 100 concurrent players, on loopback.

Starts ``cardems serve`` in its own process over a fresh SQLite file, gives every
simulated player its own cookie and Heart to Heart game (``--game``: or Klondike's, Seahaven's or
Spider's), and has each one tap the stock
(a draw or a recycle: a real move, saved to SQLite) at a steady pace for a fixed time.
Players start at random phases (real players do not click in lockstep). Prints p50/p99
of the handler time the server reports (``Server-Timing``) and of the round trip seen by
the client (which includes queueing behind other players on this 2-core machine).

Anchor: the issue's goal, p99 <= 20 ms at 100 players.

    python benchmarks/web_latency.py [--seconds 8] [--players 1 100] [--sync full|normal]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import time
from pathlib import Path

from server import Connection, percentile, running_server

ROOT = Path(__file__).resolve().parents[1]
TIMING = re.compile(r"dur=([0-9.]+)")


GAMES = {
    # a draw or recycle, forever
    "heart-to-heart": ("HH1-N-AAAAAAM", [{"type": "tap", "target": "stock"}]),
    # a draw of three or a recycle, forever (the table says whether the deal is stuck)
    "klondike": ("KL1-D3-AAAAAAA", [{"type": "tap", "target": "stock"}]),
    # a deal from the stock onto every column, then undo, forever (4 suits)
    "spider": ("SP1-S4-AAAAAAA", [{"type": "tap", "target": "stock"}, {"type": "undo"}]),
    # a card to a free cell, then undo, forever
    "seahaven": (
        "SH1-C4-AAAAAJ2",
        [{"type": "drag", "source": "column:1", "target": "cell:3"}, {"type": "undo"}],
    ),
}


async def player(
    port: int, game: str, pace: float, until: float, server: list[float], rtt: list[float]
) -> None:
    connection = Connection(*await asyncio.open_connection("127.0.0.1", port))
    code, intents = GAMES[game]
    status, _, payload = await connection.post("/api/games", json.dumps({"code": code}).encode())
    assert status == 201, payload
    answer = json.loads(payload)
    path = f"/api/games/{answer['id']}/intent"
    version = answer["view"]["version"]  # each intent names the version it was made on
    next_at = time.perf_counter() + random.uniform(0, pace)  # players are not in lockstep
    count = 0
    while next_at < until:
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
        started = time.perf_counter()
        body = {**intents[count % len(intents)], "version": version}
        status, headers, payload = await connection.post(path, json.dumps(body).encode())
        count += 1
        rtt.append((time.perf_counter() - started) * 1000)
        assert status == 200, payload
        version = json.loads(payload)["view"]["version"]
        match = TIMING.search(headers["server-timing"])
        assert match is not None
        server.append(float(match.group(1)))
        next_at += pace
    connection.writer.close()


async def run(
    port: int, game: str, players: int, rate: float, seconds: float
) -> tuple[list[float], ...]:
    server: list[float] = []
    rtt: list[float] = []
    until = time.perf_counter() + seconds
    await asyncio.gather(
        *(player(port, game, 1 / rate, until, server, rtt) for _ in range(players))
    )
    return server, rtt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--players", type=int, nargs="+", default=[1, 100])
    parser.add_argument("--game", choices=sorted(GAMES), default="heart-to-heart")
    parser.add_argument("--rate", type=float, default=4.0, help="moves/s per player (of many)")
    parser.add_argument("--solo-rate", type=float, default=20.0, help="moves/s of a lone player")
    parser.add_argument(
        "--sync",
        choices=("full", "normal"),
        default="full",
        help="the server's durability (cardems serve --sync): full survives a power cut",
    )
    args = parser.parse_args()
    with running_server("--sync", args.sync) as (_, port):
        what = {
            "heart-to-heart": "a tap on the stock",
            "klondike": "a tap on the stock",
            "seahaven": "a drag to a cell or undo",
            "spider": "a deal from the stock or undo",
        }
        print(f"{args.game}: one move = {what[args.game]}, saved to SQLite (--sync {args.sync})")
        for players in args.players:
            rate = args.solo_rate if players == 1 else args.rate
            server, rtt = asyncio.run(run(port, args.game, players, rate, args.seconds))
            print(
                f"{players:4d} players at {rate:g} moves/s each: {len(server):6d} moves"
                f"  server p50 {statistics.median(server):6.2f} ms"
                f" p99 {percentile(server, 0.99):6.2f} ms"
                f"  | round trip p50 {statistics.median(rtt):6.2f} ms"
                f" p99 {percentile(rtt, 0.99):6.2f} ms"
            )
        print("anchor: p99 <= 20 ms at 100 players (issue 5)")


if __name__ == "__main__":
    main()
