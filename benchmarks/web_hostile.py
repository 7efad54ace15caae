"""The server against a hostile client, on loopback: memory under huge bodies, and a
random fuzz of every route counting server errors.

Starts ``cardems serve`` over a fresh SQLite file, then (1) sends a body declaring
400 MB and another streaming 400 MB without declaring it, sampling the server's
resident memory meanwhile, and (2) sends random requests to every route (wrong types,
deep nesting, lone surrogates, odd ids, stale versions, foreign origins) and counts
the answers by status. Goals: memory growth < 20 MB, 0 answers of 5xx.

    python benchmarks/web_hostile.py [--requests 3000]
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import socket
import threading
import time
from pathlib import Path

import httpx2

from server import running_server

ROOT = Path(__file__).resolve().parents[1]
MB = 1 << 20


def rss(pid: int) -> int:
    """Resident memory of a process, in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def huge_body(port: int, declared: bool) -> tuple[str, int]:
    """POST 400 MB (declared, or chunked); the answer's status line and the bytes sent."""
    sent = 0
    with socket.create_connection(("127.0.0.1", port)) as sock:
        length = f"content-length: {400 * MB}" if declared else "transfer-encoding: chunked"
        sock.sendall(
            f"POST /api/games HTTP/1.1\r\nhost: 127.0.0.1\r\n"
            f"content-type: application/json\r\n{length}\r\n\r\n".encode()
        )
        chunk = b"x" * MB
        framed = chunk if declared else b"%x\r\n%s\r\n" % (len(chunk), chunk)
        sock.settimeout(5)
        try:
            for _ in range(400):
                sock.sendall(framed)
                sent += len(chunk)
        except OSError:
            pass  # the server answered and closed: it stopped reading
        try:
            answer = sock.recv(200).decode("latin-1").split("\r\n")[0]
        except OSError:
            answer = "(closed)"
    return answer, sent


def fuzz(base: str, requests: int, seed: int) -> collections.Counter[int]:
    """Random requests to every route; their statuses."""
    rng = random.Random(seed)
    statuses: collections.Counter[int] = collections.Counter()
    with httpx2.Client(base_url=base, timeout=10) as client:
        game = client.post("/api/games", json={"code": "HH1-N-AAAAAAM"}).json()["id"]
        values = [None, True, 3, -1, 10**30, "", "x" * 300, "\ud800", [], {}, [[[]]], "stock"]
        routes = [
            ("GET", "/api/games"),
            ("POST", "/api/games"),
            ("GET", "/api/games/{id}"),
            ("POST", "/api/games/{id}/intent"),
            ("POST", "/api/games/{id}/hint"),
            ("POST", "/api/games/{id}/winnable"),
            ("POST", "/api/games/{id}/pause"),
            ("GET", "/api/settings"),
            ("POST", "/api/settings"),
            ("GET", "/api/stats"),
            ("GET", "/api/codes/{id}"),
            ("GET", "/game/{id}"),
            ("GET", "/play/{id}"),
            ("GET", "/rules/{id}"),
            ("POST", "/settings"),
            ("GET", "/"),
        ]
        for number in range(requests):
            if number % 150 == 149:  # a new visitor now and then: one player's bucket is 200
                client.cookies.clear()
                game = client.post("/api/games", json={"code": "HH1-N-AAAAAAM"}).json()["id"]
            method, template = rng.choice(routes)
            ident = rng.choice([game, "nope", "%ED%A0%80", "..%2F", "a" * 200, "HH1-N-AAAAAAM"])
            path = template.format(id=ident)
            keys = ["type", "target", "version", "game", "code", "theme", "\ud800", "cards"]
            body = {rng.choice(keys): rng.choice(values) for _ in range(rng.randrange(4))}
            if rng.random() < 0.3:
                body = {"type": "tap", "target": "stock", "version": rng.randrange(30)}
            raw = json.dumps(body).encode("utf-8", "surrogatepass")
            if rng.random() < 0.05:
                raw = b"[" * 2000
            headers = {"content-type": rng.choice(["application/json"] * 4 + ["text/plain"])}
            if rng.random() < 0.1:
                headers["origin"] = "http://evil.example"
            if method == "GET":
                response = client.get(path)
            else:
                response = client.post(path, content=raw, headers=headers)
            statuses[response.status_code] += 1
    return statuses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with running_server() as (proc, port):
        base = f"http://127.0.0.1:{port}"
        for declared in (True, False):
            before = rss(proc.pid)
            peak = before
            done = threading.Event()

            def sample(done: threading.Event = done) -> None:
                nonlocal peak
                while not done.is_set():
                    peak = max(peak, rss(proc.pid))
                    time.sleep(0.01)

            sampler = threading.Thread(target=sample)
            sampler.start()
            answer, sent = huge_body(port, declared)
            done.set()
            sampler.join()
            kind = "declared 400 MB" if declared else "chunked 400 MB "
            print(
                f"{kind}: answer {answer!r}, {sent / MB:.0f} MB sent before it;"
                f" server memory {before / MB:.1f} -> peak {peak / MB:.1f} MB"
                f" (+{(peak - before) / MB:.1f} MB; goal < 20 MB)"
            )
        started = time.perf_counter()
        statuses = fuzz(base, args.requests, args.seed)
        seconds = time.perf_counter() - started
        errors = sum(count for status, count in statuses.items() if status >= 500)
        shown = ", ".join(f"{status}: {count}" for status, count in sorted(statuses.items()))
        print(
            f"fuzz: {sum(statuses.values())} requests in {seconds:.1f} s ({shown});"
            f" 5xx answers: {errors} (goal 0)"
        )


if __name__ == "__main__":
    main()
