"""Issue 47, item 4: nobody deals today's Hearts match at home. The day's Hearts deal
mixes the server's secret (made once per database, shared by its workers, never sent);
the bots are seeded by each match's secret, not by its code; a code a player types
still deals, marked as chosen (out of the day's best and the streaks). A solitaire's
day's deal stays the same on every server: its code hides nothing its table does not
show."""

from __future__ import annotations

from pathlib import Path

import pytest
from api_helpers import intent, play_page
from starlette.testclient import TestClient

from cardems.core.daily import today
from cardems.core.game import TableSettings
from cardems.core.registry import games
from cardems.store import Store
from cardems.web.app import create_app

GAMES = games()
HEARTS = next(game for game in GAMES if game.family.name == "hearts")
CODE = "HT1-N-AAAAAAQ"


def store_of(client: TestClient) -> Store:
    store: Store = client.app.state.service.store
    return store


def todays_match(client: TestClient) -> tuple[str, dict[str, object]]:
    table = play_page(client, "hearts", "/today")
    game_id = table.url.path[len("/game/") :]
    view: dict[str, object] = client.get(f"/api/games/{game_id}").json()["view"]
    return game_id, view


def test_todays_hearts_deal_cannot_be_dealt_at_home(client: TestClient) -> None:
    game_id, view = todays_match(client)
    public = HEARTS.daily_code(today())  # the code anyone computes from the date
    at_home = HEARTS.new_table(public, TableSettings(), {}, lambda: 0.0)
    assert sorted(at_home.view()["hand"]) != sorted(view["hand"])  # type: ignore[arg-type]
    for text in (client.get("/").text, client.get(f"/api/games/{game_id}").text):
        assert store_of(client).secret().decode() not in text  # never sent


@pytest.mark.slow
def test_every_worker_of_a_database_deals_the_same_day_another_server_another(
    client: TestClient, tmp_path: Path
) -> None:
    _, view = todays_match(client)
    with TestClient(create_app(store_of(client).db.location)) as worker:
        assert todays_match(worker)[1]["hand"] == view["hand"]
    with TestClient(create_app(tmp_path / "elsewhere.db")) as other:
        assert todays_match(other)[1]["hand"] != view["hand"]


@pytest.mark.slow
def test_a_solitaires_days_deal_is_the_same_on_every_server() -> None:
    """Only a game with opponents mixes a server's secret into its day's deal."""
    for game in GAMES:
        if not game.opponents:
            assert game.daily_code(today()) == game.daily_code(today(), b"any secret")


def test_the_bots_are_not_replayed_from_the_code(client: TestClient) -> None:
    """The same typed code, the same moves of the player: the bots' moves differ from
    one match to the next (they were the same, so a player replayed them at home)."""
    played = set()
    for _ in range(4):
        made = client.post("/api/games", json={"code": CODE, "level": "beginner"}).json()
        view = made["view"]
        view = intent(client, made["id"], {"type": "pass", "cards": view["hand"][:3]}).json()
        for _ in range(13):
            if view["view"]["status"] != "playing" or not view["view"]["legal"]:
                break
            card = view["view"]["legal"][0]
            view = intent(client, made["id"], {"type": "play", "card": card}).json()
        saved = store_of(client).load_game(made["id"])
        assert saved is not None
        played.add(tuple(tuple(action) for action in saved.log))
    assert len(played) > 1


def test_a_typed_code_deals_marked_chosen_and_todays_deal_does_not(client: TestClient) -> None:
    typed = client.post("/api/games", json={"code": CODE, "level": "easy"})
    assert typed.status_code == 201
    saved = store_of(client).load_game(typed.json()["id"])
    assert saved is not None and saved.options.get("chosen") is True
    game_id, _ = todays_match(client)
    saved = store_of(client).load_game(game_id)
    assert saved is not None and "chosen" not in saved.options
    again = client.post(f"/api/games/{game_id}/restart")
    if again.status_code in (200, 201):  # the same deal again: its hands may be known
        restarted = store_of(client).load_game(again.json()["id"])
        assert restarted is not None and restarted.options.get("chosen") is True
    solitaire = client.post("/api/games", json={"code": "SH1-C4-AAAAAJ2"}).json()["id"]
    saved = store_of(client).load_game(solitaire)
    assert saved is not None and "chosen" not in saved.options
