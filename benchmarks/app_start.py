"""How soon the web app serves: ``create_app`` over a new SQLite file, then its first page.

Each sample is a fresh process (the package imported, nothing made yet), which builds
the app, enters it (the lifespan: the database opened) and asks for ``/settings``
in-process; then the same for a second app in that process (a new database, as every
web test and every ``cardems serve`` worker makes one). Prints the medians (ms) of
``create_app``, of the first page and of the whole second app with its page (wall
time; the database files on ``--dir``). ``--src DIR`` runs another tree's code (e.g. a
checkout of the code before a change) for the same figures in the same run.

Anchor: the task's goal (issue s57), faster than the code before it (``--src``).

    python benchmarks/app_start.py [--samples 9] [--dir /tmp] [--src OTHER/src]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = """
import json, os, sys, time
from starlette.testclient import TestClient
from cardems.web.app import create_app
folder = sys.argv[1]
def serve(name):
    started = time.perf_counter()
    app = create_app(os.path.join(folder, name))
    made = time.perf_counter()
    with TestClient(app) as client:
        assert client.get("/settings").status_code == 200
    return (made - started) * 1000, (time.perf_counter() - made) * 1000
app, page = serve("first.db")
second = sum(serve("second.db"))
print(json.dumps({"create_app": app, "first page": page, "second app": second}))
"""


def sample(src: Path, folder: str) -> dict[str, float]:
    """One fresh process's figures (ms)."""
    with tempfile.TemporaryDirectory(dir=folder) as where:
        env = dict(os.environ, PYTHONPATH=str(src))
        done = subprocess.run(
            [sys.executable, "-c", SAMPLE, where],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main(samples: int, folder: str, others: list[Path]) -> None:
    trees = [ROOT / "src", *others]
    runs: dict[Path, list[dict[str, float]]] = {tree: [] for tree in trees}
    for _ in range(samples):  # the trees in turn, so that the machine's load falls on each
        for tree in trees:
            runs[tree].append(sample(tree, folder))
    print("anchor: faster than the code before (--src), issue s57")
    for tree, figures in runs.items():
        medians = {key: statistics.median(f[key] for f in figures) for key in figures[0]}
        shown = "  ".join(f"{key} {value:6.1f}" for key, value in medians.items())
        print(f"{shown}  ms (median of {samples}), {tree}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=9)
    parser.add_argument("--dir", default=tempfile.gettempdir(), help="where the files go")
    parser.add_argument("--src", type=Path, action="append", default=[], help="another tree")
    options = parser.parse_args()
    main(options.samples, options.dir, options.src)
