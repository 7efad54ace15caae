"""Spider's declaration: codes, winnable deals by variant, levels, statistics labels."""

from collections.abc import Callable

import pytest

from cardems.core.game import PlayedGame
from cardems.dealcode import DealCode
from cardems.spider.game import GAME, load_pool


def test_codes_round_trip_and_name_their_variant() -> None:
    for variant in ("S1", "S2", "S4"):
        code = DealCode("SP", 1, variant, 12345)
        assert DealCode.parse(str(code).lower()) == code
        assert str(code).startswith(f"SP1-{variant}-")


def test_two_suit_winnable_deals_come_from_the_pool() -> None:
    pool = load_pool("S2")
    assert pool and all(code.variant == "S2" for code in pool)
    assert GAME.random_code("S2", winnable=True) in pool


def test_four_suit_winnable_deals_come_from_the_pool() -> None:
    pool = load_pool("S4")
    assert all(code.variant == "S4" for code in pool)
    assert GAME.random_code("S4", winnable=True) in pool


def test_statistics_name_the_number_of_suits() -> None:
    games = [PlayedGame("S2", "won", 600, 120, 300.0), PlayedGame("S2", "blocked", 400, 100, 60.0)]
    (block,) = GAME.statistics(games)
    assert block.variant_label == ("%(num)d suit", "%(num)d suits", 2)
    assert {line.key: line.value for line in block.lines}["won"] == 1


@pytest.mark.parametrize(
    ("variant", "level"),
    [
        ("S1", "hard"),
        ("S2", "easy"),
        pytest.param("S2", "hard", marks=pytest.mark.slow),
        pytest.param("S4", "easy", marks=pytest.mark.slow),
    ],
)
def test_a_level_deals_a_winnable_deal_of_that_level(
    variant: str, level: str, seeded_draws: Callable[[int], None]
) -> None:
    from cardems.moves import play
    from cardems.spider.declared import deal
    from cardems.spider.solver import solve

    # seeded draws (one suit's among all deals, two and four suits' from the pool): the
    # same deal and search time every run (unseeded, a four-suit deal's proof took from
    # 2 to 5 seconds of CPU, and 16 of a busy machine's wall time)
    seeded_draws(4)
    code = GAME.new_code(variant, winnable=True, options={"difficulty": level})
    assert code.variant == variant and GAME.level_of(code) == level
    result = solve(deal(code).fast)
    assert result.moves is not None and play(deal(code), result.moves).is_won()
    rate = GAME.effort(code) or 0
    assert len(result.moves) == rate
    easy_below, hard_from = GAME.cuts_for(code)
    assert rate < easy_below if level == "easy" else rate >= hard_from


@pytest.mark.parametrize("variant", ["S2", pytest.param("S4", marks=pytest.mark.slow)])
def test_the_pool_records_each_line_length(variant: str) -> None:
    from cardems.moves import play
    from cardems.spider.declared import deal
    from cardems.spider.solver import solve

    # the pool's shortest line (a quick proof: at four suits another may take the whole
    # portfolio, ten seconds and more)
    code, length = min(load_pool(variant).items(), key=lambda item: (item[1], str(item[0])))
    result = solve(deal(code).fast)
    assert result.moves is not None and len(result.moves) == length
    assert play(deal(code), result.moves).is_won()
