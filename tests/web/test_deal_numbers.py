"""A typed code is read by the game the request names: a plain deal number is FreeCell's
classic deal, and any other game's deal of that number in its default variant."""

from __future__ import annotations

import pytest
from api_helpers import new_game, play_page
from starlette.testclient import TestClient

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py


def test_a_plain_deal_number_deals_that_classic_freecell_deal(client: TestClient) -> None:
    data = new_game(client, game="freecell", code="617")
    assert data["view"]["code"] == "FC1-N-AAAAATJ"
    assert data["view"]["game"] == "freecell"
    again = new_game(client, game="freecell", code="#617")
    assert again["view"]["code"] == "FC1-N-AAAAATJ"


def test_a_number_without_a_game_or_for_another_game_is_refused(client: TestClient) -> None:
    assert client.post("/api/games", json={"code": "617"}).status_code == 400
    answer = client.post("/api/games", json={"game": "freecell", "code": "SH1-C4-AAAAAJ2"})
    assert answer.status_code == 400
    answer = client.post("/api/games", json={"game": "freecell", "code": "0"})
    assert answer.status_code == 400


def test_the_table_names_a_classic_deal_by_its_number(client: TestClient) -> None:
    assert new_game(client, game="freecell", code="617")["view"]["deal_name"] == "#617"
    other = new_game(client, game="seahaven", code="SH1-C4-AAAAAJ2")["view"]
    assert other["deal_name"] == other["code"] == "SH1-C4-AAAAAJ2"


def test_the_code_check_reads_numbers_as_the_chosen_game_does(client: TestClient) -> None:
    answer = client.get("/api/codes/617", params={"game": "freecell"}).json()
    assert answer == {"code": "FC1-N-AAAAATJ", "game": "freecell", "name": "#617"}
    # a full code names its own game, whichever game is chosen in the window
    answer = client.get("/api/codes/SH1-C4-AAAAAJ2", params={"game": "freecell"}).json()
    assert answer["game"] == "seahaven"
    assert "error" in client.get("/api/codes/617").json()  # no game: not a code
    answer = client.get("/api/codes/617", params={"game": "seahaven"}).json()
    assert answer == {"code": "SH1-C4-AAAAATJ", "game": "seahaven", "name": "SH1-C4-AAAAATJ"}
    assert "error" in client.get("/api/codes/6x7", params={"game": "seahaven"}).json()


def test_a_deal_page_by_number_deals_only_when_asked(client: TestClient) -> None:
    page = client.get("/play/freecell/617")
    assert page.status_code == 200 and 'FreeCell <bdi dir="ltr">#617</bdi>' in page.text
    assert "Deal this game" in page.text
    assert "set-cookie" not in page.headers  # a GET made no player and dealt nothing
    dealt = play_page(client, "freecell", "/617")  # the player presses the button
    game_id = dealt.url.path.removeprefix("/game/")
    assert client.get(f"/api/games/{game_id}").json()["view"]["deal_name"] == "#617"
    assert client.get("/play/freecell/617").url.path == f"/game/{game_id}"  # it goes on
    assert client.get("/play/freecell/SH1-C4-AAAAAJ2").status_code == 404
    assert client.get("/play/freecell/²").status_code == 404
