"""The kit's table on a toy solitaire: what Heart to Heart does not exercise (runs,
named piles, piles that keep their cards, finish, refusals of empty taps)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from kit_toy import CODE, DECLARATION, SUITS, TOY, Toy, ToyMove, ToyState

from cardems.core.game import IntentError, TableSettings, replay
from cardems.kit import PileSpec, Play, SolitaireTable


def toy(**settings: bool) -> SolitaireTable[ToyState, ToyMove]:
    return SolitaireTable(TOY, CODE, TableSettings(**settings), clock=lambda: 0.0)


def test_targets_are_read_and_named_by_the_declaration() -> None:
    assert DECLARATION.targets == ("column:1", "column:2", "foundation:S", "foundation:H")
    assert DECLARATION.parse("foundation:h") == ("foundation:H", None)
    assert DECLARATION.parse("column:02:3") == ("column:2", 3)
    for bad in ("column:3", "foundation:D", "column", "cell:1", "column:1:x", "foundation:S:1"):
        with pytest.raises(ValueError, match="expected column:1 … column:2, foundation:S …"):
            DECLARATION.parse(bad)


def test_a_tap_alone_sends_a_card_home_and_a_foundation_is_never_taken() -> None:
    t = toy(move_errors=True)
    [event] = t.tap("column:1")
    assert event == {
        "type": "move",
        "move": "column:1>foundation:Sx1",
        "from": "column:1",
        "to": "foundation:S",
        "card": "AS",
        "say": "Moved %(card)s.",
    }
    assert t.tap("foundation:S") == [{"type": "error", "message": "There is no card there"}]
    assert t.view()["message"] == "There is no card there"
    assert t.double_tap("column:2") == [{"type": "error", "message": "This card has nowhere to go"}]


def test_a_drag_names_the_cards_it_takes_and_the_engine_refuses_in_its_words() -> None:
    t = toy()
    t.tap("column:1")  # AS home
    assert t.drag("column:1:2", "column:2")[1:] == [
        {"type": "error", "message": "Must be one rank lower"},
        {"type": "select", "target": "column:2"},
    ]
    t.tap("column:2")  # deselect
    [select, move] = t.drag("column:1:3", "column:2")
    assert select == {"type": "select", "target": "column:1"} and move["card"] == "AH"
    assert move["from"] == "column:1" and move["move"] == "column:1>column:2x1"
    assert t.state.columns == (("4S", "3H", "2S"), ("4H", "3S", "2H", "AH"))


def test_placement_help_selects_the_run_and_says_which_piles_accept_it() -> None:
    t = toy()
    t.tap("column:1")
    t.tap("column:1")  # AH goes home
    t.tap("column:2")  # 2H goes home
    t.tap("column:2")  # the run 4H 3S selected (3S cannot go home)
    view = t.view()
    piles = {pile["target"]: pile for pile in view["piles"]}
    assert view["selected"] == "column:2"
    assert [card["selected"] for card in piles["column:2"]["cards"]] == [True, True]
    assert {target for target, pile in piles.items() if pile["accepts"]} == set()
    assert all(card["dimmed"] for card in piles["column:1"]["cards"])
    assert not any(card["dimmed"] for card in piles["column:2"]["cards"])


def test_finish_plays_every_card_home_and_logs_each_move_as_its_own_intent() -> None:
    t = toy()
    assert t.view()["can_finish"] is True
    events = t.act(("finish",))
    assert events[-1] == {"type": "won"} and t.status == "won"
    assert all(kind == "drag" for kind, *_ in t.log)
    again = replay(toy(), list(t.log))
    assert again.view() == t.view()
    assert t.act(("finish",)) == [{"type": "error", "message": "The game is won"}]


def test_the_finish_intent_is_refused_by_a_game_that_does_not_declare_it() -> None:
    from cardems.heart_to_heart.table import HeartToHeartTable

    with pytest.raises(IntentError):
        HeartToHeartTable(CODE).act(("finish",))


@pytest.mark.slow
@given(st.integers(0, 2**32), st.integers(0, 12))
def test_every_legal_intent_plays_exactly_its_move(seed: int, steps: int) -> None:
    t, rng = toy(), random.Random(seed)
    for _ in range(steps):
        moves = t.state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        intent = TOY.intent_of(t.state, move)
        assert intent in t.legal_intents()
        expected = t.state.apply(move)
        t.act(intent)
        assert t.state == expected
    assert replay(toy(), list(t.log)).view() == t.view()


class Quiet(Toy):
    """The toy with the cell games' manners: drags that select nothing, a foundation
    that says why its cards stay, a single pile numbered as if there were several, and
    placement help that frames only the moves home."""

    declaration = replace(
        DECLARATION,
        piles=(
            PileSpec("column", count=2, runs=True, fan=30),
            PileSpec("foundation", names=SUITS, selectable=False, kept_refusal="They stay"),
            PileSpec("spare", numbered=True),
        ),
        drags_select=False,
    )

    def frames(self, state: ToyState, play: Play) -> bool:
        return play.target.startswith("foundation")

    def place(self, state: ToyState, target: str) -> dict[str, Any]:
        return {"x": 0, "y": 0}


def quiet(**settings: bool) -> SolitaireTable[ToyState, ToyMove]:
    return SolitaireTable(Quiet(), CODE, TableSettings(**settings), clock=lambda: 0.0)


def test_a_single_pile_may_be_numbered_like_the_others() -> None:
    declaration = Quiet.declaration
    assert declaration.targets[-1] == "spare:1"
    assert declaration.parse("spare:01") == ("spare:1", None)
    for bad in ("spare", "spare:2"):
        with pytest.raises(ValueError, match="spare:1"):
            declaration.parse(bad)


def test_a_drag_that_selects_nothing_plays_or_says_why() -> None:
    t = quiet()
    t.tap("column:1")  # AS home
    assert t.drag("column:1:2", "column:2") == [
        {"type": "error", "message": "Must be one rank lower"}
    ]
    assert t.selected is None and t.log == [("tap", "column:1")]
    t.tap("column:2")  # 2H selected: a refused drag keeps it
    t.drag("column:1:2", "column:2")
    assert t.selected == "column:2"
    [move] = t.drag("column:1:3", "column:2")
    assert move["move"] == "column:1>column:2x1" and t.selected is None


def test_a_pile_that_keeps_its_cards_says_why_once_it_holds_some() -> None:
    t = quiet()
    assert t.tap("foundation:S") == [{"type": "error", "message": "There is no card there"}]
    t.tap("column:1")  # AS home
    assert t.tap("foundation:S") == [{"type": "error", "message": "They stay"}]
    assert t.drag("foundation:S", "column:2") == [{"type": "error", "message": "They stay"}]


def test_placement_help_frames_what_the_solitaire_chooses() -> None:
    def framed(table: SolitaireTable[ToyState, ToyMove]) -> set[str]:
        table.history._current = ToyState((("4H", "3S"), ("2H",)), (2, 0))
        piles = table.view()["piles"]
        return {p["target"] for p in piles for card in p["cards"] if card["framed"]}

    assert framed(toy()) == {"column:1", "column:2"}  # 3S home, 2H onto 3S
    assert framed(quiet()) == {"column:1"}  # only the move home


def test_play_move_plays_an_engine_move_by_its_intent_or_refuses_it() -> None:
    t = toy()
    assert t.play_move(ToyMove("column:2", "foundation:H")) == [
        {"type": "error", "message": "Not next on its foundation"}
    ]
    t.play_move(ToyMove("column:1", "foundation:S"))
    assert t.log == [("drag", "column:1:4", "foundation:S")]


def test_an_undo_out_of_an_end_without_a_win_restarts_the_clock() -> None:
    clock = [0.0]
    t = SolitaireTable(TOY, CODE, clock=lambda: clock[0])
    t.history._current = ToyState((("3S",), ("5H", "AH")))  # AH home, then stuck
    t.tap("column:2")
    clock[0] = 5.0
    assert t.status == "stuck" and t.view()["elapsed"] == 0.0
    t.undo()
    clock[0] = 7.0
    assert t.view()["elapsed"] == 2.0
