"""Pyramid's declaration: codes, solve, par, difficulty levels and winnable-only deals."""

from __future__ import annotations

import pytest

from cardems.dealcode import DealCode
from cardems.pyramid.game import GAME

deal_of_level, level_of = GAME.deal_of_level, GAME.level_of

CODE = DealCode.parse("PY1-P3-AAAAAAM")


def test_solve_and_par() -> None:
    record = GAME.solve(CODE, shortest=True)
    assert record["winnable"] is True and record["length"] == 48 == GAME.par(CODE)
    assert GAME.describe(CODE)["pyramid"][26] == {"position": 27, "card": "KC"}


def test_levels_come_from_the_shortest_win() -> None:
    assert level_of(CODE) == "hard"  # 48 moves
    assert deal_of_level("hard", lambda: CODE) == CODE
    with pytest.raises(ValueError, match="no Pyramid deal of level easy"):
        deal_of_level("easy", lambda: CODE)


@pytest.mark.slow
def test_winnable_only_deals_are_won_by_their_line() -> None:
    code = GAME.random_code("P3", winnable=True)
    assert code.variant == "P3" and GAME.solve(code, shortest=True)["winnable"] is True
