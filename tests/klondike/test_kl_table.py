"""Klondike's table on the kit: a solver line played by intents wins, refusals name the
rule, undo restores, hints name the card that moves, and the stock is never shown."""

from __future__ import annotations

from cardems.core.game import TableSettings
from cardems.dealcode import DealCode
from cardems.klondike.solver import solve
from cardems.klondike.table import SOLITAIRE, KlondikeTable

CODE = DealCode.parse("KL1-D3-AAAAAAA")


def test_the_solver_line_played_by_intents_wins() -> None:
    table = KlondikeTable(CODE)
    verdict = solve(table.state, 50_000, use_compiled=False)
    assert verdict.line is not None
    for move in verdict.line:
        table.act(SOLITAIRE.intent_of(table.state, move))
    assert table.status == "won"
    assert table.view()["status"] == "won"


def test_a_refused_move_says_why_and_changes_nothing() -> None:
    table = KlondikeTable(CODE, TableSettings(move_errors=True))
    before = table.state
    # 8D (column 1) onto 4C (column 2): not one rank lower
    events = table.drag("column:1", "column:2")
    assert before == table.state
    assert any(event["type"] == "error" for event in events)


def test_nothing_moves_onto_the_waste() -> None:
    table = KlondikeTable(CODE, TableSettings(move_errors=True))
    table.tap("stock")
    before = table.state
    table.act(("tap", "column:7"))
    table.act(("tap", "waste"))  # the selection moves to the waste
    table.act(("drag", "column:7", "waste"))
    assert table.state == before


def test_draw_then_undo_restores() -> None:
    table = KlondikeTable(CODE)
    start = table.state
    table.tap("stock")
    assert len(table.state.state.waste) == 3
    table.undo()
    assert table.state == start


def test_the_view_hides_the_stock_and_face_down_cards() -> None:
    view = KlondikeTable(CODE).view()
    piles = {pile["target"]: pile for pile in view["piles"]}
    assert all(card["card"] is None for card in piles["stock"]["cards"])
    assert [card["card"] for card in piles["column:7"]["cards"]][:6] == [None] * 6
    assert piles["column:7"]["cards"][6]["card"] == "7S"
    hidden = {"JH", "TH", "QD", "AC", "TD", "9D"}
    assert not hidden & {c["card"] for p in view["piles"] for c in p["cards"]}


def test_a_hint_names_the_card_that_moves() -> None:
    hint = KlondikeTable(CODE).hint("en")
    assert hint["intents"]
    assert "Hint:" in hint["words"]
