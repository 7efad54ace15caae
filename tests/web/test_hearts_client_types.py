"""The shapes the Hearts table is type-checked against (hearts/web/static/hearts-types.d.ts,
`tsc` over hearts.js) are the ones the server sends: the view, each kind of event, the
hint and the coach's notes carry exactly the declared keys (the optional ones may be
missing)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from api_helpers import intent, new_game, player, seed
from client_types import declared
from hearts_lines import first_round_end_log, near_end_log
from starlette.testclient import TestClient

from cardems.store import Store

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py

TYPES = Path(__file__).parents[2] / "src/cardems/hearts/web/static/hearts-types.d.ts"
EVENTS = {
    "passed": "PassedEvent",
    "play": "PlayEvent",
    "trick": "TrickEvent",
    "round_end": "RoundEndEvent",
    "match_end": "MatchEndEvent",
}
CODE = "HT1-N-AAAAAAM"


def assert_declared(name: str, data: dict[str, Any]) -> None:
    """``data`` has every required key of the interface ``name``, and no undeclared one."""
    required, optional = declared(TYPES)[name]
    missing, undeclared = required - set(data), set(data) - required - optional
    assert not missing and not undeclared, (name, missing, undeclared)


def last_card(client: TestClient, db_path: Path, code: str, log: list[tuple[str, ...]]) -> Any:
    """The answer to the player's card after ``log`` (which leaves it one legal card)."""
    store = Store(db_path)
    game_id = seed(store, player(client), "hearts", code, log, {"level": "easy"})
    store.close()
    card = client.get(f"/api/games/{game_id}").json()["view"]["legal"][0]
    return intent(client, game_id, {"type": "play", "card": card}).json()


@pytest.mark.slow
def test_the_server_sends_the_declared_shapes(client: TestClient, db_path: Path) -> None:
    assert client.post("/api/settings", json={"coach": True}).status_code == 200
    new = new_game(client, game="hearts", level="easy", code=CODE)
    hint = client.post(f"/api/games/{new['id']}/hint", json={}).json()["hint"]
    assert_declared("HeartsHint", hint)
    assert hint["cards"], "a pass has a hint"
    answers = [
        new,
        intent(client, new["id"], {"type": "pass", "cards": new["view"]["hand"][:3]}).json(),
        last_card(client, db_path, CODE, first_round_end_log(CODE)),
        last_card(client, db_path, "HT1-N-AAAAAAQ", near_end_log("HT1-N-AAAAAAQ")),
    ]
    kinds = set()
    for answer in answers:
        view = answer["view"]
        assert_declared("HeartsView", view)
        for trick in view["tricks"]:
            assert_declared("HeartsTrick", trick)
        for event in answer.get("events", []):
            kinds.add(event["type"])
            assert_declared(EVENTS[event["type"]], event)
    assert kinds == set(EVENTS)
    coach = answers[2]["view"]["coach"]
    assert_declared("HeartsCoach", coach)
    assert coach["notes"], "the easy bot's round has costly cards"
    for note in coach["notes"]:
        assert_declared("CoachNote", note)
        for reason in note["reasons"]:
            assert_declared("CoachReason", reason)
