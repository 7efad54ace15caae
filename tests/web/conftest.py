"""Fixtures for the web tests: an app over a temporary database, and prepared games."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from starlette.testclient import TestClient
from web_browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, LiveServer

from cardems.database import is_postgres
from cardems.web import passwords
from cardems.web.app import create_app

QUICK_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
"""Argon2 at small cost: the product's parameters take 0.1–1 s a hash on these machines,
and the account tests hash and check hundreds of times."""
QUICK_DECOY = QUICK_HASHER.hash("a decoy")


@pytest.fixture(autouse=True)
def quick_password_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every web test hashes with :data:`QUICK_HASHER` (the same Argon2id, cheaper); the
    product's own parameters are checked in ``test_account_defences``."""
    monkeypatch.setattr(passwords, "hasher", lambda: QUICK_HASHER)
    monkeypatch.setattr(passwords, "decoy", lambda: QUICK_DECOY)


MEMORY = Path("/dev/shm")
"""A memory file system, where the machine has one: a new SQLite file syncs to disk as
it is made, at each write and as it closes (some 45 ms a test on these machines' disks,
a third of a web test's time); there it costs nothing."""


@pytest.fixture
def db_path(database: str) -> Iterator[str]:
    """The API tests' database: a SQLite file (in :data:`MEMORY` when there is one),
    and a PostgreSQL schema when one is offered."""
    if is_postgres(database) or not MEMORY.is_dir():
        yield database
        return
    with tempfile.TemporaryDirectory(dir=MEMORY, prefix="cardems-test-") as folder:
        yield str(Path(folder) / Path(database).name)


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_path)) as test_client:
        yield test_client


# --- real browser (Playwright + Debian's chromium) ---------------------------------------


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("live") / "cardems.db")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"browser tests need Debian's chromium at {CHROMIUM} (./scripts/test)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


FAILED = pytest.StashKey[bool]()
"""Set on a test's item once its call has failed (read by :func:`tab`)."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call" and report.failed:
        item.stash[FAILED] = True
    return report


@pytest.fixture
def tab(chromium_browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh browser context (a new player) and page; a screenshot of a failed test is
    kept under test-artifacts/."""
    context = chromium_browser.new_context(viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    try:
        if request.node.stash.get(FAILED, False):
            ARTIFACTS.mkdir(exist_ok=True)
            name = request.node.name.replace("/", "_").replace("[", "-").replace("]", "")
            tab.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    finally:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"
