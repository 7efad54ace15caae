"""What the web benchmarks share: ``cardems serve`` on a fresh database and a free
loopback port, a minimal HTTP client, percentiles."""

from __future__ import annotations

import asyncio
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
def running_server(
    *options: str, db: str = "", env: dict[str, str] | None = None
) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """``cardems serve --no-browser`` with ``options`` over ``db`` (by default a fresh
    SQLite file), ready to answer; the process and its port. Stopped on exit. ``env``:
    more environment for it (a ``PYTHONPATH`` there goes before the tree's ``src``)."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        extra = dict(env or {})
        path = os.pathsep.join(filter(None, (extra.pop("PYTHONPATH", ""), str(ROOT / "src"))))
        environment = dict(os.environ, **extra, PYTHONPATH=path)
        command = [sys.executable, "-m", "cardems", "serve", "--no-browser", "--port", str(port)]
        command += ["--db", db or str(Path(tmp) / "bench.db"), *options]
        proc = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
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


def process_tree(pid: int) -> dict[int, float]:
    """CPU seconds (user + system) of a process and of each of its descendants, live or
    reaped, by process id (Linux ``/proc``; nothing elsewhere or once it is gone)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        child = int(stat.parent.name)
        parents[child] = int(fields[1])
        used[child] = sum(int(value) for value in fields[11:15]) / tick
    tree, grown = {pid}, True
    while grown:
        grown = False
        for child, parent in parents.items():
            if parent in tree and child not in tree:
                tree.add(child)
                grown = True
    return {member: used[member] for member in tree if member in used}


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) of a process and its descendants (see
    :func:`process_tree`)."""
    return sum(process_tree(pid).values())


def machine_cpu() -> tuple[float, float]:
    """CPU seconds the whole machine has spent busy so far, and of those at a lowered
    priority (``nice``: another job's background work), from ``/proc/stat``."""
    try:
        fields = [int(value) for value in Path("/proc/stat").read_text().split()[1:9]]
    except OSError:
        return 0.0, 0.0
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields
    tick = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq + steal) / tick, nice / tick


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Connection:
    """A minimal keep-alive HTTP/1.1 client: cheap enough not to be the bottleneck."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer, self.cookie = reader, writer, ""

    async def post(self, path: str, body: bytes) -> tuple[int, dict[str, str], bytes]:
        cookie = f"cookie: {self.cookie}\r\n" if self.cookie else ""
        self.writer.write(
            f"POST {path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\n{cookie}\r\n".encode()
            + body
        )
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionResetError("the server closed the connection")
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        payload = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if "set-cookie" in headers:
            self.cookie = headers["set-cookie"].split(";", 1)[0]
        return int(status_line.split()[1]), headers, payload
