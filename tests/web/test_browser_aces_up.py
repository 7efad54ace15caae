"""Aces Up in a real browser: the four piles and the stock on screen with the stock's
cards never in the page, a deal, and a deal played to the win by clicks
(Playwright + chromium)."""

from __future__ import annotations

from typing import Any

from web_browser import (
    LiveServer,
    cards,
    click,
    count_label,
    info,
    open_prepared,
    page_without_names,
    snap,
)

from cardems.core.registry import game_for
from cardems.dealcode import DealCode

CODE = "AU1-N-AAAAAAI"
"""A deal the greedy search wins (69 moves)."""


def test_piles_stock_and_a_deal(tab: Any, live: LiveServer) -> None:
    game_id = open_prepared(tab, live, "aces-up", CODE, [])
    assert info(tab) == {"time": "0:00", "score": "0", "moves": "0", "code": CODE}
    tops = [cards(tab, f"pile:{n}") for n in range(1, 5)]
    assert all(len(top) == 1 for top in tops) and count_label(tab, "stock") == "48"
    stock = game_for("aces-up").describe(DealCode.parse(CODE))["stock"]
    html = page_without_names(tab, CODE, game_id)
    assert not any(f'"{card}"' in html or f"#{card}" in html for card in stock)
    click(tab, "stock")
    assert info(tab)["moves"] == "1" and count_label(tab, "stock") == "44"
    assert all(len(cards(tab, f"pile:{n}")) == 2 for n in range(1, 5))
    snap(tab, "au-dealt")


def test_a_deal_played_to_the_win_by_clicks(tab: Any, live: LiveServer) -> None:
    game = game_for("aces-up")
    line = game.quick_win(DealCode.parse(CODE)).line  # type: ignore[attr-defined]
    open_prepared(tab, live, "aces-up", CODE, [])
    for move in line:
        if move.is_deal:
            click(tab, "stock")
        elif move.target is None:  # a discard: the card's tap throws it out
            click(tab, f"pile:{move.source + 1}")
        else:  # a tap selects the card, a tap on the empty pile moves it there
            click(tab, f"pile:{move.source + 1}")
            click(tab, f"pile:{move.target + 1}")
    tab.wait_for_selector("#won", state="visible")
    assert tab.inner_text("#won-moves") == str(len(line))
    assert sorted(cards(tab, f"pile:{n}")[0] for n in range(1, 5)) == ["AC", "AD", "AH", "AS"]
    snap(tab, "au-won-dialog")
