"""Every benchmark answers ``--help`` at once, without running (in the test environment,
which has what the benchmarks import)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = sorted(  # the benchmarks, not the modules they share (server.py, fc_solve.py)
    p for p in (ROOT / "benchmarks").glob("*.py") if '__name__ == "__main__"' in p.read_text()
)


@pytest.mark.parametrize("script", BENCHMARKS, ids=[p.name for p in BENCHMARKS])
def test_a_benchmark_explains_itself(script: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    done = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: ") and "Traceback" not in done.stderr
