"""Killing the server (SIGKILL) loses no acknowledged move: the restarted one resumes."""

from __future__ import annotations

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


def start(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(
        [*SERVE, "--port", str(port), "--db", str(db)],
        env=dict(os.environ, PYTHONPATH=SRC),
        stdout=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            httpx2.get(base + "/api/games", timeout=1)
            return proc, base
        except httpx2.TransportError:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.05)


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
    for _ in range(20):
        proc, base = start(db)
        killer = threading.Timer(rng.uniform(0.05, 0.4), proc.send_signal, (signal.SIGKILL,))
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
        proc.wait()
        assert time.monotonic() < deadline, "the kill test ran too long"
    store = Store(db)
    assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    saved = store.load_game(game)
    assert saved is not None and saved.version >= acknowledged > 20
    assert saved.log == [("tap", "stock")] * saved.version
