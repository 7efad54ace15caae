"""The JSON API in-process (Starlette TestClient) over a real SQLite file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from api_helpers import intent, new_game, player, seed
from solitaire_lines import hh_blocked_game, hh_losing_move, hh_won_game
from starlette.testclient import TestClient

from cardems.core import ending
from cardems.core.registry import game_for
from cardems.database import DatabaseError
from cardems.dealcode import DealCode
from cardems.store import Store
from cardems.web.app import create_app
from cardems.web.deps import COOKIE

WORKED = "HH1-N-AAAAAAM"
RULES = pytest.mark.one_database("sqlite")
"""A test of a game's rules, hints or the reading of a request, no stored data its
subject: SQLite alone (tests/conftest.py)."""


def prepared(client: TestClient, code: str, log: list[tuple[str, ...]]) -> str:
    """A saved game with ``log`` already played, owned by ``client``'s player."""
    store: Store = client.app.state.service.store  # type: ignore[attr-defined]
    return seed(store, player(client), "heart-to-heart", code, log)


def test_a_player_is_made_by_the_first_write_not_by_reading(
    client: TestClient, db_path: Path
) -> None:
    response = client.get("/api/games")
    assert response.status_code == 200
    assert "heart-to-heart" in [g["game"] for g in response.json()["games"]]
    for path in ("/", "/stats", "/settings", "/rules/seahaven", "/api/settings", "/api/stats"):
        assert client.get(path).status_code == 200
    assert COOKIE not in client.cookies
    store = Store(db_path)

    def players() -> int:
        with store.db.reading() as db:
            return int(db.execute("SELECT COUNT(*) AS n FROM players").fetchone()["n"])

    assert players() == 0
    new_game(client, code=WORKED)
    assert len(client.cookies[COOKIE]) >= 24
    assert players() == 1
    store.close()


@RULES
def test_a_typed_code_deals_the_worked_example(client: TestClient) -> None:
    data = new_game(client, code=WORKED.lower())
    view = data["view"]
    assert view["code"] == WORKED and view["status"] == "playing" and view["moves"] == 0
    tip = next(p for p in view["piles"] if p["target"] == "heart:25")
    assert tip["cards"][0]["card"] == "4H"
    waste = next(p for p in view["piles"] if p["target"] == "waste")
    assert waste["cards"][0]["card"] == "AH"
    assert all(c["card"] is None for p in view["piles"] if p["kind"] == "stock" for c in p["cards"])


@RULES
def test_a_random_deal_of_the_chosen_game(client: TestClient) -> None:
    view = new_game(client, game="heart-to-heart", winnable=False)["view"]
    assert view["code"].startswith("HH1-N-") and view["game"] == "heart-to-heart"


@RULES
def test_worked_example_draws_then_pairs_with_the_tip(client: TestClient) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    for _ in range(9):
        response = intent(client, game_id, type="tap", target="stock")
        assert response.status_code == 200
    events = response.json()["events"]
    waste = next(p for p in response.json()["view"]["piles"] if p["target"] == "waste")
    assert events[0] == {
        "type": "move",
        "move": "D",
        "from": "stock",
        "to": "waste",
        "say": "Drew the %(card)s.",
        "card": waste["cards"][-1]["card"],  # the card drawn, named for a listener
    }
    intent(client, game_id, type="tap", target="waste")
    view = intent(client, game_id, type="tap", target="heart:25").json()["view"]
    assert (view["moves"], view["score"]) == (10, 10)
    assert next(p for p in view["piles"] if p["target"] == "heart:25")["cards"] == []


def test_every_acknowledged_action_survives_a_server_restart(db_path: Path) -> None:
    with TestClient(create_app(db_path)) as first:
        game_id = new_game(first, code=WORKED)["id"]
        for target in ("stock", "stock", "heart:25"):
            assert intent(first, game_id, type="tap", target=target).status_code == 200
        before = first.get(f"/api/games/{game_id}").json()["view"]
        cookie = first.cookies[COOKIE]
    with TestClient(create_app(db_path), cookies={COOKIE: cookie}) as second:
        after = second.get(f"/api/games/{game_id}").json()["view"]
    for key in ("piles", "score", "moves", "selected", "can_undo", "can_redo", "status"):
        assert after[key] == before[key]
    assert after["selected"] == "heart:25"


def test_undo_and_redo(client: TestClient) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    intent(client, game_id, type="tap", target="stock")
    view = intent(client, game_id, type="undo").json()["view"]
    assert (view["moves"], view["can_redo"]) == (0, True)
    view = intent(client, game_id, type="redo").json()["view"]
    assert (view["moves"], view["can_redo"]) == (1, False)


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"type": "fly", "target": "stock"}, 400, "unknown intent type"),
        ({"type": "tap"}, 400, "needs a target"),
        ({"type": "tap", "target": "heart:99"}, 400, "unknown Heart to Heart target"),
        ({"type": "drag", "source": "stock", "target": 3}, 400, "needs a target"),
        ([1, 2], 400, "JSON object"),
        ({"type": "undo"}, 200, "Nothing to undo"),
    ],
)
@RULES
def test_bad_intents_are_refused_clearly_and_change_nothing(
    client: TestClient, body: Any, status: int, words: str
) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    intent(client, game_id, type="tap", target="heart:25")
    before = client.get(f"/api/games/{game_id}").json()["view"]
    response = intent(client, game_id, body)
    assert response.status_code == status
    answer = response.json()
    assert words in (answer["refused"] if status == 200 else answer["error"])
    after = client.get(f"/api/games/{game_id}").json()["view"]
    assert after["piles"] == before["piles"] and after["selected"] == before["selected"]


@RULES
def test_malformed_json_and_oversized_bodies(client: TestClient) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    response = client.post(
        f"/api/games/{game_id}/intent",
        content=b"{tap",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 400 and "malformed JSON" in response.json()["error"]
    response = client.post(f"/api/games/{game_id}/intent", content=b" " * 5000)
    assert response.status_code == 413


@RULES
def test_move_error_messages_follow_the_setting(client: TestClient) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    intent(client, game_id, type="tap", target="heart:25")
    view = intent(client, game_id, type="tap", target="waste").json()["view"]
    assert view["selected"] == "waste" and view["message"] is None
    assert client.post("/api/settings", json={"move_errors": True}).status_code == 200
    intent(client, game_id, type="tap", target="heart:25")
    response = intent(client, game_id, type="tap", target="waste")
    assert response.json()["view"]["message"] == "Must be of the same rank"
    assert {"type": "error", "message": "Must be of the same rank"} in response.json()["events"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"theme": "purple"}, "must be one of"),
        ({"move_errors": "yes"}, "must be one of"),
        ({"volume": 3}, "unknown setting"),
        ([], "JSON object"),
    ],
)
@RULES
def test_bad_settings_are_refused(client: TestClient, body: Any, words: str) -> None:
    response = client.post("/api/settings", json=body)
    assert response.status_code == 400 and words in response.json()["error"]
    assert client.get("/api/settings").json()["settings"]["theme"] == "light"


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"code": "HH1-N-AAAA"}, 400, "7 characters"),
        ({"code": "XX1-N-AAAAAAA"}, 400, "unknown game"),
        ({"code": 12}, 400, "must be a string"),
        ({"game": "chess"}, 404, "unknown game"),
        ({"game": "heart-to-heart", "variant": "C4"}, 400, "no variant"),
        ({"game": "heart-to-heart", "winnable": "yes"}, 400, "true or false"),
        ({"game": "seahaven", "difficulty": "brutal"}, 400, "use any, easy, medium, hard"),
    ],
)
@RULES
def test_bad_new_game_requests(client: TestClient, body: Any, status: int, words: str) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == status and words in response.json()["error"]


@pytest.mark.parametrize(
    ("game", "variant", "level_of"),
    [
        ("seahaven", "C2", "cardems.seahaven.difficulty"),
        ("freecell", "N", "cardems.freecell.difficulty"),
        ("freecell", "B", "cardems.freecell.difficulty"),
        ("heart-to-heart", "N", "cardems.heart_to_heart.difficulty"),
    ],
)
@RULES
def test_a_deal_of_the_chosen_difficulty(
    client: TestClient, game: str, variant: str, level_of: str
) -> None:
    import importlib

    rated = importlib.import_module(level_of).level_of
    for level in ("easy", "hard"):
        made = new_game(client, game=game, variant=variant, difficulty=level)
        assert rated(DealCode.parse(made["view"]["code"])) == level


def test_unknown_game_ids_and_other_players_games(db_path: Path, client: TestClient) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    assert client.get("/api/games/nope").status_code == 404
    assert intent(client, "nope", type="tap", target="stock").status_code == 404
    with TestClient(create_app(db_path)) as stranger:
        for response in (
            stranger.get(f"/api/games/{game_id}"),
            intent(stranger, game_id, type="tap", target="stock"),
            stranger.post(f"/api/games/{game_id}/restart"),
            stranger.post(f"/api/games/{game_id}/again"),
            stranger.post(f"/api/games/{game_id}/hint"),
        ):
            assert response.status_code == 403
            assert response.json()["error"] == "this game belongs to another player"
    assert client.get(f"/api/games/{game_id}").json()["view"]["moves"] == 0


def test_a_corrupt_save_gets_a_clear_409_and_stays_on_disk(client: TestClient) -> None:
    game_id = prepared(client, WORKED, [("tap", "heart:77")])
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 409 and "cannot be replayed" in response.json()["error"]
    other = prepared(client, WORKED, [])
    store: Store = client.app.state.service.store  # type: ignore[attr-defined]
    intent(client, other, type="tap", target="stock")
    with store.transaction() as db:
        db.execute("UPDATE actions SET action = 'garbage' WHERE game_id = ?", (other,))
    service = client.app.state.service  # type: ignore[attr-defined]
    service.forget(other)  # as after a restart: the game is read again from the file
    response = intent(client, other, type="tap", target="stock", version=1)
    assert response.status_code == 409 and "cannot be read" in response.json()["error"]
    with store.db.reading() as db:
        raw = db.execute("SELECT action FROM actions WHERE game_id = ?", (other,)).fetchone()
    assert raw["action"] == "garbage"


@RULES
@pytest.mark.slow
def test_hint_and_winnable_use_the_solver(client: TestClient) -> None:
    code, _ = hh_won_game()
    game_id = new_game(client, code=code)["id"]
    hint = client.post(f"/api/games/{game_id}/hint").json()["hint"]
    assert set(hint) == {"verdict", "move", "from", "to", "card", "intents", "words"}
    in_romanian = client.post(
        f"/api/games/{game_id}/hint", headers={"Accept-Language": "ro"}
    ).json()["hint"]
    assert in_romanian["words"].startswith("Indiciu") and in_romanian["move"] == hint["move"]
    assert client.post(f"/api/games/{game_id}/winnable").json()["winnable"] is True
    blocked_code, log = hh_blocked_game()
    blocked = prepared(client, blocked_code, log)
    assert client.get(f"/api/games/{blocked}").json()["view"]["status"] == "blocked"
    assert client.post(f"/api/games/{blocked}/winnable").json()["winnable"] is False
    assert client.post(f"/api/games/{blocked}/hint").json()["hint"]["verdict"] == "lost"


@pytest.mark.slow
def test_a_won_game_counts_in_the_statistics(client: TestClient) -> None:
    code, moves = hh_won_game()
    game_id = prepared(client, code, [i for move in moves[:-1] for i in move])
    for kind, *args in moves[-1]:
        body = {"type": kind, "target": args[-1]} | ({"source": args[0]} if kind == "drag" else {})
        response = intent(client, game_id, **body)
    assert {"type": "won"} in response.json()["events"]
    view = response.json()["view"]
    assert (view["status"], view["score"], view["timer_running"]) == ("won", 250, False)
    assert view["par"] is None  # the winning move is not held up by the par's search
    shortest = game_for("HH").solve(DealCode.parse(code), shortest=True)
    par = client.get(f"/api/games/{game_id}/par").json()
    assert par == {"par": shortest["length"], "par_proven": True, "version": view["version"]}
    assert par["par"] <= view["moves"]  # par from the shortest win
    assert client.get(f"/api/games/{game_id}").json()["view"]["par"] == par["par"]  # saved
    stats = client.get("/api/stats").json()["statistics"]
    assert [(s["game"], s["values"]["played"], s["values"]["won"]) for s in stats] == [
        ("heart-to-heart", 1, 1)
    ]
    assert stats[0]["values"]["best_score"] == 250


@pytest.mark.slow
def test_the_winners_of_one_deal_wait_for_one_par_search(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, moves = hh_won_game()
    game = game_for("HH")
    searched: list[DealCode] = []

    def counted(found: DealCode) -> tuple[int, bool] | None:
        searched.append(found)
        return type(game).best_par(game, found)

    monkeypatch.setattr(game, "best_par", counted)
    ending.best_par.cache_clear()
    with TestClient(client.app) as other:
        pars = []
        for player in (client, other):
            game_id = prepared(player, code, [i for move in moves[:-1] for i in move])
            for kind, *args in moves[-1]:
                body = {"type": kind, "target": args[-1]}
                body |= {"source": args[0]} if kind == "drag" else {}
                assert intent(player, game_id, **body).json()["view"]["status"] == "won"
            pars.append(player.get(f"/api/games/{game_id}/par").json()["par"])
    assert pars[0] == pars[1] is not None
    assert searched == [DealCode.parse(code)]


def test_a_game_not_won_has_no_par_yet(client: TestClient) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    assert client.get(f"/api/games/{game_id}/par").json() == {
        "par": None,
        "par_proven": True,
        "version": 0,
    }


def test_restart_deals_the_same_code_again(client: TestClient) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    intent(client, game_id, type="tap", target="stock")
    data = client.post(f"/api/games/{game_id}/restart").json()
    assert data["id"] != game_id and data["view"]["code"] == WORKED and data["view"]["moves"] == 0
    stats = client.get("/api/stats").json()["statistics"]
    assert stats[0]["values"]["played"] == 1 and stats[0]["values"]["won"] == 0  # abandoned


@RULES
def test_play_again_deals_a_new_deal_of_the_same_level(client: TestClient) -> None:
    from cardems.heart_to_heart.difficulty import level_of

    game_id = new_game(client, game="heart-to-heart", difficulty="hard")["id"]
    again = client.post(f"/api/games/{game_id}/again")
    assert again.status_code == 201
    made = again.json()
    assert made["id"] != game_id
    assert level_of(DealCode.parse(made["view"]["code"])) == "hard"
    seahaven = new_game(client, game="seahaven", variant="C2")["id"]
    assert client.post(f"/api/games/{seahaven}/again").json()["view"]["code"].startswith("SH1-C2-")


def test_requests_beyond_the_rate_bound_get_429(db_path: Path) -> None:
    with TestClient(create_app(db_path, rate=0.001, burst=5)) as client:
        player(client)  # binds the player cookie: from now on the player's bucket counts
        codes = [client.get("/api/games").status_code for _ in range(6)]
        codes += [client.get("/").status_code for _ in range(2)]  # pages count too
    assert codes[:5] == [200] * 5 and codes[5:] == [429] * 3


@RULES
def test_unknown_api_paths_and_methods_answer_json(client: TestClient) -> None:
    assert client.get("/api/nothing").json() == {"error": "no such API call"}
    assert client.delete("/api/games").status_code == 405


@RULES
def test_seahaven_moves_runs_and_refuses_illegal_moves(client: TestClient) -> None:
    data = new_game(client, code="SH1-C4-AAAAAJ2")
    game_id, view = data["id"], data["view"]
    assert view["game"] == "seahaven" and view["cells"] == 4
    columns = {p["target"]: p["cards"] for p in view["piles"] if p["kind"] == "column"}
    assert [len(cards) for cards in columns.values()] == [5] * 10
    response = intent(client, game_id, type="drag", source="column:1", target="column:2")
    assert response.status_code == 200  # refused: an ordinary answer, nothing changed
    assert "same suit" in response.json()["refused"] or "lower" in response.json()["refused"]
    assert client.get(f"/api/games/{game_id}").json()["view"]["moves"] == 0
    response = intent(client, game_id, type="drag", source="column:1", target="cell:3")
    assert response.status_code == 200
    moved = response.json()["view"]
    assert moved["moves"] == 1 and len(moved["piles"][0]["cards"]) == 4
    response = intent(client, game_id, type="drag", source="column:1:9", target="cell:4")
    assert response.json()["refused"] == "There is no card there"
    assert intent(client, game_id, type="tap", target="cell:9").status_code == 400


@RULES
def test_a_new_game_fixes_auto_move_from_the_settings(client: TestClient) -> None:
    client.post("/api/settings", json={"auto_move": True})
    game_id = new_game(client, game="seahaven", variant="C2")["id"]
    service = client.app.state.service  # type: ignore[attr-defined]
    cookie = client.cookies[COOKIE]
    assert service.load(cookie, game_id).table.settings.auto_move is True
    client.post("/api/settings", json={"auto_move": False})  # applies from the next deal
    assert service.load(cookie, game_id).table.settings.auto_move is True
    assert new_game(client, game="seahaven", variant="C2")["view"]["code"].startswith("SH1-C2-")


def test_pause_stops_the_clock_until_the_game_is_seen_again(client: TestClient) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    assert intent(client, game_id, type="tap", target="stock").json()["view"]["timer_running"]
    assert client.post(f"/api/games/{game_id}/pause").json() == {"paused": True}
    service = client.app.state.service  # type: ignore[attr-defined]
    live = service.load(client.cookies[COOKIE], game_id)
    assert live.table.timer.running_since is None
    assert client.get(f"/api/games/{game_id}").json()["view"]["timer_running"] is True


@RULES
def test_seahaven_verdicts_come_from_its_solver(client: TestClient) -> None:
    game_id = new_game(client, code="SH1-C4-AAAAAJ2")["id"]
    decided = {"winnable": True, "still_searching": False}
    assert client.post(f"/api/games/{game_id}/winnable").json() == decided
    stuck = new_game(client, code="SH1-C2-AAAAAAP")["id"]
    response = intent(client, stuck, type="drag", source="column:7", target="column:9")
    assert response.json()["view"]["status"] == "stuck"
    assert {"type": "stuck"} in response.json()["events"]
    assert client.post(f"/api/games/{stuck}/winnable").json()["winnable"] is False


def test_requests_without_a_cookie_share_a_larger_bucket_per_address(db_path: Path) -> None:
    app = create_app(db_path, rate=0.001, burst=3, newcomer_rate=0.001, newcomer_burst=6)
    with TestClient(app) as client:
        codes = []
        for _ in range(8):
            client.cookies.clear()
            codes.append(client.get("/api/games").status_code)
    assert codes == [200] * 6 + [429] * 2


@pytest.mark.slow
def test_many_players_joining_from_one_address_are_not_turned_away(tmp_path: Path) -> None:
    """300 newcomers at once behind one address (a school's): the newcomers' default
    bucket holds them, without counting on its refill (the rate limiter is in memory:
    one database is enough)."""
    with TestClient(create_app(tmp_path / "c.db", newcomer_rate=0.0)) as client:
        joined = []
        for _ in range(300):  # one page load and a first move each, from one address
            client.cookies.clear()
            client.get("/")
            joined.append(client.post("/api/games", json={"code": WORKED}).status_code)
    assert joined == [201] * 300


@RULES
@pytest.mark.slow
def test_warning_the_moment_a_deal_can_no_longer_be_won(client: TestClient) -> None:
    code, log, losing = hh_losing_move()
    client.post("/api/settings", json={"warn_unwinnable": True})
    game_id = prepared(client, code, log)
    assert client.post(f"/api/games/{game_id}/winnable").json()["winnable"] is True
    events = [
        e
        for tap in losing
        for e in intent(client, game_id, type="tap", target=tap).json()["events"]
    ]
    assert [e["type"] for e in events].count("unwinnable") == 1
    assert client.post(f"/api/games/{game_id}/winnable").json()["winnable"] is False
    again = intent(client, game_id, type="tap", target="stock").json()["events"]
    assert "unwinnable" not in [e["type"] for e in again]  # said once, not at every move
    client.post("/api/settings", json={"warn_unwinnable": False})
    quiet = prepared(client, code, log)
    events = [
        e for tap in losing for e in intent(client, quiet, type="tap", target=tap).json()["events"]
    ]
    assert "unwinnable" not in [e["type"] for e in events]


def test_a_game_replaced_by_a_new_deal_can_be_seen_not_played(client: TestClient) -> None:
    old = new_game(client, code=WORKED)["id"]
    intent(client, old, type="tap", target="stock")
    new_game(client, game="heart-to-heart")
    assert client.get(f"/api/games/{old}").json()["view"]["moves"] == 1
    response = intent(client, old, type="tap", target="stock")
    assert response.status_code == 409 and "replaced by a newer deal" in response.json()["error"]
    assert client.post(f"/api/games/{old}/pause").status_code == 200
    assert client.get(f"/api/games/{old}").json()["view"]["moves"] == 1
    (stats,) = client.get("/api/stats").json()["statistics"]
    assert stats["values"]["played"] == 1  # still abandoned
    assert [g["id"] for g in client.get("/api/games").json()["unfinished"]] != [old]


def test_two_servers_on_one_database_keep_every_acknowledged_move(db_path: Path) -> None:
    with TestClient(create_app(db_path)) as first:
        game_id = new_game(first, code=WORKED)["id"]
        with TestClient(create_app(db_path), cookies={COOKIE: player(first)}) as second:
            assert second.get(f"/api/games/{game_id}").status_code == 200  # cached there too
            answered = [intent(first, game_id, type="tap", target="stock") for _ in range(3)]
            answered.append(intent(second, game_id, type="tap", target="stock"))
            retry = first.post(
                f"/api/games/{game_id}/intent",
                json={"type": "tap", "target": "stock", "version": 3},
            )
            assert retry.status_code == 409 and retry.json()["view"]["version"] == 4
    assert [response.status_code for response in answered] == [200] * 4
    saved = Store(db_path).load_game(game_id)
    assert saved is not None and saved.log == [("tap", "stock")] * 4 and saved.moves == 4


@RULES
def test_a_code_can_be_checked_before_a_game_is_dealt(client: TestClient) -> None:
    good = client.get("/api/codes/sh1-c2-aaaaaj2")
    assert good.status_code == 200
    assert good.json() == {"code": "SH1-C2-AAAAAJ2", "game": "seahaven", "name": "SH1-C2-AAAAAJ2"}
    client.post("/api/settings", json={"language": "ro"})
    bad = client.get("/api/codes/HH1-Q-AAAAAAM")
    assert bad.status_code == 200 and bad.json()["part"] == "variant"
    assert "Heart to Heart" in bad.json()["error"] and "unknown variant" not in bad.json()["error"]


@RULES
def test_a_deal_that_was_never_winnable_warns_at_the_first_move(client: TestClient) -> None:
    client.post("/api/settings", json={"warn_unwinnable": True})
    game_id = new_game(client, code="HH1-N-AAAAAAA")["id"]
    assert client.post(f"/api/games/{game_id}/winnable").json()["winnable"] is False
    first = intent(client, game_id, type="tap", target="stock").json()["events"]
    assert [event["type"] for event in first] == ["move", "unwinnable"]
    second = intent(client, game_id, type="tap", target="stock").json()["events"]
    assert "unwinnable" not in [event["type"] for event in second]  # said once


def test_a_session_ended_on_another_server_can_no_longer_move(db_path: Path) -> None:
    password = {"name": "ana", "password": "correct horse battery"}
    with TestClient(create_app(db_path, accounts=True)) as first:
        assert first.post("/api/account/signup", json=password).status_code == 201
        token = first.cookies[COOKIE]
        game_id = new_game(first, code=WORKED)["id"]
        assert intent(first, game_id, type="tap", target="stock").status_code == 200
        with TestClient(create_app(db_path, accounts=True), cookies={COOKIE: token}) as second:
            assert second.post("/api/account/signout").status_code == 200
        # the first server read this session moments ago; the move's save checks it again
        tap = {"type": "tap", "target": "stock", "version": 1}
        refused = first.post(f"/api/games/{game_id}/intent", json=tap)
        assert refused.status_code == 403
        assert first.get(f"/api/games/{game_id}").status_code == 403
    saved = Store(db_path).load_game(game_id)
    assert saved is not None and saved.log == [("tap", "stock")]


def test_a_move_whose_save_fails_answers_503_and_the_game_stays_as_saved(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = new_game(client, code=WORKED)["id"]
    assert intent(client, game_id, type="tap", target="stock").status_code == 200
    db = client.app.state.service.store.db  # type: ignore[attr-defined]

    def lost(*args: object, **kwargs: object) -> None:
        raise DatabaseError("the connection to the database was lost")

    async def lost_async(*args: object, **kwargs: object) -> None:
        lost()

    with monkeypatch.context() as broken:  # the move's save, on the event loop
        broken.setattr(db, *("execute_async", lost_async) if db.postgres else ("transaction", lost))
        failed = intent(client, game_id, {"type": "tap", "target": "stock", "version": 1})
    assert failed.status_code == 503 and "could not be saved" in failed.json()["error"]
    view = client.get(f"/api/games/{game_id}").json()["view"]
    assert (view["version"], view["moves"]) == (1, 1)  # what is saved, not the lost move
    played = intent(client, game_id, {"type": "tap", "target": "stock", "version": 1})
    assert played.json()["view"]["version"] == 2


@RULES
def test_an_undecided_answer_says_whether_the_clock_or_the_search_ended_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardems.core import ending

    game_id = new_game(client, code="FC1-N-AAAALWO")["id"]
    monkeypatch.setattr(ending, "VERDICT_SECONDS", 0.0)  # the player will not wait at all
    answer = client.post(f"/api/games/{game_id}/winnable").json()
    assert answer == {"winnable": None, "still_searching": True}
    service = client.app.state.service  # type: ignore[attr-defined]
    live = service.load(client.cookies[COOKIE], game_id)
    monkeypatch.setattr(ending, "VERDICT_SECONDS", 60.0)  # the search's positions run out
    monkeypatch.setattr(type(live.game), "winnable", lambda game, table, seconds: None)
    answer = client.post(f"/api/games/{game_id}/winnable").json()
    assert answer == {"winnable": None, "still_searching": False}
