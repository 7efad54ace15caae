"""The app's start and stop: the database is closed when the last server stops, even when
a start failed."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cardems.store import Store
from cardems.web.app import GC_THRESHOLDS, create_app


def test_a_start_that_fails_still_closes_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "cardems.db")
    closed: list[bool] = []

    async def out_of_reach() -> None:
        raise OSError("database out of reach")

    monkeypatch.setattr(store, "open_async", out_of_reach)
    monkeypatch.setattr(store, "close", lambda: closed.append(True))
    with pytest.raises(OSError, match="out of reach"), TestClient(create_app("", store=store)):
        pass
    assert closed == [True]


def test_the_database_is_closed_once_the_last_server_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "cardems.db")
    closed: list[bool] = []
    monkeypatch.setattr(store, "close", lambda: closed.append(True))
    app = create_app("", store=store)
    with TestClient(app) as first:
        with TestClient(app) as second:
            assert second.get("/").status_code == 200
        assert closed == []  # the first server still serves
        assert first.get("/").status_code == 200
    assert closed == [True]


def test_a_server_collects_its_oldest_generation_seldom(tmp_path: Path) -> None:
    gc.set_threshold(700, 10, 10)  # the interpreter's default
    with TestClient(create_app("", store=Store(tmp_path / "cardems.db"))):
        assert gc.get_threshold() == GC_THRESHOLDS
