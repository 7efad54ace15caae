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


def test_finishing_a_deal_wins_and_replays() -> None:
    table = FreeCellTable(CODE)
    for move in GAME.solve_position(table.state, 10).moves:
        if table.view()["can_finish"]:
            break
        table.play_move(move)
    assert table.can_finish and table.status == "playing"
    version, moves = len(table.log), table.state.moves + 52 - sum(table.state.foundations)
    events = table.act(GAME.parse_intent({"type": "finish"}))
    assert events[-1] == {"type": "won"} and table.state.won
    assert table.state.moves == moves and table.state.score == 520
    assert all(action[0] == "drag" for action in table.log[version:])
    again = replay(FreeCellTable(CODE), table.log)
    assert again.state == table.state and again.status == "won"
    assert table.act(("finish",))[0]["type"] == "error"


def test_finishing_with_auto_move_on_plays_each_card_once() -> None:
    # Auto-move sends safe cards home after each finishing move: each card moves once.
    state = position(["KH QS", "KS QH", "KD QC", "KC QD"], ["JD", "JC", None, None])
    table = FreeCellTable(CODE, TableSettings(auto_move=True))
    table.history = History(replace(state, foundations=(11, 11, 10, 10)))
    events = table.act(("finish",))
    homes = [event["card"] for event in events if event["type"] == "move"]
    assert sorted(homes) == sorted(["KH", "QS", "KS", "QH", "KD", "QC", "KC", "QD", "JD", "JC"])
    assert table.status == "won" and any(event.get("auto") for event in events)
