"""Languages and accessibility in a real browser: the Arabic UI right to left, keyboard-only
play of both solitaires, and every page's roles and accessible names (Playwright)."""

from __future__ import annotations

import re
from typing import Any

from solitaire_lines import sh_table, shown_piles
from web_browser import (
    ARTIFACTS,
    LiveServer,
    cards,
    classes,
    info,
    open_game,
    open_prepared,
    screen_piles,
    seed_game,
    settled,
    snap,
)

from cardems.i18n import translations

WORKED = "HH1-N-AAAAAAM"
SEAHAVEN = "SH1-C4-AAAAAJ2"
INTERACTIVE = ("button", "link", "checkbox", "radio", "combobox", "textbox")


# --- keyboard helpers ----------------------------------------------------------------------


def focused(tab: Any) -> dict[str, Any] | None:
    """The focused spot of the board: its target, card index and on-screen centre."""
    found: dict[str, Any] | None = tab.evaluate(
        """() => {
          const node = document.activeElement;
          if (!node || !node.closest('#board .spot')) return null;
          const box = node.getBoundingClientRect();
          return {target: node.dataset.target, card: node.classList.contains('card'),
                  x: box.left + box.width / 2, y: box.top + Math.min(box.height, 40) / 2};
        }"""
    )
    return found


def tab_into_board(tab: Any) -> None:
    """Press Tab from the top of the page until the focus is on the card table."""
    tab.locator("body").focus()
    for _ in range(30):
        tab.keyboard.press("Tab")
        if focused(tab):
            return
    raise AssertionError("Tab never reached the card table")


def walk_to(tab: Any, target: str) -> None:
    """Arrow keys only, from the focused spot to ``target`` (its top card for a column)."""
    for _ in range(40):
        here = focused(tab)
        assert here, "the focus left the table"
        if here["target"] == target:
            return
        spot = tab.locator(f'.spot[data-target="{target}"]').last.bounding_box()
        x, y = spot["x"] + spot["width"] / 2, spot["y"] + min(spot["height"], 40) / 2
        dx, dy = x - here["x"], y - here["y"]
        if abs(dy) > 30:
            key = "ArrowDown" if dy > 0 else "ArrowUp"
        else:
            key = "ArrowRight" if dx > 0 else "ArrowLeft"
        tab.keyboard.press(key)
    raise AssertionError(f"the arrow keys never reached {target}")


def press(tab: Any, key: str) -> None:
    tab.keyboard.press(key)
    settled(tab)


# --- right to left -------------------------------------------------------------------------


def test_arabic_ui_reads_right_to_left(chromium_browser: Any, live: LiveServer) -> None:
    context = chromium_browser.new_context(locale="ar-EG", viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        open_game(page, live.url + "/play/heart-to-heart")
        html = page.locator("html")
        assert html.get_attribute("dir") == "rtl" and html.get_attribute("lang") == "ar"
        ar = translations("ar").gettext
        undo = page.get_by_role("button", name=ar("Undo"), exact=True)
        assert undo.is_visible() and ar("Undo") != "Undo"
        assert page.get_by_role("link", name=ar("Settings")).is_visible()
        # The chrome is mirrored: the brand on the right, the menu on the left.
        brand = page.locator(".brand").bounding_box()
        menu = page.locator("header nav").bounding_box()
        assert brand["x"] > menu["x"]
        first_tool = page.locator(".tools button").first.bounding_box()
        assert first_tool["x"] > page.locator(".tools button").last.bounding_box()["x"]
        # The card table keeps its geometry: the stock left of the waste, the tip centred.
        assert page.eval_on_selector(".board-wrap", "n => getComputedStyle(n).direction") == "ltr"
        stock = page.locator('.pile[data-target="stock"]').bounding_box()
        waste = page.locator('.pile[data-target="waste"]').bounding_box()
        assert stock["x"] < waste["x"]
        label = page.locator('.pile[data-target="heart:25"]').get_attribute("aria-label")
        assert label and label.startswith(ar("%(rank)s of %(suit)s").split("%")[0])
        assert re.search("[\u0600-\u06ff]", label)
        snap(page, "arabic-table")
        page.goto(live.url + "/rules/seahaven")
        assert page.locator("article.rules[dir=rtl]").is_visible()
        snap(page, "arabic-rules")
    finally:
        context.close()


# --- keyboard play -------------------------------------------------------------------------


def test_heart_to_heart_pair_by_keyboard_only(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "heart-to-heart", WORKED, [])
    tab_into_board(tab)
    for _ in range(9):  # D draws, wherever the focus is on the table
        press(tab, "d")
    assert cards(tab, "waste") == ["4H"] and info(tab)["moves"] == "9"
    walk_to(tab, "heart:25")
    press(tab, "Enter")
    assert "selected" in classes(tab, "heart:25")
    press(tab, "Escape")
    assert "selected" not in classes(tab, "heart:25")
    press(tab, " ")
    walk_to(tab, "waste")
    press(tab, "Enter")  # the pair: 4 of hearts and the 4 on the waste
    assert cards(tab, "heart:25") == [] and info(tab)["score"] == "10"
    assert tab.inner_text("#announce") == "4 of hearts: Paired."  # the card, then the move
    assert focused(tab), "the focus stays on the table after the redraw"
    snap(tab, "keyboard-pair")
    press(tab, "u")
    assert cards(tab, "heart:25") == ["4H"] and tab.inner_text("#announce") == "Undone."
    press(tab, "r")
    assert cards(tab, "heart:25") == []


def seahaven_column_move() -> tuple[str, str]:
    """A column-to-column move of the deal's start that a first tap selects."""
    for source in range(1, 11):
        for dest in range(1, 11):
            table = sh_table(SEAHAVEN, [])
            if source == dest or table.tap(f"column:{source}")[0]["type"] != "select":
                continue
            if any(event["type"] == "move" for event in table.tap(f"column:{dest}")):
                return f"column:{source}", f"column:{dest}"
    raise AssertionError("no column move at the start of the deal")


def test_seahaven_move_by_keyboard_only(tab: Any, live: LiveServer) -> None:
    source, dest = seahaven_column_move()
    open_prepared(tab, live, "seahaven", SEAHAVEN, [])
    before = screen_piles(tab)
    tab_into_board(tab)
    walk_to(tab, source)
    press(tab, "Enter")
    assert "selected" in classes(tab, source)
    walk_to(tab, dest)
    press(tab, "Enter")
    expected = sh_table(SEAHAVEN, [])
    expected.tap(source)
    expected.tap(dest)
    assert screen_piles(tab) == shown_piles(expected.view())
    assert tab.inner_text("#announce").startswith("Moved ")
    press(tab, "Control+z")
    assert screen_piles(tab) == before


# --- every page: roles and accessible names ----------------------------------------------


def unnamed(tab: Any) -> list[str]:
    """Interactive elements (by ARIA role) without an accessible name."""
    missing = []
    for role in INTERACTIVE:
        every = tab.get_by_role(role)
        named = tab.get_by_role(role, name=re.compile(r"\S"))
        if every.count() != named.count():
            missing.append(f"{role}: {every.count() - named.count()} without a name")
    focusable = tab.evaluate(
        """() => [...document.querySelectorAll('[tabindex]')]
             .filter(n => !n.getAttribute('role') && !n.matches('a,button,input,select'))
             .map(n => n.outerHTML.slice(0, 80))"""
    )
    return missing + [f"focusable without a role: {html}" for html in focusable]


def test_every_page_has_roles_and_names(tab: Any, live: LiveServer) -> None:
    hh = seed_game(tab, live, "heart-to-heart", WORKED, [])  # each opened below
    sh = seed_game(tab, live, "seahaven", SEAHAVEN, [])
    pages = {
        "home": "/",
        "table-hh": f"/game/{hh}",
        "table-seahaven": f"/game/{sh}",
        "settings": "/settings",
        "stats": "/stats",
        "rules": "/rules/heart-to-heart",
    }
    ARTIFACTS.mkdir(exist_ok=True)
    for name, path in pages.items():
        tab.goto(live.url + path)
        if path.startswith("/game/"):
            tab.wait_for_selector("#table[data-ready]")
        assert tab.locator("html").get_attribute("lang") == "en"
        assert tab.get_by_role("main").count() == 1, name
        assert tab.get_by_role("banner").count() == 1, name
        assert tab.get_by_role("navigation").count() >= 1, name
        assert tab.get_by_role("heading", level=1).count() >= 1, name
        assert unnamed(tab) == [], name
        snapshot = tab.locator("body").aria_snapshot()
        (ARTIFACTS / f"aria-{name}.yaml").write_text(snapshot)
        if name.startswith("table"):
            assert tab.get_by_role("toolbar").count() == 1
            spots = tab.locator("#board .spot")
            assert spots.count() > 10
            assert tab.locator('#board .spot[tabindex="0"]').count() == 1
            assert tab.locator("#announce[aria-live=polite]").count() == 1
            cards_named = tab.locator("#board [role=button][aria-label]").count()
            assert cards_named == spots.count()
        if name == "table-hh":
            tip = tab.get_by_role("button", name="4 of hearts, position 25, available")
            assert tip.count() == 1
        if name == "table-seahaven":
            assert tab.get_by_role("group", name=re.compile(r"^Column 1, 5 cards")).count() == 1
            assert tab.get_by_role("button", name=re.compile(r", Column 1, available$")).count()


def test_skip_link_reaches_the_table_and_a_drag_is_announced(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "heart-to-heart", WORKED, [("tap", "stock")] * 9)
    tab.keyboard.press("Tab")  # the first stop: "Skip to the table"
    assert tab.evaluate("document.activeElement.id") == "skip-table"
    tab.keyboard.press("Enter")
    assert focused(tab), "one Tab and Enter reach the table"
    # A pair made by drag is read out with its card, never as the emptied place.
    from web_browser import drag

    drag(tab, "waste", "heart:25")
    said = tab.inner_text("#announce")
    assert said == "4 of hearts: Paired." and "empty" not in said


def test_undo_after_a_win_says_why(tab: Any, live: LiveServer) -> None:
    from solitaire_lines import sh_line

    code = "SH1-C4-AAAAAJ2"
    log, hint = sh_line(code)[-1]
    open_prepared(tab, live, "seahaven", code, log)
    from web_browser import drag

    drag(tab, hint["from"], hint["to"])
    tab.wait_for_selector("#won", state="visible")
    assert tab.is_visible("#won-again") and tab.is_visible("#won-replay")
    tab.wait_for_function("document.getElementById('won-streak').textContent !== ''")
    assert "Win streak: 1" in tab.inner_text("#won-streak")
    tab.click("#won-close")
    press(tab, "u")
    assert "cannot be undone" in tab.inner_text("#message")
    assert "cannot be undone" in tab.inner_text("#announce")
