"""The first-game guide (issue 41): on a new player's first table, in the page language,
until "Got it"; then never again, on that table or another (also without JavaScript)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from web_browser import LiveServer, settled

from cardems.i18n import translations

pytestmark = pytest.mark.browser

READY = {"freecell": "#table[data-ready]", "hearts": "#hearts[data-ready]"}


@pytest.fixture(params=["en-GB", "ar-EG"])
def visitor(chromium_browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A new visitor's browser in English or Arabic."""
    context = chromium_browser.new_context(locale=request.param)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def play(tab: Any, live: LiveServer, game: str) -> None:
    """Press Play on the home page and wait for the table."""
    tab.goto(live.url + "/")
    tab.click(f".play[data-game='{game}']")
    tab.wait_for_selector(READY[game], state="attached")


def test_the_guide_is_shown_once_then_remembered(visitor: Any, live: LiveServer) -> None:
    play(visitor, live, "freecell")
    lang = visitor.evaluate("document.documentElement.lang")
    guide = visitor.locator("#guide")
    assert guide.is_visible()
    title = translations(lang).gettext("Your first game")
    assert visitor.inner_text("#guide-title") == title and (lang == "en") == (
        title == "Your first game"
    )
    assert len(visitor.locator("#guide li").all_inner_texts()) == 3
    visitor.click("#guide-close")
    settled(visitor)
    assert not guide.is_visible()
    visitor.reload()
    visitor.wait_for_selector(READY["freecell"])
    assert visitor.locator("#guide").count() == 0
    play(visitor, live, "hearts")  # another game's table: not again
    assert visitor.locator("#guide").count() == 0


def test_the_hearts_table_has_its_own_guide(visitor: Any, live: LiveServer) -> None:
    play(visitor, live, "hearts")
    lang = visitor.evaluate("document.documentElement.lang")
    words = visitor.inner_text("#guide")
    pass_line = "At the start of a round, tap three cards to pass, then press Pass."
    assert translations(lang).gettext(pass_line) in words
    visitor.click("#guide-close")
    settled(visitor)
    visitor.reload()
    visitor.wait_for_selector(READY["hearts"], state="attached")
    assert visitor.locator("#guide").count() == 0


def test_without_javascript_got_it_posts_and_comes_back(
    chromium_browser: Any, live: LiveServer
) -> None:
    context = chromium_browser.new_context(java_script_enabled=False)
    tab = context.new_page()
    try:
        tab.goto(live.url + "/")
        tab.click(".play[data-game='freecell']")
        table = tab.url
        assert "/game/" in table and tab.locator("#guide").count() == 1
        tab.click("#guide-close")
        assert tab.url == table and tab.locator("#guide").count() == 0
    finally:
        context.close()
