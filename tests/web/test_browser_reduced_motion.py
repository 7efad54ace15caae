"""A system that asks for less motion (``prefers-reduced-motion: reduce``) sees cards land
without flying, on a solitaire table and at Hearts, whatever the animation speed; the
same moves fly otherwise (each test counts the page's calls to ``Element.animate``)."""

from __future__ import annotations

from typing import Any

import pytest
from test_browser_hearts import next_step, playable, start
from test_browser_hearts_moves import to_first_turn
from web_browser import LiveServer, double_click, info, open_prepared, save_settings, settled

FREECELL = "FC1-N-AAAAAAB"
COUNT_FLIGHTS = """
window.flights = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.flights += 1;
  return animate.apply(this, args);
};
"""

pytestmark = pytest.mark.browser


def new_tab(browser: Any, motion: str) -> Any:
    context = browser.new_context(viewport={"width": 1366, "height": 800}, reduced_motion=motion)
    context.add_init_script(COUNT_FLIGHTS)
    return context.new_page()


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_solitaire_move_flies_only_without_reduced_motion(
    chromium_browser: Any, live: LiveServer, motion: str
) -> None:
    tab = new_tab(chromium_browser, motion)
    try:
        save_settings(tab, live.url, animation="slow")
        open_prepared(tab, live, "freecell", FREECELL, [])
        double_click(tab, "column:1")  # its top card to a free cell or home
        settled(tab)
        assert info(tab)["moves"] == "1"
        flights = tab.evaluate("window.flights")
        assert (flights == 0) if motion == "reduce" else (flights > 0), flights
    finally:
        tab.context.close()


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_hearts_cards_fly_only_without_reduced_motion(
    chromium_browser: Any, live: LiveServer, motion: str
) -> None:
    tab = new_tab(chromium_browser, motion)
    try:
        start(tab, live, animation="normal")
        to_first_turn(tab)
        tab.click(f'.hcard[data-card="{playable(tab)[0]}"]')
        assert next_step(tab) == "turn"  # the trick played out, the next one led to me
        flights = tab.evaluate("window.flights")
        assert (flights == 0) if motion == "reduce" else (flights > 0), flights
    finally:
        tab.context.close()
