"""Pages of words keep a margin on a phone: their text does not touch the screen's edges
(a table gives its cards the whole width; a page to read does not), in both directions."""

from __future__ import annotations

from typing import Any

import pytest
from test_browser_fit import PHONE, close, new_tab
from web_browser import LiveServer, save_settings

MARGIN = 8
"""The least room, in CSS pixels, between a page's words and either edge of a phone."""
PAGES = ("/settings", "/stats", "/rules/spider", "/play/spider")
"""The settings, statistics and rules pages, and a game's page with no game in progress."""

TEXT_EDGES = """() => {
  const boxes = [...document.querySelectorAll(
    "main h1, main h2, main p, main li, main label, main a, main button")]
    .filter((node) => node.offsetParent !== null && !node.closest("dialog"))
    .map((node) => node.getBoundingClientRect())
    .filter((box) => box.width > 0);
  return {left: Math.min(...boxes.map((box) => box.left)),
          right: Math.max(...boxes.map((box) => box.right)),
          width: document.documentElement.clientWidth};
}"""


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_phone_keeps_a_margin_around_the_words_of_every_page(
    chromium_browser: Any, live: LiveServer, lang: str
) -> None:
    tab = new_tab(chromium_browser, PHONE)
    try:
        save_settings(tab, live.url, language=lang)
        for page in PAGES:
            tab.goto(live.url + page)
            edges = tab.evaluate(TEXT_EDGES)
            assert edges["left"] >= MARGIN, (page, edges)
            assert edges["right"] <= edges["width"] - MARGIN, (page, edges)
    finally:
        close(tab)
