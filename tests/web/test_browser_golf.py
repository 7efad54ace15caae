"""Golf in a real browser: seven open columns, a king that blocks, and a deal won by
clicks along the solver's line (Playwright + chromium)."""

from __future__ import annotations

from typing import Any

from web_browser import LiveServer, cards, click, count_label, info, open_prepared

from cardems.dealcode import DealCode
from cardems.golf.game import DECLARATION
from cardems.kit.waste.engine import deal
from cardems.kit.waste.solver import winning_line

CODE = "GF1-K-AAAAAA7"


def test_a_deal_played_to_the_win_by_clicks(tab: Any, live: LiveServer) -> None:
    line = winning_line(deal(DECLARATION, DealCode.parse(CODE)))
    assert line is not None
    open_prepared(tab, live, "golf", CODE, [])
    assert info(tab)["code"] == CODE and count_label(tab, "stock") == "16"
    assert len(cards(tab, "column:1")) == 5 and "back" not in cards(tab, "column:1")
    for move in line:  # every tap moves a card: a quick second tap on a pile is a tap too
        click(tab, "stock" if move.is_draw else f"column:{move.pile}")
    tab.wait_for_selector("#won", state="visible")
    assert tab.inner_text("#won-moves") == str(len(line))
    assert all(cards(tab, f"column:{c}") == [] for c in range(1, 8))
