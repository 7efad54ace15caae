"""The open solitaires of the build family (GAMES) over HTTP and in a real browser: a deal
won by following the API's hints, and the last move of a hinted win played by a click,
which shows the won dialog."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import Any

import pytest
from api_helpers import intent as intent_of
from api_helpers import new_game
from starlette.testclient import TestClient
from web_browser import LiveServer, cards, click, count_label, open_prepared

from cardems.core.game import TableSettings
from cardems.core.registry import game_for, games
from cardems.kit.building.game import BuildGame
from cardems.web.app import create_app

GAMES = [game.family.name for game in games() if isinstance(game, BuildGame)]
DAY = datetime.date(2026, 12, 6)


@pytest.fixture
def client(db_path: str) -> Iterator[TestClient]:
    """A client allowed to play as fast as a test does: a whole game's hints and moves
    are more requests in a burst than the rate limit lets a person make."""
    with TestClient(create_app(db_path, rate=1000.0, burst=10_000)) as test_client:
        yield test_client


@pytest.mark.slow
@pytest.mark.one_database("sqlite")  # the hints' path over HTTP: the store plays no part
@pytest.mark.parametrize("name", GAMES)
def test_the_days_deal_is_won_by_following_the_api_hints(client: TestClient, name: str) -> None:
    code = str(game_for(name).daily_code(DAY))
    game_id = new_game(client, code=code)["id"]
    for _ in range(400):
        view = client.get(f"/api/games/{game_id}").json()["view"]
        if view["status"] != "playing":
            break
        hint = client.post(f"/api/games/{game_id}/hint").json()["hint"]
        assert hint["verdict"] == "move", hint
        for intent in hint["intents"]:
            assert intent_of(client, game_id, intent).status_code == 200
    assert view["status"] == "won"


def hinted_win(name: str) -> tuple[str, list[Any], str]:
    """The day's deal, the intents of its hinted win but the last move, and the pile the
    last move starts from (a card going home)."""
    game: Any = game_for(name)
    code = game.daily_code(DAY)
    table: Any = game.new_table(code, TableSettings(), {}, lambda: 0)
    moves: list[list[Any]] = []
    while table.status == "playing":
        hint = table.hint()
        intents = [game.parse_intent(intent) for intent in hint["intents"]]
        for intent in intents:
            table.act(intent)
        moves.append(intents)
    last = moves.pop()
    assert last[-1][0] == "drag" and last[-1][2].startswith("foundation:"), last
    return str(code), [intent for intents in moves for intent in intents], last[-1][1]


@pytest.mark.browser
@pytest.mark.parametrize("name", GAMES)
def test_the_last_card_goes_home_by_a_click_and_wins(tab: Any, live: LiveServer, name: str) -> None:
    code, log, source = hinted_win(name)
    open_prepared(tab, live, name, code, log)
    click(tab, source.rsplit(":", 1)[0] if source.count(":") > 1 else source)
    tab.wait_for_selector("#won", state="visible")


@pytest.mark.browser
def test_a_click_on_the_stock_turns_its_next_card_onto_the_waste(
    tab: Any, live: LiveServer
) -> None:
    """A stock of the build family (Fortune's Favor's): the page draws it face down with
    its count, and a click turns its next card, which the waste then shows alone."""
    game: Any = game_for("fortunes-favor")
    code = game.code_for("FF1-N-AAAAATJ")
    open_prepared(tab, live, "fortunes-favor", str(code), [])
    assert count_label(tab, "stock") == "35" and cards(tab, "waste") == ["7C"]
    assert set(cards(tab, "stock")) <= {"back", None}
    click(tab, "stock")
    assert count_label(tab, "stock") == "34" and cards(tab, "waste") == ["5D"]
