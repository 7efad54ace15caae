"""TriPeaks in a real browser: the peaks face down but for the bottom row, a card
refused, a draw, undo, and a deal played to the win by clicks (Playwright + chromium)."""

from __future__ import annotations

from typing import Any

from web_browser import (
    LiveServer,
    box,
    cards,
    classes,
    click,
    count_label,
    drag,
    info,
    open_prepared,
    page_without_names,
    settled,
    snap,
)

from cardems.dealcode import DealCode
from cardems.kit.waste.solver import winning_line
from cardems.tripeaks.rules import deal

CODE = "TP1-W-AAAAAAB"


def test_peaks_on_screen_with_face_down_cards_hidden(tab: Any, live: LiveServer) -> None:
    game_id = open_prepared(tab, live, "tripeaks", CODE, [])
    assert info(tab) == {"time": "0:00", "score": "0", "moves": "0", "code": CODE}
    tips = [box(tab, f"peak:{p}") for p in (1, 2, 3)]
    assert tips[0]["x"] < tips[1]["x"] < tips[2]["x"]
    assert box(tab, "peak:19")["y"] > tips[0]["y"] + tips[0]["height"]
    assert cards(tab, "peak:1") == ["back"] and cards(tab, "peak:19") == ["AS"]
    assert cards(tab, "waste") == ["6S"] and count_label(tab, "stock") == "23"
    # the tip of the first peak is face down
    assert "5S" not in page_without_names(tab, CODE, game_id)
    assert "framed" in classes(tab, "peak:21")  # placement help: the 5♦ fits the 6♠
    assert "framed" not in classes(tab, "peak:24")  # the 4♥ does not
    snap(tab, "tp-start")


def test_refused_card_draw_and_undo(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "tripeaks", CODE, [])
    click(tab, "peak:19")  # A♠ on a 6♠: refused, nothing moves
    assert cards(tab, "peak:19") == ["AS"] and info(tab)["moves"] == "0"
    drag(tab, "peak:22", "waste")  # 5♣ on the 6♠
    assert cards(tab, "waste") == ["5C"] and info(tab)["score"] == "1"
    click(tab, "stock")
    assert cards(tab, "waste") == ["7D"] and info(tab)["score"] == "-4"
    tab.click("#undo")
    settled(tab)
    assert cards(tab, "waste") == ["5C"] and count_label(tab, "stock") == "23"


def test_a_deal_played_to_the_win_by_clicks(tab: Any, live: LiveServer) -> None:
    line = winning_line(deal(DealCode.parse(CODE)))
    assert line is not None
    open_prepared(tab, live, "tripeaks", CODE, [])
    for move in line:
        click(tab, "stock" if move.is_draw else f"peak:{move.position}")
    tab.wait_for_selector("#won", state="visible")
    assert tab.inner_text("#won-moves") == str(len(line))
    assert all(cards(tab, f"peak:{p}") == [] for p in range(1, 29))
    snap(tab, "tp-won-dialog")
