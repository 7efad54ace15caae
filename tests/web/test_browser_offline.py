"""Offline honest (issue 41): a move made while the browser is offline is not made, and
the table says so at once in the page language; back online, it plays again. The
solitaire table and the Hearts table alike (Playwright's ``set_offline``)."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import LiveServer, click, info, open_game, screen_piles, settled

from cardems.i18n import translations

pytestmark = pytest.mark.browser

OFFLINE = "You are offline: this move was not made. It will work again when the connection is back."
BACK = "The connection is back: you can play again."


def test_a_tap_on_the_stock_offline_says_it_was_not_made(tab: Any, live: LiveServer) -> None:
    open_game(tab, live.url + "/play/heart-to-heart")
    before, moves = screen_piles(tab), info(tab)["moves"]
    tab.context.set_offline(True)
    click(tab, "stock")
    assert tab.inner_text("#message") == OFFLINE
    assert screen_piles(tab) == before and info(tab)["moves"] == moves  # nothing moved
    tab.context.set_offline(False)
    tab.wait_for_function(f"document.querySelector('#message').textContent === {BACK!r}")
    click(tab, "stock")
    assert info(tab)["moves"] == str(int(moves) + 1) and tab.inner_text("#message") == ""


def test_a_hearts_pass_offline_says_so_in_arabic(chromium_browser: Any, live: LiveServer) -> None:
    context = chromium_browser.new_context(locale="ar-EG")
    tab = context.new_page()
    try:
        tab.goto(live.url + "/")
        tab.click(".play[data-game='hearts']")
        tab.wait_for_selector("#hearts[data-ready]", state="attached")
        hand = tab.eval_on_selector_all(".hcard", "ns => ns.map(n => n.dataset.card)")
        for card in hand[:3]:
            tab.click(f".hcard[data-card='{card}']")
        tab.context.set_offline(True)
        tab.click("#pass-confirm")
        settled(tab)
        assert tab.inner_text("#h-message") == translations("ar").gettext(OFFLINE) != OFFLINE
        assert tab.eval_on_selector_all(".hcard", "ns => ns.map(n => n.dataset.card)") == hand
        tab.context.set_offline(False)
        tab.click("#pass-confirm")  # the same three cards, passed now
        tab.wait_for_selector("#received")  # the cards received, shown
        assert tab.inner_text("#h-message") != translations("ar").gettext(OFFLINE)
    finally:
        context.close()


def test_play_pressed_offline_says_the_server_cannot_be_reached(tab: Any, live: LiveServer) -> None:
    tab.goto(live.url + "/")
    tab.evaluate("navigator.serviceWorker.ready.then(() => true)")
    tab.reload()  # under the service worker now
    tab.wait_for_function("navigator.serviceWorker.controller !== null")
    tab.context.set_offline(True)
    try:
        tab.click(".play[data-game='freecell']")  # a form's POST: not the browser's error
        tab.wait_for_selector(".offline-page")
        assert tab.locator("h1").inner_text() == "The Cardems server cannot be reached"
    finally:
        tab.context.set_offline(False)
    tab.click("a[href='/']")
    tab.click(".play[data-game='freecell']")  # back online: one press to the cards
    tab.wait_for_selector("#board .card")
