"""Bytes, requests and first render of the home page and of a table page, in chromium.

Starts ``cardems serve`` over a fresh database, opens the home page (every game's
miniature drawn), then a Heart to Heart, a Seahaven and a Hearts table (a game dealt
through the API, its page ``/game/{id}`` reached by ``/play/{game}``), each with an empty
cache, and counts every request the page makes and the bytes it transfers, and the time
from navigation until the cards are drawn.

Anchor: the issue's goal, <= 300 KB and <= 20 requests cold, for the home page (with its
miniatures) and for a table page (issues 5 and 30).

    python benchmarks/page_weight.py
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SERVE = [sys.executable, "-m", "cardems", "serve", "--no-browser"]
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
HOME = ".game-card svg.miniature use"
"""The home page, once its miniatures are drawn."""
DRAWN = {  # each game's table, once its cards are drawn
    "heart-to-heart": "#table[data-ready] .card",
    "seahaven": "#table[data-ready] .card",
    "hearts": "#hearts[data-ready] .hcard",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for(url: str) -> None:
    deadline = time.monotonic() + 15
    while True:
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def main() -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        proc = subprocess.Popen(
            [*SERVE, "--port", str(port), "--db", str(Path(tmp) / "bench.db")],
            env=env,
            stdout=subprocess.DEVNULL,
        )
        try:
            wait_for(base + "/")
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                pages = [("home", "/", HOME)]
                pages += [(game, f"/play/{game}", drawn) for game, drawn in DRAWN.items()]
                for name, path, drawn_selector in pages:
                    context = browser.new_context()
                    page = context.new_page()
                    if name != "home":  # the player and a game of theirs, no assets
                        context.request.post(base + "/api/games", data={"game": name})
                    sizes: list[tuple[str, int]] = []
                    page.on(
                        "requestfinished",
                        lambda request, sizes=sizes: sizes.append(
                            (
                                request.url,
                                request.sizes()["responseBodySize"]
                                + request.sizes()["responseHeadersSize"],
                            )
                        ),
                    )
                    started = time.perf_counter()
                    page.goto(base + path)
                    page.wait_for_selector(drawn_selector)
                    drawn = (time.perf_counter() - started) * 1000
                    page.wait_for_load_state("networkidle")
                    total = sum(size for _, size in sizes)
                    print(
                        f"{name:15s} {len(sizes):2d} requests  {total / 1024:6.1f} KB"
                        f"  cards drawn after {drawn:5.0f} ms (cold cache)"
                    )
                    for url, size in sizes:
                        print(f"    {size / 1024:6.1f} KB  {url.removeprefix(base)}")
                    context.close()
                browser.close()
            print("anchor: <= 300 KB and <= 20 requests cold, home and table pages (issues 5, 30)")
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    main()
