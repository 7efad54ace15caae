"""Every benchmark answers ``--help`` at once, without running (in the test environment,
which has what the benchmarks import)."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = sorted(  # the benchmarks, not the modules they share (server.py, fc_solve.py)
    p for p in (ROOT / "benchmarks").glob("*.py") if '__name__ == "__main__"' in p.read_text()
)


@pytest.mark.parametrize("script", BENCHMARKS, ids=[p.name for p in BENCHMARKS])
def test_a_benchmark_explains_itself(
    script: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Run in this process (as ``python benchmarks/NAME.py --help`` would: its folder on
    the path), so that the package is imported once for all of them."""
    monkeypatch.syspath_prepend(str(script.parent))
    monkeypatch.setattr(sys, "argv", [str(script), "--help"])
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(script), run_name="__main__")
    assert done.value.code in (0, None)
    assert capsys.readouterr().out.startswith("usage: ")


def test_a_benchmark_runs_as_a_script_with_its_shared_modules() -> None:
    """One benchmark in its own process, as a reader types it (it imports ``server.py``
    from its folder)."""
    script = ROOT / "benchmarks" / "web_latency.py"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    done = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: ") and "Traceback" not in done.stderr
