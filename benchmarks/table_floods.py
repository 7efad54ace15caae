"""A shared table's WebSocket against a flooding member (issue 47, item 3).

Starts ``cardems serve`` over a fresh SQLite file, opens a table with four people, then

- ``memory``: 10 sockets (spread over the four people) each send one 15 MB text
  message at once, while the server's resident memory is sampled: its growth at the
  peak (goal < +50 MB; uvicorn's default let each message be read whole);
- ``sockets``: one person opens 300 sockets to the table: how many the server keeps
  (still open and sent the table's first update, a second later; goal: a few).

Each figure is printed beside its goal. ``--src DIR`` runs another tree's code (its
``src``), e.g. the code before the fix, for comparison.

    PYTHONPATH=src python3 benchmarks/table_floods.py [--src /tmp/old/src]
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import threading
import time
from typing import Any

import httpx2
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from server import running_server

MB = 1024 * 1024
COOKIE = "cardems_player"


def rss(pid: int) -> int:
    """The process's resident memory in bytes (Linux ``/proc``)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


class Person:
    """One browser: a cookie and a seat."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.http = httpx2.Client(base_url=self.base, timeout=30)
        self.table_id = ""

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        answer = self.http.post(path, json=body)
        answer.raise_for_status()
        data: dict[str, Any] = answer.json()
        self.table_id = data["table"]["id"]
        return data

    def socket(self) -> ClientConnection:
        url = self.base.replace("http", "ws", 1) + f"/ws/tables/{self.table_id}"
        cookie = f"{COOKIE}={self.http.cookies.get(COOKIE)}"
        return connect(url, additional_headers={"Cookie": cookie}, open_timeout=30).__enter__()


def seated(port: int) -> list[Person]:
    people = [Person(port) for _ in range(4)]
    code = people[0].post("/api/tables", {"name": "Ana", "level": "easy"})["table"]["code"]
    for number, person in enumerate(people[1:], 1):
        person.post("/api/tables/join", {"code": code, "name": f"Guest{number}"})
    return people


def memory(pid: int, people: list[Person]) -> None:
    """10 sockets sending 15 MB each at once: the server's memory growth at its peak."""
    sockets = [people[n % 4].socket() for n in range(10)]
    for sock in sockets:
        sock.recv(30)
    time.sleep(0.5)
    before = peak = rss(pid)
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, rss(pid))
            time.sleep(0.02)

    def flood(sock: ClientConnection) -> None:
        try:
            sock.send("x" * (15 * MB))
            sock.recv(10)
        except (ConnectionClosed, TimeoutError, OSError):
            pass

    sampler = threading.Thread(target=sample)
    sampler.start()
    floods = [threading.Thread(target=flood, args=(sock,)) for sock in sockets]
    for thread in floods:
        thread.start()
    for thread in floods:
        thread.join()
    time.sleep(1.0)
    done.set()
    sampler.join()
    after = rss(pid)
    for sock in sockets:
        sock.close()
    print(
        f"10 sockets x 15 MB: server memory {before / MB:.1f} MB -> peak {peak / MB:.1f} MB"
        f" (+{(peak - before) / MB:.1f} MB; after {after / MB:.1f} MB)   goal: < +50 MB"
    )


def sockets(people: list[Person], attempts: int) -> None:
    """One person opens ``attempts`` sockets: how many the server keeps."""
    opened: list[ClientConnection] = []
    failed = 0
    for _ in range(attempts):
        try:
            opened.append(people[0].socket())
        except (InvalidStatus, OSError, TimeoutError):
            failed += 1
    time.sleep(1.0)
    kept = 0
    for sock in opened:
        try:
            first = json.loads(sock.recv(5))
            if first.get("type") == "update":
                sock.ping().wait(5)
                kept += 1
        except (ConnectionClosed, TimeoutError):
            pass
    for sock in opened:
        sock.close()
    print(
        f"one person, {attempts} sockets attempted: {kept} kept"
        f" ({failed} not opened)   goal: a few (at most 4)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", default="", help="another tree's src/ to serve")
    parser.add_argument("--attempts", type=int, default=300)
    parser.add_argument("--parts", default="memory,sockets")
    args = parser.parse_args()
    logging.getLogger("websockets").setLevel(logging.CRITICAL)  # the floods' own ends
    env = {"PYTHONPATH": args.src} if args.src else {}
    parts = args.parts.split(",")
    with running_server(env=env) as (proc, port):
        people = seated(port)
        if "memory" in parts:
            memory(proc.pid, people)
        if "sockets" in parts:
            sockets(people, args.attempts)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
