"""The compiled best-first search expands the same positions in the same order as the
Python one, from deals and from positions part-way through games, and refuses bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.dealcode import DealCode
from cardems.freecell import solver
from cardems.freecell.rules import FreeCellState, apply_move, deal, legal_moves
from cardems.freecell.solver import _encode, _py_search, _settle

from .test_solver import replays_to_a_win

pytestmark = pytest.mark.skipif(
    not solver.COMPILED, reason="the compiled search was not built (no C compiler)"
)

codes = st.builds(
    DealCode, st.just("FC"), st.just(1), st.sampled_from(["N", "B"]), st.integers(1, 2**31 - 1)
)
picks = st.lists(st.integers(0, 10_000), max_size=30)


def turns(search: solver.Search, budgets: list[int]) -> list[solver.Outcome]:
    """What ``search`` answers to each budget in turn, until it is over."""
    answers = []
    for budget in budgets:
        answers.append(search.send(budget))
        if answers[-1][0] is not None:
            break
    return answers


def agree(state: FreeCellState, budgets: list[int]) -> None:
    start = _settle(*_encode(state), state.by_suit, None)
    for weights in solver.PROFILES:
        python = solver._started(_py_search(start, state.by_suit, weights))
        compiled = solver.CompiledSearch(*start, state.by_suit, weights)
        assert turns(compiled, budgets) == turns(python, budgets)


@pytest.mark.parametrize("variant", ["N", "B"])
@pytest.mark.parametrize("number", [1, 2, 3, 617, 11982])
def test_the_same_positions_in_the_same_order_from_a_deal(variant: str, number: int) -> None:
    agree(deal(DealCode("FC", 1, variant, number)), [1, 7, 256, 2_000])


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(codes, picks)
def test_the_same_positions_in_the_same_order_part_way_through_a_game(
    code: DealCode, choices: list[int]
) -> None:
    state = deal(code)
    for pick in choices:
        moves = list(legal_moves(state))
        if not moves or state.won:
            break
        state = apply_move(state, moves[pick % len(moves)])
    agree(state, [64, 256, 1_000])


def test_a_won_line_replays_and_a_finished_search_says_so() -> None:
    state = deal(DealCode("FC", 1, "N", 617))
    start = _settle(*_encode(state), False, None)
    search = solver.CompiledSearch(*start, False, solver.PROFILES[1])
    line, used, held = search.send(100_000)
    assert isinstance(line, list) and 0 < used <= held
    assert replays_to_a_win(state, solver._line(state, line))
    with pytest.raises(RuntimeError, match="over"):
        search.send(1)


@pytest.mark.parametrize(
    ("cols", "cells", "found", "message"),
    [
        ((b"",) * 7, b"", (13, 13, 13, 13), "eight columns"),
        ((b"\x00" * 37,) + (b"",) * 7, b"", (0, 0, 0, 0), "at most 36"),
        ((b"",) * 8, b"\x00\x01\x02\x03\x04", (13, 13, 13, 13), "four cards"),
        ((b"",) * 8, b"", (13, 13, 13, 14), "0 to 13"),
        ((b"",) * 8, b"\x01\x00", (13, 13, 13, 11), "52 cards"),
        ((bytes([60]),) + (b"",) * 7, b"", (13, 13, 13, 12), "52 cards"),
    ],
)
def test_a_position_that_is_not_one_is_refused(
    cols: tuple[bytes, ...], cells: bytes, found: tuple[int, int, int, int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        solver.CompiledSearch(cols, cells, found, False, solver.PROFILES[0])
