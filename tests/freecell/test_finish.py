"""Finishing FreeCell: the "can finish" check and the ``finish`` intent (the shared
cellgames code, as tests/seahaven/test_finish.py checks it for Seahaven)."""

from __future__ import annotations

from dataclasses import replace

from cardems.cellgames.table import finish_moves
from cardems.core.game import TableSettings, replay
from cardems.core.history import History
from cardems.dealcode import DealCode
from cardems.freecell.game import GAME
from cardems.freecell.table import FreeCellTable

from .helpers import position

CODE = DealCode("FC", 1, "N", 617)


def test_can_finish_when_every_card_is_free_to_go_home() -> None:
    state = position(["KH QS JH", "KS QH", "KD QC", "KC QD"], ["JS", None, "JD", "JC"])
    moves = finish_moves(replace(state, foundations=(10, 10, 10, 10)))
    assert moves is not None and len(moves) == 12
    assert finish_moves(position(["KS QS"], foundations=(11, 13, 13, 13))) is not None


def test_a_lower_card_under_a_higher_one_of_its_suit_cannot_finish() -> None:
    assert finish_moves(position(["QS KS"], foundations=(11, 13, 13, 13))) is None


def test_finishing_wins_with_one_logged_drag_per_card() -> None:
    # QS covers the jack of spades: one move to a free cell opens the way home.
    start = replace(position(["JS KH QH QS", "KS", "KD QC", "KC QD"]), foundations=(10, 11, 11, 11))
    table = FreeCellTable(CODE)
    table.history = History(start)
    assert not table.view()["can_finish"]
    table.act(("drag", "column:1", "cell:1"))
    assert table.view()["can_finish"] and table.status == "playing"
    before = table.state
    events = table.act(GAME.parse_intent({"type": "finish"}))
    assert events[-1] == {"type": "won"} and table.state.won
    assert table.state.moves == 1 + 9 and table.state.score == 90
    parse = table.declaration.parse  # a drag from a column names the card it takes
    logged = [(kind, parse(source)[0], target) for kind, source, target in table.log[1:]]
    assert logged == [("drag", e["from"], e["to"]) for e in events if e["type"] == "move"]
    # The saved actions replay to the same win, one step of the history each.
    again = FreeCellTable(CODE)
    again.history = History(start)
    assert replay(again, table.log).state == table.state and again.status == "won"
    assert table.act(("finish",))[0]["type"] == "error"
    for _ in range(9):
        table.history.undo()
    assert table.state == before


def test_finishing_with_auto_move_on_plays_each_card_once() -> None:
    # Auto-move sends safe cards home after each finishing move: each card moves once.
    state = position(["KH QS", "KS QH", "KD QC", "KC QD"], ["JD", "JC", None, None])
    table = FreeCellTable(CODE, TableSettings(auto_move=True))
    table.history = History(replace(state, foundations=(11, 11, 10, 10)))
    events = table.act(("finish",))
    homes = [event["card"] for event in events if event["type"] == "move"]
    assert sorted(homes) == sorted(["KH", "QS", "KS", "QH", "KD", "QC", "KC", "QD", "JD", "JC"])
    assert table.status == "won" and any(event.get("auto") for event in events)
