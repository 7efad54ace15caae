"""Black Hole and All in a Row over HTTP: the day's deal won by following the API's
hints, the server deciding every move (the waste family's API-hint win)."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest
from api_helpers import intent as intent_of
from api_helpers import new_game
from starlette.testclient import TestClient

from cardems.core.registry import game_for
from cardems.web.app import create_app

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py

DAY = datetime.date(2026, 12, 6)


@pytest.fixture
def client(db_path: str) -> Iterator[TestClient]:
    """A client allowed to play as fast as a test does."""
    with TestClient(create_app(db_path, rate=1000.0, burst=10_000)) as test_client:
        yield test_client


@pytest.mark.slow
@pytest.mark.parametrize("name", ["black-hole", "all-in-a-row"])
def test_the_days_deal_is_won_by_following_the_api_hints(client: TestClient, name: str) -> None:
    code = str(game_for(name).daily_code(DAY))
    game_id = new_game(client, code=code)["id"]
    for _ in range(60):
        view = client.get(f"/api/games/{game_id}").json()["view"]
        if view["status"] != "playing":
            break
        hint = client.post(f"/api/games/{game_id}/hint").json()["hint"]
        assert hint["verdict"] == "move", hint
        for intent in hint["intents"]:
            assert intent_of(client, game_id, intent).status_code == 200
    assert view["status"] == "won" and view["score"] in (51, 52)
