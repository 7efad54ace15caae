"""Spider's declaration: codes, winnable deals by variant, levels, statistics labels."""

import pytest

from cardems.core.game import PlayedGame
from cardems.dealcode import DealCode
from cardems.spider.game import GAME, LEVELS_ONE_SUIT, load_pool


def test_codes_round_trip_and_name_their_variant() -> None:
    for variant in ("S1", "S2", "S4"):
        code = DealCode("SP", 1, variant, 12345)
        assert DealCode.parse(str(code).lower()) == code
        assert str(code).startswith(f"SP1-{variant}-")


def test_two_suit_winnable_deals_come_from_the_pool() -> None:
    pool = load_pool("S2")
    assert pool and all(code.variant == "S2" for code in pool)
    assert GAME.random_code("S2", winnable=True) in pool


def test_four_suit_winnable_deals_are_refused_while_none_is_proved() -> None:
    if load_pool("S4"):
        pytest.skip("a 4-suit pool is shipped")
    with pytest.raises(ValueError, match="No proven winnable deal of 4 suits"):
        GAME.random_code("S4", winnable=True)
    assert GAME.random_code("S4", winnable=False).variant == "S4"


def test_levels_are_for_one_suit() -> None:
    with pytest.raises(ValueError) as error:
        GAME.new_code("S2", winnable=True, options={"difficulty": "easy"})
    assert str(error.value) == LEVELS_ONE_SUIT


def test_statistics_name_the_number_of_suits() -> None:
    games = [PlayedGame("S2", "won", 600, 120, 300.0), PlayedGame("S2", "blocked", 400, 100, 60.0)]
    (block,) = GAME.statistics(games)
    assert block.variant_label == ("%(num)d suit", "%(num)d suits", 2)
    assert {line.key: line.value for line in block.lines}["won"] == 1


def test_a_level_deals_a_deal_of_that_level() -> None:
    from cardems.spider.difficulty import level_of

    code = GAME.new_code("S1", winnable=True, options={"difficulty": "hard"})
    assert code.variant == "S1" and level_of(code) == "hard"
