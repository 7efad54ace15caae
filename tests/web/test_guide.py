"""The first-game guide's form (``POST /guide``): with the player's token it saves
``guide_seen`` and goes back to the table; without it, a one-line refusal that changes
nothing (issue 41)."""

from __future__ import annotations

import re

import pytest
from api_helpers import new_game
from starlette.testclient import TestClient
from test_no_get_changes import counts

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py


def guide_form(client: TestClient, game_id: str) -> dict[str, str] | None:
    """The guide's fields on the table's page, or None when it is not shown."""
    page = client.get(f"/game/{game_id}").text
    found = re.search(r'<aside id="guide".*?</aside>', page, re.S)
    if found is None:
        return None
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', found[0]))


def test_got_it_is_remembered_and_leads_back_to_the_table(client: TestClient) -> None:
    game_id = new_game(client, code="SH1-C4-AAAAAJ2")["id"]
    fields = guide_form(client, game_id)
    assert fields is not None and fields["back"] == f"/game/{game_id}"
    answer = client.post("/guide", data=fields, follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == f"/game/{game_id}"
    assert guide_form(client, game_id) is None
    assert client.get("/api/settings").json()["settings"]["guide_seen"] is True
    other = new_game(client, code="HT1-N-AAAAAAM")["id"]
    assert guide_form(client, other) is None  # Hearts' table too: seen is seen


def test_a_dismissal_without_the_token_changes_nothing(client: TestClient) -> None:
    game_id = new_game(client, code="SH1-C4-AAAAAJ2")["id"]
    fields = guide_form(client, game_id)
    assert fields is not None
    for data in ({"back": fields["back"]}, {**fields, "token": "forged"}):
        refused = client.post("/guide", data=data, follow_redirects=False)
        assert refused.status_code == 403
        line = re.search(r'<p class="error-message">([^<]*)</p>', refused.text)
        assert line and line[1] == "this request did not come from a Cardems page"
    foreign = client.post("/guide", data=fields, headers={"origin": "http://evil.example"})
    assert foreign.status_code == 403
    assert guide_form(client, game_id) is not None and counts(client) == (1, 1)
    client.cookies.clear()  # a visitor: refused, and no player is made for it
    assert client.post("/guide", data={"token": "x"}).status_code == 403
    assert counts(client) == (1, 1)


def test_the_way_back_is_only_ever_a_table_here(client: TestClient) -> None:
    game_id = new_game(client, code="SH1-C4-AAAAAJ2")["id"]
    fields = guide_form(client, game_id)
    assert fields is not None
    for back in ("https://evil.example/", "//evil.example", "/game/../settings", ""):
        answer = client.post("/guide", data={**fields, "back": back}, follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == "/"


def test_the_api_refuses_a_guide_setting_that_is_not_a_boolean(client: TestClient) -> None:
    refused = client.post("/api/settings", json={"guide_seen": "yes"})
    assert refused.status_code == 400 and "guide_seen" in refused.json()["error"]
