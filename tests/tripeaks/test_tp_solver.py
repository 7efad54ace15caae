"""TriPeaks solver: lines replay to wins, verdicts agree with a brute-force search,
the shortest win is no longer than any other line found."""

import functools
import random

import pytest

from cardems.dealcode import DealCode
from cardems.kit.waste.engine import GONE
from cardems.kit.waste.engine import WasteState as TriPeaksState
from cardems.kit.waste.solver import shortest_win, solve
from cardems.moves import play
from cardems.tripeaks.rules import deal, position


def brute_force(state: TriPeaksState) -> bool:
    """Whether any sequence of legal moves wins, by the engine alone."""

    @functools.cache
    def wins(position: TriPeaksState) -> bool:
        if position.is_won():
            return True
        return any(wins(position.apply(move)) for move in position.legal_moves())

    return wins(state)


def bare(state: TriPeaksState) -> TriPeaksState:
    """The position without its counters (so that the brute force's cache works)."""
    return position(state.layout, state.stock, state.waste, state.wrap)


def endgame(code: str, seed: int, keep: int) -> TriPeaksState:
    """A position of ``code`` after random legal moves, with ``keep`` peak cards left or
    fewer, or at a dead end."""
    rng = random.Random(seed)
    state = deal(DealCode.parse(code))
    while state.legal_moves() and sum(card != GONE for card in state.layout) > keep:
        state = state.apply(rng.choice(state.legal_moves()))
    return bare(state)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["W", "N"])
def test_winning_lines_replay_to_a_win(variant: str) -> None:
    for number in range(20):
        state = deal(DealCode("TP", 1, variant, number))
        verdict = solve(state)
        assert verdict.winnable is not None
        if verdict.winnable:
            assert verdict.line is not None and play(state, verdict.line).is_won()
        else:
            assert verdict.line is None


@pytest.mark.parametrize("seed", range(30))
def test_verdicts_agree_with_brute_force_on_endgames(seed: int) -> None:
    code = f"TP1-{'WN'[seed % 2]}-AAAAA{'ABCDEFGH'[seed % 8]}{'ABCD'[seed % 4]}"
    state = endgame(code, seed, keep=9)
    assert solve(state).winnable is brute_force(state)
    line = shortest_win(state)
    assert (line is not None) is brute_force(state)


@pytest.mark.slow
def test_an_unwinnable_deal_is_found() -> None:
    state = deal(DealCode("TP", 1, "W", 71))  # one of the 3 in 100 that cannot be won
    assert solve(state).winnable is False and shortest_win(state) is None
    assert solve(deal(DealCode("TP", 1, "W", 70))).winnable is True


@pytest.mark.slow
def test_shortest_win_is_shortest() -> None:
    for number in range(6):
        state = deal(DealCode("TP", 1, "W", number))
        line = solve(state).line
        if line is None:
            continue
        short = shortest_win(state)
        assert short is not None and play(state, short).is_won()
        assert 28 <= len(short) <= len(line)
        assert len(short) - 28 == sum(move.is_draw for move in short)


def test_shortest_win_agrees_with_brute_force_on_endgames() -> None:
    for seed in range(12):
        state = endgame("TP1-W-AAAAAAC", seed, keep=8)

        @functools.cache
        def fewest(position: TriPeaksState) -> float:
            if position.is_won():
                return 0
            return 1 + min(
                (fewest(bare(position.apply(m))) for m in position.legal_moves()),
                default=float("inf"),
            )

        best = fewest(state)
        line = shortest_win(state)
        assert (line is None) == (best == float("inf"))
        assert line is None or len(line) == best


def test_budget_gives_undecided() -> None:
    state = deal(DealCode("TP", 1, "W", 0))
    verdict = solve(state, nodes=5)
    assert verdict.winnable is None and verdict.line is None
