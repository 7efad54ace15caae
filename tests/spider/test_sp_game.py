"""Spider's declaration: codes, winnable deals by variant, levels, statistics labels."""

import pytest

from cardems.core.game import PlayedGame
from cardems.dealcode import DealCode
from cardems.spider.game import GAME, NO_POOL, load_pool


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


def test_four_suit_levels_are_refused_while_none_is_proved() -> None:
    with pytest.raises(ValueError) as error:
        GAME.new_code("S4", winnable=True, options={"difficulty": "easy"})
    assert str(error.value) == NO_POOL % {"num": 4}


def test_statistics_name_the_number_of_suits() -> None:
    games = [PlayedGame("S2", "won", 600, 120, 300.0), PlayedGame("S2", "blocked", 400, 100, 60.0)]
    (block,) = GAME.statistics(games)
    assert block.variant_label == ("%(num)d suit", "%(num)d suits", 2)
    assert {line.key: line.value for line in block.lines}["won"] == 1


@pytest.mark.parametrize(("variant", "level"), [("S1", "hard"), ("S2", "easy"), ("S2", "hard")])
def test_a_level_deals_a_winnable_deal_of_that_level(variant: str, level: str) -> None:
    from cardems.spider.difficulty import CUTS, level_of, rate
    from cardems.spider.rules import deal, play
    from cardems.spider.solver import solve

    code = GAME.new_code(variant, winnable=True, options={"difficulty": level})
    assert code.variant == variant and level_of(code) == level
    result = solve(deal(code), nodes=300_000)
    assert result.moves is not None and play(deal(code), result.moves).is_won()
    assert len(result.moves) == rate(code)
    easy_below, hard_from = CUTS[variant]
    assert (rate(code) or 0) < easy_below if level == "easy" else (rate(code) or 0) >= hard_from


def test_the_two_suit_pool_records_each_line_length() -> None:
    from cardems.spider.rules import deal
    from cardems.spider.solver import solve

    code, length = sorted(load_pool("S2").items(), key=lambda item: str(item[0]))[0]
    result = solve(deal(code), nodes=300_000)
    assert result.moves is not None and len(result.moves) == length
