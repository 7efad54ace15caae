"""Heart to Heart in a real browser: taps, drags, double clicks, draws, recycles, undo,
the blocked and won dialogs, reloading, settings and statistics (Playwright + chromium)."""

from __future__ import annotations

from typing import Any

import pytest
from solitaire_lines import hh_blocked_game, hh_won_game
from web_browser import (
    LiveServer,
    box,
    cards,
    classes,
    click,
    count_label,
    double_click,
    drag,
    info,
    open_game,
    open_prepared,
    settled,
    snap,
)

from cardems.core.game import Action

WORKED = "HH1-N-AAAAAAM"


@pytest.fixture(scope="module")
def won() -> tuple[str, list[list[Action]]]:
    """A winnable deal and its hinted winning line (seconds of hints: found once)."""
    return hh_won_game()


def test_heart_layout_on_screen(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "heart-to-heart", WORKED, [])
    assert info(tab) == {"time": "0:00", "score": "0", "moves": "0", "code": WORKED}
    tip, top_left = box(tab, "heart:25"), box(tab, "heart:1")
    assert tip["y"] > top_left["y"] + 3 * tip["height"]  # the tip is at the bottom
    row2 = [box(tab, f"heart:{p}")["x"] for p in range(5, 11)]
    assert row2 == sorted(row2)
    assert cards(tab, "heart:1") == ["TH"] and cards(tab, "heart:25") == ["4H"]
    assert cards(tab, "waste") == ["AH"] and cards(tab, "stock") == ["back"]
    assert count_label(tab, "stock") == "26"
    assert "available" in classes(tab, "heart:25")
    assert "available" not in classes(tab, "heart:1")


def test_select_draw_and_pair_by_tap_then_undo(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "heart-to-heart", WORKED, [])
    click(tab, "heart:1")  # covered: nothing happens
    assert "selected" not in classes(tab, "heart:1") and info(tab)["moves"] == "0"
    click(tab, "heart:25")
    assert "selected" in classes(tab, "heart:25")
    click(tab, "heart:25")  # touching the selected card again deselects it
    assert "selected" not in classes(tab, "heart:25")
    for _ in range(9):
        click(tab, "stock")
    assert cards(tab, "waste") == ["4H"] and count_label(tab, "stock") == "17"
    click(tab, "waste")
    assert "selected" in classes(tab, "waste")
    click(tab, "heart:25")
    assert cards(tab, "heart:25") == []
    assert info(tab)["score"] == "10" and info(tab)["moves"] == "10"
    tab.click("#undo")
    settled(tab)
    assert cards(tab, "heart:25") == ["4H"] and info(tab)["moves"] == "9"
    tab.click("#redo")
    settled(tab)
    assert cards(tab, "heart:25") == [] and info(tab)["moves"] == "10"


def test_pair_by_drag_and_double_click_draws_twice(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "heart-to-heart", WORKED, [("tap", "stock")] * 8)
    double_click(tab, "stock")  # two quick clicks on the stock: two draws
    assert info(tab)["moves"] == "10" and cards(tab, "waste") != ["4H"]
    tab.click("#undo")
    settled(tab)
    assert cards(tab, "waste") == ["4H"]
    drag(tab, "waste", "heart:25")
    assert cards(tab, "heart:25") == [] and info(tab)["score"] == "10"
    assert tab.locator(".ghost.dragging").count() == 0


def test_recycle_when_the_stock_is_empty(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "heart-to-heart", WORKED, [("tap", "stock")] * 26)
    assert cards(tab, "stock") == [] and count_label(tab, "waste") == "27"
    click(tab, "stock")
    assert count_label(tab, "stock") == "27" and cards(tab, "waste") == []
    click(tab, "stock")
    assert cards(tab, "waste") == ["AH"]  # the first card turned is again the first


def test_move_errors_are_shown_when_the_setting_is_on(tab: Any, live: LiveServer) -> None:
    game_id = open_prepared(tab, live, "heart-to-heart", WORKED, [])
    click(tab, "heart:25")
    click(tab, "waste")
    assert tab.inner_text("#message") == "" and "selected" in classes(tab, "waste")
    tab.goto(live.url + "/settings")
    tab.check("input[name=move_errors]")
    tab.select_option("select[name=theme]", "dark")
    tab.click("text=Save")
    tab.wait_for_selector("text=Settings saved.")
    open_game(tab, live.url + f"/game/{game_id}")
    assert tab.get_attribute("html", "data-theme") == "dark"
    click(tab, "heart:25")
    assert tab.inner_text("#message") == "Must be of the same rank"


def test_blocked_dialog_offers_undo(tab: Any, live: LiveServer) -> None:
    code, log = hh_blocked_game()
    open_prepared(tab, live, "heart-to-heart", code, log[:-1])
    assert not tab.is_visible("#blocked")
    last = log[-1]
    assert last[0] == "tap"
    click(tab, last[1])
    tab.wait_for_selector("#blocked", state="visible")
    assert "No more moves possible" in tab.inner_text("#blocked")
    snap(tab, "hh-blocked-dialog")
    tab.click("#blocked-undo")
    settled(tab)
    assert not tab.is_visible("#blocked")
    assert tab.get_attribute("#table", "data-status") == "playing"


def test_win_dialog_then_statistics(tab: Any, live: LiveServer, won: Any) -> None:
    code, moves = won
    open_prepared(tab, live, "heart-to-heart", code, [i for move in moves[:-1] for i in move])
    ((kind, source, target),) = moves[-1]  # the last pair, dragged as the hint says
    assert kind == "drag"
    drag(tab, source, target)
    tab.wait_for_selector("#won", state="visible")
    assert tab.inner_text("#won-score") == "250"
    assert tab.inner_text("#won-moves") == str(len(moves))
    tab.wait_for_function("document.getElementById('won-par').textContent !== ''")  # it follows
    assert tab.is_visible("#won-par") and 0 < int(tab.inner_text("#won-par")) <= len(moves)
    snap(tab, "hh-won-dialog")
    tab.click("#won-close")
    tab.goto(live.url + "/stats")
    stat = tab.locator('.stat[data-game="heart-to-heart"]')
    assert (
        stat.locator(".played").inner_text() == "1" and stat.locator("dd.won").inner_text() == "1"
    )
    assert stat.locator("figure.moves circle.won").count() == 1


def test_reload_finds_the_game_as_it_was(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "heart-to-heart", WORKED, [])
    for _ in range(3):
        click(tab, "stock")
    click(tab, "heart:25")
    tab.wait_for_function("document.getElementById('time').textContent !== '0:00'")
    before = (info(tab), cards(tab, "waste"), classes(tab, "heart:25"), box(tab, "heart:25"))
    tab.reload()
    tab.wait_for_selector("#table[data-ready]")
    after = (info(tab), cards(tab, "waste"), classes(tab, "heart:25"), box(tab, "heart:25"))
    assert after[1:] == before[1:]
    assert {k: v for k, v in after[0].items() if k != "time"} == {
        k: v for k, v in before[0].items() if k != "time"
    }
    assert "selected" in after[2]


def test_new_game_window_with_a_typed_code(tab: Any, live: LiveServer) -> None:
    tab.goto(live.url + "/")
    tab.click('button.new-deal[data-game="heart-to-heart"]')
    assert tab.is_checked("input[name=winnable]")
    tab.fill("input[name=code]", "hh1-n-aaaa")
    tab.click("#new-game-deal")
    tab.wait_for_selector("text=must have 7 characters")
    tab.fill("input[name=code]", "hh1-n-aaaaaam")
    tab.click("#new-game-deal")
    tab.wait_for_selector("#table[data-ready]")
    assert info(tab)["code"] == WORKED
    tab.goto(live.url + "/")
    assert tab.inner_text(".resume-link") == WORKED
    tab.click('.play[data-game="heart-to-heart"]')  # plays the unfinished game
    tab.wait_for_selector("#table[data-ready]")
    assert info(tab)["code"] == WORKED


def test_hint_highlights_a_winning_move(tab: Any, live: LiveServer, won: Any) -> None:
    code, _ = won
    open_prepared(tab, live, "heart-to-heart", code, [])
    tab.click("#hint")
    settled(tab)
    assert tab.inner_text("#message").startswith("Hint: ")
    assert tab.locator(".pile.hint").count() >= 1
    tab.click("#winnable")
    settled(tab)
    assert tab.inner_text("#message") == "Yes: this game can still be won."


def test_phone_screen_with_touch(chromium_browser: Any, live: LiveServer) -> None:
    context = chromium_browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    phone = context.new_page()
    try:
        open_prepared(phone, live, "heart-to-heart", WORKED, [])
        board = phone.locator("#board").bounding_box()
        assert board["x"] >= 0 and board["x"] + board["width"] <= 390
        assert box(phone, "heart:25")["width"] >= 45  # cards stay readable
        b = box(phone, "stock")
        phone.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        settled(phone)
        assert info(phone)["moves"] == "1"
        snap(phone, "heart-to-heart-phone")
    finally:
        context.close()


def test_keyboard_play_with_labels(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "heart-to-heart", WORKED, [])
    stock = tab.locator('.pile[data-target="stock"]')
    assert stock.get_attribute("aria-label") == "Stock, 26 cards"
    tip = tab.locator('.pile[data-target="heart:25"]')
    assert tip.get_attribute("aria-label") == "4 of hearts, position 25, available"
    stock.focus()
    tab.keyboard.press("Enter")
    settled(tab)
    assert info(tab)["moves"] == "1"
    tab.keyboard.press("Space")  # focus stays on the stock after the redraw
    settled(tab)
    assert info(tab)["moves"] == "2"
    tab.keyboard.press("Control+z")
    settled(tab)
    assert info(tab)["moves"] == "1"


def test_solve_plays_the_winning_line_to_the_end(tab: Any, live: LiveServer, won: Any) -> None:
    code, moves = won
    log = [intent for move in moves[:-4] for intent in move]
    open_prepared(tab, live, "heart-to-heart", code, log)
    tab.click("#solve")
    assert tab.inner_text("#solve") == "Stop"
    tab.wait_for_selector("#won", state="visible", timeout=15000)
    assert tab.inner_text("#won-score") == "250"
    tab.wait_for_function("document.getElementById('solve').textContent === 'Solve'")


def test_restart_and_enter_code_from_the_table(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "heart-to-heart", WORKED, [("tap", "stock")] * 3)
    assert info(tab)["moves"] == "3"
    tab.click("#restart")
    tab.wait_for_url("**/game/*")  # already true of the old page: wait for the new one drawn
    tab.wait_for_function(
        "document.getElementById('moves').textContent === '0'"
        f" && document.getElementById('code').textContent === '{WORKED}'"
    )
    assert cards(tab, "waste") == ["AH"]
    tab.click("#enter-code")
    assert tab.evaluate("document.activeElement.name") == "code"
    tab.keyboard.type("HH1-N-AAAAAAD")
    tab.keyboard.press("Enter")
    tab.wait_for_function("document.getElementById('code').textContent === 'HH1-N-AAAAAAD'")
    assert info(tab)["moves"] == "0"


def test_a_stale_tab_draws_the_game_as_it_stands(tab: Any, live: LiveServer) -> None:
    """A second tab on the same game acts on an old position: the server refuses it as
    stale, the tab draws the first tab's move and says why, and nothing is played twice."""
    game_id = open_prepared(tab, live, "heart-to-heart", WORKED, [])
    other = tab.context.new_page()
    try:
        open_game(other, live.url + f"/game/{game_id}")
        click(tab, "stock")  # the first tab draws
        drawn = cards(tab, "waste")
        assert info(tab)["moves"] == "1" and drawn != ["AH"]
        assert cards(other, "waste") == ["AH"] and info(other)["moves"] == "0"
        click(other, "stock")  # made on version 0: stale
        assert info(other)["moves"] == "1" and cards(other, "waste") == drawn
        assert count_label(other, "stock") == "25"
        assert other.inner_text("#message") == (
            "This game has changed elsewhere: it is shown as it stands now."
        )
        other.wait_for_timeout(400)  # not a double click
        click(other, "stock")  # now on the current version: a draw
        assert info(other)["moves"] == "2" and count_label(other, "stock") == "24"
        tab.reload()
        tab.wait_for_selector("#table[data-ready]")
        assert info(tab)["moves"] == "2" and cards(tab, "waste") == cards(other, "waste")
    finally:
        other.close()
