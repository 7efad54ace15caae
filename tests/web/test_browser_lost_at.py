"""Where you lost it, in a real browser (issue 45, item 4): a winnable Pyramid deal
played into a loss by stock taps, Winnable? says no, the table says where the win was
lost in words (also to screen readers), and its button takes the game back there."""

from __future__ import annotations

import random
from typing import Any

import pytest
from web_browser import LiveServer, click, info, open_prepared

from cardems.core.game import TableSettings
from cardems.klondike.game import GAME

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


def test_stuck_klondike_the_end_dialog_says_where_and_goes_back(tab: Any, live: LiveServer) -> None:
    code, rng = "KL1-D3-Z7KMA3B", random.Random(0)  # winnable; these moves lose it
    table = GAME.new_table(GAME.code_for(code), TableSettings(), {}, lambda: 0.0)
    while table.status == "playing" and table.legal_intents():
        table.act(rng.choice(table.legal_intents()))
    assert table.status == "stuck"
    lost = GAME.where_lost(table.code, TableSettings(), {}, table.log)
    assert lost.found and lost.undos() <= 100
    open_prepared(tab, live, "klondike", code, list(table.log))
    tab.wait_for_selector("#blocked", state="visible")
    tab.wait_for_selector("#blocked-lost-at", state="visible")
    said = lost.json("en")["said"]
    assert tab.inner_text("#blocked-lost-at") == said
    assert said.startswith(f"You could still have won until move {lost.move}.")
    tab.click("#blocked-back")
    tab.wait_for_function("window.cardemsIdle()")
    tab.wait_for_selector("#blocked", state="hidden")
    for _ in range(lost.undos()):
        table.act(("undo",))
    assert info(tab)["moves"] == str(table.view()["moves"])
    assert tab.locator("#lost-at").is_hidden()
