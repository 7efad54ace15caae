"""Hypothesis properties: cards conserved, undo exact, notation round-trip, replayable logs."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cards import ALL_CARDS
from cardems.core.game import replay
from cardems.dealcode import DealCode
from cardems.seahaven.rules import (
    Move,
    Place,
    apply_move,
    deal,
    format_move,
    has_useful_move,
    legal_moves,
    parse_move,
)
from cardems.seahaven.solver import progress_possible
from cardems.seahaven.table import SeahavenTable

codes = st.builds(
    DealCode,
    st.just("SH"),
    st.just(1),
    st.sampled_from(["C4", "C2", "C1"]),
    st.integers(0, 32**7 - 1),
)
choices = st.lists(st.integers(0, 10_000), max_size=40)

places = st.one_of(
    st.builds(Place, st.just("column"), st.integers(0, 9)),
    st.builds(Place, st.just("cell"), st.integers(0, 3)),
    st.builds(Place, st.just("foundation"), st.integers(0, 3)),
)


@settings(max_examples=40, deadline=None)
@given(codes, choices)
def test_cards_are_conserved_and_score_never_negative(code: DealCode, picks: list[int]) -> None:
    state = deal(code)
    for pick in picks:
        moves = list(legal_moves(state))
        if not moves:
            break
        state = apply_move(state, moves[pick % len(moves)])
        assert Counter(state.all_cards()) == Counter(ALL_CARDS)
        assert state.score >= 0
        assert len(state.cells) == {"C4": 4, "C2": 2, "C1": 1}[code.variant]


@settings(max_examples=30, deadline=None)
@given(codes, choices)
def test_undo_restores_exactly_and_redo_reapplies(code: DealCode, picks: list[int]) -> None:
    table = SeahavenTable(code)
    states = [table.state]
    for pick in picks:
        moves = list(legal_moves(table.state))
        if not moves:
            break
        events = table.play_move(moves[pick % len(moves)])
        assert events[0]["type"] == "move"
        states.append(table.state)
    for expected in reversed(states[:-1]):
        table.undo()
        assert table.state == expected  # cards, score and move counter
    for expected in states[1:]:
        table.redo()
        assert table.state == expected


@given(places, places, st.integers(1, 13))
def test_move_notation_round_trips(source: Place, dest: Place, count: int) -> None:
    move = Move(source, dest, count)
    text = format_move(move)
    assert parse_move(text) == move
    assert format_move(parse_move(text.lower())) == text


@settings(max_examples=25, deadline=None)
@given(codes, st.lists(st.tuples(st.integers(0, 3), st.integers(0, 20), st.integers(0, 20))))
def test_logs_replay_exactly(code: DealCode, intents: list[tuple[int, int, int]]) -> None:
    table = SeahavenTable(code)
    n_cells = table.view()["cells"]
    targets = [f"column:{i}" for i in range(1, 11)] + [f"cell:{i}" for i in range(1, n_cells + 1)]
    targets += ["foundation:S", "foundation:H", "foundation:D", "foundation:C"]
    for kind, a, b in intents[:30]:
        first, second = targets[a % len(targets)], targets[b % len(targets)]
        if kind == 0:
            table.tap(first)
        elif kind == 1:
            table.double_tap(first)
        elif kind == 2:
            table.drag(first, second)
        else:
            (table.undo if a % 2 else table.redo)()
    copy = replay(SeahavenTable(code), list(table.log))
    assert copy.state == table.state
    assert copy.selected == table.selected
    assert copy.history.can_undo == table.history.can_undo
    assert copy.history.can_redo == table.history.can_redo


@settings(max_examples=40, deadline=None)
@given(codes, choices)
def test_fast_stuck_search_agrees_with_the_definition(code: DealCode, picks: list[int]) -> None:
    state = deal(code)
    for pick in picks:
        fast = progress_possible(state, 20_000)
        if fast is False:
            assert not has_useful_move(state, 10**6)  # "stuck" is never announced wrongly
        elif fast is True:
            assert has_useful_move(state, 2_000)
        moves = [move for move in legal_moves(state) if move.source.kind != "foundation"]
        if not moves:
            break
        state = apply_move(state, moves[pick % len(moves)])
