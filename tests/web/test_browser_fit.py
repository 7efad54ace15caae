"""Every table fits (issue 41), in a real browser: counts on the felt, cards large enough
on a phone, dialogs that wrap, replays that open on the board, no sideways scroll at
200 % zoom, the new-game window's defaults and buttons that cannot act disabled."""

from __future__ import annotations

from typing import Any

import pytest
from solitaire_lines import hint_intents
from web_browser import LiveServer, become_player, drag, open_game, open_prepared, seed_game

from cardems.core.registry import game_for, games
from cardems.dealcode import DealCode

DESKTOPS = (
    {"width": 1366, "height": 800},
    {"width": 1280, "height": 720},
    {"width": 1920, "height": 1080},
)
PHONE = {"width": 390, "height": 844}
SOLITAIRES = ("freecell", "seahaven", "heart-to-heart", "klondike", "spider", "pyramid", "tripeaks")


def new_tab(browser: Any, viewport: dict[str, int], **more: Any) -> Any:
    context = browser.new_context(viewport=viewport, **more)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.errors = errors
    return tab


def close(tab: Any) -> None:
    errors = tab.errors
    tab.context.close()
    assert not errors, f"JavaScript errors: {errors}"


def open_example(tab: Any, live: LiveServer, game: str) -> None:
    """``game``'s table on its example deal: no wait for a search to prove a new deal
    winnable (what /play/<game> deals), one page instead of two."""
    open_prepared(tab, live, game, game_for(game).example_code(), [])


def rect(tab: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = tab.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
            return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; }""",
        selector,
    )
    return found


@pytest.mark.parametrize("viewport", DESKTOPS, ids=lambda v: f"{v['width']}x{v['height']}")
@pytest.mark.parametrize("game", ["pyramid", "tripeaks"])
def test_stock_and_waste_counts_are_drawn_on_the_felt(
    chromium_browser: Any, live: LiveServer, game: str, viewport: dict[str, int]
) -> None:
    tab = new_tab(chromium_browser, viewport)
    try:
        open_example(tab, live, game)
        felt = rect(tab, "#board")
        labels: list[dict[str, Any]] = tab.evaluate(
            """() => [...document.querySelectorAll('#board .count')].map((n) => {
                const r = n.getBoundingClientRect();
                return {text: n.textContent, left: r.left, top: r.top, right: r.right,
                        bottom: r.bottom}; })"""
        )
        assert len(labels) == 2
        for label in labels:
            assert label["text"].isdigit()
            assert label["top"] >= 0 and label["bottom"] <= viewport["height"], label
            assert felt["top"] <= label["top"] and label["bottom"] <= felt["bottom"], (label, felt)
            assert felt["left"] <= label["left"] and label["right"] <= felt["right"], (label, felt)
    finally:
        close(tab)


@pytest.mark.parametrize("game", ["pyramid", "tripeaks"])
def test_removed_cards_leave_no_outline_and_the_waste_is_not_shaded(
    chromium_browser: Any, live: LiveServer, game: str
) -> None:
    tab = new_tab(chromium_browser, DESKTOPS[0])
    try:
        open_example(tab, live, game)
        kind = "pyramid" if game == "pyramid" else "peak"
        assert tab.locator(f"#board .pile.{kind} .slot").count() == 0
        assert tab.locator("#board .pile.stock .slot").count() == 1  # the stock keeps its own
        waste = tab.locator('.card[data-target="waste"]')
        if waste.count():
            assert "covered" not in (waste.last.get_attribute("class") or "").split()
    finally:
        close(tab)


def test_spider_foundations_say_no_count(chromium_browser: Any, live: LiveServer) -> None:
    tab = new_tab(chromium_browser, DESKTOPS[0])
    try:
        open_example(tab, live, "spider")
        assert tab.locator(".pile.foundation .count").count() == 0
        assert tab.locator('.pile[data-target="stock"] .count').count() == 1
    finally:
        close(tab)


@pytest.mark.parametrize(
    "game",
    [
        *("tripeaks", "spider", "seahaven", "freecell", "klondike", "bakers-dozen", "fan"),
        *("gaps", "accordion", "mrs-mop"),
    ],
)
def test_cards_on_a_phone_are_at_least_44_pixels_wide(
    chromium_browser: Any, live: LiveServer, game: str
) -> None:
    tab = new_tab(chromium_browser, PHONE, has_touch=True, is_mobile=True)
    try:
        open_example(tab, live, game)
        widths: list[float] = tab.evaluate(
            """() => [...document.querySelectorAll('#board .card .shade')]
                .map((n) => n.getBoundingClientRect().width * 100 / 98)"""
        )
        assert widths and min(widths) >= 44, min(widths)
        # Every card stays on the felt, none past the screen's edges.
        felt = rect(tab, "#board")
        edges: list[float] = tab.evaluate(
            """() => { const xs = [...document.querySelectorAll('#board .card .shade')]
                .map((n) => n.getBoundingClientRect());
                return [Math.min(...xs.map((r) => r.left)),
                        Math.max(...xs.map((r) => r.right))]; }"""
        )
        assert felt["left"] - 1 <= edges[0] and edges[1] <= felt["right"] + 1
        assert not tab.evaluate("document.documentElement.scrollWidth > innerWidth")
    finally:
        close(tab)


def freecell_last_move(code: str) -> tuple[list[Any], dict[str, Any], int]:
    """The hinted winning line of a FreeCell deal: the intents before its last move, that
    move's hint, and the line's length in moves."""
    from cardems.freecell.table import FreeCellTable

    table = FreeCellTable(DealCode.parse(code))
    last: tuple[list[Any], dict[str, Any]] | None = None
    while table.view()["status"] == "playing":
        hint = table.hint()
        last = (list(table.log), hint)
        for kind, *args in hint_intents(hint):
            getattr(table, kind)(*args)
    assert last is not None
    return (*last, table.view()["moves"])


def test_the_freecell_win_on_a_phone_wraps_its_words_and_disables_what_cannot_act(
    chromium_browser: Any, live: LiveServer
) -> None:
    code = "FC1-N-AAAAAAB"
    log, hint, moves = freecell_last_move(code)
    tab = new_tab(chromium_browser, PHONE, has_touch=True, is_mobile=True)
    try:  # the par's line as the server shows it once found (its longest label: a best
        # known win), without the seconds of the server's par search (see open_prepared)
        open_prepared(tab, live, "freecell", code, log, known_win=moves)
        for button in ("#hint", "#winnable", "#solve"):
            assert tab.locator(button).is_enabled()
        drag(tab, hint["from"], hint["to"])
        tab.wait_for_selector("#won", state="visible")
        # The par's line is shown: every label is then in place.
        tab.wait_for_function("document.getElementById('won-par').textContent !== ''")
        assert tab.is_visible("#won .par-known") and not tab.is_visible("#won .par-proven")
        clipped: list[str] = tab.evaluate(
            """() => { const dialog = document.getElementById('won');
                const box = dialog.getBoundingClientRect();
                const cut = [];
                if (dialog.scrollWidth > dialog.clientWidth) cut.push('the dialog');
                for (const node of dialog.querySelectorAll('h2, p, dt, dd, button, a')) {
                    if (!node.offsetParent) continue; // hidden
                    const r = node.getBoundingClientRect();
                    if (node.scrollWidth > node.clientWidth + 1 || r.left < box.left - 0.5
                        || r.right > box.right + 0.5) cut.push(node.textContent);
                }
                return cut; }"""
        )
        assert clipped == []
        tab.click("#won-close")
        for button in ("#hint", "#winnable", "#solve"):
            assert tab.locator(button).is_disabled(), button
    finally:
        close(tab)


def board_in_view(tab: Any) -> None:
    assert tab.evaluate("scrollY") == 0
    board = rect(tab, "#board")
    height = tab.evaluate("innerHeight")
    assert 0 <= board["top"] < height / 2 and board["bottom"] > height / 2, board


@pytest.mark.parametrize("slug", ["seahaven", "heart-to-heart"])
def test_a_worked_example_opens_on_its_board(
    chromium_browser: Any, live: LiveServer, slug: str
) -> None:
    tab = new_tab(chromium_browser, DESKTOPS[0])
    try:
        for address in (f"/examples/{slug}", f"/examples/{slug}#s3"):
            tab.goto(live.url + address)
            tab.wait_for_selector("#replay[data-ready]")
            tab.wait_for_timeout(200)
            board_in_view(tab)
    finally:
        close(tab)


def test_a_replay_opens_on_its_board(chromium_browser: Any, live: LiveServer) -> None:
    tab = new_tab(chromium_browser, DESKTOPS[0])
    try:
        game_id = seed_game(tab, live, "heart-to-heart", "HH1-N-AAAAAAM", [("tap", "stock")] * 6)
        tab.goto(f"{live.url}/game/{game_id}/replay")
        tab.wait_for_selector("#replay[data-ready]")
        tab.wait_for_timeout(200)
        board_in_view(tab)
        tab.click("#last")
        tab.wait_for_function("location.hash === '#s6'")
        tab.reload()  # the address now names a step
        tab.wait_for_selector("#replay[data-ready]")
        tab.wait_for_timeout(200)
        assert tab.inner_text("#step") == "6"
        board_in_view(tab)
    finally:
        close(tab)


@pytest.mark.parametrize(
    "viewport",
    [{"width": 683, "height": 400}, {"width": 195, "height": 422}],
    ids=["desktop", "phone"],
)
def test_no_sideways_scroll_at_200_percent(
    chromium_browser: Any, live: LiveServer, viewport: dict[str, int]
) -> None:
    """Zoomed to 200 %, a 1366 × 800 window (and a 390 × 844 phone) is half as many CSS
    pixels across at twice the device pixels."""
    tab = new_tab(chromium_browser, viewport, device_scale_factor=2)
    try:
        wide = []
        become_player(tab, live.url)
        for address in ("/", "/settings", "/stats", "/play/hearts", *SOLITAIRES):
            if address in SOLITAIRES:
                open_example(tab, live, address)
            else:  # loaded: these pages fetch nothing once their scripts have run
                tab.goto(live.url + address)
                if tab.locator("form.deal").count():  # Hearts: dealt, and its hand drawn
                    tab.click("form.deal button")
                    tab.wait_for_selector("#hearts[data-ready]", state="attached")
            if tab.evaluate("document.documentElement.scrollWidth > innerWidth"):
                wide.append(address)
        assert wide == []
    finally:
        close(tab)


def test_the_new_game_window_starts_with_each_games_defaults_and_its_deal_button_in_sight(
    chromium_browser: Any, live: LiveServer
) -> None:
    tab = new_tab(chromium_browser, DESKTOPS[0])
    try:
        open_game(tab, f"{live.url}/play/freecell")
        tab.click("#new-deal")
        tab.wait_for_selector("#new-game", state="visible")
        for game in games():
            name = game.family.name
            tab.select_option("#new-game select[name=game]", name)
            # Each of the game's own choices starts with one ticked (FreeCell's "Build columns").
            for field in tab.locator(f'#new-game .game-choice[data-game="{name}"]').all():
                assert field.is_visible()
                radios = field.locator("input[type=radio]")
                if radios.count():
                    assert field.locator("input[type=radio]:checked").count() == 1, name
            # Its settings look and act enabled.
            boxes = tab.locator(
                f'#new-game .game-settings[data-game="{name}"] input[type=checkbox]'
            )
            for i in range(boxes.count()):
                assert boxes.nth(i).is_enabled()
            # The code's example is one of this game's, as the server writes it.
            assert tab.get_attribute("#new-game input[name=code]", "placeholder") == (
                game.example_code()
            )
            deal = rect(tab, "#new-game-deal")
            assert deal["top"] >= 0 and deal["bottom"] <= DESKTOPS[0]["height"], name
        assert game_for("freecell").family.variants[0] == tab.get_attribute(
            "#new-game input[name=freecell-variant]:checked", "value"
        )
    finally:
        close(tab)


def test_a_setting_ticked_in_the_new_game_window_is_saved(
    chromium_browser: Any, live: LiveServer
) -> None:
    tab = new_tab(chromium_browser, DESKTOPS[0])
    try:
        open_game(tab, f"{live.url}/play/seahaven")
        tab.click("#new-deal")
        box = tab.locator(
            '#new-game .game-settings[data-game="seahaven"] input[data-setting="auto_move"]'
        )
        before = box.is_checked()
        with tab.expect_response("**/api/settings"):
            box.click()
        saved = tab.evaluate("fetch('/api/settings').then((r) => r.json())")
        assert saved["settings"]["auto_move"] is (not before)
        # FreeCell's box for the same setting shows it too.
        freecell = tab.locator(
            '#new-game .game-settings[data-game="freecell"] input[data-setting="auto_move"]'
        )
        assert freecell.is_checked() is (not before)
    finally:
        close(tab)
