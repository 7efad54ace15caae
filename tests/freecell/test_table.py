"""The FreeCell table: taps, double taps, drags, the view's geometry, labels, status."""

from __future__ import annotations

from cardems.core.game import TableSettings
from cardems.core.history import History
from cardems.dealcode import DealCode
from cardems.freecell.game import GAME
from cardems.freecell.rules import FreeCellState
from cardems.freecell.table import FreeCellTable

from .helpers import position

CODE = DealCode("FC", 1, "N", 617)


def table_at(state: FreeCellState, settings: TableSettings | None = None) -> FreeCellTable:
    table = FreeCellTable(CODE, settings or TableSettings())
    table.history = History(state)
    return table


def test_the_view_carries_the_geometry_of_the_shared_table() -> None:
    view = FreeCellTable(CODE).view()
    assert view["game"] == "freecell" and view["code"] == "FC1-N-AAAAATJ"
    assert view["board"]["width"] > 0 and view["board"]["height"] > 0
    kinds = [pile["kind"] for pile in view["piles"]]
    assert kinds == ["column"] * 8 + ["cell"] * 4 + ["foundation"] * 4
    for pile in view["piles"]:
        assert {"target", "x", "y", "fan", "cards"} <= set(pile)
        assert 0 <= pile["x"] <= view["board"]["width"] - 100
    assert [len(pile["cards"]) for pile in view["piles"][:8]] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert view["status"] == "playing"


def test_a_tap_sends_a_card_home_or_selects_then_moves() -> None:
    table = table_at(position(["AH", "9C 8H", "9D", "TD"]))
    assert table.act(("tap", "column:1"))[0]["move"] == "c1-hH"
    assert table.act(("tap", "column:2"))[0]["type"] == "select"
    events = table.act(("tap", "column:4"))
    assert events[0]["move"] == "c2-c4x2"
    assert [str(card) for card in table.state.columns[3]] == ["TD", "9C", "8H"]


def test_a_double_tap_prefers_a_column_then_a_cell() -> None:
    table = table_at(position(["5D", "6C", "KS QH", "8D 9S"]))
    assert table.act(("double_tap", "column:1"))[0]["move"] == "c1-c2"
    assert table.act(("double_tap", "column:4"))[0]["move"] == "c4-c1"
    assert table.act(("double_tap", "column:3"))[0]["move"] == "c3-f1"


def test_a_foundation_keeps_its_cards_at_the_table() -> None:
    table = table_at(position(["2H"], foundations=(0, 1, 0, 0)))
    events = table.act(("tap", "foundation:H"))
    assert events == [{"type": "error", "message": "Cards on a foundation stay there"}]


def test_auto_move_sends_safe_cards_home() -> None:
    state = position(["AS 2H", "AH", "2S"])
    table = table_at(state, TableSettings(auto_move=True))
    events = table.act(("tap", "column:2"))
    moves = [event["move"] for event in events if event["type"] == "move"]
    assert moves == ["c2-hH", "c1-hH", "c1-hS", "c3-hS"]


def test_a_hopeless_position_is_stuck() -> None:
    # Four cells full, every column topped by a card that fits nowhere.
    columns = ["AH 5C", "AD 5S", "AC 7C", "AS 7S", "2H 9C", "2D 9S", "3H JC", "3D JS"]
    table = table_at(position(columns, ["4C", "4S", "6C", "6S"]))
    assert table.status == "stuck"
    assert table.act(("tap", "cell:1"))[0]["type"] == "select"


def test_labels_name_the_piles() -> None:
    view = GAME.label(FreeCellTable(CODE).view(), "en")
    assert view["piles"][0]["label"].startswith("Column 1, 7 cards")
    assert view["piles"][8]["label"] == "Free cell 1, empty"


def test_a_hint_is_the_start_of_a_winning_line() -> None:
    hint = FreeCellTable(CODE).hint()
    assert hint["verdict"] == "move" and hint["move"]
