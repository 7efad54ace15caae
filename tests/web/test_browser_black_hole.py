"""Black Hole and All in a Row in a real browser: seventeen fans in rows a phone shows
whole, none running into the row below; the first card and the last one of a win played
by clicks; All in a Row's empty hole taking any card (Playwright + chromium)."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import LiveServer, box, cards, click, info, open_prepared, settled, snap

from cardems.all_in_a_row.game import DECLARATION as ALL_IN_A_ROW
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


def test_all_in_a_row_starts_with_any_card_and_its_last_click_wins(
    tab: Any, live: LiveServer
) -> None:
    code = "AR1-W-AAAAAAL"
    line = winning_line(deal(ALL_IN_A_ROW, DealCode.parse(code)))
    assert line is not None and len(line) == 52
    open_prepared(tab, live, "all-in-a-row", code, [])
    assert cards(tab, "hole") == [] and len(cards(tab, "column:13")) == 4
    top = cards(tab, "column:13")[-1]
    click(tab, "column:13")  # any card starts the hole
    settled(tab)
    assert cards(tab, "hole") == [top]
    taps: list[tuple[str, ...]] = [("tap", f"column:{move.pile}") for move in line[:-1]]
    open_prepared(tab, live, "all-in-a-row", code, taps)
    click(tab, f"column:{line[-1].pile}")
    tab.wait_for_selector("#won", state="visible")
    assert tab.inner_text("#won-moves") == "52"
