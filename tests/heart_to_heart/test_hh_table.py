"""The table layer: taps, selection, placement help, undo/redo, timer, view, replay."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hh_helpers import EXAMPLE
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.core.game import Action as Intent
from cardems.core.game import Table, TableSettings, replay
from cardems.dealcode import DealCode
from cardems.heart_to_heart.rules import SAME_RANK, Move, MoveKind
from cardems.heart_to_heart.table import HeartToHeartTable
from cardems.kit.pairs.ranks import hint as solver_hint
from cardems.kit.pairs.ranks import winning_line


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def table(
    errors: bool = False, help_on: bool = True, code: DealCode = EXAMPLE
) -> HeartToHeartTable:
    return HeartToHeartTable(code, TableSettings(move_errors=errors, placement_help=help_on))


def taps(move: Move) -> list[str]:
    """The taps a player makes for a move."""
    if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
        return ["stock"]
    if move.kind is MoveKind.WASTE:
        return [f"heart:{move.first}", "waste"]
    return [f"heart:{move.first}", f"heart:{move.second}"]


def play_moves(t: HeartToHeartTable, moves: list[Move]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for move in moves:
        for target in taps(move):
            events += t.tap(target)
    return events


def pile(view: dict[str, Any], target: str) -> dict[str, Any]:
    return next(p for p in view["piles"] if p["target"] == target)


def card(view: dict[str, Any], target: str) -> dict[str, Any]:
    cards = pile(view, target)["cards"]
    assert len(cards) == 1
    return dict(cards[0])


def test_the_table_satisfies_the_protocol() -> None:
    t: Table = table()
    assert t.code == EXAMPLE and t.log == []


def test_tapping_the_covered_ten_at_position_1_does_nothing() -> None:
    for errors in (False, True):
        t = table(errors)
        before = t.view()
        assert t.tap("heart:1") == []
        assert t.view() == before and t.log == []


def test_tip_then_waste_leaves_the_waste_selected() -> None:
    t = table(errors=True)
    assert t.tap("heart:25") == [{"type": "select", "target": "heart:25"}]
    events = t.tap("waste")
    assert events == [
        {"type": "error", "message": SAME_RANK},
        {"type": "select", "target": "waste"},
    ]
    view = t.view()
    assert view["selected"] == "waste" and view["message"] == "Must be of the same rank"
    assert card(view, "waste")["selected"] and not card(view, "heart:25")["selected"]
    assert view["moves"] == 0 and view["score"] == 0


def test_the_message_only_shows_with_move_errors_on() -> None:
    t = table(errors=False)
    t.tap("heart:25")
    assert t.tap("waste")[0] == {"type": "error", "message": SAME_RANK}
    assert t.view()["message"] is None and t.view()["selected"] == "waste"


def test_nine_draws_then_move_ten_pairs_the_waste_four_with_the_tip() -> None:
    t = table()
    for _ in range(9):
        events = t.tap("stock")
        assert events[0]["move"] == "D" and events[0]["from"] == "stock"
    view = t.view()
    assert card(view, "waste")["card"] == "4H" and pile(view, "stock")["count"] == 17
    assert pile(view, "waste")["count"] == 10
    assert card(view, "heart:25")["framed"] and card(view, "waste")["framed"]
    t.tap("heart:25")
    events = t.tap("waste")
    assert events == [
        {"type": "move", "move": "25+W", "from": "heart:25", "to": "waste", "say": "Paired."}
    ]
    view = t.view()
    assert view["moves"] == 10 and view["score"] == 10 and view["selected"] is None
    assert pile(view, "heart:25")["cards"] == []
    assert card(view, "heart:23")["available"] and card(view, "heart:24")["available"]
    assert not card(view, "heart:20")["available"]


def test_tapping_the_selected_card_again_deselects_it() -> None:
    t = table()
    t.tap("heart:25")
    assert t.tap("heart:25") == [{"type": "deselect"}]
    assert t.view()["selected"] is None and t.log == [("tap", "heart:25")] * 2


def test_selecting_the_waste_first_then_a_matching_card_pairs_them() -> None:
    t = table()
    for _ in range(9):
        t.tap("stock")
    t.tap("waste")
    events = t.tap("heart:25")
    assert events[0]["move"] == "25+W" and events[0]["from"] == "waste"


def test_a_heart_pair_by_taps_and_by_drag() -> None:
    line = winning_line(table().state)
    assert line is not None
    first_pair = next(i for i, m in enumerate(line) if m.kind is MoveKind.PAIR)
    for use_drag in (False, True):
        t = table()
        play_moves(t, line[:first_pair])
        move = line[first_pair]
        a, b = f"heart:{move.first}", f"heart:{move.second}"
        events = t.drag(a, b) if use_drag else t.tap(a) + t.tap(b)
        assert events[-1] == {
            "type": "move",
            "move": str(move),
            "from": a,
            "to": b,
            "say": "Paired.",
        }
        assert t.view()["score"] == 20 * 1 + 10 * sum(
            m.kind is MoveKind.WASTE for m in line[:first_pair]
        )


def test_drag_is_select_then_target_and_double_tap_on_the_stock_draws() -> None:
    t = table(errors=True)
    events = t.drag("heart:25", "waste")
    assert events[0]["type"] == "select" and events[1]["message"] == SAME_RANK
    assert t.view()["selected"] == "waste"
    assert t.drag("heart:1", "waste") == []  # a covered card cannot be dragged
    assert t.drag("stock", "waste")[0]["type"] == "error"
    u = table()
    assert u.double_tap("stock") == table().tap("stock")
    assert u.view()["moves"] == 1 and u.log == [("double_tap", "stock")]


def partners_of(t: HeartToHeartTable, target: str) -> list[str]:
    """What a player sees: the other free cards, and the waste's top card, of that rank."""
    piles = {pile["target"]: pile for pile in t.view()["piles"]}
    card = piles[target]["cards"][-1]["card"]
    return [
        name
        for name, pile in piles.items()
        if name not in (target, "stock")
        and pile["cards"]
        and pile["cards"][-1]["available"]
        and pile["cards"][-1]["card"][0] == card[0]
    ]


def double_tap_cases(kind: int) -> list[tuple[HeartToHeartTable, str]]:
    """Positions along a random play where a free card has ``kind`` partners (2: several,
    none of them the waste)."""
    import random

    found = []
    for seed in range(40):
        t, rng = table(), random.Random(seed)
        for _ in range(60):
            piles = t.view()["piles"]
            free = [p["target"] for p in piles if p["cards"] and p["cards"][-1]["available"]]
            for target in free:
                partners = partners_of(t, target)
                wanted = {0: not partners, 1: len(partners) == 1}.get(
                    kind, len(partners) > 1 and "waste" not in partners
                )
                if wanted and t.view()["selected"] is None:
                    found.append((t, target))
                    break
            if found:
                return found
            moves = t.state.legal_moves()
            if not moves:
                break
            for target in taps(rng.choice(moves)):
                t.tap(target)
    return found


def test_double_tap_pairs_a_card_with_its_only_partner_even_after_the_first_tap() -> None:
    [(t, target)] = double_tap_cases(1)
    [partner] = partners_of(t, target)
    moves = t.view()["moves"]
    assert t.tap(target)[0]["type"] == "select"  # a double click: the first click selects
    events = t.double_tap(target)
    assert [e["type"] for e in events][-1] in ("move", "won", "blocked") and any(
        e["type"] == "move" and {e["from"], e["to"]} == {target, partner} for e in events
    )
    assert t.view()["moves"] == moves + 1 and t.view()["selected"] is None
    assert t.log[-1] == ("double_tap", target)


def test_double_tap_with_several_partners_keeps_the_card_selected() -> None:
    cases = double_tap_cases(2)
    if not cases:
        pytest.skip("no such position in the sampled games")
    [(t, target)] = cases
    moves = t.view()["moves"]
    t.double_tap(target)
    assert t.view()["selected"] == target and t.view()["moves"] == moves


def test_double_tap_without_a_partner_is_a_tap() -> None:
    [(t, target)] = double_tap_cases(0)
    moves = t.view()["moves"]
    assert t.double_tap(target) == [{"type": "select", "target": target}]
    assert t.double_tap(target) == [{"type": "deselect"}]  # a quick second tap deselects
    assert t.view()["moves"] == moves
    assert t.double_tap("heart:1") == []  # a covered card: nothing happens


def test_tapping_the_stock_clears_the_selection_and_draws() -> None:
    t = table()
    t.tap("heart:25")
    events = t.tap("stock")
    assert events[0] == {"type": "deselect"} and events[1]["move"] == "D"


def test_recycle_by_tapping_the_empty_stock() -> None:
    t = table()
    for _ in range(26):
        t.tap("stock")
    events = t.tap("stock")
    assert events == [
        {
            "type": "move",
            "move": "R",
            "from": "waste",
            "to": "stock",
            "say": "Turned the waste over: a new stock.",
            "card": "",
        }
    ]
    view = t.view()
    assert pile(view, "stock")["count"] == 27 and pile(view, "waste")["cards"] == []
    assert t.tap("waste") == []  # an empty waste cannot be selected


def test_placement_help_frames_cards_with_a_partner_and_dims_non_matches() -> None:
    t = table()
    for _ in range(9):
        t.tap("stock")
    t.tap("heart:25")
    view = t.view()
    assert card(view, "waste")["dimmed"] is False  # the 4♥ on the waste matches
    assert card(view, "heart:25")["dimmed"] is False  # the selection itself
    assert card(view, "heart:1")["dimmed"] is True  # 10♥ does not match 4♥
    assert card(view, "heart:13")["card"] == "4H" and card(view, "heart:13")["dimmed"]  # covered
    assert not card(view, "heart:1")["framed"]  # covered cards are never framed
    t.tap("heart:25")  # deselect: nothing is dimmed
    assert not any(c["dimmed"] for p in t.view()["piles"] for c in p["cards"])


def test_placement_help_off_sets_no_flags() -> None:
    t = table(help_on=False)
    for _ in range(9):
        t.tap("stock")
    t.tap("heart:25")
    flags = [(c["framed"], c["dimmed"]) for p in t.view()["piles"] for c in p["cards"]]
    assert set(flags) == {(False, False)}


def test_no_frame_without_a_partner() -> None:
    view = table().view()  # the tip 4♥ and the waste A♥ do not match
    assert not card(view, "heart:25")["framed"] and not card(view, "waste")["framed"]


def test_view_is_json_and_hides_face_down_cards() -> None:
    t = table()
    t.tap("stock")
    view = t.view()
    json.dumps(view)
    assert view["game"] == "heart-to-heart" and view["code"] == "HH1-N-AAAAAAM"
    assert view["variant"] == "N" and view["status"] == "playing"
    stock = pile(view, "stock")
    assert stock["count"] == 25 and all(
        c["card"] is None and not c["face_up"] for c in stock["cards"]
    )
    waste = pile(view, "waste")
    assert waste["count"] == 2 and [c["card"] for c in waste["cards"]] == ["TH"]
    hearts = [p for p in view["piles"] if p["kind"] == "heart"]
    assert [p["target"] for p in hearts] == [f"heart:{n}" for n in range(1, 26)]
    assert (hearts[0]["row"], hearts[0]["column"], hearts[24]["row"], hearts[24]["column"]) == (
        1,
        0.5,
        7,
        2.5,
    )
    assert all(c["face_up"] for p in hearts for c in p["cards"])


@pytest.mark.parametrize("target", ["heart:0", "heart:26", "heart:x", "column:1", "", "Stock"])
def test_malformed_targets_raise(target: str) -> None:
    with pytest.raises(ValueError, match="unknown Heart to Heart target"):
        table().tap(target)


def test_undo_and_redo_restore_exactly() -> None:
    t = table()
    start = t.view()
    play_moves(t, [Move.draw()] * 9 + [Move.with_waste(25)])
    after = t.view()
    assert t.undo() == [{"type": "undo"}]
    assert t.view()["moves"] == 9 and t.view()["score"] == 0
    assert t.redo() == [{"type": "redo"}]
    assert t.view() | {"elapsed": 0} == after | {"elapsed": 0}
    for _ in range(10):
        t.undo()
    assert t.view() | {"elapsed": 0, "can_redo": False} == start | {"can_redo": False}
    assert t.undo()[0] == {"type": "error", "message": "Nothing to undo"}
    t.redo()
    t.tap("stock")  # a new move clears redo
    assert not t.view()["can_redo"] and t.redo()[0]["type"] == "error"


def test_undo_reaches_back_100_moves() -> None:
    t = table()
    for _ in range(105):
        t.tap("stock")
    undone = sum(t.undo() == [{"type": "undo"}] for _ in range(105))
    assert undone == 100 and t.view()["moves"] == 5


def test_timer_starts_at_the_first_move_not_at_a_selection() -> None:
    clock = FakeClock()
    t = HeartToHeartTable(EXAMPLE, clock=clock)
    clock.now += 50
    t.tap("heart:25")
    clock.now += 5
    assert t.view()["elapsed"] == 0
    t.tap("stock")
    clock.now += 7
    assert t.view()["elapsed"] == 7


def test_a_win_stops_the_timer_and_ends_the_game() -> None:
    clock = FakeClock()
    t = HeartToHeartTable(EXAMPLE, clock=clock)
    line = winning_line(t.state)
    assert line is not None
    events = play_moves(t, line)
    assert events[-1] == {"type": "won"}
    view = t.view()
    assert view["status"] == "won" and view["score"] == 250 and view["moves"] == len(line)
    clock.now += 60
    assert t.view()["elapsed"] == 0  # the fake clock did not move during play
    assert t.tap("stock")[0]["message"] == "The game is won"
    assert t.undo()[0]["type"] == "error" and not view["can_undo"]


def blocked_table() -> tuple[HeartToHeartTable, FakeClock]:
    """Play pairs first, else draw, on deal 0 until the game is blocked."""
    clock = FakeClock()
    t = HeartToHeartTable(DealCode.parse("HH1-N-AAAAAAA"), clock=clock)
    while t.status == "playing":
        move = t.state.legal_moves()[0]
        clock.now += 1
        for target in taps(move):
            events = t.tap(target)
    assert events[-1] == {"type": "blocked"}
    return t, clock


def test_a_blocked_game_says_so_and_can_be_undone() -> None:
    t, clock = blocked_table()
    assert t.status == "blocked" and t.state.is_blocked()
    elapsed = t.view()["elapsed"]
    clock.now += 30
    assert t.view()["elapsed"] == elapsed  # the timer pauses
    assert t.tap("stock") == [{"type": "error", "message": "No more moves possible"}]
    assert t.undo() == [{"type": "undo"}] and t.view()["status"] == "playing"
    assert t.redo() == [{"type": "redo"}, {"type": "blocked"}]


def test_the_table_says_when_the_game_can_no_longer_be_won() -> None:
    """Follow hints; at each step look for a move that loses the game while play goes on."""
    played: list[Move] = []
    for _ in range(80):
        t = table()
        play_moves(t, played)
        assert t.winnable()
        for move in t.state.legal_moves():
            probe = table()
            play_moves(probe, [*played, move])
            if not probe.winnable() and probe.status == "playing":
                assert probe.hint()["verdict"] == "lost" and probe.state.legal_moves()
                return
        move = solver_hint(t.state)
        assert move is not None
        played.append(move)
    raise AssertionError("no losing move found")


def test_hint_is_the_next_move_of_a_winning_line() -> None:
    t = table()
    hint = t.hint()
    assert hint == {
        "verdict": "move",
        "move": "D",
        "from": "stock",
        "to": "waste",
        "card": None,
        "intents": [{"type": "tap", "target": "stock"}],
        "words": "Hint: draw a card",
    }
    lost = table(code=DealCode.parse("HH1-N-AAAAAAA")).hint()  # not winnable
    assert lost["verdict"] == "lost" and "no longer be won" in lost["words"]


INTENTS = st.lists(
    st.one_of(
        st.sampled_from([("tap", "stock"), ("tap", "waste"), ("undo",), ("redo",)]),
        st.integers(1, 25).map(lambda n: ("tap", f"heart:{n}")),
        st.tuples(
            st.just("drag"),
            st.sampled_from(["heart:25", "heart:24", "waste"]),
            st.sampled_from(["heart:23", "waste"]),
        ),
        st.integers(1, 25).map(lambda n: ("double_tap", f"heart:{n}")),
    ),
    max_size=80,
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**35 - 1), INTENTS)
def test_replaying_the_log_rebuilds_the_table(number: int, intents: list[Intent]) -> None:
    code = DealCode("HH", 1, "N", number)
    t = HeartToHeartTable(code, TableSettings(move_errors=True))
    for intent in intents:
        before = (t.state, t.selected)
        events = t.act(intent)
        if (t.state, t.selected) == before:
            assert not any(e["type"] in ("move", "undo", "redo") for e in events)
    again = replay(HeartToHeartTable(code, TableSettings(move_errors=True)), list(t.log))
    assert isinstance(again, HeartToHeartTable)
    # the message of the last refusal is not state: refusals are not logged
    ignore = {"elapsed": 0, "message": None}
    assert again.view() | ignore == t.view() | ignore
    assert again.history.can_undo == t.history.can_undo


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**35 - 1), st.integers(1, 60))
def test_undo_all_the_way_restores_the_deal(number: int, count: int) -> None:
    code = DealCode("HH", 1, "N", number)
    t = HeartToHeartTable(code)
    start = t.view()
    states = [t.state]
    for k in range(count):
        moves = t.state.legal_moves()
        if not moves or t.status != "playing":
            break
        play_moves(t, [moves[k % len(moves)]])
        states.append(t.state)
    for state in reversed(states[:-1]):
        t.undo()
        assert t.state == state
    assert t.view() | {"elapsed": 0, "can_redo": False} == start | {"can_redo": False}
