"""Gaps in a real browser: the layout with its spaces and the redeal button, a redeal by
a click, and the last moves of a winning line played by clicks, which shows the won
dialog (Playwright + chromium; the API's hints win the day's deal in
test_api_hints_win.py)."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import (
    LiveServer,
    cards,
    click,
    count_label,
    info,
    open_prepared,
    screen_piles,
    snap,
)

from cardems.core.game import TableSettings
from cardems.core.registry import game_for
from cardems.dealcode import DealCode

CODE = "GP1-N-AAAAAAB"
CLICKED = 6
"""The moves of the winning line played by clicks (the others are in the saved log)."""


@pytest.mark.browser
def test_spaces_and_a_redeal_by_a_click(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "gaps", CODE, [])
    rows = game_for("gaps").describe(DealCode.parse(CODE))["rows"]
    piles = screen_piles(tab)
    shown = [piles[f"tile:{n}"] for n in range(1, 53)]
    assert shown == [[card] if card else [] for row in rows for card in row]
    assert count_label(tab, "redeal") == "2"
    snap(tab, "gp-dealt")
    click(tab, "redeal")
    assert info(tab)["moves"] == "1" and count_label(tab, "redeal") == "1"
    assert cards(tab, "tile:14") == ["2S"] and cards(tab, "tile:15") == []


@pytest.mark.browser
def test_the_last_moves_of_a_win_by_clicks(tab: Any, live: LiveServer) -> None:
    game: Any = game_for("gaps")
    code = DealCode.parse(CODE)
    table: Any = game.new_table(code, TableSettings(), {}, lambda: 0)
    solitaire = table.solitaire
    line = game.verdict(code).line
    log, state = [], game.deal(code)
    for move in line[:-CLICKED]:
        log.append(solitaire.intent_of(state, move))
        state = state.apply(move)
    open_prepared(tab, live, "gaps", CODE, log)
    for move in line[-CLICKED:]:
        if move.is_redeal:
            click(tab, "redeal")
        else:  # a card that fits one space goes there; else it is selected, then the space
            click(tab, f"tile:{move.source + 1}")
            if solitaire.tap_move(state, f"tile:{move.source + 1}") is None:
                click(tab, f"tile:{move.target + 1}")
        state = state.apply(move)
    tab.wait_for_selector("#won", state="visible")
    assert tab.inner_text("#won-moves") == str(len(line))
    assert cards(tab, "tile:13") == [] and len(cards(tab, "tile:12")) == 1
