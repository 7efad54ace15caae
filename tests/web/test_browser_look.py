"""The table's look in a real browser: cards that fill the window on desktop and phone,
the card-size, deck, card-back and table-colour settings, shaded covered cards (Playwright)."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import (
    LiveServer,
    box,
    click,
    count_label,
    open_game,
    open_prepared,
    save_settings,
    settled,
)

DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
GAMES = (("seahaven", "SH1-C4-AAAAAJ2", 10), ("freecell", "FC1-N-AAAAAAB", 8))


def page_scrolls(tab: Any) -> bool:
    return bool(
        tab.evaluate(
            """() => document.documentElement.scrollHeight > innerHeight + 1
                || document.documentElement.scrollWidth > innerWidth + 1"""
        )
    )


def card_width(tab: Any, target: str = "column:1") -> float:
    return float(box(tab, target, 0)["width"])


@pytest.mark.parametrize(("game", "code", "columns"), GAMES)
def test_cards_fill_a_desktop_window_without_scrolling(
    chromium_browser: Any, live: LiveServer, game: str, code: str, columns: int
) -> None:
    context = chromium_browser.new_context(viewport=DESKTOP)
    tab = context.new_page()
    try:
        open_prepared(tab, live, game, code, [])
        # The board is sized to the cards dealt, not to the longest columns to come.
        assert card_width(tab) >= 100 and not page_scrolls(tab)
        board = tab.locator(".board-wrap").bounding_box()
        first, last = box(tab, "column:1", 0), box(tab, f"column:{columns}", 0)
        middle = (first["x"] + last["x"] + last["width"]) / 2
        assert abs(middle - (board["x"] + board["width"] / 2)) < 4  # centred on the felt
    finally:
        context.close()


@pytest.mark.parametrize(("game", "code", "columns"), GAMES)
def test_cards_on_a_phone_use_the_whole_width(
    chromium_browser: Any, live: LiveServer, game: str, code: str, columns: int
) -> None:
    context = chromium_browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    tab = context.new_page()
    try:
        open_prepared(tab, live, game, code, [])
        # Ten columns across 390 px: each card takes nearly a tenth of the screen.
        assert card_width(tab) >= 0.86 * PHONE["width"] / columns
        assert not page_scrolls(tab)
        assert not tab.locator("#keys-help").is_visible()  # no keyboard help on touch
    finally:
        context.close()


def test_card_size_setting_caps_the_cards(chromium_browser: Any, live: LiveServer) -> None:
    context = chromium_browser.new_context(viewport=DESKTOP)
    tab = context.new_page()
    try:
        save_settings(tab, live.url, card_size="small")
        game_id = open_prepared(tab, live, "freecell", "FC1-N-AAAAAAB", [])
        small = card_width(tab)
        save_settings(tab, live.url, card_size="large")
        open_game(tab, f"{live.url}/game/{game_id}")
        assert small <= 64 < card_width(tab) <= 120
    finally:
        context.close()


def test_deck_back_and_felt_settings(tab: Any, live: LiveServer) -> None:
    game_id = open_prepared(tab, live, "heart-to-heart", "HH1-N-AAAAAAM", [])
    face = tab.locator('.card[data-card="AH"] use, .card[data-card="KH"] use').first
    assert face.get_attribute("href").startswith("/cards.svg#card-")
    assert tab.locator('.pile[data-target="stock"] use').get_attribute("href") == (
        "/cards.svg#card-back-blue"
    )
    green = tab.locator(".board-wrap").evaluate("(n) => getComputedStyle(n).backgroundColor")
    save_settings(tab, live.url, deck="four_colour", card_back="red", felt="blue")
    open_game(tab, f"{live.url}/game/{game_id}")
    face = tab.locator('.card[data-card="AH"] use, .card[data-card="KH"] use').first
    assert face.get_attribute("href").startswith("/cards-four-colour.svg#card-")
    assert tab.locator('.pile[data-target="stock"] use').get_attribute("href") == (
        "/cards-four-colour.svg#card-back-red"
    )
    blue = tab.locator(".board-wrap").evaluate("(n) => getComputedStyle(n).backgroundColor")
    assert blue != green
    # The four-colour sprite really draws diamonds blue and clubs green.
    sprite = tab.request.get(live.url + "/cards-four-colour.svg").text()
    assert "#1456b8" in sprite and "#13803b" in sprite


def shade(tab: Any, covered: bool) -> float:
    """How opaque the shade over a covered (or a free) card of the heart is."""
    selector = ".card.covered .shade" if covered else ".card:not(.covered) .shade"
    return float(
        tab.locator(f'.pile[data-target^="heart:"] {selector}').first.evaluate(
            """(n) => { const style = getComputedStyle(n);
                return style.fill === "transparent" || style.fill.endsWith(", 0)")
                    ? 0 : Number(style.fillOpacity) }"""
        )
    )


def test_covered_cards_are_shaded_unless_turned_off(tab: Any, live: LiveServer) -> None:
    game_id = open_prepared(tab, live, "heart-to-heart", "HH1-N-AAAAAAM", [])
    # Only the card at the tip is free; the other 24 lie under it and look it.
    assert tab.locator('.pile[data-target^="heart:"] .card.covered').count() == 24
    assert shade(tab, covered=True) > 0.1 and shade(tab, covered=False) < 0.05
    save_settings(tab, live.url, show_available=False)
    open_game(tab, f"{live.url}/game/{game_id}")
    assert tab.locator('.pile[data-target^="heart:"] .card.covered').count() == 24
    assert shade(tab, covered=True) < 0.05


AUDIO_SPY = """
window.notesPlayed = 0;
window.AudioContext = class extends window.AudioContext {
  createOscillator() { window.notesPlayed += 1; return super.createOscillator(); }
};
"""


def test_sound_effects_only_when_turned_on(tab: Any, live: LiveServer) -> None:
    tab.add_init_script(AUDIO_SPY)
    game_id = open_prepared(tab, live, "heart-to-heart", "HH1-N-AAAAAAM", [])
    click(tab, "stock")
    settled(tab)
    assert count_label(tab, "waste") == "2" and tab.evaluate("window.notesPlayed") == 0
    save_settings(tab, live.url, sound=True)
    open_game(tab, f"{live.url}/game/{game_id}")
    click(tab, "stock")
    settled(tab)
    assert count_label(tab, "waste") == "3" and tab.evaluate("window.notesPlayed") >= 1
