"""Killing the server (SIGKILL) loses no acknowledged move: the restarted one resumes."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest

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
