"""One random-deal loop for every game (:meth:`cardems.core.base.GameBase.random_code`):
draws until :meth:`~cardems.core.base.GameBase.winnable_deal` accepts, in the family's
latest version."""

from __future__ import annotations

import json

import pytest

from cardems.cli import main
from cardems.core.base import GameBase
from cardems.dealcode import DealCode
from cardems.golf.game import GAME as GOLF


class EvenDeals(GameBase):
    """Golf's deal codes, with a solver that proves only the even deals winnable."""

    family = GOLF.family
    asked: list[int]

    def winnable_deal(self, code: DealCode) -> bool:
        self.asked.append(code.number)
        return code.number % 2 == 0


def test_winnable_deals_are_drawn_until_one_is_accepted() -> None:
    game = EvenDeals()
    game.asked = []
    codes = [game.random_code("K", winnable=True) for _ in range(20)]
    last = game.family.versions[-1]
    assert all(code.number % 2 == 0 and code.version == last for code in codes)
    assert {code.game for code in codes} == {"GF"}
    assert len(game.asked) >= 20
    assert all(0 <= n <= game.family.max_number for n in game.asked)


def test_any_deal_without_winnable_and_no_proof_asked() -> None:
    game = EvenDeals()
    game.asked = []
    numbers = {game.random_code("K", winnable=False).number for _ in range(40)}
    assert game.asked == []
    assert len(numbers) > 1 and any(n % 2 for n in numbers)


@pytest.mark.parametrize(
    ("game", "variant", "winnable"), [("klondike", "D1L", []), ("spider", "S4", ["--winnable"])]
)
def test_cardems_new_deals_the_variant_asked(
    capsys: pytest.CaptureFixture[str], game: str, variant: str, winnable: list[str]
) -> None:
    assert main(["new", game, "--variant", variant, *winnable, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    code = DealCode.parse(record["code"])
    assert (record["game"], code.variant) == (game, variant)
