"""How fast the home page answers: its first request of the day, then every later one.

Starts ``cardems serve`` over a fresh SQLite file and asks for ``/`` on one keep-alive
connection: the first answer makes the day's deals and their miniatures (kept in memory
until the next day), the next ones only read memory and the player's rows. Prints the
first round trip, then p50/p99 of the round trip (loopback, the page read whole), for a
new visitor and for a player with a game in progress.

Anchor: the issue's goal, a few milliseconds after the first (issue 30).

    python benchmarks/home_page.py [--requests 300]
"""

from __future__ import annotations

import argparse
import http.client
import json
import time

from server import percentile, running_server

PACE = 0.025
"""Seconds between requests: 40 a second, under the server's limit of a player's pace."""


def get_home(connection: http.client.HTTPConnection, cookie: str) -> float:
    """One ``GET /``: its round trip, in ms."""
    started = time.perf_counter()
    connection.request("GET", "/", headers={"cookie": cookie} if cookie else {})
    answer = connection.getresponse()
    body = answer.read()
    rtt = (time.perf_counter() - started) * 1000
    assert answer.status == 200 and b"miniature" in body, answer.status
    return rtt


def a_player(port: int) -> str:
    """The cookie of a new player with a Heart to Heart game in progress."""
    connection = http.client.HTTPConnection("127.0.0.1", port)
    body = json.dumps({"game": "heart-to-heart"})
    connection.request("POST", "/api/games", body, {"content-type": "application/json"})
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 201, answer.status
    return (answer.getheader("set-cookie") or "").split(";", 1)[0]


def spread(name: str, values: list[float]) -> str:
    """p50 and p99 of ``values`` (ms)."""
    return f"{name} p50 {percentile(values, 0.5):5.2f} p99 {percentile(values, 0.99):5.2f} ms"


def main(requests: int) -> None:
    with running_server() as (_, port):
        connection = http.client.HTTPConnection("127.0.0.1", port)
        print(f"first request of the day  round trip {get_home(connection, ''):7.1f} ms")
        for who, cookie in (("new visitor", ""), ("player with a game", a_player(port))):
            rtts = []
            for _ in range(requests):
                rtts.append(get_home(connection, cookie))
                time.sleep(PACE)
            print(f"{who:18s} ({requests} requests)  {spread('round trip', rtts)}")
    print("anchor: a few ms after the first request (issue 30)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=300)
    main(parser.parse_args().requests)
