"""The first tap plays (issue 41): from the home page, one press of Play or Today's deal
reaches the cards — a new visitor's fresh browser, with and without JavaScript, for a
solitaire and for Hearts — and a second press of Play continues the same game."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from web_browser import LiveServer, player_id

from cardems.core.daily import daily_secret, today
from cardems.core.registry import game_for
from cardems.store import Store

pytestmark = pytest.mark.browser

CARD = {"freecell": "#board .card", "hearts": "#hand .hcard"}
"""A card drawn on each game's table."""
PRESS = {"play": ".play[data-game='{game}']", "today": ".game-card[data-game='{game}'] .daily-link"}


@pytest.fixture
def fresh(chromium_browser: Any) -> Iterator[Any]:
    """A new visitor's browser (no cookie) with JavaScript off."""
    context = chromium_browser.new_context(java_script_enabled=False)
    yield context.new_page()
    context.close()


def press(tab: Any, live: LiveServer, game: str, which: str) -> float:
    """Open the home page and press ``which`` of ``game``: seconds until a card shows
    (printed with ``-s``; measured, not held to a figure: speed is for benchmarks)."""
    tab.goto(live.url + "/")
    started = time.perf_counter()
    tab.click(PRESS[which].format(game=game))
    tab.wait_for_selector(CARD[game])
    return time.perf_counter() - started


def todays_code(live: LiveServer, game: str) -> str:
    """Today's deal of ``game`` on this server (Hearts's mixes the server's secret)."""
    store = Store(live.db)
    try:
        return str(game_for(game).daily_code(today(), daily_secret(store.secret())))
    finally:
        store.close()


def saved_code(live: LiveServer, tab: Any) -> str:
    """The code of the game the tab shows."""
    store = Store(live.db)
    try:
        saved = store.load_game(tab.evaluate("location.pathname")[len("/game/") :])
    finally:
        store.close()
    assert saved is not None
    return saved.code


@pytest.mark.parametrize("game", ["freecell", "hearts"])
def test_one_press_of_play_deals_and_a_second_continues(
    tab: Any, live: LiveServer, game: str
) -> None:
    seconds = press(tab, live, game, "play")
    print(f"Play → first card of {game}: {seconds * 1000:.0f} ms")
    first = tab.evaluate("location.pathname")
    assert first.startswith("/game/")
    press(tab, live, game, "play")
    assert tab.evaluate("location.pathname") == first  # the game in progress, not another


@pytest.mark.parametrize("game", ["freecell", "hearts"])
def test_one_press_of_todays_deal_opens_it(tab: Any, live: LiveServer, game: str) -> None:
    seconds = press(tab, live, game, "today")
    print(f"Today's deal → first card of {game}: {seconds * 1000:.0f} ms")
    assert saved_code(live, tab) == todays_code(live, game)
    first = tab.evaluate("location.pathname")
    press(tab, live, game, "today")
    assert tab.evaluate("location.pathname") == first


def test_todays_deal_asks_before_ending_another_game_in_progress(
    tab: Any, live: LiveServer
) -> None:
    press(tab, live, "freecell", "play")
    playing = tab.evaluate("location.pathname")
    tab.goto(live.url + "/")
    tab.click(PRESS["today"].format(game="freecell"))
    tab.wait_for_selector("form.deal")
    assert tab.locator(f'.deal-page a[href="{playing}"]').count() == 1  # nothing ended
    tab.click("form.deal button")  # the player chooses to
    tab.wait_for_selector(CARD["freecell"])
    assert saved_code(live, tab) == todays_code(live, "freecell")


@pytest.mark.parametrize(("game", "which"), [("freecell", "play"), ("hearts", "today")])
def test_without_javascript_one_press_reaches_the_table(
    fresh: Any, live: LiveServer, game: str, which: str
) -> None:
    fresh.goto(live.url + "/")
    fresh.click(PRESS[which].format(game=game))
    fresh.wait_for_load_state()
    path = fresh.url.removeprefix(live.url)
    assert path.startswith("/game/"), path
    store = Store(live.db)
    try:
        games = store.unfinished_games(player_id(fresh))
    finally:
        store.close()
    assert [(saved["id"], saved["game"]) for saved in games] == [(path[len("/game/") :], game)]


def test_back_to_the_home_page_then_play_again_continues(tab: Any, live: LiveServer) -> None:
    """The first press made the player: Back shows the home page anew, with their token."""
    press(tab, live, "freecell", "play")
    first = tab.evaluate("location.pathname")
    tab.go_back()
    tab.click(PRESS["play"].format(game="freecell"))
    tab.wait_for_selector(CARD["freecell"])
    assert tab.evaluate("location.pathname") == first
