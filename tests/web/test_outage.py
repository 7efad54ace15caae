"""A database outage (PostgreSQL away, SQLite's file unusable, a full disk) answers 503
with a clear message on every route, never a 500, and the server recovers after."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from api_helpers import new_game
from starlette.testclient import TestClient

from cardems.database import PostgresBackend, SQLiteBackend
from cardems.web.app import create_app

READS = [
    "/",
    "/stats",
    "/settings",
    "/play/seahaven",
    "/api/games",
    "/api/stats",
    "/api/settings",
    "/api/archive",
    "/game/{id}",
    "/api/games/{id}",
]
WRITES = ["/api/games", "/api/settings", "/api/games/{id}/intent", "/api/games/{id}/hint"]


def break_database(backend: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every use of the database fail as an outage does."""
    if isinstance(backend, SQLiteBackend):
        import sqlite3

        class Gone:
            in_transaction = False

            def execute(self, *args: Any) -> Any:
                raise sqlite3.OperationalError("disk I/O error")

        monkeypatch.setattr(backend, "connection", Gone())
        return
    assert isinstance(backend, PostgresBackend)
    import psycopg

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise psycopg.OperationalError("connection refused")

    monkeypatch.setattr(backend.pool, "connection", refuse)
    monkeypatch.setattr(psycopg, "connect", refuse)
    if backend._quick is not None:
        backend._quick.close()


@pytest.fixture
def app_client(db_path: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_path), raise_server_exceptions=False) as client:
        yield client


def test_an_outage_is_a_503_with_a_clear_message_everywhere(
    app_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = new_game(app_client, code="HH1-N-AAAAAAM")["id"]
    app_client.app.state.service.forget(game_id)
    app_client.app.state.service.store._visitors.clear()
    with monkeypatch.context() as patch:
        break_database(app_client.app.state.service.store.db, patch)
        for path in READS:
            answer = app_client.get(path.format(id=game_id))
            assert answer.status_code == 503, (path, answer.text)
            assert "database cannot be reached" in answer.text
            assert answer.headers["retry-after"] == "5"
        for path in WRITES:
            answer = app_client.post(path.format(id=game_id), json={"type": "tap", "version": 0})
            assert answer.status_code == 503, (path, answer.text)
    assert app_client.get(f"/api/games/{game_id}").status_code == 200  # back by itself
