"""``lost_at`` in a lost game's JSON and the way back to before the move that lost it
(issue 45, item 4): Pyramid PY1-P3-AAAAAAA, winnable, played by stock taps alone."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient
from tests.web.api_helpers import intent, new_game

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py

PYRAMID = "PY1-P3-AAAAAAA"


def tap_out(client: TestClient, game_id: str) -> int:
    """Tap the stock until taps change nothing more; the version then."""
    version = 0
    for _ in range(200):
        data = intent(client, game_id, {"type": "tap", "target": "stock", "version": version})
        if data.json()["view"]["version"] == version:
            return version
        version = data.json()["view"]["version"]
    raise AssertionError("the stock never ran out")


def test_lost_at_after_winnable_says_no_and_back_there(client: TestClient) -> None:
    game_id = new_game(client, code=PYRAMID)["id"]
    version = tap_out(client, game_id)
    assert "lost_at" not in client.get(f"/api/games/{game_id}").json()  # not known lost yet
    assert client.post(f"/api/games/{game_id}/winnable").json()["winnable"] is False
    lost = client.get(f"/api/games/{game_id}").json()["lost_at"]
    assert lost["move"] == 40 and lost["notation"] == "22"
    assert lost["alternative"] == {"type": "tap", "target": "pyramid:22"}
    assert lost["said"] == (
        "You could still have won until move 40. Hint: remove the king of diamonds at position 22"
    )
    arabic = client.get(f"/api/games/{game_id}", headers={"Accept-Language": "ar"}).json()
    assert arabic["lost_at"]["move"] == 40

    stale = client.post(f"/api/games/{game_id}/back-to-lost", json={"version": version - 1})
    assert stale.status_code == 409
    back = client.post(f"/api/games/{game_id}/back-to-lost", json={"version": version})
    assert back.status_code == 200, back.text
    data = back.json()
    undos = version - 39  # every tap one move: 39 moves played, the rest undone
    assert data["view"]["version"] == version + undos
    assert [e["type"] for e in data["events"]] == ["undo"] * undos
    assert data["view"]["status"] == "playing"
    shown = client.get(f"/api/games/{game_id}").json()
    assert "lost_at" not in shown
    # the other move, played now, keeps a win
    played = intent(client, game_id, {**lost["alternative"], "version": version + undos})
    assert played.json()["view"]["version"] == version + undos + 1
    assert client.post(f"/api/games/{game_id}/winnable").json()["winnable"] is True


def test_back_to_lost_needs_a_known_loss(client: TestClient) -> None:
    game_id = new_game(client, code=PYRAMID)["id"]
    intent(client, game_id, {"type": "tap", "target": "stock", "version": 0})
    refused = client.post(f"/api/games/{game_id}/back-to-lost", json={"version": 1})
    assert refused.status_code == 400


def test_the_replay_marks_the_move_that_lost(client: TestClient) -> None:
    game_id = new_game(client, code=PYRAMID)["id"]
    tap_out(client, game_id)
    assert client.post(f"/api/games/{game_id}/winnable").json()["winnable"] is False
    found = client.get(f"/game/{game_id}/replay", follow_redirects=False)
    assert found.status_code == 303 and "lost=1" in found.headers["location"]
    page = client.get(found.headers["location"]).text
    marked = re.findall(r'<li id="step-(\d+)" class="lost-move">(.*?)</li>', page)
    assert [step for step, _ in marked] == ["40"]  # every tap one step: move 40 is step 40
    assert "You could still have won until move 40." in marked[0][1]
    unmarked = client.get(found.headers["location"].replace("&lost=1", "")).text
    assert "lost-move" not in unmarked  # not ended: nothing asked of the solver
