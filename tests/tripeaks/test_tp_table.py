"""The TriPeaks table: gestures, refusals, hints, the view that never shows a face-down
card, and the log that rebuilds the game."""

import json

import pytest

from cardems.core.game import TableSettings
from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.kit.table import SolitaireTable
from cardems.kit.waste.engine import Move, WasteState
from cardems.kit.waste.solver import winning_line
from cardems.tripeaks.game import GAME as TRIPEAKS
from cardems.tripeaks.rules import deal

DEFAULT = TableSettings()


def TriPeaksTable(
    code: DealCode, settings: TableSettings = DEFAULT
) -> SolitaireTable[WasteState, Move]:
    return SolitaireTable(TRIPEAKS.solitaire(), code, settings)


CODE = DealCode.parse("TP1-W-AAAAAAB")


def view_text(table: SolitaireTable[WasteState, Move]) -> str:
    return json.dumps(table.view())


@pytest.mark.slow
def test_view_never_names_a_hidden_card_along_a_won_game() -> None:
    table = TriPeaksTable(CODE)
    line = winning_line(deal(CODE))
    assert line is not None
    for move in line:
        hidden = table.hidden_cards()
        assert hidden and not any(f'"{card}"' in view_text(table) for card in hidden)
        events = table.act(("tap", "stock" if move.is_draw else f"peak:{move.position}"))
        assert events[0]["type"] == "move"
        assert not any(f'"{card}"' in json.dumps(events) for card in table.hidden_cards())
    assert table.status == "won" and events[-1] == {"type": "won"}
    assert table.act(("tap", "stock"))[0]["message"] == "The game is won"


def test_refusals_and_move_errors() -> None:
    table = TriPeaksTable(CODE, TableSettings(move_errors=True))
    assert table.act(("tap", "peak:1")) == [] and table.act(("tap", "waste")) == []
    refused = [{"type": "error", "message": "Must be one rank above or below the waste's card"}]
    assert table.act(("drag", "peak:19", "waste"))[-1:] == refused  # A♠ on the 6♠
    assert table.view()["message"] == refused[0]["message"] and table.state.moves == 0
    assert table.view()["selected"] == "peak:19"
    assert table.act(("tap", "waste")) == refused  # the selected card, dropped on the waste
    assert table.act(("tap", "peak:19")) == [{"type": "deselect"}]
    events = table.act(("tap", "peak:21"))  # a card that fits plays at a tap
    assert next(e for e in events if e["type"] == "move") | {"say": ""} == {
        "type": "move",
        "move": "21",
        "from": "peak:21",
        "to": "waste",
        "card": "5D",
        "say": "",
    }
    assert table.view()["score"] == 1 and table.view()["streak"] == 1
    events = table.act(("tap", "stock"))
    assert events[0]["card"] == "7D" and table.view()["score"] == -4


def test_log_replay_rebuilds_the_table() -> None:
    game = game_for("tripeaks")
    table = game.new_table(CODE, TableSettings(), {}, lambda: 0.0)
    for intent in [("tap", "peak:21"), ("tap", "stock"), ("undo",), ("redo",), ("tap", "peak:9")]:
        table.act(intent)
    again = game.new_table(CODE, TableSettings(), {}, lambda: 0.0)
    for action in table.log:
        again.restore(action)
    assert again.view() == table.view()
    assert ("tap", "peak:9") not in table.log  # a face-down card: nothing changed


def test_hint_names_the_face_up_card_and_plays_it() -> None:
    table = TriPeaksTable(CODE)
    hint = table.hint("en")
    assert hint["verdict"] == "move" and hint["to"] == "waste"
    assert hint["words"].startswith("Hint: play the ")
    intent = hint["intents"][0]
    table.act((intent["type"], intent["target"]))
    assert table.state.moves == 1 and table.winnable() is True


def test_hint_when_lost_and_when_blocked() -> None:
    table = TriPeaksTable(CODE)
    assert table.hint("en")["words"] == (
        "Hint: play the 5 of hearts at position 26 onto the waste's 6 of spades"
    )
    for _ in range(23):
        table.act(("tap", "stock"))
    assert table.status == "playing"  # the A♠ at 19 still fits the last card turned
    assert table.hint("en")["verdict"] == "lost" and table.winnable() is False
    while table.legal_intents():
        table.act(table.legal_intents()[0])
    assert table.status == "blocked" and table.hint("en")["verdict"] == "lost"
    assert table.act(("tap", "stock"))[0]["message"] == "No more moves possible"


def test_hint_says_draw_when_nothing_fits() -> None:
    table = TriPeaksTable(CODE)
    line = winning_line(table.state)
    assert line is not None
    first_draw = next(i for i, move in enumerate(line) if move.is_draw)
    for move in line[:first_draw]:
        table.act(("tap", f"peak:{move.position}"))
    hint = table.hint("en")
    if hint["move"] == "D":
        assert hint["words"] == "Hint: turn a card from the stock" and hint["card"] is None


def test_labels_speak_positions_and_face_down_cards() -> None:
    game = game_for("tripeaks")
    table = game.new_table(CODE, TableSettings(), {}, lambda: 0.0)
    view = game.label(table.view(), "en")
    piles = {pile["target"]: pile for pile in view["piles"]}
    assert "position 19" in piles["peak:19"]["label"]
    assert "Stock" in piles["stock"]["label"] and "23" in piles["stock"]["label"]
    assert "5 of spades" not in json.dumps(view)  # the first tip, face down


def test_the_view_says_what_fits_and_what_can_act_along_a_won_game() -> None:
    """Peaks leave no outline once played, the waste's card is never 'covered' (it is
    played onto, not waiting), and Hint, Winnable? and Solve can act until the win."""
    table = TriPeaksTable(CODE)
    line = winning_line(deal(CODE))
    assert line is not None
    for move in line:
        view = table.view()
        assert view["can_hint"] is True
        piles = {pile["target"]: pile for pile in view["piles"]}
        assert all(piles[f"peak:{p}"].get("outline") is False for p in range(1, 29))
        assert "outline" not in piles["stock"] and "outline" not in piles["waste"]
        assert not any(card.get("covered") for card in piles["waste"]["cards"])
        table.act(("tap", "stock" if move.is_draw else f"peak:{move.position}"))
    assert table.view()["status"] == "won" and table.view()["can_hint"] is False
