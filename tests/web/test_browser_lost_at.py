"""Where you lost it, in a real browser (issue 45, item 4): a winnable Pyramid deal
played into a loss by stock taps, Winnable? says no, the table says where the win was
lost in words (also to screen readers), and its button takes the game back there."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import LiveServer, click, info, open_prepared

pytestmark = pytest.mark.browser

PYRAMID = "PY1-P3-AAAAAAA"
SAID = "You could still have won until move 40. Hint: remove the king of diamonds at position 22"


def test_played_into_a_loss_then_back_to_before_it(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "pyramid", PYRAMID, [("tap", "stock")] * 66)
    assert info(tab)["moves"] == "66"
    assert tab.locator("#lost-at").is_hidden()
    click(tab, "stock")  # the 67th move, and the last but one the stock allows
    assert info(tab)["moves"] == "67"
    tab.click("#winnable")
    tab.wait_for_selector("#lost-at", state="visible")
    tab.wait_for_function("window.cardemsIdle()")
    assert tab.inner_text("#lost-at-said") == SAID
    assert tab.inner_text("#announce") == SAID  # the live region: screen readers hear it
    tab.click("#lost-at-back")
    tab.wait_for_function("window.cardemsIdle()")
    tab.wait_for_selector("#lost-at", state="hidden")
    assert info(tab)["moves"] == "39"  # before move 40: its other move keeps a win
    assert tab.locator('.card[data-target="pyramid:22"]').count() == 1
    tab.click("#winnable")
    tab.wait_for_function("window.cardemsIdle()")
    assert "Yes" in tab.inner_text("#message")


def test_shown_when_a_lost_game_is_opened(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "pyramid", PYRAMID, [("tap", "stock")] * 67)
    tab.click("#winnable")
    tab.wait_for_function("window.cardemsIdle()")
    tab.reload()
    tab.wait_for_selector("#table[data-ready]")
    tab.wait_for_selector("#lost-at", state="visible")
    assert tab.inner_text("#lost-at-said") == SAID
