"""The home page's groups: the player's starred and last played games first, the others
by kind once there are many; the star's form; the favourites setting (issue 43)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from api_helpers import new_game
from starlette.testclient import TestClient
from test_no_get_changes import counts

from cardems.core import kinds
from cardems.core.daily import today
from cardems.core.registry import games
from cardems.web.home import ALL_GAMES, GROUPED_ABOVE, YOURS, DailyDeal, daily_deal, home_groups

GAMES = games()


@pytest.fixture(scope="module")
def deals() -> Iterator[tuple[DailyDeal, ...]]:
    yield tuple(daily_deal(game, today()) for game in GAMES)


def names(group_deals: tuple[DailyDeal, ...]) -> list[str]:
    return [deal.game.family.name for deal in group_deals]


def test_a_newcomer_sees_one_list_in_the_registry_order(deals: tuple[DailyDeal, ...]) -> None:
    (only,) = home_groups(deals, [], [], grouped_above=len(deals))
    assert only.title == "" and names(only.deals) == [game.family.name for game in GAMES]


def test_starred_games_come_first_then_the_last_played(deals: tuple[DailyDeal, ...]) -> None:
    recent = ["klondike", "freecell", "pyramid", "spider", "tripeaks", "hearts"]
    starred = ["spider", "no-such-game", "seahaven"]
    mine, rest = home_groups(deals, starred, recent, grouped_above=len(deals))
    assert mine.title == YOURS and mine.mine
    # the starred in the order starred, then up to four of the last played, each once
    assert names(mine.deals) == [
        "spider",
        "seahaven",
        "klondike",
        "freecell",
        "pyramid",
        "tripeaks",
    ]
    assert rest.title == ALL_GAMES
    assert sorted(names(mine.deals) + names(rest.deals)) == sorted(g.family.name for g in GAMES)


def test_many_games_are_grouped_by_kind_in_the_kinds_order(deals: tuple[DailyDeal, ...]) -> None:
    groups = home_groups(deals, ["hearts"], [], grouped_above=3)
    assert groups[0].title == YOURS and names(groups[0].deals) == ["hearts"]
    titles = [group.title for group in groups[1:]]
    assert titles == sorted(titles, key=kinds.ORDER.index) and len(set(titles)) == len(titles)
    for group in groups[1:]:  # each kind's games, in the registry's order
        kind = [g.family.name for g in GAMES if g.kind == group.title and g.family.name != "hearts"]
        assert names(group.deals) == kind
    by_title = {group.title: names(group.deals) for group in groups}
    assert by_title[kinds.PAIRING_TYPE] == ["heart-to-heart", "pyramid"]
    assert {"seahaven", "freecell"} <= set(by_title[kinds.FREECELL_TYPE])
    shown = [name for group in groups for name in names(group.deals)]
    assert sorted(shown) == sorted(game.family.name for game in GAMES)


def test_the_home_page_groups_its_games_once_there_are_many(client: TestClient) -> None:
    page = client.get("/").text
    headings = re.findall(r'<h2 id="group-\d+" class="group-title">([^<]*)</h2>', page)
    if len(GAMES) > GROUPED_ABOVE:
        assert headings and headings == sorted(headings, key=kinds.ORDER.index)
    else:
        assert headings == []


def test_every_game_names_a_kind_the_lists_know() -> None:
    for game in GAMES:
        assert game.kind in kinds.ORDER, game.family.name


def star_form(client: TestClient, game: str) -> dict[str, str]:
    page = client.get("/").text
    found = re.search(rf'<form id="star-{game}"[^>]*>(.*?)</form>', page, re.S)
    assert found is not None
    return dict(re.findall(r'name="(\w+)" value="([^"]*)"', found[1]))


def your_games(client: TestClient) -> list[str]:
    page = client.get("/").text
    found = re.search(r'<section class="game-group mine".*?</section>', page, re.S)
    return re.findall(r'<li class="game-card" id="game-([^"]+)"', found[0]) if found else []


def test_the_star_puts_a_game_first_and_a_second_press_takes_it_back(client: TestClient) -> None:
    new_game(client, code="SH1-C4-AAAAAJ2")  # a player, with Seahaven last played
    assert your_games(client) == ["seahaven"]
    answer = client.post(
        "/favourites/pyramid", data=star_form(client, "pyramid"), follow_redirects=False
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/#game-pyramid"
    assert your_games(client) == ["pyramid", "seahaven"]
    assert client.get("/api/settings").json()["settings"]["favourites"] == ["pyramid"]
    assert 'aria-pressed="true"' in client.get("/").text
    client.post("/favourites/pyramid", data=star_form(client, "pyramid"))
    assert your_games(client) == ["seahaven"]


def test_a_star_without_the_token_or_of_no_game_changes_nothing(client: TestClient) -> None:
    new_game(client, code="SH1-C4-AAAAAJ2")
    fields = star_form(client, "pyramid")
    for data in ({}, {"token": "forged"}):
        refused = client.post("/favourites/pyramid", data=data, follow_redirects=False)
        assert refused.status_code == 403
    assert client.post("/favourites/chess", data=fields).status_code == 404
    assert client.get("/api/settings").json()["settings"]["favourites"] == []
    assert counts(client) == (1, 1)


@pytest.mark.parametrize(
    "value",
    ["pyramid", ["pyramid", "pyramid"], [1], ["Pyramid!"], ["x"] * 65, {"pyramid": True}],
)
def test_the_favourites_setting_takes_a_short_list_of_game_names(
    client: TestClient, value: object
) -> None:
    new_game(client, code="SH1-C4-AAAAAJ2")
    answer = client.post("/api/settings", json={"favourites": value})
    assert answer.status_code == 400
    assert answer.json()["error"] == (
        "setting 'favourites' must be a list of at most 64 different game names"
    )
    assert client.post("/api/settings", json={"favourites": ["spider"]}).status_code == 200
    assert your_games(client)[0] == "spider"
