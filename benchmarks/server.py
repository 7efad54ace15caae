"""Start ``cardems serve`` for a benchmark: a fresh SQLite file, a free loopback port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def running_server(*options: str) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """``cardems serve --no-browser`` with ``options`` over a fresh database, ready to
    answer; the process and its port. Stopped on exit."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        command = [sys.executable, "-m", "cardems", "serve", "--no-browser", "--port", str(port)]
        command += ["--db", str(Path(tmp) / "bench.db"), *options]
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    httpx2.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                    break
                except httpx2.TransportError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            yield proc, port
        finally:
            proc.terminate()
            proc.wait(10)
