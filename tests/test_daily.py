"""Today's deal and the miniature of its table, as every game declares them."""

from __future__ import annotations

import datetime
import functools
import importlib
import xml.etree.ElementTree as ET

import pytest

from cardems.cards import Card
from cardems.core.daily import daily_stream
from cardems.core.game import Game, TableSettings
from cardems.core.registry import GAME_MODULES, games
from cardems.dealcode import DealCode
from cardems.render.svg import rank_label

DAY = datetime.date(2026, 12, 1)
DAYS = [DAY + datetime.timedelta(days=n) for n in range(5)]
GAMES = {game.family.name: game for game in games()}
PYTHON_SEARCHES = {
    *("golf", "black-hole", "all-in-a-row", "aces-up", "gaps", "accordion"),
    *("beleaguered-castle", "streets-and-alleys", "king-albert", "bakers-dozen"),
    *("spanish-patience", "fan", "somerset", "raglan", "flower-garden", "simple-simon"),
    *("yukon", "russian-solitaire", "canfield", "mrs-mop"),
}
"""Games whose day's deal is proved by a search in Python: a few days of their deals take
seconds, so the quick run leaves them to the full one."""


@functools.cache
def daily(name: str, day: datetime.date) -> DealCode:
    """``name``'s deal of ``day``, worked out once for every test of this module (in one
    worker): the searches behind it are the slow part."""
    return GAMES[name].daily_code(day)


def by_speed(names: list[str]) -> list[object]:
    """``names`` as parameters, those of :data:`PYTHON_SEARCHES` marked slow."""
    slow = pytest.mark.slow
    return [pytest.param(name, marks=slow) if name in PYTHON_SEARCHES else name for name in names]


SVG = "{http://www.w3.org/2000/svg}"


def fresh(name: str) -> Game:
    """A new declaration of the game, as another server process would have."""
    module = importlib.import_module(GAME_MODULES[list(GAMES).index(name)])
    return type(module.GAME)()  # type: ignore[no-any-return]


def test_the_days_stream_depends_on_the_day_and_the_game_only() -> None:
    first = [daily_stream("freecell", DAY).next_u64() for _ in range(2)]
    assert first[0] == first[1]
    assert daily_stream("freecell", DAY).next_u64() != daily_stream("seahaven", DAY).next_u64()
    assert daily_stream("freecell", DAY).next_u64() != daily_stream("freecell", DAYS[1]).next_u64()


@pytest.mark.parametrize("name", by_speed(list(GAMES)))
def test_todays_deal_is_the_same_for_everyone_and_changes_with_the_day(name: str) -> None:
    game = GAMES[name]
    codes = [daily(name, day) for day in DAYS]
    assert fresh(name).daily_code(DAY) == codes[0]
    assert all(code.game == game.family.prefix for code in codes)
    assert all(code.variant == game.family.variants[0] for code in codes)
    assert len(set(codes)) >= 4  # a new deal (almost) every day


@pytest.mark.parametrize(
    ("name", "variant"),
    [(name, v.letters) for name, game in GAMES.items() for v in game.daily_variants],
)
def test_a_variants_deal_of_the_day_is_the_same_for_everyone_and_changes_with_the_day(
    name: str, variant: str
) -> None:
    codes = [GAMES[name].variant_daily_code(variant, day) for day in DAYS]
    assert fresh(name).variant_daily_code(variant, DAY) == codes[0]
    assert all(code.variant == variant for code in codes)
    assert len(set(codes)) == len(DAYS)
    assert GAMES[name].daily_code(DAY) not in codes


def test_spiders_four_suit_deal_of_the_day_is_one_proved_winnable() -> None:
    from cardems.spider.game import load_pool

    pool = load_pool("S4")
    assert all(GAMES["spider"].variant_daily_code("S4", day) in pool for day in DAYS)


@pytest.mark.parametrize("name", by_speed([name for name, game in GAMES.items() if game.can_solve]))
def test_todays_deal_is_winnable(name: str) -> None:
    game = GAMES[name]
    for day in DAYS[:2]:
        assert game.solve(daily(name, day), shortest=False)["winnable"] is True


def test_the_par_of_todays_deal_is_its_shortest_win() -> None:
    game = GAMES["heart-to-heart"]
    code = daily("heart-to-heart", DAY)
    par = game.par(code)
    assert par is not None and par == game.solve(code, shortest=True)["length"]


def faces(svg: str) -> list[str]:
    """The card indices a miniature draws (rank, then the suit letter of its path)."""
    root = ET.fromstring(svg)
    texts = [(text.text or "", text) for text in root.iter(f"{SVG}text")]
    uses = [use.get("href", "") for use in root.iter(f"{SVG}use")]
    suits = [href.rsplit("-", 1)[1] for href in uses if href[-2] == "-" and href[-1] in "SHDC"]
    assert len(texts) == len(suits)
    return [rank + suit for (rank, _), suit in zip(texts, suits, strict=True)]


def shown(name: str) -> list[str]:
    """The indices of the cards the player sees at the start of today's deal."""
    game = GAMES[name]
    table = game.new_table(daily(name, DAY), TableSettings(), {}, lambda: 0.0)
    view = table.view()
    if "hand" in view:
        cards = [Card.parse(card) for card in view["hand"]]
    else:
        cards = [
            Card.parse(entry["card"])
            for pile in view["piles"]
            for entry in (pile["cards"] if pile.get("fan") else pile["cards"][-1:])
            if entry.get("face_up")
        ]
    return [rank_label(card.rank) + card.suit.letter for card in cards]


@pytest.mark.parametrize("name", by_speed(list(GAMES)))
def test_the_miniature_draws_the_cards_the_player_sees_and_no_other(name: str) -> None:
    game = GAMES[name]
    svg = game.miniature(daily(name, DAY))
    assert sorted(faces(svg)) == sorted(shown(name))
    assert len(svg) < 12_000  # four of them stay light on the home page
    root = ET.fromstring(svg)
    ids = [element.get("id") for element in root.iter() if element.get("id")]
    assert ids and all(str(i).startswith(f"mini-{game.family.prefix.lower()}-") for i in ids)


def test_a_hearts_miniature_hides_the_opponents_hands() -> None:
    game = GAMES["hearts"]
    code = daily("hearts", DAY)
    table = game.new_table(code, TableSettings(), {}, lambda: 0.0)
    hidden = {str(card) for card in table.hidden_cards()}
    assert len(hidden) == 39
    drawn = faces(game.miniature(code))
    assert len(drawn) == 13
    backs = game.miniature(code).count('href="#mini-ht-b"')
    assert backs == 39
