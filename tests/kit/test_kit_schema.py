"""The generated JSON Schema of solitaire views, events and hints."""

from __future__ import annotations

import pytest
from kit_toy import CODE, TOY

from cardems.heart_to_heart.table import HeartToHeartTable
from cardems.kit import SolitaireTable
from cardems.kit.schema import SCHEMA_PATH, schema_text
from schema_check import check


def test_the_schema_file_is_up_to_date() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text(), (
        "regenerate it: python3 -m cardems.kit.schema --write"
    )


def test_every_table_answer_of_the_tests_is_checked() -> None:
    assert hasattr(SolitaireTable.view, "__wrapped__") and hasattr(
        SolitaireTable.tap, "__wrapped__"
    )


def test_views_events_and_hints_keep_the_schema_and_a_broken_one_is_caught() -> None:
    table = HeartToHeartTable(CODE)
    view = table.view()
    check("view", view)
    check("hint", table.hint())
    for event in [*table.tap("stock"), {"type": "deselect"}, {"type": "error", "message": "x"}]:
        check("event", event)
    card = view["piles"][-1]["cards"][0]
    broken = {**view, "piles": [{**view["piles"][-1], "cards": [{**card, "framd": True}]}]}
    with pytest.raises(AssertionError, match="piles/0/cards/0"):
        check("view", broken)
    with pytest.raises(AssertionError, match="status"):
        check("view", {**view, "status": "winning"})
    with pytest.raises(AssertionError):
        check("event", {"type": "move", "move": "D", "from": "stock"})
    with pytest.raises(AssertionError):
        check("hint", {"verdict": "move"})


def test_the_toy_game_keeps_it_too() -> None:
    table = SolitaireTable(TOY, CODE)
    table.tap("column:2")
    check("view", table.view())
