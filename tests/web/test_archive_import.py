"""Issue 47, item 8: a large archive of genuine games is taken in with bounded memory and
never holds another player's move for long: the games replayed wait on disk, and are
written by short transactions, each committed before the next (the writer's lock on
SQLite is held for milliseconds at a time, not for the whole file)."""

from __future__ import annotations

import json
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardems import store_archive
from cardems.database import Tx
from cardems.store import Store
from schema_check import schema_unchecked_tables

GAMES = 800
"""Enough that the old import, which held every game at once (12.5 MB for 1,500), passes
the memory bound below by far; the import here peaks about 2.4 MB above its body."""
ACTIONS = 40


def genuine_archive(client: TestClient, games: int, actions: int) -> bytes:
    """An archive of ``games`` genuine games of ``actions`` moves each (copies of one
    played here, each its own id and start)."""
    made = client.post("/api/games", json={"code": "HH1-N-AAAAAAM"}).json()
    version = made["view"]["version"]
    for number in range(actions):
        body: dict[str, Any] = {"type": "undo", "version": version}
        if number % 2 == 0:
            body = {"type": "tap", "target": "stock", "version": version}
        version = client.post(f"/api/games/{made['id']}/intent", json=body).json()["view"][
            "version"
        ]
    archive = client.get("/api/archive").json()
    game = archive["games"][-1]
    copies = [
        dict(game, id=f"copy-{n}", created=game["created"] - n, updated=game["updated"] - n)
        for n in range(games)
    ]
    return json.dumps(dict(archive, games=copies)).encode()


def traced_import(client: TestClient, body: bytes) -> tuple[Any, int]:
    """The answer to importing ``body``, and the most memory traced meanwhile."""
    tracemalloc.start()
    try:
        with TestClient(client.app) as importer:
            answer = importer.post(
                "/api/archive", content=body, headers={"content-type": "application/json"}
            )
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return answer, peak


@pytest.mark.slow
@pytest.mark.one_database("sqlite")  # where a whole import once sat in memory
def test_a_large_import_commits_short_transactions_in_bounded_memory(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = genuine_archive(client, GAMES, ACTIONS)
    store: Store = client.app.state.service.store
    held: list[float] = []
    opened = store.transaction

    @contextmanager
    def timed() -> Iterator[Tx]:
        started = time.perf_counter()
        with opened() as db:
            yield db
        held.append(time.perf_counter() - started)

    monkeypatch.setattr(store, "transaction", timed)
    # batches of a fixed size here (they grow while they prove quick, see BATCH_ROWS)
    batch = getattr(store_archive, "BATCH_ROWS", GAMES * (1 + ACTIONS))
    monkeypatch.setattr(store_archive, "MOST_ROWS", batch, raising=False)
    # The copies' views were checked against the schema as the game was played above
    # (the session's check): not again for each copy, under tracemalloc (four times the
    # test's time).
    with schema_unchecked_tables():
        answer, peak = traced_import(client, body)
    assert answer.status_code == 200, answer.text
    assert answer.json()["imported"] == GAMES
    rows = GAMES * (1 + ACTIONS)
    assert len(held) >= rows // batch  # many short transactions, not one for the file
    # (how long another player's move waits is a time: benchmarks/archive_import.py)
    # the file's games are never all in memory: the body, then a constant (see GAMES)
    assert peak < len(body) + 4 * 2**20, (peak, len(body))
