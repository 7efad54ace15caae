"""What a screen reader hears is written once, on the server: an intent's ``said`` is
what the replay of the same moves says, in the page language."""

from __future__ import annotations

import re

import pytest
from api_helpers import intent, new_game
from starlette.testclient import TestClient

from cardems.core.game import Action
from cardems.heart_to_heart.game import EXAMPLE
from cardems.web.narration import narrate
from cardems.web.replay import encode_moves

pytestmark = pytest.mark.one_database("sqlite")  # no storage subject: tests/conftest.py

VIEW = {"piles": [{"target": "column:1", "label": "Column 1, 5 cards", "cards": []}]}


def body(action: Action) -> dict[str, str]:
    kind, *targets = action
    if kind == "drag":
        return {"type": kind, "source": targets[0], "target": targets[1]}
    return {"type": kind, "target": targets[0]} if targets else {"type": kind}


@pytest.mark.slow
def test_the_table_says_what_the_replay_of_its_moves_says(client: TestClient) -> None:
    actions = EXAMPLE.actions
    page = client.get("/replay", params={"code": EXAMPLE.code, "moves": encode_moves(actions)})
    steps = re.findall(r'data-step="\d+">(.*?)</a>', page.text)[1:]
    game_id = new_game(client, code=EXAMPLE.code)["id"]
    said = [intent(client, game_id, body(action)).json().get("said") for action in actions]
    assert said[9] == "4 of hearts: Paired."  # the card the move left with, by name
    assert said[:-1] == steps[:-1]
    assert steps[-1] == f"{said[-1]} You won!"  # the table's dialog says the win


def test_an_undo_and_a_draw_are_said_in_the_page_language(client: TestClient) -> None:
    game_id = new_game(client, code=EXAMPLE.code)["id"]
    client.post("/api/settings", json={"language": "ro"})
    assert (
        intent(client, game_id, type="tap", target="stock").json()["said"] == "Am tras 10 de cupă."
    )
    assert intent(client, game_id, type="undo").json()["said"] == "Anulat."


def test_a_refusal_says_why_only_with_move_errors_on() -> None:
    refused = [{"type": "error", "message": "Must be of the same rank"}]
    assert narrate("en", {}, VIEW, refused, move_errors=True) == "Must be of the same rank"
    assert narrate("en", {}, VIEW, refused, move_errors=False) == "That move is not possible."


def test_on_the_table_a_finish_and_a_win_are_left_to_their_dialogs() -> None:
    moves = [
        {"type": "move", "move": f"c{n}-hS", "from": f"column:{n}", "to": "foundation:S"}
        | {"say": "Moved %(card)s.", "card": f"{n}S"}
        for n in range(2, 7)
    ]
    events = [*moves, {"type": "won"}]
    assert narrate("en", {}, VIEW, events, on_table=True) == ""
    said = narrate("en", {}, VIEW, events)
    assert said.startswith("Moved 2 of spades. Moved 3 of spades.") and said.endswith("You won!")


def test_a_selection_names_its_pile_and_a_move_without_a_card_the_card_it_left() -> None:
    assert narrate("en", {}, VIEW, [{"type": "select", "target": "column:1"}]) == (
        "Column 1, 5 cards"
    )
    paired = {"type": "move", "move": "x", "from": "column:1", "to": "waste", "say": "Paired."}
    assert narrate("en", {"column:1": "QH"}, VIEW, [paired]) == "queen of hearts: Paired."
    assert narrate("en", {"column:1": None}, VIEW, [paired]) == "face-down card: Paired."
