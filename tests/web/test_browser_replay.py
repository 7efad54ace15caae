"""The replay viewer in a real browser: the worked example, stepped and played."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import LiveServer, cards, settled, snap

pytestmark = pytest.mark.browser


def test_the_example_steps_back_and_forth(tab: Any, live: LiveServer) -> None:
    tab.goto(live.url + "/examples/heart-to-heart")
    tab.wait_for_selector("#replay[data-ready]")
    assert tab.text_content("#step") == "0" and tab.text_content("#count") == "71"
    assert cards(tab, "heart:25") == ["4H"] and cards(tab, "waste") == ["AH"]
    assert tab.is_disabled("#back")
    for _ in range(9):
        tab.click("#forward")
        settled(tab)
    assert cards(tab, "waste") == ["4H"]
    assert "same rank as the tip" in tab.text_content("#note")
    tab.keyboard.press("ArrowRight")
    settled(tab)
    assert tab.text_content("#step") == "10"
    assert cards(tab, "heart:25") == []
    assert tab.text_content("#said") == "4 of hearts: Paired."
    assert "hint" in (tab.get_attribute('.pile[data-target="heart:25"]', "class") or "")
    assert tab.url.endswith("#s10")
    tab.click("#back")
    settled(tab)
    assert cards(tab, "heart:25") == ["4H"]
    tab.click('#replay-steps a[data-step="70"]')
    settled(tab)
    tab.select_option("#speed", "400")
    tab.click("#play")
    tab.wait_for_function("document.querySelector('#step').textContent === '71'")
    settled(tab)
    assert tab.text_content("#play") == "Play"
    assert tab.text_content("#said").endswith("You won!")
    snap(tab, "replay-won")
    tab.reload()  # the address keeps the step
    tab.wait_for_selector("#replay[data-ready]")
    assert tab.text_content("#step") == "71"
