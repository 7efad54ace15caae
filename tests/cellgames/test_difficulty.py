"""Deal difficulty: ratings, thirds, the shipped levels, and a deal of each level."""

from __future__ import annotations

import random

import pytest

from cardems.cellgames.difficulty import letters, level_of_letter, peak_cells, rating, thirds
from cardems.core.difficulty import DIFFICULTY, LEVELS, level_choice
from cardems.dealcode import DealCode
from cardems.freecell import difficulty as freecell
from cardems.freecell.game import GAME as FREECELL
from cardems.heart_to_heart import difficulty as hearts
from cardems.heart_to_heart.game import GAME as HEART_TO_HEART
from cardems.seahaven import difficulty as seahaven
from cardems.seahaven.game import GAME as SEAHAVEN
from cardems.seahaven.game import load_pool


def test_thirds_split_the_ratings_and_keep_the_unrated() -> None:
    ratings = [5.0, 1.0, None, 3.0, 9.0, 2.0, 7.0]
    assert thirds(ratings) == ["medium", "easy", None, "medium", "hard", "easy", "hard"]
    assert letters(thirds(ratings)) == "me-mheh"
    assert [level_of_letter(mark) for mark in "emh-"] == [*LEVELS, None]
    assert thirds([None]) == [None]


def test_a_win_with_fewer_free_cells_rates_easier() -> None:
    assert rating(100) > rating(100, spare=1) > rating(100, spare=2)
    assert rating(100, cells=1) < rating(100, cells=3)
    assert rating(10) < rating(1000)


def test_peak_cells_counts_the_most_cells_a_line_fills() -> None:
    state = FREECELL.deal(DealCode("FC", 1, "N", 5))
    assert peak_cells(state, []) == 0
    line = FREECELL.solve_position(state, 10.0).moves
    filled, peak = state, 0
    for move in line:
        filled = filled.apply(move)
        peak = max(peak, sum(card is not None for card in filled.cells))
    assert peak_cells(state, line) == peak > 0
    first_to_cell = next(i for i, move in enumerate(line) if move.dest.kind == "cell")
    assert peak_cells(state, line[: first_to_cell + 1]) == 1


def test_the_choice_is_any_deal_unless_a_level_is_asked() -> None:
    assert DIFFICULTY.default == "any" and DIFFICULTY.choices[1:] == LEVELS
    assert level_choice({}) is None and level_choice({"difficulty": "any"}) is None
    assert level_choice({"difficulty": "hard"}) == "hard"
    for game in (FREECELL, SEAHAVEN, HEART_TO_HEART):
        assert DIFFICULTY in game.options


@pytest.mark.parametrize("variant", ["C4", "C2", "C1"])
def test_every_seahaven_pool_deal_has_a_level_in_thirds(variant: str) -> None:
    levels = [seahaven.level_of(code) for code in load_pool(variant)]
    assert None not in levels
    for level in LEVELS:
        assert abs(levels.count(level) - len(levels) / 3) < len(levels) / 10


@pytest.mark.parametrize("variant", ["C4", "C2", "C1"])
def test_a_seahaven_level_deals_a_random_pool_deal_of_that_level(variant: str) -> None:
    for level in LEVELS:
        codes = {
            SEAHAVEN.new_code(variant, winnable=False, options={"difficulty": level})
            for _ in range(12)
        }
        assert len(codes) > 1  # random within the level
        assert {seahaven.level_of(code) for code in codes} == {level}
        assert {code.variant for code in codes} == {variant}


def test_seahaven_levels_follow_the_rating() -> None:
    rnd = random.Random(3)
    rated = {
        level: [seahaven.rate(seahaven.deal_of_level("C4", level, rnd)) for _ in range(6)]
        for level in LEVELS
    }
    assert max(rated["easy"]) <= min(rated["medium"]) <= max(rated["medium"])  # type: ignore[type-var]
    assert max(rated["medium"]) <= min(rated["hard"])  # type: ignore[type-var]


def test_freecell_classic_deals_have_levels_and_the_lost_one_has_none() -> None:
    table = freecell.classic_levels()
    assert len(table) == 32_000 and set(table) <= set("emh-")
    assert freecell.level_of(DealCode("FC", 1, "N", 11982)) is None
    assert freecell.level_of(DealCode("FC", 1, "B", 100_000)) is None  # not rated
    for level in LEVELS:
        code = FREECELL.new_code("N", winnable=False, options={"difficulty": level})
        assert freecell.level_of(code) == level
        assert table.count(level[0]) > 9_000


def test_freecell_levels_follow_the_solver_s_effort() -> None:
    rnd = random.Random(4)
    easy = [freecell.rate(freecell.deal_of_level("easy", rnd).number) for _ in range(5)]
    hard = [freecell.rate(freecell.deal_of_level("hard", rnd).number) for _ in range(5)]
    assert max(easy) < min(hard)  # type: ignore[type-var]


def test_bakers_game_deals_have_levels_in_thirds_and_are_won() -> None:
    table = freecell.bakers_levels()
    assert len(table) > 600 and set(table.values()) == set(LEVELS)
    for level in LEVELS:
        assert abs(list(table.values()).count(level) - len(table) / 3) < len(table) / 10
    for level in LEVELS:
        codes = {
            FREECELL.new_code("B", winnable=False, options={"difficulty": level}) for _ in range(8)
        }
        assert len(codes) > 1 and {code.variant for code in codes} == {"B"}
        assert {freecell.level_of(code) for code in codes} == {level}
        code = next(iter(codes))
        assert freecell.rate(code.number, "B") is not None  # won within the rating's budget
    assert FREECELL.new_code("B", winnable=False, options={"difficulty": "any"}).variant == "B"


def test_bakers_game_levels_follow_the_rating() -> None:
    rnd = random.Random(5)
    rated = {
        level: [
            freecell.rate(freecell.deal_of_level(level, rnd, "B").number, "B") for _ in range(4)
        ]
        for level in LEVELS
    }
    assert max(rated["easy"]) <= min(rated["medium"])  # type: ignore[type-var]
    assert max(rated["medium"]) <= min(rated["hard"])  # type: ignore[type-var]


@pytest.mark.slow
def test_a_heart_to_heart_level_deals_a_winnable_deal_of_that_length() -> None:
    for level in LEVELS:
        code = HEART_TO_HEART.new_code("N", winnable=False, options={"difficulty": level})
        length = hearts.rate(code)
        assert length is not None and hearts.level_of(code) == level
        if level == "easy":
            assert length < hearts.EASY_BELOW
        elif level == "hard":
            assert length >= hearts.HARD_FROM
        else:
            assert hearts.EASY_BELOW <= length < hearts.HARD_FROM
    assert hearts.level_of(DealCode.parse("HH1-N-AAAAAAA")) is None  # not winnable
