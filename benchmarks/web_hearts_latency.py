"""Server time of one Hearts action in the web app: the player's card plus the opponents'
answers, at each opponent level, in process (no network), saved to SQLite each time.

Goal: the expert's 100 ms per decision limit times the three opponents who may answer
(300 ms). Anchor: the same handler minus the bots, i.e. the easy level, whose decisions
cost next to nothing, shows what the web layer and the save add.

    PYTHONPATH=src python benchmarks/web_hearts_latency.py [--rounds 2]
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
from pathlib import Path

from starlette.testclient import TestClient

from cardems.web.app import create_app

TIMING = re.compile(r"dur=([0-9.]+)")


def run(level: str, rounds: int) -> tuple[list[float], int]:
    """Handler times (ms) of every pass and play over ``rounds`` rounds; bot decisions."""
    times: list[float] = []
    decisions = 0
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Path(tmp) / "bench.db", rate=1e6, burst=10**6)
        with TestClient(app) as client:
            answer = client.post(
                "/api/games", json={"game": "hearts", "level": level, "code": "HT1-N-AAAAAAM"}
            )
            game_id = answer.json()["id"]
            view = answer.json()["view"]
            while view["round"] < rounds and view["status"] == "playing":
                body: dict[str, object]
                if view["phase"] == "passing":
                    body = {"type": "pass", "cards": view["hand"][:3]}
                else:
                    body = {"type": "play", "card": view["legal"][0]}
                body["version"] = view["version"]
                response = client.post(f"/api/games/{game_id}/intent", json=body)
                found = TIMING.search(response.headers["server-timing"])
                assert found and response.status_code == 200, response.text
                times.append(float(found.group(1)))
                events = response.json()["events"]
                decisions += sum(1 for e in events if e["type"] == "play" and e["seat"] != 0)
                decisions += 3 * sum(1 for e in events if e["type"] == "passed")
                view = response.json()["view"]
    return times, decisions


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    for level in ("easy", "medium", "expert"):
        times, decisions = run(level, args.rounds)
        cuts = statistics.quantiles(times, n=20)
        print(
            f"{level:<7} {len(times)} actions: p50 {statistics.median(times):.1f} ms,"
            f" p95 {cuts[-1]:.1f} ms, max {max(times):.1f} ms;"
            f" {sum(times) / max(decisions, 1):.1f} ms per opponent decision"
        )
    print("goal: at most 300 ms per action (3 opponents x 100 ms); anchor: the easy level")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
