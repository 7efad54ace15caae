"""Accordion in a real browser: the row on screen (52 piles, each its top card and its
count); the last moves of a won line played by clicks, a pile then the pile it goes
onto, which shows the won dialog (Playwright + chromium; the API's hints win the day's
deal in test_api_hints_win.py)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from web_browser import LiveServer, cards, click, info, open_prepared, snap

from cardems.core.registry import game_for

DAY = datetime.date(2026, 12, 6)
CLICKED = 2
"""The moves of the won line played by clicks (the others are played before the page
opens)."""


@pytest.mark.browser
def test_the_last_moves_are_played_by_clicks_and_win(tab: Any, live: LiveServer) -> None:
    game: Any = game_for("accordion")
    code = game.daily_code(DAY)
    line = game.quick_win(code).line
    log = [("drag", f"pile:{m.source + 1}", f"pile:{m.target + 1}") for m in line[:-CLICKED]]
    open_prepared(tab, live, "accordion", str(code), log)
    left = 52 - len(log)
    assert info(tab)["score"] == str(len(log))
    assert all(len(cards(tab, f"pile:{n}")) == 1 for n in range(1, left + 1))
    assert cards(tab, f"pile:{left + 1}") == []
    stacks: list[str] = tab.eval_on_selector_all(  # a single card says no count
        "#board .pile .count", "nodes => nodes.map(n => n.textContent)"
    )
    assert sum(map(int, stacks)) + (left - len(stacks)) == 52 and "1" not in stacks
    snap(tab, "ac-row")
    for move in line[-CLICKED:]:
        click(tab, f"pile:{move.source + 1}")
        click(tab, f"pile:{move.target + 1}")
    tab.wait_for_selector("#won", state="visible")
    assert info(tab)["score"] == "51"
