"""Hypothesis properties: cards conserved, undo exact, notation and codes round-trip."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cards import ALL_CARDS
from cardems.dealcode import DealCode
from cardems.freecell.game import GAME
from cardems.freecell.rules import Move, Place, apply_move, deal, format_move, legal_moves
from cardems.freecell.table import FreeCellTable

codes = st.builds(
    DealCode, st.just("FC"), st.just(1), st.sampled_from(["N", "B"]), st.integers(1, 2**31 - 1)
)
choices = st.lists(st.integers(0, 10_000), max_size=40)
places = st.one_of(
    st.builds(Place, st.just("column"), st.integers(0, 7)),
    st.builds(Place, st.just("cell"), st.integers(0, 3)),
    st.builds(Place, st.just("foundation"), st.integers(0, 3)),
)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(codes, choices)
def test_cards_are_conserved(code: DealCode, picks: list[int]) -> None:
    state = deal(code)
    for pick in picks:
        moves = list(legal_moves(state))
        if not moves:
            break
        state = apply_move(state, moves[pick % len(moves)])
        assert Counter(state.all_cards()) == Counter(ALL_CARDS)
        assert state.score == 10 * sum(state.foundations)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(codes, choices)
def test_undo_restores_exactly_and_redo_reapplies(code: DealCode, picks: list[int]) -> None:
    table = FreeCellTable(code)
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
        assert table.state == expected
    for expected in states[1:]:
        table.redo()
        assert table.state == expected


@given(places, places, st.integers(1, 13))
def test_move_notation_round_trips(source: Place, dest: Place, count: int) -> None:
    move = Move(source, dest, count)
    assert Move(source, dest, count) == move
    from cardems.freecell.rules import parse_move

    assert parse_move(format_move(move)) == move


@given(codes)
def test_codes_round_trip(code: DealCode) -> None:
    assert DealCode.parse(str(code)) == code == GAME.code_for(str(code))
    if code.variant == "N":
        assert GAME.code_for(str(code.number)) == code
