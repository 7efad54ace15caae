"""A player's data as one file (download, take in elsewhere, all or nothing) and the
statistics reset, through the web app on each database."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from api_helpers import intent, new_game
from starlette.testclient import TestClient

from cardems.archive import parse_archive
from cardems.web.app import create_app

WORKED = "HH1-N-AAAAAAM"
SEAHAVEN = "SH1-C4-AAAAAJ2"


def played_some(client: TestClient) -> tuple[str, str]:
    """A finished (abandoned) Heart to Heart game and an unfinished one; their ids."""
    first = new_game(client, code=WORKED)["id"]
    intent(client, first, type="tap", target="stock")
    current = client.post(f"/api/games/{first}/restart").json()["id"]
    intent(client, current, type="tap", target="stock")
    intent(client, current, type="tap", target="stock")
    return first, current


def download(client: TestClient) -> str:
    response = client.get("/api/archive")
    assert response.status_code == 200
    assert re.fullmatch(
        r'attachment; filename="cardems-\d{4}-\d\d-\d\d\.json"',
        response.headers["content-disposition"],
    )
    return response.text


def upload(client: TestClient, text: str) -> Any:
    return client.post(
        "/api/archive", content=text.encode(), headers={"content-type": "application/json"}
    )


def statistics(client: TestClient) -> list[tuple[str, int]]:
    blocks = client.get("/api/stats").json()["statistics"]
    return [(block["game"], block["values"]["played"]) for block in blocks]


def test_a_download_holds_every_game_with_its_moves(client: TestClient) -> None:
    first, current = played_some(client)
    client.post("/api/settings", json={"theme": "dark"})
    archive = parse_archive(download(client))
    assert [game.id for game in archive.games] == [first, current]
    assert archive.games[0].actions == (("tap", "stock"),)
    assert archive.games[1].actions == (("tap", "stock"), ("tap", "stock"))
    assert archive.games[0].status == "abandoned" and archive.games[1].status == "playing"
    assert archive.settings["theme"] == "dark"


def test_another_browser_takes_the_file_in_and_plays_on(client: TestClient, db_path: Path) -> None:
    _, current = played_some(client)
    view = client.get(f"/api/games/{current}").json()["view"]
    text = download(client)
    with TestClient(create_app(db_path)) as other:  # another browser: a new player
        assert upload(other, text).json() == {"imported": 2}
        assert statistics(other) == statistics(client) == [("heart-to-heart", 1)]
        # Same database: the other player's copies have ids of their own.
        copies = parse_archive(download(other)).games
        assert current not in {game.id for game in copies}
        copy = copies[1].id
        moved = other.get(f"/api/games/{copy}").json()["view"]
        assert {k: moved[k] for k in ("code", "moves", "piles")} == {
            k: view[k] for k in ("code", "moves", "piles")
        }
        assert intent(other, copy, type="tap", target="stock").status_code == 200
        assert upload(other, text).json() == {"imported": 0}  # the same file twice: no copies
    assert client.get(f"/api/games/{current}").json()["view"]["moves"] == 2


def test_a_file_from_another_server_keeps_its_ids(client: TestClient, tmp_path: Path) -> None:
    _, current = played_some(client)
    text = download(client)
    with TestClient(create_app(tmp_path / "elsewhere.db")) as elsewhere:
        assert upload(elsewhere, text).json() == {"imported": 2}
        assert elsewhere.get(f"/api/games/{current}").json()["view"]["moves"] == 2
        assert elsewhere.get("/api/settings").json()["settings"]["theme"] == "light"


def test_a_bad_file_is_refused_whole_and_changes_nothing(client: TestClient) -> None:
    _, current = played_some(client)
    archive = json.loads(download(client))
    before = statistics(client)
    cheat = json.loads(json.dumps(archive))
    cheat["games"][0]["id"] = "new-one"
    cheat["games"][1]["id"] = "other-one"
    cheat["games"][1]["actions"].append(["drag", "heart:1", "foundation:H"])
    refused = upload(client, json.dumps(cheat))
    assert refused.status_code == 400
    assert "game 2 of the archive (HH1-N-AAAAAAM) cannot be replayed" in refused.json()["error"]
    foreign = json.loads(json.dumps(archive))
    foreign["games"][0] |= {"id": "x", "game": "chess", "code": "CH1-N-AAAAAAA"}
    assert upload(client, json.dumps(foreign)).status_code == 400
    assert upload(client, "not json").status_code == 400
    assert upload(client, '{"format": "zip"}').json()["error"] == (
        "the file is not a Cardems archive"
    )
    assert statistics(client) == before
    assert [game.id for game in parse_archive(download(client)).games][1] == current
    assert len(parse_archive(download(client)).games) == 2


def test_a_large_file_is_taken_but_other_requests_stay_small(client: TestClient) -> None:
    played_some(client)
    archive = json.loads(download(client))
    archive["settings"] = {"padding": "x" * 20_000}  # unknown settings are left out
    assert upload(client, json.dumps(archive)).status_code == 200
    big = json.dumps({"theme": "dark", "padding": "x" * 20_000})
    response = client.post(
        "/api/settings", content=big.encode(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413


def form_token(client: TestClient) -> str:
    found = re.search(r'name="token" value="(\w+)"', client.get("/stats").text)
    assert found
    return found[1]


def test_reset_starts_a_games_statistics_again_and_keeps_its_saves(
    client: TestClient,
) -> None:
    first, _ = played_some(client)
    seahaven = new_game(client, code=SEAHAVEN)["id"]
    hint = client.post(f"/api/games/{seahaven}/hint").json()["hint"]
    intent(client, seahaven, type="drag", source=hint["from"], target=hint["to"])
    client.post(f"/api/games/{seahaven}/restart")
    assert statistics(client) == [("heart-to-heart", 1), ("seahaven", 1)]
    page = client.get("/stats").text
    assert "Reset statistics" in page and "Download all my games" in page
    response = client.post(
        "/stats/reset", data={"game": "heart-to-heart", "token": form_token(client)}
    )
    assert response.status_code == 200  # after the redirect
    assert "The statistics of Heart to Heart start again from zero" in response.text
    assert statistics(client) == [("seahaven", 1)]  # nothing left to count
    assert client.get(f"/api/games/{first}").status_code == 200  # still saved
    assert client.get(f"/game/{first}/replay").status_code == 200
    assert parse_archive(download(client)).games[0].counted is False
    token = form_token(client)
    assert client.post("/stats/reset", data={"game": "chess", "token": token}).status_code == 404
    assert client.post("/stats/reset", data={"game": "seahaven"}).status_code == 403
    assert statistics(client) == [("seahaven", 1)]
