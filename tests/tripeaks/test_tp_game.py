"""TriPeaks' declaration: codes, winnable-only deals, levels, solve, analyze."""

import subprocess
import sys
from pathlib import Path

import pytest

from cardems.core.registry import game_for
from cardems.dealcode import DealCode, DealCodeError
from cardems.intervals import wilson
from cardems.kit.waste.solver import solve
from cardems.moves import play
from cardems.tripeaks.game import DECLARATION
from cardems.tripeaks.rules import deal, rules

parse_moves = rules().parse_moves
EASY_BELOW, HARD_FROM = DECLARATION.level_cuts

GAME = game_for("TP")
SRC = Path(__file__).resolve().parents[2] / "src"


def test_codes_round_trip_and_bad_ones_are_refused() -> None:
    code = GAME.code_for("tp1-n-aaaaaab")
    assert str(code) == "TP1-N-AAAAAAB" and code.variant == "N"
    with pytest.raises(DealCodeError):
        GAME.code_for("TP1-X-AAAAAAB")
    with pytest.raises(DealCodeError):
        GAME.code_for("HH1-N-AAAAAAB")


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["W", "N"])
def test_winnable_only_deals_are_winnable(variant: str) -> None:
    for _ in range(3):
        code = GAME.random_code(variant, winnable=True)
        assert code.variant == variant and solve(deal(code)).winnable is True


@pytest.mark.slow
def test_levels_follow_the_search_effort() -> None:
    for level in ("easy", "hard"):
        code = GAME.new_code("W", winnable=True, options={"difficulty": level})
        verdict = solve(deal(code))
        assert verdict.winnable
        if level == "easy":
            assert verdict.nodes < EASY_BELOW
        else:
            assert verdict.nodes >= HARD_FROM


def test_solve_record_replays_to_a_win() -> None:
    code = DealCode.parse("TP1-W-AAAAAAB")
    record = GAME.solve(code, shortest=True)
    assert record["winnable"] is True and record["length"] == len(record["moves"])
    assert play(deal(code), parse_moves(record["moves"])).is_won()
    longer = GAME.solve(code, shortest=False)
    assert record["length"] <= longer["length"]


def test_wilson_interval() -> None:
    low, high = wilson(1457, 1500)
    assert 0.961 < low < 0.963 and 0.978 < high < 0.980


@pytest.mark.slow
def test_cardems_analyze_prints_the_figures_and_the_anchor() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardems", "analyze", "tripeaks", "--deals", "12", "--start", "7"],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), "PATH": ""},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "of 12 deals winnable" in done.stdout and "95 % interval" in done.stdout
    assert "median" in done.stdout and "1457 of 1500" in done.stdout
