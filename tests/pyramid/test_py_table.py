"""The Pyramid table: taps, drags, double taps, refusals, undo/redo, hints and the view."""

from __future__ import annotations

import pytest

from cardems.core.game import TableSettings
from cardems.dealcode import DealCode
from cardems.pyramid.game import GAME
from cardems.pyramid.rules import MAKE_13
from cardems.pyramid.table import PyramidTable

CODE = DealCode.parse("PY1-P3-AAAAAAM")  # bottom row 3H 7D 3S 5S 2C KC 2S; stock 2H 5D JS …


def table() -> PyramidTable:
    return PyramidTable(CODE, TableSettings(), lambda: 0.0)


def test_a_tap_on_a_free_king_removes_it_and_undo_redo_restore() -> None:
    t = table()
    start = t.state
    events = t.tap("pyramid:27")
    assert events[0]["move"] == "27" and t.state.pyramid[26] is None
    t.undo()
    assert t.state == start
    t.redo()
    assert t.state.pyramid[26] is None and t.view()["score"] == 10


def test_pairs_that_do_not_make_13_are_refused_with_words() -> None:
    t = table()
    t.tap("pyramid:22")
    events = t.tap("pyramid:24")  # 3H and 3S
    assert events[0] == {"type": "error", "message": MAKE_13}
    assert t.selected == "pyramid:24" and t.state.moves == 0


def test_the_stock_draws_and_its_top_card_pairs() -> None:
    t = table()
    t.tap("stock")  # 2H to the waste; 5D on top of the stock
    assert str(t.state.waste_top) == "2H" and str(t.state.stock_top) == "5D"
    view = t.view()
    stock = next(pile for pile in view["piles"] if pile["target"] == "stock")
    assert stock["cards"][-1]["card"] == "5D" and stock["cards"][0]["card"] is None
    t.tap("stock")  # 5D to the waste, JS on top
    events = t.drag("stock", "waste")  # JS and 5D make 16
    assert {"type": "error", "message": MAKE_13} in events and t.state.moves == 2


def test_a_hint_names_the_card_and_plays_by_its_intent() -> None:
    t = table()
    hint = t.hint("en")
    assert hint["words"].startswith("Hint:")
    for intent in hint["intents"]:
        t.act(GAME.parse_intent(intent))
    assert t.state.moves == 1


@pytest.mark.slow
def test_the_solver_line_wins_through_the_table() -> None:
    t = table()
    line = GAME.solve(CODE, shortest=True)["moves"]
    assert len(line) == 48
    while t.status == "playing":
        hint = t.hint("en")
        for intent in hint["intents"]:
            t.act(GAME.parse_intent(intent))
    assert t.status == "won" and t.state.moves == 48
