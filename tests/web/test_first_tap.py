"""The home page's Play and Today's deal are form posts with the page's token: one
press deals or continues; a post without the token, or from elsewhere, is refused in
one line and changes nothing (issue 41)."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient
from test_no_get_changes import counts

from cardems.core.daily import daily_secret, today
from cardems.core.registry import game_for
from cardems.store import Store

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py


def home_forms(client: TestClient) -> dict[str, dict[str, str]]:
    """The home page's Play and Today's deal forms: ``{action: {field: value}}``."""
    page = client.get("/")
    assert page.headers["cache-control"] == "no-store"  # Back shows a fresh token
    forms = re.findall(
        r'<form id="[^"]+" class="play-form" method="post" action="([^"]+)">'
        r"(.*?)</form>",
        page.text,
    )
    return {
        action: dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', body))
        for action, body in forms
    }


def press(client: TestClient, action: str) -> str:
    """Post the home page's form ``action``: the address it leads to."""
    answer = client.post(action, data=home_forms(client)[action], follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return str(answer.headers["location"])


def code_of(client: TestClient, location: str) -> str:
    store: Store = client.app.state.service.store
    saved = store.load_game(location.removeprefix("/game/"))
    assert saved is not None
    return saved.code


def test_play_deals_at_once_then_continues(client: TestClient) -> None:
    first = press(client, "/play/seahaven")
    assert first.startswith("/game/") and client.cookies.get("cardems_player")
    assert counts(client) == (1, 1)
    assert press(client, "/play/seahaven") == first  # the game in progress, not another
    assert press(client, "/play/hearts") != first
    assert counts(client) == (1, 2)


def test_todays_deal_deals_it_at_once_then_continues(client: TestClient) -> None:
    for game in ("freecell", "hearts"):
        first = press(client, f"/play/{game}/today")
        secret = daily_secret(client.app.state.service.store.secret())  # Hearts mixes it
        assert code_of(client, first) == str(game_for(game).daily_code(today(), secret))
        assert press(client, f"/play/{game}/today") == first


def test_todays_deal_asks_before_ending_a_game_in_progress(client: TestClient) -> None:
    playing = press(client, "/play/freecell")
    assert press(client, "/play/freecell/today") == "/play/freecell/today"  # the page that asks
    assert counts(client) == (1, 1)
    page = client.get("/play/freecell/today")
    assert "counts as lost" in page.text and f'href="{playing}"' in page.text


def test_a_press_without_the_token_is_refused_in_one_line(client: TestClient) -> None:
    for action in ("/play/freecell", "/play/hearts/today"):
        fields = home_forms(client)[action]
        for data in ({}, {**fields, "token": "forged"}, {"keep": "1"}):
            refused = client.post(action, data=data, follow_redirects=False)
            assert refused.status_code == 403 and "set-cookie" not in refused.headers
            line = re.search(r'<p class="error-message">([^<]*)</p>', refused.text)
            assert line and line[1] == "this request did not come from a Cardems page"
        foreign = client.post(action, data=fields, headers={"origin": "http://evil.example"})
        assert foreign.status_code == 403
    assert counts(client) == (0, 0)


def test_a_players_press_needs_their_own_token(client: TestClient) -> None:
    stale = home_forms(client)["/play/freecell"]  # a visitor's page, before any game
    press(client, "/play/seahaven")
    refused = client.post("/play/freecell", data=stale, follow_redirects=False)
    assert refused.status_code == 403 and counts(client) == (1, 1)
    assert press(client, "/play/freecell").startswith("/game/")  # the page as shown now
