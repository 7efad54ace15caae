"""The table layer: taps, double taps, drags, undo/redo, view contract, replay."""

from __future__ import annotations

import json

import pytest

from cardems.core.game import TableSettings, replay
from cardems.dealcode import DealCode
from cardems.kit.solitaire import MOVED
from cardems.seahaven.rules import SeahavenState, parse_move
from cardems.seahaven.table import SOLITAIRES, SeahavenTable

from .helpers import position

SEED = DealCode.parse("SH1-C4-AAAAAJ2")
# SH1-C4-AAAAAJ2: column 9 ends with AD, column 4 ends with 5H and column 3 with 6H,
# cells hold 4S and 9H.


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def table_at(state: SeahavenState, settings: TableSettings | None = None) -> SeahavenTable:
    """A table whose current position is ``state`` (for rule situations a deal lacks)."""
    table = SeahavenTable(SEED, settings or TableSettings())
    table.history._current = state
    return table


def top(table: SeahavenTable, column: int) -> str:
    return str(table.state.columns[column - 1][-1])


def test_tap_sends_a_top_card_home_when_allowed() -> None:
    table = SeahavenTable(SEED)
    events = table.tap("column:9")
    assert events == [
        {
            "type": "move",
            "move": "c9-hD",
            "from": "column:9",
            "to": "foundation:D",
            "card": "AD",
            "say": MOVED,
        }
    ]
    assert table.state.foundations == (0, 0, 1, 0)
    assert table.view()["score"] == 10 and table.view()["moves"] == 1


def test_tap_selects_with_its_run_then_a_tap_on_a_destination_moves() -> None:
    table = table_at(position(["TC 9C 8C", "9D", "AS"], ["JC", None, None, None]))
    assert table.tap("column:1") == [{"type": "select", "target": "column:1"}]
    view = table.view()
    assert view["selected"] == "column:1"
    assert [card["selected"] for card in view["piles"][0]["cards"]] == [True, True, True]
    events = table.tap("column:4")  # empty column: the run is not king-led
    assert events[0]["type"] == "error" and table.selected is not None
    assert table.tap("cell:1")[0]["type"] == "error"  # the cell is taken
    assert table.selected == "cell:1"  # selection moved
    assert table.tap("cell:1") == [{"type": "deselect"}]
    assert table.view()["selected"] is None


def test_tap_destination_moves_as_many_cards_as_it_needs() -> None:
    table = table_at(position(["5D KC QC JC TC", "TH 9C 8C 7C"]))
    table.tap("column:2")
    events = table.tap("column:1")
    assert events[0]["move"] == "c2-c1x3"
    assert [str(card) for card in table.state.columns[0]][-4:] == ["TC", "9C", "8C", "7C"]
    table.tap("column:1")
    assert table.tap("column:5")[0]["move"] == "c1-c5x7"


def test_no_card_goes_home_by_itself_by_default() -> None:
    table = table_at(position(["2S AS", "3S"]))
    table.tap("column:1")
    assert table.state.foundations == (1, 0, 0, 0)
    assert [str(c) for c in table.state.columns[0]] == ["2S"]


def test_auto_move_sends_safe_cards_home_as_one_undo_step() -> None:
    table = table_at(position(["2S AS", "3S 9H", "TH"]), TableSettings(auto_move=True))
    events = table.tap("column:2")  # select 9H
    events = table.tap("column:3")  # 9H onto TH, then 3S … no: AS, 2S, 3S go home
    assert events[0]["move"] == "c2-c3"
    assert [event["move"] for event in events[1:] if event["type"] == "move"] == [
        "c1-hS",
        "c1-hS",
        "c2-hS",
    ]
    assert all(event.get("auto") for event in events[1:] if event["type"] == "move")
    assert table.state.foundations == (3, 0, 0, 0) and table.state.moves == 4
    table.undo()
    assert table.state.foundations == (0, 0, 0, 0) and table.state.moves == 0


def test_drag_moves_a_run_named_by_its_index() -> None:
    table = table_at(position(["JH", "3C TH 9H 8H", "AD"]))
    assert table.drag("column:2:2", "column:1")[0]["type"] == "error"  # 9H onto JH
    assert table.drag("column:2:1", "column:1")[0]["move"] == "c2-c1x3"
    assert table.drag("column:3", "foundation:D")[0]["move"] == "c3-hD"
    assert table.drag("column:3", "cell:1")[0]["message"] == "There is no card there"


def test_double_tap_order_foundation_column_empty_column_cell() -> None:
    state = position(["AS", "2S", "5H 2C", "3C", "8D KH", "6H"], [None, None, None, None])
    table = table_at(state)
    assert table.double_tap("column:1")[0]["to"] == "foundation:S"
    assert table.double_tap("column:2")[0]["to"] == "foundation:S"  # 2S home, not a cell
    assert table.double_tap("column:3")[0]["to"] == "column:4"  # 2C onto 3C
    assert table.double_tap("column:3")[0]["to"] == "column:6"  # 5H onto 6H
    assert table.double_tap("column:5")[0]["to"] == "column:1"  # KH to the empty column
    assert table.double_tap("column:5")[0]["to"] == "cell:1"  # 8D to a free cell


def test_double_tap_prefers_the_longest_column() -> None:
    # Only one column can take a given card in Seahaven; the king goes to the first empty
    # column, never from a column it already fills alone.
    table = table_at(position(["KH"], [None, None, None, None]))
    assert table.double_tap("column:1")[0]["to"] == "cell:1"


def test_refusals_change_nothing_and_explain_when_asked() -> None:
    table = table_at(position(["8H", "5C"]), TableSettings(move_errors=True))
    before = (table.state, list(table.log))
    events = table.drag("column:2", "column:1")
    assert events == [
        {"type": "error", "message": "Must be the same suit and exactly one rank lower"}
    ]
    assert (table.state, table.log) == before
    assert table.view()["message"] == "Must be the same suit and exactly one rank lower"
    quiet = table_at(position(["8H", "5C"]))
    quiet.drag("column:2", "column:1")
    assert quiet.view()["message"] is None


@pytest.mark.parametrize(
    "bad", ["column:11", "column:0", "cell:5", "foundation:X", "waste", "column:a"]
)
def test_malformed_targets_raise(bad: str) -> None:
    table = SeahavenTable(SEED)
    with pytest.raises(ValueError, match="unknown target"):
        table.tap(bad)


def test_cells_beyond_the_variant_are_unknown_targets() -> None:
    with pytest.raises(ValueError):
        SOLITAIRES[2].declaration.parse("cell:3")
    assert SOLITAIRES[2].declaration.parse("cell:2") == ("cell:2", None)
    assert SOLITAIRES[1].declaration.parse("cell:1") == ("cell:1", None)


def test_undo_redo_and_the_hundred_step_limit() -> None:
    table = table_at(position(["KS", "3H"], ["2H", None, None, None], (0, 1, 0, 0)))
    assert table.drag("cell:1", "column:3")[0]["type"] == "error"  # only a king there
    for _ in range(60):
        table.drag("cell:1", "cell:2")
        table.drag("cell:2", "cell:1")
    assert table.state.moves == 120
    for _ in range(100):
        assert table.undo() == [{"type": "undo"}]
    assert table.undo() == [{"type": "error", "message": "Nothing to undo"}]
    assert table.state.moves == 20
    assert table.redo() == [{"type": "redo"}]
    assert table.state.moves == 21
    table.drag("column:1", "column:3")
    assert not table.view()["can_redo"]


def test_undo_withdraws_the_score_a_move_added_clamp_included() -> None:
    table = table_at(position(["AS", "3D"], foundations=(0, 0, 2, 0)))
    table.tap("column:1")
    assert table.view()["score"] == 10
    table.drag("foundation:D", "cell:1")
    assert table.view()["score"] == 0
    table.undo()
    assert table.view()["score"] == 10
    table.undo()
    assert table.view()["score"] == 0 and table.view()["moves"] == 0


def test_win_status_event_and_timer() -> None:
    clock = Clock()
    table = SeahavenTable(SEED, clock=clock)
    table.history._current = position(["KC"], foundations=(13, 13, 13, 12))
    clock.now = 5.0
    assert table.view()["elapsed"] == 0.0  # the timer starts at the first move
    events = table.tap("column:1")
    assert events[-1] == {"type": "won"}
    clock.now = 9.0
    assert table.view()["status"] == "won" and table.view()["elapsed"] == 0.0
    for refused in (table.undo(), table.tap("foundation:C"), table.drag("foundation:C", "cell:1")):
        assert refused == [{"type": "error", "message": "The game is won: start a new deal"}]
    assert table.state.won


def test_stuck_is_announced_and_undo_offers_a_way_back() -> None:
    clock = Clock()
    # three cards cover the ace: four cells free it, three do not
    start = position(["AS 2S 3S 4S", "6S 5S"], foundations=(0, 13, 13, 13))
    table = SeahavenTable(SEED, clock=clock)
    table.history._current = start
    events = table.drag("column:2", "cell:1")
    assert events == [
        {
            "type": "move",
            "move": "c2-f1",
            "from": "column:2",
            "to": "cell:1",
            "card": "5S",
            "say": MOVED,
        }
    ]
    assert table.view()["status"] == "playing"
    clock.now = 1.0
    events = table.drag("column:2", "cell:2")
    assert events[-1] == {"type": "stuck"}
    assert table.view()["status"] == "stuck"
    clock.now = 10.0
    assert table.view()["elapsed"] == 1.0  # stopped at the end
    assert table.undo() == [{"type": "undo"}]
    assert table.view()["status"] == "playing"
    clock.now = 11.0
    assert table.view()["elapsed"] == 2.0  # resumed


def test_view_contract_keys_and_piles() -> None:
    table = SeahavenTable(DealCode.parse("SH1-C2-AAAAAAA"))
    view = table.view()
    json.dumps(view)
    for key in (
        "game",
        "code",
        "variant",
        "status",
        "score",
        "moves",
        "elapsed",
        "can_undo",
        "can_redo",
        "selected",
        "message",
        "piles",
    ):
        assert key in view
    assert view["game"] == "seahaven" and view["code"] == "SH1-C2-AAAAAAA"
    kinds = [pile["kind"] for pile in view["piles"]]
    assert kinds == ["column"] * 10 + ["cell"] * 2 + ["foundation"] * 4
    assert [len(pile["cards"]) for pile in view["piles"][:10]] == [5] * 10
    assert view["piles"][10]["cards"][0]["card"] == "KH"
    assert view["piles"][12] == {
        "target": "foundation:S",
        "kind": "foundation",
        "cards": [],
        "suit": "S",
        "count": 0,
        "x": 6 * 108,
        "y": 0,
        "fan": 0,
    }
    columns = view["piles"][:10]
    assert [pile["x"] for pile in columns] == [108 * n for n in range(10)]
    assert all(pile["fan"] == 36 and pile["y"] > 140 for pile in columns)
    assert view["board"]["width"] >= columns[-1]["x"] + 100
    card = view["piles"][0]["cards"][-1]
    assert set(card) == {"card", "face_up", "available", "framed", "dimmed", "selected"}
    assert [c["available"] for c in view["piles"][0]["cards"]] == [False] * 4 + [True]


def test_placement_help_frames_playable_cards_and_dims_non_accepting_piles() -> None:
    table = table_at(position(["8H", "7H", "AS", "KD 5C"], [None, None, None, None]))
    piles = table.view()["piles"]
    framed = {p["target"] for p in piles for c in p["cards"] if c["framed"]}
    assert framed == {"column:2", "column:3"}  # 7H onto 8H, AS home
    table.tap("column:2")
    piles = table.view()["piles"]
    accepts = {p["target"] for p in piles if p["accepts"]}
    assert accepts == {"column:1", "cell:1", "cell:2", "cell:3", "cell:4"}
    dimmed = {p["target"] for p in piles for c in p["cards"] if c["dimmed"]}
    assert dimmed == {"column:3", "column:4"}
    off = table_at(position(["8H", "7H"]), TableSettings(placement_help=False))
    assert not any(c["framed"] for p in off.view()["piles"] for c in p["cards"])


def test_replay_rebuilds_state_history_and_selection() -> None:
    table = SeahavenTable(SEED)
    table.tap("column:9")
    table.tap("column:4")
    table.tap("column:3")
    table.tap("column:1")
    table.tap("column:7")  # selection moves or a move happens
    table.undo()
    table.redo()
    table.undo()
    table.tap("column:2")
    clock = Clock()
    copy = replay(SeahavenTable(SEED, clock=clock), list(table.log))
    assert copy.state == table.state
    assert copy.selected == table.selected
    assert copy.view() | {"elapsed": 0} == table.view() | {"elapsed": 0}
    assert copy.history.can_redo == table.history.can_redo


def test_hint_is_the_first_move_of_a_winning_line() -> None:
    table = SeahavenTable(SEED)
    hint = table.hint()
    assert hint["verdict"] == "move"
    move = parse_move(hint["move"])
    assert (move.source.target, move.dest.target) == (hint["from"], hint["to"])
    (intent,) = hint["intents"]
    assert intent["type"] == "drag"
    assert table.drag(intent["source"], intent["target"])[0]["type"] == "move"
    lost = table_at(position(["AC 3C 2C 4C"], foundations=(13, 13, 13, 0)))
    assert lost.hint()["verdict"] == "lost"
