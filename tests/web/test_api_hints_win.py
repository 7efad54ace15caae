"""The day's deal of every open solitaire of the build family (BUILD_GAMES), of Gaps, of
Accordion, of Black Hole and of All in a Row won over HTTP by following the API's hints,
the server deciding every move.
The hints' path over HTTP: the store plays no part, so one database (SQLite)."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest
from api_helpers import won_by_hints
from starlette.testclient import TestClient

from cardems.core.registry import game_for, games
from cardems.kit.building.game import BuildGame
from cardems.web.app import create_app

BUILD_GAMES = [game.family.name for game in games() if isinstance(game, BuildGame)]
DAY = datetime.date(2026, 12, 6)

pytestmark = [pytest.mark.slow, pytest.mark.one_database("sqlite")]


@pytest.fixture
def client(db_path: str) -> Iterator[TestClient]:
    """A client allowed to play as fast as a test does: a whole game's hints and moves
    are more requests in a burst than the rate limit lets a person make."""
    with TestClient(create_app(db_path, rate=1000.0, burst=10_000)) as test_client:
        yield test_client


@pytest.mark.parametrize("name", BUILD_GAMES)
def test_an_open_solitaires_day_is_won_by_following_the_api_hints(
    client: TestClient, name: str
) -> None:
    view = won_by_hints(client, str(game_for(name).daily_code(DAY)), 400)
    assert view["status"] == "won"


@pytest.mark.parametrize(
    ("name", "hints", "score"),
    [("gaps", 600, 48), ("accordion", 60, 51)],
    ids=["gaps", "accordion"],
)
def test_the_days_deal_is_won_by_following_the_api_hints(
    client: TestClient, name: str, hints: int, score: int
) -> None:
    view = won_by_hints(client, str(game_for(name).daily_code(DAY)), hints)
    assert view["status"] == "won" and view["score"] == score


@pytest.mark.parametrize("name", ["black-hole", "all-in-a-row"])
def test_a_hole_games_day_is_won_by_following_the_api_hints(client: TestClient, name: str) -> None:
    view = won_by_hints(client, str(game_for(name).daily_code(DAY)), 60)
    assert view["status"] == "won" and view["score"] in (51, 52)
