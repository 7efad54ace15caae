"""Killing the server (SIGKILL) loses no acknowledged move: the restarted one resumes."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx2
import pytest

from cardems.store import Store

SERVE = [sys.executable, "-m", "cardems", "serve", "--no-browser"]
SRC = str(Path(__file__).resolve().parents[2] / "src")


def free_port() -> int:
    """A port nothing listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def answering(port: int) -> str:
    """The address of the server starting on ``port``, once it answers."""
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            httpx2.get(base + "/api/games", timeout=1)
            return base
        except httpx2.TransportError:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.05)


def start(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        [*SERVE, "--port", str(port), "--db", str(db)],
        env=dict(os.environ, PYTHONPATH=SRC),
        stdout=subprocess.DEVNULL,
    )
    return proc, answering(port)


FORKS = r"""
import os, signal, sys

import uvicorn  # noqa: F401 (the server's imports, once, before every fork)

import cardems.cli
import cardems.web.app  # noqa: F401
from cardems.core.registry import compiled_note

compiled_note()
signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # a killed server is reaped at once
print("ready", flush=True)
for line in sys.stdin:
    pid = os.fork()
    if pid == 0:  # the server: `python -m cardems` with these words, its output dropped
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        quiet = os.open(os.devnull, os.O_RDWR)
        os.dup2(quiet, 0)
        os.dup2(quiet, 1)
        code = 1
        try:
            code = cardems.cli.main(line.split())
        finally:
            os._exit(code)
    print(pid, flush=True)
"""
"""A process that has imported the server once and forks ``cardems serve`` from there
on each line it reads (its pid answered): twenty servers started without twenty
interpreters importing the app (a second each). The server killed is the same code over
the same database; the start of a whole ``python -m cardems`` is the test above's."""


class Forks:
    """Servers forked from :data:`FORKS`, killed and waited for by pid."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", FORKS],
            env=dict(os.environ, PYTHONPATH=SRC),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.pids: list[int] = []
        assert self.proc.stdout is not None and self.proc.stdout.readline() == "ready\n"

    def start(self, db: Path) -> tuple[int, str]:
        """A server on ``db``, answering: its pid and address."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        port = free_port()
        self.proc.stdin.write(f"serve --no-browser --port {port} --db {db}\n")
        self.proc.stdin.flush()
        pid = int(self.proc.stdout.readline())
        self.pids.append(pid)
        return pid, answering(port)

    @staticmethod
    def wait(pid: int) -> None:
        """Until the process ``pid`` is gone (reaped by the forking process)."""
        deadline = time.monotonic() + 20
        while True:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            assert time.monotonic() < deadline, f"server {pid} did not end"
            time.sleep(0.01)

    def close(self) -> None:
        """Every server started that still runs killed (a failed test's), then the
        forking process ended."""
        for pid in self.pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(10)


@pytest.mark.slow
def test_kill_9_between_moves_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "cardems.db"
    proc, base = start(db)
    try:
        with httpx2.Client(base_url=base) as client:
            game = client.post("/api/games", json={"code": "HH1-N-AAAAAAM"}).json()["id"]
            version = 0
            for target in ["stock"] * 9 + ["waste", "heart:25", "stock"]:
                response = client.post(
                    f"/api/games/{game}/intent",
                    json={"type": "tap", "target": target, "version": version},
                )
                assert response.status_code == 200
                version = response.json()["view"]["version"]
            acknowledged = response.json()["view"]
            cookies = dict(client.cookies)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    proc, base = start(db)
    try:
        with httpx2.Client(base_url=base, cookies=cookies) as client:
            resumed = client.get(f"/api/games/{game}").json()["view"]
    finally:
        proc.terminate()
        proc.wait()
    for key in ("piles", "score", "moves", "selected", "can_undo", "status"):
        assert resumed[key] == acknowledged[key]
    assert (resumed["moves"], resumed["score"]) == (11, 10)


@pytest.mark.slow
def test_twenty_kills_in_the_middle_of_play_lose_no_acknowledged_action(tmp_path: Path) -> None:
    """Play through the API while the server is killed at random moments, 20 times."""
    db = tmp_path / "cardems.db"
    rng = random.Random(12)
    cookies: dict[str, str] = {}
    game = ""
    acknowledged = 0  # the highest version an answer confirmed
    deadline = time.monotonic() + 120
    forks = Forks()
    try:
        for _ in range(20):
            pid, base = forks.start(db)
            killer = threading.Timer(rng.uniform(0.05, 0.4), os.kill, (pid, signal.SIGKILL))
            with httpx2.Client(base_url=base, cookies=cookies, timeout=2) as client:
                if not game:
                    game = client.post("/api/games", json={"code": "HH1-N-AAAAAAM"}).json()["id"]
                    cookies = dict(client.cookies)
                view = client.get(f"/api/games/{game}").json()["view"]
                assert view["version"] >= acknowledged, "an acknowledged action was lost"
                version = view["version"]
                killer.start()
                try:
                    while True:
                        body = {"type": "tap", "target": "stock", "version": version}
                        response = client.post(f"/api/games/{game}/intent", json=body)
                        if response.status_code == 429:  # a fast machine outruns the rate limit
                            time.sleep(0.05)
                            continue
                        assert response.status_code == 200, response.text
                        version = response.json()["view"]["version"]
                        acknowledged = max(acknowledged, version)
                except httpx2.TransportError:
                    pass  # killed mid-request or between two
            killer.cancel()
            forks.wait(pid)
            assert time.monotonic() < deadline, "the kill test ran too long"
    finally:
        forks.close()
    store = Store(db)
    assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    saved = store.load_game(game)
    assert saved is not None and saved.version >= acknowledged > 20
    assert saved.log == [("tap", "stock")] * saved.version
