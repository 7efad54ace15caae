"""The home page as a player sees it, on a desktop and a phone, in English and Arabic:
the miniatures drawn, Continue and today's deal leading where they say, nothing off
screen and no text against the screen's edges (Playwright)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_browser import LiveServer, snap

from cardems.core.daily import today
from cardems.core.registry import games

SIZES = {"desktop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}
LANGS = {"en": "en-GB", "ar": "ar-EG"}
EDGE = 8
"""The least room, in CSS pixels, between any text and the screen's edges."""
GAMES = games()


@pytest.fixture(params=[(size, lang) for size in SIZES for lang in LANGS], ids="-".join)
def home(chromium_browser: Any, live: LiveServer, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A new player's browser at the home page, at each size in each language (how the
    page is laid out depends on both at once)."""
    yield from at_home(chromium_browser, live, *request.param)


@pytest.fixture(params=[("desktop", "en"), ("phone", "ar")], ids="-".join)
def visitor(
    chromium_browser: Any, live: LiveServer, request: pytest.FixtureRequest
) -> Iterator[Any]:
    """The same, for what a player does there: each size and each language once (a mouse
    and a left-to-right page, a touch screen and a right-to-left one)."""
    yield from at_home(chromium_browser, live, *request.param)


def at_home(chromium_browser: Any, live: LiveServer, size: str, lang: str) -> Iterator[Any]:
    """A new player's browser at the home page, at ``size`` and in ``lang``."""
    phone = size == "phone"
    context = chromium_browser.new_context(
        viewport=SIZES[size], locale=LANGS[lang], has_touch=phone, is_mobile=phone
    )
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(live.url + "/")
    tab.name = f"{size}-{lang}"
    yield tab
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def open_dealt(tab: Any) -> str:
    """The table's path once its cards are drawn (Play and Today's deal deal at once)."""
    tab.wait_for_selector("[data-ready]")
    return str(tab.evaluate("location.pathname"))


def every_miniature_is_drawn(home: Any) -> None:
    """Each miniature scrolled into view and read there, all in one call into the page
    (four calls per miniature, 120 in all, were most of the test's time)."""
    shown = home.locator(".game-card svg.miniature").evaluate_all(
        """(svgs) => svgs.map((svg) => {
            svg.scrollIntoView({block: "nearest", inline: "nearest"});
            const uses = [...svg.querySelectorAll(':scope > g use')];
            return [svg.clientWidth, svg.clientHeight,
                    uses.filter((use) => use.getBBox().width > 0).length, uses.length,
                    getComputedStyle(svg.querySelector('.mini-felt')).fill]; })"""
    )
    assert len(shown) == len(GAMES)
    for width, height, drawn, total, felt in shown:
        assert (
            width > (120 if home.name.startswith("phone") else 200) and height > 90
        )  # not a speck
        assert drawn == total >= 5  # every card and place of the layout is drawn
        assert felt not in ("", "none", "rgb(0, 0, 0)")  # the table's own colour


def nothing_scrolls_sideways_and_no_text_touches_an_edge(home: Any) -> None:
    snap(home, f"home-{home.name}", full_page=True)
    width = home.evaluate("innerWidth")
    assert home.evaluate("document.documentElement.scrollWidth") <= width
    boxes = home.evaluate(
        """() => [...document.querySelectorAll(
                'main h1, main h2, main p, main li > a, main button, main bdi, header a')]
            .filter((el) => el.offsetParent !== null && el.textContent.trim())
            .map((el) => [el.textContent.trim().slice(0, 30), el.getBoundingClientRect().left,
                          el.getBoundingClientRect().right])"""
    )
    assert len(boxes) > 20
    touching = [text for text, left, right in boxes if left < EDGE or right > width - EDGE]
    assert not touching, f"text within {EDGE} px of an edge: {touching}"


def the_page_is_in_the_players_language(home: Any) -> None:
    lang = home.evaluate("document.documentElement.lang")
    taglines = home.locator(".tagline").all_inner_texts()
    assert len(taglines) == len(GAMES) and all(taglines)
    english = sorted(game.tagline for game in GAMES)
    assert (sorted(taglines) == english) == (lang == "en")
    if lang == "ar":  # the chrome mirrored, the cards not
        assert home.evaluate("document.documentElement.dir") == "rtl"
        assert home.evaluate("getComputedStyle(document.querySelector('.mini')).direction") == "ltr"


def test_the_page_in_the_players_language_fits_the_screen_with_every_miniature(
    home: Any,
) -> None:
    """What a new player sees, from one load of the page (the miniatures last: they scroll
    the page to each)."""
    the_page_is_in_the_players_language(home)
    nothing_scrolls_sideways_and_no_text_touches_an_edge(home)
    every_miniature_is_drawn(home)


def test_todays_deal_opens_that_deal(visitor: Any) -> None:
    freecell = next(game for game in GAMES if game.family.name == "freecell")
    code = freecell.daily_code(today())
    link = visitor.locator('.game-card[data-game="freecell"] .daily-link')
    assert freecell.deal_name(code) in link.inner_text()  # "#617"
    link.click()
    path = open_dealt(visitor)
    shown = visitor.evaluate(f"fetch('/api/games/{path[6:]}').then((r) => r.json())")
    assert shown["view"]["code"] == str(code)
    spider = next(game for game in GAMES if game.daily_variants)  # four suits, winnable
    variant = spider.daily_variants[0]
    code = spider.variant_daily_code(variant.letters, today())
    visitor.click("a.brand")
    path = f"today-{variant.letters.lower()}"
    link = visitor.locator(f'.game-card[data-game="{spider.family.name}"] [data-path="{path}"]')
    assert str(code) in link.inner_text() and link.is_visible()
    link.click()
    path = open_dealt(visitor)
    shown = visitor.evaluate(f"fetch('/api/games/{path[6:]}').then((r) => r.json())")
    assert shown["view"]["code"] == str(code)


def test_continue_goes_back_to_the_unfinished_game(visitor: Any) -> None:
    assert visitor.locator(".resume").count() == 0  # a new player has nothing to continue
    visitor.click('.play[data-game="seahaven"]')
    first = open_dealt(visitor)
    visitor.goto(visitor.url.split("/game/")[0] + "/")
    visitor.click('.play[data-game="heart-to-heart"]')
    second = open_dealt(visitor)
    visitor.click("a.brand")
    snap(visitor, f"home-continue-{visitor.name}", full_page=True)
    last = visitor.locator(".resume-last a.resume-link")
    assert last.get_attribute("href") == second  # the last game played comes first
    assert visitor.locator(f'.resume a[href="{first}"]').count() == 1
    last.click()
    visitor.wait_for_selector("[data-ready]")
    assert visitor.evaluate("location.pathname") == second


def test_a_game_is_found_by_its_name_and_starred_first(visitor: Any) -> None:
    # a name no other game's name or kind holds (Spider's kind is Simple Simon's too)
    title = visitor.locator('.game-card[data-game="aces-up"] h3').inner_text()
    box = visitor.locator("#game-search")
    box.fill(title.upper() if visitor.name.endswith("en") else title)
    shown = visitor.locator(".game-card:visible")
    assert shown.count() == 1 and shown.get_attribute("data-game") == "aces-up"
    assert visitor.locator(".no-game-found").is_hidden()
    box.fill("zzqx")
    assert visitor.locator(".game-card:visible").count() == 0
    assert visitor.locator(".no-game-found").is_visible()
    box.press("Escape")
    assert visitor.locator(".game-card:visible").count() == len(GAMES)
    visitor.click('.game-card[data-game="pyramid"] .star')
    visitor.wait_for_selector('.game-group.mine .game-card[data-game="pyramid"]')
    star = visitor.locator('.game-card[data-game="pyramid"] .star')
    assert star.get_attribute("aria-pressed") == "true"
    snap(visitor, f"home-starred-{visitor.name}")
    box.fill(title)
    box.press("Enter")  # the one game found plays
    assert open_dealt(visitor).startswith("/game/")
