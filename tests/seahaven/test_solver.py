"""The solver: verdicts agree with a plain exhaustive search, every solution replays."""

from __future__ import annotations

import pytest

from cardems.cellgames.solver import _children, _encode
from cardems.dealcode import DealCode
from cardems.seahaven.rules import (
    SeahavenState,
    _key,
    apply_move,
    deal,
    legal_moves,
)
from cardems.seahaven.solver import rules_of, solve_state

from .helpers import position


def replay_wins(state: SeahavenState, moves: list) -> bool:  # type: ignore[type-arg]
    for move in moves:
        state = apply_move(state, move)  # raises on any illegal move
    return state.won


def exhaustive(state: SeahavenState, limit: int = 100_000) -> bool:
    """Plain search over every legal move but take-backs (runs of every size, optional
    foundation moves), positions compared up to column and cell order."""
    seen = {_key(state)}
    stack = [state]
    while stack:
        current = stack.pop()
        if current.won:
            return True
        for move in legal_moves(current):
            if move.source.kind == "foundation":
                continue
            nxt = apply_move(current, move)
            key = _key(nxt)
            if key not in seen:
                seen.add(key)
                stack.append(nxt)
        assert len(seen) < limit, "position too large for the oracle"
    return False


# C1 deals whose full search is small; 2 is winnable, the rest are not.
@pytest.mark.parametrize("number", [0, 2, 3, 4, 5, 7, 11, 12, 17, 22, 25])
def test_verdict_matches_plain_exhaustive_search(number: int) -> None:
    state = deal(DealCode("SH", 1, "C1", number))
    result = solve_state(state)
    assert result.winnable is exhaustive(state)
    if result.winnable:
        assert replay_wins(state, result.moves)


@pytest.mark.parametrize("number", [145, 233])
def test_four_cell_losses_match_plain_exhaustive_search(number: int) -> None:
    state = deal(DealCode("SH", 1, "C4", number))
    assert solve_state(state).winnable is False
    assert exhaustive(state) is False


@pytest.mark.parametrize(
    "code", ["SH1-C4-AAAAAJ2", "SH1-C4-AAAAAAA", "SH1-C4-AAAAAA7", "SH1-C2-AAAAAAH"]
)
def test_solutions_replay_legally_to_a_win(code: str) -> None:
    state = deal(DealCode.parse(code))
    result = solve_state(state, time_limit=10)
    assert result.winnable is True
    assert replay_wins(state, result.moves)


def test_random_deals_decide_and_replay() -> None:
    verdicts = []
    for number in range(40, 60):
        state = deal(DealCode("SH", 1, "C4", number))
        result = solve_state(state, time_limit=10)
        verdicts.append(result.winnable)
        if result.winnable:
            assert replay_wins(state, result.moves)
        else:
            assert result.moves == []
    assert None not in verdicts
    assert verdicts.count(True) >= 15  # about 93 % of 4-cell deals are winnable


def test_budget_gives_undecided() -> None:
    result = solve_state(deal(DealCode.parse("SH1-C4-AAAAAAB")), node_limit=3)
    assert result.winnable is None and result.moves == []


def test_solver_starts_from_any_position() -> None:
    state = position(["JC QC", "KC"], ["TC", None, None, None], (13, 13, 13, 9))
    result = solve_state(state)
    assert result.winnable is True
    assert [str(move) for move in result.moves] == [
        "f1-hC",
        "c1-c2",  # QC onto KC frees JC
        "c1-hC",
        "c2-hC",
        "c2-hC",
    ]
    assert replay_wins(state, result.moves)
    lost = position(["AC 3C 2C 4C"], [None], (13, 13, 13, 0))
    assert solve_state(lost).winnable is False


def test_seed_example_group_limit_is_used() -> None:
    # 1 free cell, 2 empty columns: the 8-card run 9C…2C goes onto TC in one move, and the
    # 5-card KH run may not go into an empty column (at most 4)
    state = position(
        [
            "QS 9C 8C 7C 6C 5C 4C 3C 2C",
            "TC",
            "3S KH QH JH TH 9H",
            "4S KD QD JD TD",
            "5S 7S",
            "6S",
            "AC",
            "AD",
        ],
        ["AS", "AH", None, "8S"],
    )
    moves = list(_children(*_encode(state), rules_of(state)))
    assert ("c", 0, "c", 1, 8) in moves
    assert ("c", 3, "c", 8, 4) in moves
    assert not any(move[:3] == ("c", 2, "c") for move in moves)


def test_only_kings_go_into_an_empty_column() -> None:
    state = position(["3D 9C 8C 7C", "5H KS", "2D"], ["KC", "QD", None, None])
    into_empty = {
        move[:2] + move[4:]
        for move in _children(*_encode(state), rules_of(state))
        if move[2:4] == ("c", 3)
    }
    king_spades, king_clubs = 12, 3 * 13 + 12
    assert into_empty == {("c", 1, 1), ("f", king_clubs, 1)}
    assert king_spades == state.columns[1][-1].ordinal
