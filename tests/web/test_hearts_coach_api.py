"""The Hearts coach over the JSON API: its notes on the player's round, only when on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from api_helpers import intent, player, seed
from hearts_lines import bot_log, first_round_end_log
from starlette.testclient import TestClient

from cardems.store import Store

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py

CODE = "HT1-N-AAAAAAM"


def last_card_of_round(client: TestClient, db_path: Path, **settings: Any) -> dict[str, Any]:
    """The answer to the player's last card of the first round, with ``settings``."""
    assert client.post("/api/settings", json=settings).status_code == 200
    store = Store(db_path)
    game_id = seed(store, player(client), "hearts", CODE, first_round_end_log(CODE))
    store.close()
    (card,) = client.get(f"/api/games/{game_id}").json()["view"]["legal"]
    answer: dict[str, Any] = intent(client, game_id, {"type": "play", "card": card}).json()
    assert [e for e in answer["events"] if e["type"] == "round_end"]
    return answer


def test_no_notes_while_the_coach_is_off(client: TestClient, db_path: Path) -> None:
    answer = last_card_of_round(client, db_path)
    assert answer["view"]["coach"] is None
    assert "coach" not in str(answer["events"])


def test_the_round_log_carries_the_coachs_notes_when_on(client: TestClient, db_path: Path) -> None:
    answer = last_card_of_round(client, db_path, coach=True)
    coached = answer["view"]["coach"]
    assert coached["round"] == 0 and coached["title"] == "The coach on round 1"
    assert coached["notes"], "the easy bot's round has costly cards"
    log, _ = bot_log(CODE, until=4 + 52)
    played = {entry[2] for entry in log if entry[0] == "play"}
    for note in coached["notes"]:
        assert note["cost"] >= coached["threshold"] == 0.5
        assert {note["card"], note["best"]} <= played  # the round's cards, nothing hidden
        assert f"at trick {note['trick']} cost " in note["text"]
        assert "points on average (the expert would play" in note["label"]
        assert "♠" not in note["label"] and "of" in note["label"]  # cards spoken by name
    again = client.get(f"/api/games/{answer['id']}").json()["view"]
    assert again["coach"] == coached  # kept until the next round ends
    assert client.post("/api/settings", json={"coach": False}).status_code == 200
    assert client.get(f"/api/games/{answer['id']}").json()["view"]["coach"] is None


@pytest.mark.parametrize(
    ("lang", "words", "decimal"),
    [("ar", "في المتوسط", "."), ("he", "בממוצע", "."), ("ro", "în medie", ",")],
)
def test_the_notes_are_in_the_players_language(
    client: TestClient, db_path: Path, lang: str, words: str, decimal: str
) -> None:
    coached = last_card_of_round(client, db_path, coach=True, language=lang)["view"]["coach"]
    for note in coached["notes"]:
        assert words in note["text"] and words in note["label"]
        whole, tenth = divmod(round(note["cost"] * 10), 10)
        assert f"{whole}{decimal}{tenth}" in note["text"]
