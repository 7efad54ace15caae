"""The statistics page draws a player's progress: charts with axes and a table, on a
desktop and a phone, in English and Arabic (Playwright)."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import LiveServer, become_player, player_id, snap

from cardems.store import Progress, Store

RESULTS = [("won", 90), ("lost", 40), ("won", 70), ("won", 60), ("lost", 30)]


def finish_games(live: LiveServer, player: str) -> None:
    """Five finished Seahaven games for ``player``: three won, two not."""
    store = Store(live.db)
    try:
        for status, moves in RESULTS:
            game_id = store.create_game(player, "seahaven", "C4", "SH1-C4-AAAAAJ2", None)
            progress = Progress(
                elapsed=60.0, timer_stopped=True, status=status, score=100, moves=moves
            )
            store.append_actions(game_id, 0, [["move", "c1", "f1"]] * moves, progress)
    finally:
        store.close()


@pytest.mark.parametrize(
    ("size", "locale", "title", "table"),
    [
        ({"width": 1366, "height": 800}, "en-US", "Win rate so far", "The same as a table"),
        ({"width": 390, "height": 844}, "ar", "نسبة الفوز حتى الآن", "البيانات نفسها في جدول"),
    ],
)
def test_progress_is_drawn_with_axes_and_a_table(
    chromium_browser: Any,
    live: LiveServer,
    size: dict[str, int],
    locale: str,
    title: str,
    table: str,
) -> None:
    context = chromium_browser.new_context(viewport=size, locale=locale)
    try:
        tab = context.new_page()
        become_player(tab, live.url)
        finish_games(live, player_id(tab))
        tab.goto(live.url + "/stats")
        block = tab.locator('article.stat[data-game="seahaven"]')
        charts = block.locator("figure.chart svg[role=img]")
        assert charts.count() == 2
        assert block.locator("figure.chart figcaption").first.inner_text() == title
        rate = block.locator("figure.rate")
        assert rate.locator("text.tick").all_text_contents()[:3] == ["0 %", "50 %", "100 %"]
        box = rate.locator("svg").bounding_box()
        assert box and box["width"] > 200 and box["x"] + box["width"] <= size["width"]
        assert block.locator("figure.moves circle.won").count() == 3
        assert block.locator("figure.moves circle.lost").count() == 2
        block.locator("details.chart-table summary").click()
        assert block.locator("details.chart-table summary").inner_text() == table
        rows = block.locator("details.chart-table tbody tr")
        assert rows.count() == 5
        assert rows.nth(4).locator("td").last.inner_text() == "60 %"
        snap(block, f"stats-progress-{locale}")
    finally:
        context.close()
