"""The compiled best-first search expands the same positions in the same order as the
Python one, under every game's rules (FreeCell, Baker's Game, Seahaven with 4, 2 and 1
cells), from deals and from positions part-way through games, and refuses bad input."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cellgames import solver
from cardems.cellgames.solver import Rules, _encode, _py_search, _settle
from cardems.dealcode import DealCode
from cardems.freecell import rules as freecell
from cardems.freecell import solver as freecell_solver
from cardems.seahaven import rules as seahaven
from cardems.seahaven import solver as seahaven_solver


def replays_to_a_win(state: Any, moves: list[Any]) -> bool:
    for move in moves:
        state = state.apply(move)  # raises on any illegal move
    return bool(state.won)


pytestmark = pytest.mark.skipif(
    not solver.COMPILED, reason="the compiled search was not built (no C compiler)"
)

FREECELL = Rules(8, 4, by_suit=False, kings_only=False)

freecell_codes = st.builds(
    DealCode, st.just("FC"), st.just(1), st.sampled_from(["N", "B"]), st.integers(1, 2**31 - 1)
)
seahaven_codes = st.builds(
    DealCode, st.just("SH"), st.just(1), st.sampled_from(["C4", "C2", "C1"]), st.integers(0, 9999)
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


def game_of(code: DealCode) -> tuple[Any, Any, Rules]:
    """The rules module of ``code``'s game, its first position and its search rules."""
    if code.game == "FC":
        state = freecell.deal(code)
        return freecell, state, freecell_solver.rules_of(state)
    state = seahaven.deal(code)
    return seahaven, state, seahaven_solver.rules_of(state)


def agree(state: Any, rules: Rules, budgets: list[int]) -> None:
    start = _settle(*_encode(state), rules.by_suit, None)
    for weights in solver.PROFILES:
        python = solver._started(_py_search(start, rules, weights))
        compiled = solver.CompiledSearch(start, rules, weights)
        assert turns(compiled, budgets) == turns(python, budgets)


@pytest.mark.parametrize(
    "code",
    [
        *(DealCode("FC", 1, variant, number) for variant in "NB" for number in (1, 3, 11982)),
        *(
            DealCode("SH", 1, variant, number)
            for variant in ("C4", "C2", "C1")
            for number in (0, 5)
        ),
    ],
    ids=str,
)
def test_the_same_positions_in_the_same_order_from_a_deal(code: DealCode) -> None:
    _, state, rules = game_of(code)
    agree(state, rules, [1, 7, 256, 2_000])


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.one_of(freecell_codes, seahaven_codes), picks)
def test_the_same_positions_in_the_same_order_part_way_through_a_game(
    code: DealCode, choices: list[int]
) -> None:
    game, state, rules = game_of(code)
    for pick in choices:
        moves = [m for m in game.legal_moves(state) if m.source.kind != "foundation"]
        if not moves or state.won:
            break
        state = game.apply_move(state, moves[pick % len(moves)])
    agree(state, rules, [64, 256, 1_000])


@pytest.mark.parametrize(
    "code",
    [DealCode("FC", 1, "N", 617), DealCode("SH", 1, "C4", 2), DealCode("SH", 1, "C1", 2)],
    ids=str,
)
def test_a_won_line_replays_and_a_finished_search_says_so(code: DealCode) -> None:
    _, state, rules = game_of(code)
    start = _settle(*_encode(state), rules.by_suit, None)
    search = solver.CompiledSearch(start, rules, solver.PROFILES[1])
    line, used, held = search.send(1_000_000)
    assert isinstance(line, list) and 0 < used <= held
    assert replays_to_a_win(state, solver._line(state, rules, line))
    with pytest.raises(RuntimeError, match="over"):
        search.send(1)


@pytest.mark.parametrize(
    ("cols", "cells", "found", "rules", "message"),
    [
        ((b"",) * 7, b"", (13, 13, 13, 13), FREECELL, "8 columns"),
        ((b"\x00" * 37,) + (b"",) * 7, b"", (0, 0, 0, 0), FREECELL, "at most 36"),
        ((b"",) * 8, b"\x00\x01\x02\x03\x04", (13, 13, 13, 13), FREECELL, "at most 4 cards"),
        ((b"",) * 10, b"\x00\x01", (13, 13, 13, 13), Rules(10, 1, True, True), "at most 1"),
        ((b"",) * 8, b"", (13, 13, 13, 14), FREECELL, "0 to 13"),
        ((b"",) * 8, b"\x28\x27", (13, 13, 13, 11), FREECELL, "cells unsorted"),
        ((bytes([60]),) + (b"",) * 7, b"", (13, 13, 13, 12), FREECELL, "unknown"),
        ((b"\x00",) + (b"",) * 7, b"", (13, 13, 13, 13), FREECELL, "a card twice"),
        ((b"",) * 11, b"", (13, 13, 13, 13), Rules(11, 4, False, False), "1 to 10 columns"),
        ((b"",) * 8, b"", (13, 13, 13, 13), Rules(8, 0, False, False), "1 to 4 cells"),
    ],
)
def test_a_position_that_is_not_one_is_refused(
    cols: tuple[bytes, ...],
    cells: bytes,
    found: tuple[int, int, int, int],
    rules: Rules,
    message: str,
) -> None:
    with pytest.raises(ValueError, match=message):
        solver.CompiledSearch((cols, cells, found), rules, solver.PROFILES[0])
