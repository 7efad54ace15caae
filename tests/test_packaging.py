"""The package as installed from its wheel, and what its metadata says of it."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from cardems.core.registry import families

ROOT = Path(__file__).resolve().parents[1]


def test_the_description_names_every_game() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    missing = [f.title for f in families() if f.title not in project["description"]]
    assert not missing, f"pyproject's description leaves out {missing}"


@pytest.mark.slow
def test_the_wheel_installs_every_file_and_serves_every_asset() -> None:
    """.ci/wheel_check.py, its dependencies borrowed from this environment (CI runs it
    with them installed from the index, as a user would, and this copy is then skipped)."""
    if os.environ.get("CARDEMS_WHEEL_CHECKED"):
        pytest.skip(".ci/run checked the wheel before the tests, its dependencies from the index")
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / ".ci" / "wheel_check.py"),
            "--python",
            sys.executable,
            "--deps-from",
            sys.executable,
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "every one 200" in done.stdout


def test_deploy_says_the_trial_postgresql_trusts_local_users() -> None:
    """scripts/postgres trusts every local user; DEPLOY.md says so and how to stop it."""
    assert "--auth=trust" in (ROOT / "scripts" / "postgres").read_text(encoding="utf-8")
    deploy = " ".join((ROOT / "docs" / "DEPLOY.md").read_text(encoding="utf-8").split())
    assert "trusts every local user" in deploy
    assert "\\password cardems" in deploy and "scram-sha-256" in deploy and '"peer"' in deploy


def test_every_shipped_pool_is_package_data_of_the_wheel() -> None:
    """A build-family game's pool (``pool = True``) is read with importlib.resources, so
    the wheel must carry it: pyproject's package-data names it (the slow wheel check
    above installs the wheel and finds every data file)."""
    from fnmatch import fnmatch

    from cardems.core.registry import games
    from cardems.kit.building.game import BuildGame
    from cardems.kit.building.pool import pool_resource

    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]["package-data"]["cardems"]
    pooled = [game for game in games() if isinstance(game, BuildGame) and game.pool]
    assert pooled, "no build-family game ships a pool"
    for game in pooled:
        path = Path(str(pool_resource(game))).relative_to(ROOT / "src" / "cardems")
        assert (ROOT / "src" / "cardems" / path).is_file(), path
        assert any(fnmatch(path.as_posix(), pattern) for pattern in patterns), path
