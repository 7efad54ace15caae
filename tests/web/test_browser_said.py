"""Every refusal is seen and heard when Move errors is on, whatever the gesture, and a
draw is announced with the card drawn (Playwright)."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import LiveServer, cards, click, open_prepared, save_settings, settled

MESSAGE = "main .message[role=status]"
SIZES = pytest.mark.parametrize(
    "size",
    [{"width": 1366, "height": 800}, {"width": 390, "height": 844}],
    ids=["desktop", "phone"],
)


def move_errors_on(tab: Any, live: LiveServer) -> None:
    save_settings(tab, live.url, move_errors=True)


@SIZES
@pytest.mark.parametrize(
    ("game", "code"), [("freecell", "FC1-N-AAAAATJ"), ("seahaven", "SH1-C4-AAAAAJ2")]
)
def test_a_refused_tap_then_tap_is_shown_as_well_as_said(
    tab: Any, live: LiveServer, game: str, code: str, size: dict[str, int]
) -> None:
    tab.set_viewport_size(size)
    move_errors_on(tab, live)
    open_prepared(tab, live, game, code, [])
    click(tab, "column:1")  # its top card is not an ace: the foundation refuses it
    click(tab, "foundation:S")
    settled(tab)
    shown = tab.locator(MESSAGE).inner_text()
    heard = tab.locator("#announce").inner_text()
    assert shown and shown == heard, (shown, heard)


@SIZES
def test_a_draw_names_the_card_and_a_recycle_says_so(
    tab: Any, live: LiveServer, size: dict[str, int]
) -> None:
    tab.set_viewport_size(size)
    open_prepared(tab, live, "heart-to-heart", "HH1-N-AAAAAAM", [("tap", "stock")] * 26)
    click(tab, "stock")  # the stock is empty: the waste turns over
    settled(tab)
    assert tab.locator("#announce").inner_text() == "Turned the waste over: a new stock."
    click(tab, "stock")
    settled(tab)
    drawn = cards(tab, "waste")[-1]
    names = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
    name = f"{names.get(drawn[0], drawn[0])} of hearts"
    assert tab.locator("#announce").inner_text() == f"Drew the {name}."
