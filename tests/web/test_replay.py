"""Replays and worked examples: a game rebuilt from its code and moves, for anyone."""

from __future__ import annotations

import re

import pytest
from api_helpers import intent, new_game
from starlette.testclient import TestClient

from cardems.core.game import Action
from cardems.core.registry import games
from cardems.heart_to_heart.game import EXAMPLE
from cardems.web.replay import (
    MAX_ACTIONS,
    ReplayError,
    build,
    decode_moves,
    encode_moves,
)

STORELESS = pytest.mark.one_database("sqlite")
"""A test of pages made from deal codes alone (replays, examples, rules): it stores and
reads no data, so a second database would run the same thing again."""

WORKED = "HH1-N-AAAAAAM"


def steps_of(html: str) -> list[str]:
    return re.findall(r'data-step="\d+">(.*?)</a>', html)


def error_of(html: str) -> str:
    found = re.search(r'class="error-message">(.*?)<', html)
    return found.group(1) if found else ""


@pytest.mark.parametrize(
    "actions",
    [
        [],
        [("tap", "stock"), ("drag", "heart:25", "waste")],
        [("double_tap", "column:3"), ("drag", "column:2:4", "cell:1"), ("undo",), ("redo",)],
        [("tap", "foundation:H")],
    ],
)
def test_moves_round_trip(actions: list[Action]) -> None:
    text = encode_moves(actions)
    assert re.fullmatch(r"[A-Za-z0-9._-]*", text)  # nothing a URL must escape
    assert decode_moves(text) == tuple(actions)


@pytest.mark.parametrize(
    "text",
    ["x_stock", "t", "t_", "t_stock_waste", "g_heart-25", "t_a:b", "t_heart--2", "u_x", "t_<b>"],
)
def test_bad_moves_are_refused(text: str) -> None:
    with pytest.raises(ReplayError):
        decode_moves(text)


def test_long_replays_are_refused() -> None:
    with pytest.raises(ReplayError):
        decode_moves(".".join(["t_stock"] * MAX_ACTIONS))


def test_other_games_actions_have_no_replay_form() -> None:
    with pytest.raises(ValueError):
        encode_moves([("play", "1", "QS")])


def test_build_checks_every_action() -> None:
    steps = build(games(), WORKED, EXAMPLE.actions)
    assert len(steps) == len(EXAMPLE.actions) + 1
    assert steps[-1].view["status"] == "won"
    with pytest.raises(ReplayError):  # a covered card: the table does nothing
        build(games(), WORKED, [("tap", "heart:1")])
    with pytest.raises(ReplayError):  # another game's target
        build(games(), WORKED, [("drag", "column:1", "cell:1")])


@STORELESS
def test_the_heart_to_heart_example(client: TestClient) -> None:
    page = client.get("/examples/heart-to-heart")
    assert page.status_code == 200
    words = steps_of(page.text)
    assert len(words) == 72
    assert [word.startswith("Drew the ") for word in words[1:10]] == [True] * 9
    assert words[1] == "Drew the 10 of hearts."  # which card, not only that one was drawn
    assert words[10] == "4 of hearts: Paired."
    assert "the same rank as the tip" in page.text
    assert words[-1].endswith("You won!")


@STORELESS
def test_the_seahaven_example_shows_the_group_move_rule(client: TestClient) -> None:
    page = client.get("/examples/seahaven")
    assert page.status_code == 200
    assert len(steps_of(page.text)) == 38  # the deal and 37 moves
    assert "at most (1 + 1) × 2 = 4 cards may" in page.text
    data = client.get(
        "/replay/step",
        params={"code": "SH1-C1-4JYTYQB", "moves": seahaven_moves(), "step": "36"},
    ).json()
    view = data["view"]
    columns = [p for p in view["piles"] if p["kind"] == "column"]
    assert view["group_limit"] == 8 and sum(not p["cards"] for p in columns) == 2
    assert [p["cards"] for p in view["piles"] if p["kind"] == "cell"] == [[]]
    king_led = [c["card"] for c in columns[7]["cards"]][-8:]
    assert king_led[0] == "KS" and len(king_led) == 8
    last = client.get(
        "/replay/step",
        params={"code": "SH1-C1-4JYTYQB", "moves": seahaven_moves(), "step": "37"},
    ).json()
    assert last["events"][0]["move"] == "c3-c1x7"  # the 7-card move is allowed


def seahaven_moves() -> str:
    from cardems.seahaven.game import EXAMPLE as SEAHAVEN

    return encode_moves(SEAHAVEN.actions)


def test_a_replay_url_opens_for_anyone(client: TestClient) -> None:
    moves = encode_moves(EXAMPLE.actions[:10])
    page = client.get("/replay", params={"code": WORKED.lower(), "moves": moves})
    assert page.status_code == 200
    assert len(steps_of(page.text)) == 11
    assert f"/replay?code={WORKED}&amp;moves={moves}" in page.text  # the link to share
    step = client.get("/replay/step", params={"code": WORKED, "moves": moves, "step": "10"})
    assert step.status_code == 200
    data = step.json()
    assert data["view"]["moves"] == 10 and data["view"]["code"] == WORKED
    assert [e["type"] for e in data["events"]] == ["select", "move"]
    tip = next(p for p in data["view"]["piles"] if p["target"] == "heart:25")
    assert tip["cards"] == []


@STORELESS
def test_replays_speak_the_page_language(client: TestClient) -> None:
    moves = encode_moves(EXAMPLE.actions[:10])
    page = client.get(
        "/replay", params={"code": WORKED, "moves": moves}, headers={"accept-language": "ro"}
    )
    assert 'lang="ro"' in page.text
    assert steps_of(page.text)[1].startswith("Am tras 10 ")


@STORELESS
@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({}, "deal code"),
        ({"code": "XX"}, "malformed deal code"),
        ({"code": WORKED, "moves": "z_stock"}, "cannot be read (move 1)"),
        ({"code": WORKED, "moves": "t_stock.t_heart-1"}, "Move 2 of this replay cannot be played"),
        ({"code": WORKED, "moves": ".".join(["t_stock"] * 2000)}, "too long"),
        ({"code": "HT1-N-AAAAAAM"}, "cannot be replayed"),
        ({"code": "A" * 100}, "deal code"),
    ],
)
def test_bad_replays_answer_a_clear_400(
    client: TestClient, params: dict[str, str], message: str
) -> None:
    page = client.get("/replay", params=params)
    assert page.status_code == 400
    assert message in error_of(page.text)


@STORELESS
@pytest.mark.parametrize("step", ["", "-1", "x", "11", "1e3"])
def test_bad_steps_answer_400_json(client: TestClient, step: str) -> None:
    moves = encode_moves(EXAMPLE.actions[:10])
    answer = client.get("/replay/step", params={"code": WORKED, "moves": moves, "step": step})
    assert answer.status_code == 400
    assert answer.json()["error"]


@STORELESS
def test_unknown_example_is_404(client: TestClient) -> None:
    assert client.get("/examples/nothing-here").status_code == 404


def test_the_players_game_links_to_its_replay(client: TestClient) -> None:
    made = client.post("/api/games", json={"code": WORKED})
    assert made.status_code == 201
    game_id = made.json()["id"]
    version = 0
    for action in EXAMPLE.actions[:10]:
        kind, *parts = action
        body: dict[str, object] = {"type": kind, "version": version}
        body |= dict(
            zip(("target",) if kind != "drag" else ("source", "target"), parts, strict=True)
        )
        answer = client.post(f"/api/games/{game_id}/intent", json=body)
        version = answer.json()["view"]["version"]
    moved = client.get(f"/game/{game_id}/replay", follow_redirects=False)
    assert moved.status_code == 303
    assert moved.headers["location"] == (
        f"/replay?code={WORKED}&moves={encode_moves(EXAMPLE.actions[:10])}"
    )
    assert client.get(moved.headers["location"]).status_code == 200
    assert client.get("/game/nobody/replay").status_code == 404


@STORELESS
@pytest.mark.parametrize("lang", ["ar", "he", "ro", "en"])
def test_rules_pages_take_their_language_from_the_address(client: TestClient, lang: str) -> None:
    page = client.get(f"/rules/heart-to-heart?lang={lang}")
    assert page.status_code == 200
    assert f'<article class="rules" lang="{lang}"' in page.text
    assert f'<html lang="{lang}"' in page.text
    assert '<html lang="en"' in client.get("/rules/heart-to-heart?lang=zz").text


@STORELESS
def test_the_rules_pages_link_their_worked_examples(client: TestClient) -> None:
    assert 'href="/examples/seahaven"' in client.get("/rules/seahaven").text
    assert 'href="/examples/heart-to-heart"' in client.get("/rules/heart-to-heart").text
    assert "/examples/" not in client.get("/rules/hearts").text


def test_the_statistics_page_links_the_last_games_replays(client: TestClient) -> None:
    game_id = new_game(client, code="HH1-N-AAAAAAM")["id"]
    intent(client, game_id, type="tap", target="stock")
    new_game(client, code="HH1-N-AAAAAAA")  # the first is abandoned: finished
    page = client.get("/stats").text
    assert f'href="/game/{game_id}/replay"' in page and "HH1-N-AAAAAAM" in page
    replay = client.get(f"/game/{game_id}/replay", follow_redirects=False)
    assert replay.status_code == 303 and replay.headers["location"].startswith("/replay?code=")
