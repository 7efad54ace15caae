"""The solver: solutions replay to a win, #11982 is proved lost, small positions agree with a
plain exhaustive search."""

from __future__ import annotations

import pytest

from cardems.cellgames import solver
from cardems.cellgames.solver import _encode, _key
from cardems.dealcode import DealCode
from cardems.freecell.rules import FreeCellState, apply_move, deal, legal_moves
from cardems.freecell.solver import progress_possible, rules_of, solve_state

from .helpers import position


def replays_to_a_win(state: FreeCellState, moves: list) -> bool:  # type: ignore[type-arg]
    for move in moves:
        state = apply_move(state, move)  # raises on any illegal move
    return state.won


def exhaustive(state: FreeCellState) -> bool:
    """Every legal move, positions compared up to column and cell order."""
    seen = {_key(*_encode(state)[:2])}
    stack = [state]
    while stack:
        current = stack.pop()
        if current.won:
            return True
        for move in legal_moves(current):
            nxt = apply_move(current, move)
            key = _key(*_encode(nxt)[:2])
            if key not in seen:
                seen.add(key)
                stack.append(nxt)
    return False


@pytest.mark.parametrize("number", [1, 617])
def test_classic_deals_are_solved_and_the_line_replays(number: int) -> None:
    state = deal(DealCode("FC", 1, "N", number))
    result = solve_state(state, time_limit=30)
    assert result.winnable is True
    assert replays_to_a_win(state, result.moves)


@pytest.mark.slow
def test_deal_11982_is_proved_not_winnable() -> None:
    result = solve_state(deal(DealCode("FC", 1, "N", 11982)), time_limit=120)
    assert result.winnable is False


def test_past_the_memory_ceiling_a_lost_deal_is_undecided(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver, "ENTRIES", 1_000)
    assert solve_state(deal(DealCode("FC", 1, "N", 11982))).winnable is None


@pytest.mark.slow
def test_one_search_left_alone_near_the_ceiling_still_proves_a_loss(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(solver, "ENTRIES", 200_000)
    assert solve_state(deal(DealCode("FC", 1, "N", 11982))).winnable is False


@pytest.mark.slow
def test_a_bakers_game_deal_is_decided() -> None:
    state = deal(DealCode("FC", 1, "B", 617))
    result = solve_state(state, time_limit=60)
    assert result.winnable is not None
    if result.winnable:
        assert replays_to_a_win(state, result.moves)


ENDGAMES = [
    # Every card but a few is home (52 cards in all); the rest is jammed or not.
    (["KS QH", "KH QS", "KD QC", "KC QD"], (11, 11, 11, 11), [None] * 4),
    (["QH KS", "QS KH", "QC KD", "QD KC"], (10, 10, 10, 10), ["JS", "JH", "JD", "JC"]),
    (
        ["QH KS", "QS KH", "QC KD", "QD KC", "JC", "JD", "JH", "JS"],
        (9, 9, 9, 9),
        ["TS", "TH", "TD", "TC"],
    ),
    (
        ["JH QH KS", "JS QS KH", "JC QC KD", "JD QD KC", "TD", "TC", "TH", "TS"],
        (8, 8, 9, 9),
        ["9S", "9H", None, None],
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("columns", "found", "cells"), ENDGAMES)
def test_verdicts_agree_with_an_exhaustive_search(
    columns: list[str], found: tuple[int, int, int, int], cells: list[str | None]
) -> None:
    for by_suit in (False, True):
        state = position(columns, cells, found, by_suit)
        result = solve_state(state)
        assert result.winnable is exhaustive(state)
        if result.winnable:
            assert replays_to_a_win(state, result.moves)


def test_progress_is_possible_from_a_deal_and_not_when_jammed() -> None:
    assert progress_possible(deal(DealCode("FC", 1, "N", 1)), 10_000) is True
    columns = ["AH 5C", "AD 5S", "AC 7C", "AS 7S", "2H 9C", "2D 9S", "3H JC", "3D JS"]
    assert progress_possible(position(columns, ["4C", "4S", "6C", "6S"]), 10_000) is False


def dive(state: FreeCellState) -> bool | None:
    """What the randomized depth-first search alone says of ``state`` (its line checked)."""
    start = solver._settle(*_encode(state), state.by_suit, None)
    search = solver._dive(start, rules_of(state))
    next(search)
    outcome, _, _ = search.send(10**9)
    if isinstance(outcome, list):
        assert replays_to_a_win(state, solver._line(state, rules_of(state), outcome))
        return True
    return outcome


@pytest.mark.slow
@pytest.mark.parametrize(("columns", "found", "cells"), ENDGAMES)
def test_a_dive_alone_agrees_with_an_exhaustive_search(
    columns: list[str], found: tuple[int, int, int, int], cells: list[str | None]
) -> None:
    for by_suit in (False, True):
        state = position(columns, cells, found, by_suit)
        assert dive(state) is exhaustive(state)


def test_a_dive_wins_a_deal_and_starts_again_when_its_budget_runs_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert dive(deal(DealCode("FC", 1, "N", 1))) is True
    monkeypatch.setattr(solver, "RESTART", 40)  # too few positions for a line
    state = deal(DealCode("FC", 1, "N", 1))
    start = solver._settle(*_encode(state), False, None)
    search = solver._dive(start, rules_of(state))
    next(search)
    outcome, used, held = search.send(200)
    assert outcome is None and used == 200 and held <= 40  # it started again, and again


@pytest.mark.slow
def test_a_deal_the_best_first_searches_lose_their_way_on_is_won() -> None:
    state = deal(DealCode("FC", 1, "N", 20202))  # undecided after 300 s without the dive
    result = solve_state(state, time_limit=120)
    assert result.winnable is True
    assert replays_to_a_win(state, result.moves)
