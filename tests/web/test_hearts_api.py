"""Hearts over the JSON API: new matches, passing, playing, refusals, saving, the wire."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from api_helpers import intent, new_game, play_page, player, seed
from hearts_lines import near_end_log
from starlette.testclient import TestClient

from cardems.cards import Card
from cardems.hearts.core import cards_of
from cardems.hearts.rules import Match, Phase, Round
from cardems.hearts.table import HeartsTable
from cardems.store import Store
from cardems.web.app import create_app

CODE = "HT1-N-AAAAAAM"
CARD = re.compile(r"^(?:[2-9TJQKA][SHDC])$")
RULES = pytest.mark.one_database("sqlite")
"""A test of the rules, the bots or the reading of a request, no stored data its subject:
SQLite alone (tests/conftest.py)."""


def new_match(client: TestClient, level: str = "easy", code: str = CODE) -> dict[str, Any]:
    return new_game(client, game="hearts", level=level, code=code)


def step(client: TestClient, game_id: str, view: dict[str, Any]) -> Any:
    """The player's next action: pass the three lowest-listed cards, or play a legal card."""
    if view["phase"] == "passing":
        return intent(client, game_id, {"type": "pass", "cards": view["hand"][:3]})
    return intent(client, game_id, {"type": "play", "card": view["legal"][-1]})


def server_match(client: TestClient, game_id: str) -> Match:
    """The match as the server holds it now."""
    app: Any = client.app
    table: HeartsTable = app.state.service.load(app_player(client), game_id).table
    return table.match


def app_player(client: TestClient) -> str:
    return player(client)


@RULES
def test_new_match_deals_the_code_and_shows_only_the_players_hand(client: TestClient) -> None:
    data = new_match(client)
    view = data["view"]
    match = Match.new(CODE)
    assert view["hand"] == [str(c) for c in match.round.hand(0)]
    assert view["phase"] == "passing" and view["pass_direction"] == "left"
    assert view["hand_sizes"] == [13, 13, 13, 13]
    assert view["level"] == "easy" and view["code"] is None and view["status"] == "playing"
    assert client.get(f"/api/games/{data['id']}").json()["view"] == view


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "hearts", "level": "godlike"}, 400, "unknown level 'godlike'"),
        ({"game": "hearts", "code": "SH1-C4-AAAAAJ2"}, 400, "is a Seahaven Towers code"),
        ({"game": "hearts", "code": "HT1-N-!!"}, 400, ""),
        ({"game": "hearts", "code": 7}, 400, "must be a string"),
        ([1, 2], 400, "JSON object"),
    ],
)
@RULES
def test_bad_new_match_requests_are_refused(
    client: TestClient, body: Any, status: int, words: str
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == status
    assert words in response.json()["error"]


@RULES
def test_malformed_json_is_a_400(client: TestClient) -> None:
    game_id = new_match(client)["id"]
    response = client.post(
        f"/api/games/{game_id}/intent",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 400 and "malformed JSON" in response.json()["error"]


def saved_log(db_path: Path, game_id: str) -> list[tuple[str, ...]]:
    store = Store(db_path)
    try:
        saved = store.load_game(game_id)
        assert saved is not None
        return saved.log
    finally:
        store.close()


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"type": "pass", "cards": ["2C", "3C"]}, 400, "exactly three"),
        ({"type": "pass", "cards": ["4S", "4S", "5S"]}, 400, "three different"),
        ({"type": "pass", "cards": "4S 5S 4H"}, 400, "a list"),
        ({"type": "pass", "cards": ["4S", "5S", "ZZ"]}, 400, "rank"),
        ({"type": "pass", "cards": ["4S", "5S", "AS"]}, 200, "from your hand"),
        ({"type": "play", "card": "2C"}, 200, "Pass three cards first"),
        ({"type": "discard", "card": "2C"}, 400, "unknown intent"),
        ("play", 400, "JSON object"),
    ],
)
@RULES
def test_bad_intents_change_nothing(
    client: TestClient, db_path: Path, body: Any, status: int, words: str
) -> None:
    data = new_match(client)
    game_id = data["id"]
    response = intent(client, game_id, body)
    assert response.status_code == status
    answer = response.json()
    assert words in (answer["refused"] if status == 200 else answer["error"])
    assert client.get(f"/api/games/{game_id}").json()["view"] == data["view"]
    assert saved_log(db_path, game_id) == []


@RULES
def test_an_illegal_card_is_refused_with_its_reason(client: TestClient, db_path: Path) -> None:
    data = new_match(client)
    game_id = data["id"]
    view = intent(client, game_id, {"type": "pass", "cards": data["view"]["hand"][:3]}).json()
    view = view["view"]
    assert view["to_play"] == 0 and view["refusals"]
    card, reason = next(iter(view["refusals"].items()))
    log = saved_log(db_path, game_id)
    response = intent(client, game_id, {"type": "play", "card": card})
    assert response.status_code == 200
    assert response.json()["refused"] == reason
    assert client.get(f"/api/games/{game_id}").json()["view"] == view
    assert saved_log(db_path, game_id) == log


def test_another_players_match_is_forbidden(client: TestClient, db_path: Path) -> None:
    game_id = new_match(client)["id"]
    with TestClient(client.app) as other:
        assert other.get(f"/api/games/{game_id}").status_code == 403
        response = intent(other, game_id, {"type": "pass", "cards": ["4S", "5S", "4H"]})
        assert response.status_code == 403
    assert saved_log(db_path, game_id) == []
    assert client.get("/api/games/nope").status_code == 404


def card_strings(data: Any) -> set[str]:
    """Every string in a JSON value that reads as a card."""
    if isinstance(data, str):
        return {data} if CARD.match(data) else set()
    if isinstance(data, dict):
        return set().union(*(card_strings(v) for v in data.values())) if data else set()
    if isinstance(data, list):
        return set().union(*(card_strings(v) for v in data)) if data else set()
    return set()


def visible(rnd: Round) -> set[str]:
    """What the player may know of a round: own deal, cards received, cards played."""
    mask = rnd.dealt[0] | rnd.played_mask
    if rnd.phase is not Phase.PASSING:
        mask |= rnd.passes[rnd.passer(0)]
    return {str(c) for c in cards_of(mask)}


@RULES
def test_the_wire_never_carries_a_hidden_card(client: TestClient) -> None:
    """Two rounds through the API (a pass left, a pass right): every card string in every
    answer is the player's, received by them, or played in public by then."""
    data = new_match(client, code="HT1-N-AAAAABQ")
    game_id = data["id"]
    answer = data
    checked = 0
    while True:
        match = server_match(client, game_id)
        rounds = {rnd.number: rnd for rnd in (*match.history, match.round)}
        for event in answer["events"]:
            assert card_strings(event) <= visible(rounds[event["round"]]), event
        view = answer["view"]
        assert view["round"] == match.round.number
        assert card_strings(view) <= visible(match.round)
        checked += 1
        if view["round"] >= 2:
            break
        response = step(client, game_id, view)
        assert response.status_code == 200, response.text
        answer = response.json()
    assert checked > 20


@RULES
def test_a_full_round_scores_and_the_next_round_passes_right(client: TestClient) -> None:
    data = new_match(client)
    game_id = data["id"]
    view = data["view"]
    ends = []
    plays = 0
    while view["round"] == 0:
        response = step(client, game_id, view)
        assert response.status_code == 200
        events = response.json()["events"]
        plays += sum(1 for e in events if e["type"] == "play")
        ends += [e for e in events if e["type"] == "round_end"]
        view = response.json()["view"]
    assert plays == 52
    (end,) = ends
    assert sum(end["raw"]) == 26 and end["totals"] == view["totals"] == end["scores"]
    for cards, raw in zip(end["taken"], end["raw"], strict=True):  # where the points came from
        assert sum(13 if c == "QS" else 1 for c in cards) == raw
    assert view["pass_direction"] == "right" and view["phase"] == "passing"
    assert view["history"] == [{"round": 0, "scores": end["scores"], "moon": end["moon"]}]


def test_reload_and_restart_resume_exactly(client: TestClient, db_path: Path) -> None:
    data = new_match(client, level="medium")
    game_id = data["id"]
    view = data["view"]
    for _ in range(4):
        view = step(client, game_id, view).json()["view"]
    with TestClient(create_app(db_path), cookies={"cardems_player": app_player(client)}) as fresh:
        again = fresh.get(f"/api/games/{game_id}").json()["view"]
    assert again == view
    assert client.get(f"/api/games/{game_id}").json()["view"] == view


@RULES
def test_a_hold_round_skips_the_pass(client: TestClient) -> None:
    data = new_match(client)
    game_id = data["id"]
    view = data["view"]
    while view["round"] < 3:
        view = step(client, game_id, view).json()["view"]
    assert view["pass_direction"] == "hold" and view["phase"] == "playing"
    assert view["passed"] == [] and view["received"] == []


@RULES
def test_hints_come_from_the_expert(client: TestClient) -> None:
    data = new_match(client)
    game_id = data["id"]
    cards = client.post(f"/api/games/{game_id}/hint").json()["hint"]["cards"]
    assert len(cards) == 3 and set(cards) <= set(data["view"]["hand"])
    view = intent(client, game_id, {"type": "pass", "cards": cards}).json()["view"]
    (card,) = client.post(f"/api/games/{game_id}/hint").json()["hint"]["cards"]
    assert card in view["legal"]


def test_the_end_of_a_match_and_its_statistics(client: TestClient, db_path: Path) -> None:
    client.get("/")
    code = "HT1-N-AAAAAAQ"
    store = Store(db_path)
    game_id = seed(store, app_player(client), "hearts", code, near_end_log(code), {"level": "easy"})
    store.close()
    view = client.get(f"/api/games/{game_id}").json()["view"]
    assert max(view["totals"]) + 26 >= 100 and view["legal"]
    answer = intent(client, game_id, {"type": "play", "card": view["legal"][0]}).json()
    (end,) = [e for e in answer["events"] if e["type"] == "match_end"]
    totals = answer["view"]["totals"]
    assert end["winner"] == totals.index(min(totals)) == answer["view"]["winner"]
    assert answer["view"]["status"] == ("won" if end["winner"] == 0 else "lost")
    refused = intent(client, game_id, {"type": "play", "card": "2C"})
    assert refused.status_code == 200 and refused.json()["refused"] == "The match is over"
    (block,) = client.get("/api/stats").json()["statistics"]
    stats = block["values"]
    rounds = len(answer["view"]["history"])
    mine = [r["scores"][0] for r in answer["view"]["history"]]
    assert stats["played"] == 1 and stats["won"] == (end["winner"] == 0)
    # Only the last round was finished through the app: the prepared rounds were not.
    assert stats["rounds"] == 1 and stats["average"] == mine[-1]
    assert rounds >= 1
    page = client.get("/stats").text
    assert "Hearts" in page and "Matches played" in page


def test_a_tie_for_the_lowest_total_plays_another_round() -> None:
    from cardems.hearts.rules import match_winner

    assert match_winner((100, 40, 40, 60)) is None
    assert match_winner((100, 40, 41, 60)) == 1


def test_home_links_hearts_and_resumes_it(client: TestClient) -> None:
    home = client.get("/").text
    assert 'action="/play/hearts"' in home
    assert "Deal a new game" in client.get("/play/hearts").text
    first = play_page(client, "hearts")
    assert first.status_code == 200 and "/game/" in str(first.url)
    game_id = str(first.url).rsplit("/", 1)[1]
    assert str(client.get("/play/hearts").url).endswith(game_id)
    view = client.get(f"/api/games/{game_id}").json()["view"]
    intent(client, game_id, {"type": "pass", "cards": view["hand"][:3]})
    assert f"/game/{game_id}" in client.get("/").text
    assert 'id="hearts"' in client.get(f"/game/{game_id}").text


@RULES
def test_the_page_itself_names_no_card(client: TestClient) -> None:
    """The table page carries words and card-name parts, never a card code."""
    game_id = new_match(client)["id"]
    for lang in ("en", "ro", "ar", "he"):
        client.post("/api/settings", json={"language": lang})
        page = client.get(f"/game/{game_id}").text
        assert 'id="cardems-strings"' in page and 'id="hearts"' in page
        # The game's random id may hold a card-like "-KD-": it is no card.
        assert re.findall(r"\b[2-9TJQKA][SHDC]\b", page.replace(game_id, "")) == []


def test_a_replaced_match_can_be_seen_not_played(client: TestClient) -> None:
    first = new_match(client)
    intent(client, first["id"], {"type": "pass", "cards": first["view"]["hand"][:3]})
    new_match(client, code="HT1-N-AAAAABQ")
    view = client.get(f"/api/games/{first['id']}").json()["view"]
    assert view["status"] == "abandoned"
    response = intent(client, first["id"], {"type": "play", "card": view["legal"][0]})
    assert response.status_code == 409
    (stats,) = client.get("/api/stats").json()["statistics"]
    assert stats["game"] == "hearts" and stats["values"]["played"] == 1


def test_card_strings_sees_cards() -> None:
    assert card_strings({"a": ["QS", "x", {"b": "TH"}], "c": "QSX"}) == {"QS", "TH"}
    assert str(Card.parse("10H")) == "TH"


@RULES
@pytest.mark.slow
def test_a_round_ends_early_once_its_26_points_are_out(db_path: str) -> None:
    # the bots are seeded by each match's secret: a match may end before any round gives
    # out its points early, so a few matches are played until one does (by a server
    # whose rate limit lets them be played at a test's speed)
    app = create_app(db_path, rate=10_000, burst=10_000)
    for _ in range(8):
        player = TestClient(app)
        data = new_match(player)
        game_id = data["id"]
        view = data["view"]
        refused = intent(player, game_id, {"type": "finish"})
        assert refused.status_code == 200 and "Points remain" in refused.json()["refused"]
        while not view["can_finish"] and view["status"] == "playing":
            response = step(player, game_id, view)
            assert response.status_code == 200, response.text
            view = response.json()["view"]
            if sum(view["round_points"]) < 26 and view["phase"] == "playing":
                assert not view["can_finish"]
        if view["can_finish"]:
            break
    assert view["can_finish"], "some round gives out its points early"
    left = len(view["hand"])
    assert left > 0 and sum(view["round_points"]) == 26
    points, number = view["round_points"], view["round"]
    answer = intent(player, game_id, {"type": "finish"}).json()
    (end,) = [e for e in answer["events"] if e["type"] == "round_end"]
    assert end["raw"] == points
    assert sum(1 for e in answer["events"] if e["type"] == "play" and e["seat"] == 0) == left
    assert answer["view"]["round"] == number + 1 or answer["view"]["status"] != "playing"


@pytest.mark.parametrize(
    "log",
    [
        [("play", "0", "2C")],
        [("pass", "0", "AS KS QS")],
        [("deal", "0", "2C")],
        [("play", "x", "")],
    ],
)
def test_a_save_that_does_not_replay_is_a_clear_409(
    client: TestClient, db_path: Path, log: list[tuple[str, ...]]
) -> None:
    client.get("/")
    store = Store(db_path)
    game_id = seed(store, app_player(client), "hearts", CODE, log, {"level": "easy"})
    store.close()
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 409 and "cannot be replayed" in response.json()["error"]
    assert saved_log(db_path, game_id) == log


def test_the_match_length_is_chosen_kept_and_shown(client: TestClient, db_path: Path) -> None:
    """Issue 41: 50, 100 (the default) or 150 points, kept with the game; a game saved
    before the choice plays to 100."""
    data = new_game(client, game="hearts", level="easy", code=CODE, target="50")
    assert data["view"]["target"] == 50
    assert server_match(client, data["id"]).target == 50
    assert client.get(f"/api/games/{data['id']}").json()["view"]["target"] == 50
    assert new_match(client)["view"]["target"] == 100
    refused = client.post("/api/games", json={"game": "hearts", "target": "75"})
    assert refused.status_code == 400 and "unknown target '75'" in refused.json()["error"]
    store = Store(db_path)
    old = seed(store, app_player(client), "hearts", CODE, [], {"level": "easy"})
    store.close()
    assert client.get(f"/api/games/{old}").json()["view"]["target"] == 100
