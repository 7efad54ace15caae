"""Finishing: the "can finish" check and the ``finish`` intent that sends every card home."""

from __future__ import annotations

from typing import Any

from cardems.cellgames.table import finish_moves
from cardems.core.game import replay
from cardems.dealcode import DealCode
from cardems.kit.table import CANNOT_FINISH
from cardems.seahaven.game import GAME
from cardems.seahaven.rules import format_move
from cardems.seahaven.table import SeahavenTable

from .helpers import position

CODE = DealCode.parse("SH1-C4-AAAAAJ2")
# Spades and hearts up to the ten are home, diamonds and clubs up to the queen.
NEAR_END = position(["KS QS", "KH QH JH", "KD", "KC"], ["JS", None, None, None], (10, 10, 12, 12))


def table_near_the_end() -> SeahavenTable:
    """The deal played along the solver's line until every card left can go home."""
    table = SeahavenTable(CODE)
    for move in GAME.solve_position(table.state, 10).moves:
        if table.can_finish:
            return table
        table.play_move(move)
    raise AssertionError("the line never reaches a finish")


def test_every_card_free_to_go_home_can_finish() -> None:
    moves = finish_moves(NEAR_END)
    assert moves is not None and len(moves) == 8
    assert [format_move(m) for m in moves][:2] == ["c2-hH", "c2-hH"]


def test_a_lower_card_under_a_higher_one_of_its_suit_cannot_finish() -> None:
    assert finish_moves(position(["QS KS"], [], (11, 13, 13, 13))) is None


def test_cards_blocking_each_other_across_columns_cannot_finish() -> None:
    # The next spade (QS) lies under KH and the next heart (QH) under KS.
    assert finish_moves(position(["QS KH", "QH KS"], [], (11, 11, 13, 13))) is None


def test_a_won_or_early_table_does_not_offer_to_finish() -> None:
    assert finish_moves(position([], [], (13, 13, 13, 13))) is None
    table = SeahavenTable(CODE)
    assert table.view()["can_finish"] is False
    assert table.act(("finish",)) == [{"type": "error", "message": CANNOT_FINISH}]
    assert table.log == []


def test_the_finish_intent_wins_with_one_logged_move_per_card() -> None:
    table = table_near_the_end()
    assert table.view()["can_finish"] is True
    before, version, left = table.state, len(table.log), 52 - sum(table.state.foundations)
    intent = GAME.parse_intent({"type": "finish"})
    events = table.act(intent)
    moves = [event for event in events if event["type"] == "move"]
    assert len(moves) == left and events[-1] == {"type": "won"}
    assert all(event["to"].startswith("foundation:") and event["card"] for event in moves)
    assert table.status == "won" and table.view()["can_finish"] is False
    assert table.state.score == before.score + 10 * left
    assert table.state.moves == before.moves + left
    actions = table.log[version:]
    assert len(actions) == left and all(action[0] == "drag" for action in actions)
    # The saved game replays to the same win; each move is one step of the history.
    again = replay(SeahavenTable(CODE), table.log)
    assert without_clock(again.view()) == without_clock(table.view())
    for _ in range(left):
        table.history.undo()
    assert table.state == before


def test_undo_takes_back_one_finishing_move_at_a_time() -> None:
    table = table_near_the_end()
    version, before = len(table.log), without_clock(table.view())
    table.act(("finish",))
    # A won game is final: the moves are undone on the game saved before the last one.
    replayed = replay(SeahavenTable(CODE), table.log[:-1])
    for _ in range(len(table.log) - 1 - version):
        assert replayed.act(("undo",)) == [{"type": "undo"}]
    assert without_clock(replayed.view()) == {**before, "can_redo": True}


def without_clock(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "elapsed"}
