"""An archive cannot forge statistics, overflow a column or break a player's pages:
what the replay decides is the replay's, numbers are bounded, times must fit."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from api_helpers import intent, new_game
from starlette.testclient import TestClient
from test_data import download, played_some, statistics, upload

from cardems.store import Store

WORKED = "HH1-N-AAAAAAM"


def forged(client: TestClient, **changes: Any) -> tuple[dict[str, Any], str]:
    """This player's archive with its unfinished game given ``changes`` and a new id."""
    archive = json.loads(download(client))
    game = next(g for g in archive["games"] if g["status"] == "playing")
    game |= {"id": "forged-game"} | changes
    archive["games"] = [game]
    return archive, game["code"]


def test_status_moves_score_and_par_come_from_the_replay(client: TestClient) -> None:
    played_some(client)
    before = statistics(client)
    archive, _ = forged(client, status="won", moves=1, score=99_999, par=1, finished=time.time())
    with TestClient(client.app) as other:
        assert upload(other, json.dumps(archive)).json() == {"imported": 1}
        view = other.get("/api/games/forged-game").json()["view"]
        assert (view["status"], view["moves"], view["score"]) == ("playing", 2, view["score"])
        assert view["score"] != 99_999
        won = dict(statistics(other))
        assert won.get("heart-to-heart", 0) == 0  # nothing finished was taken in
    assert statistics(client) == before


def test_a_game_in_play_may_have_been_given_up(client: TestClient) -> None:
    played_some(client)
    archive, _ = forged(client, status="abandoned", finished=time.time())
    with TestClient(client.app) as other:
        assert upload(other, json.dumps(archive)).status_code == 200
        assert other.get("/api/games/forged-game").status_code == 200
        assert other.get("/api/games").json()["unfinished"] == []


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"elapsed": 10**9}, "playing time is longer"),
        ({"created": 10.0, "updated": 5.0}, "out of order"),
        ({"updated": time.time() + 10**6}, "out of order"),
        ({"score": 2**62}, "score must be between"),
        ({"moves": 2**70}, "too large"),
        ({"created": 1e300}, "created must be between"),
    ],
)
def test_forged_times_and_huge_numbers_are_refused(
    client: TestClient, changes: dict[str, Any], reason: str
) -> None:
    played_some(client)
    archive, _ = forged(client, **changes)
    with TestClient(client.app) as other:
        refused = upload(other, json.dumps(archive))
        assert refused.status_code == 400 and reason in refused.json()["error"]


def test_a_damaged_statistics_record_never_breaks_the_pages(client: TestClient) -> None:
    match = new_game(client, code="HT1-N-AAAAAAA")["id"]
    finished = new_game(client, code=WORKED)["id"]
    intent(client, finished, type="tap", target="stock")
    store: Store = client.app.state.service.store
    with store.transaction() as db:
        db.execute(
            "INSERT INTO records (game_id, data) VALUES (?, ?)",
            (match, json.dumps({"points": "lots", "moon": []})),
        )
        db.execute("UPDATE games SET status = 'lost', finished = 1 WHERE id = ?", (match,))
    assert client.get("/api/stats").status_code == 200
    page = client.get("/stats")
    assert page.status_code == 200 and "Hearts" in page.text
