"""A system that asks for less motion (``prefers-reduced-motion: reduce``) sees cards land
without flying, on a solitaire table and at Hearts, whatever the animation speed; the
same moves fly otherwise (each test counts the page's calls to ``Element.animate``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_browser_fit import DESKTOPS, close, new_tab
from test_browser_hearts import next_step, playable, start
from test_browser_hearts_moves import to_first_turn
from web_browser import LiveServer, double_click, info, open_prepared, save_settings, settled

FREECELL = "FC1-N-AAAAAAB"
DESKTOP = DESKTOPS[0]
COUNT_FLIGHTS = """
window.flights = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.flights += 1;
  return animate.apply(this, args);
};
"""

pytestmark = pytest.mark.browser


def flights_during(browser: Any, motion: str, act: Callable[[Any], None]) -> int:
    """The cards' flights (``Element.animate`` calls) while ``act`` plays on a new tab
    whose system asks ``motion`` (``reduce`` or ``no-preference``)."""
    tab = new_tab(browser, DESKTOP, reduced_motion=motion)
    try:
        tab.add_init_script(COUNT_FLIGHTS)
        act(tab)
        flights: int = tab.evaluate("window.flights")
        return flights
    finally:
        close(tab)


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_a_solitaire_move_flies_only_without_reduced_motion(
    chromium_browser: Any, live: LiveServer, motion: str
) -> None:
    def move(tab: Any) -> None:
        save_settings(tab, live.url, animation="slow")
        open_prepared(tab, live, "freecell", FREECELL, [])
        double_click(tab, "column:1")  # its top card to a free cell or home
        settled(tab)
        assert info(tab)["moves"] == "1"

    flights = flights_during(chromium_browser, motion, move)
    assert (flights == 0) if motion == "reduce" else (flights > 0), flights


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_hearts_cards_fly_only_without_reduced_motion(
    chromium_browser: Any, live: LiveServer, motion: str
) -> None:
    def trick(tab: Any) -> None:
        start(tab, live, animation="normal")
        to_first_turn(tab)
        tab.click(f'.hcard[data-card="{playable(tab)[0]}"]')
        assert next_step(tab) == "turn"  # the trick played out, the next one led to me

    flights = flights_during(chromium_browser, motion, trick)
    assert (flights == 0) if motion == "reduce" else (flights > 0), flights
