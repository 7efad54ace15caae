"""Fixtures for the web tests: an app over a temporary database, and prepared games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, LiveServer

from cardems.web.app import create_app


@pytest.fixture
def db_path(database: str) -> str:
    """The API tests' database: a SQLite file, and a PostgreSQL schema when one is offered."""
    return database


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


@pytest.fixture
def tab(chromium_browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh browser context (a new player) and page; screenshot kept after the test."""
    context = chromium_browser.new_context(viewport={"width": 1100, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    ARTIFACTS.mkdir(exist_ok=True)
    name = request.node.name.replace("/", "_").replace("[", "-").replace("]", "")
    try:
        tab.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    finally:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"
