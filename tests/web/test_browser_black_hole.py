"""Black Hole in a real browser: seventeen fans in rows a phone shows whole, none
running into the row below, and a deal won by clicks along the solver's line
(Playwright + chromium)."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import LiveServer, box, cards, click, info, open_prepared, settled, snap

from cardems.black_hole.game import DECLARATION
from cardems.dealcode import DealCode
from cardems.kit.waste.engine import deal
from cardems.kit.waste.solver import winning_line

CODE = "BH1-W-AAAAAAL"
PHONE = {"width": 390, "height": 844}


def test_the_first_and_the_last_card_go_into_the_hole_by_clicks(tab: Any, live: LiveServer) -> None:
    line = winning_line(deal(DECLARATION, DealCode.parse(CODE)))
    assert line is not None and len(line) == 51
    open_prepared(tab, live, "black-hole", CODE, [])
    assert info(tab)["code"] == CODE and cards(tab, "hole") == ["AS"]
    assert len(cards(tab, "fan:1")) == 3 and "back" not in cards(tab, "fan:1")
    first = cards(tab, f"fan:{line[0].pile}")[-1]
    click(tab, f"fan:{line[0].pile}")
    settled(tab)
    assert cards(tab, "hole")[-1] == first
    taps: list[tuple[str, ...]] = [("tap", f"fan:{move.pile}") for move in line[:-1]]
    open_prepared(tab, live, "black-hole", CODE, taps)
    click(tab, f"fan:{line[-1].pile}")
    tab.wait_for_selector("#won", state="visible")
    assert tab.inner_text("#won-moves") == "51"
    assert all(cards(tab, f"fan:{f}") == [] for f in range(1, 18))


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1366, "height": 800}], ids=["phone", "pc"])
def test_the_fans_fit_and_end_above_the_next_row(
    chromium_browser: Any, live: LiveServer, viewport: dict[str, int]
) -> None:
    context = chromium_browser.new_context(viewport=viewport)
    tab = context.new_page()
    try:
        open_prepared(tab, live, "black-hole", CODE, [])
        snap(tab, f"black-hole-{viewport['width']}")
        for fan in range(1, 12):  # the first two rows: each fan ends above the one below
            bottom = box(tab, f"fan:{fan}", 2)
            below = box(tab, f"fan:{fan + 6}", 0)
            assert bottom["y"] + bottom["height"] <= below["y"] + 1, (fan, bottom, below)
        last = box(tab, "fan:17", 2)
        assert last["y"] + last["height"] <= viewport["height"]
        assert last["x"] + last["width"] <= viewport["width"]
        assert box(tab, "fan:1", 0)["width"] >= 48  # a card's index reads on a phone
    finally:
        context.close()
