"""A typed code is read by the game the request names: FreeCell takes a plain deal number."""

from __future__ import annotations

from api_helpers import new_game
from starlette.testclient import TestClient


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
