"""The Hearts coach in a real browser: the round log's notes, by keyboard, in two languages."""

from __future__ import annotations

from typing import Any

import pytest
from hearts_lines import first_round_end_log
from test_browser_hearts import next_step, open_match
from web_browser import LiveServer, save_settings, seed_game, snap

CODE = "HT1-N-AAAAAAM"
WORDS = {
    "en": ("points on average (the expert would play", "The coach on round 1"),
    "ar": ("نقطة في المتوسط", "المدرب في الجولة 1"),
}


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_coach_shows_the_rounds_costly_cards_in_the_log(
    tab: Any, live: LiveServer, lang: str
) -> None:
    game_id = seed_game(tab, live, "hearts", CODE, first_round_end_log(CODE), {"level": "easy"})
    save_settings(tab, live.url, animation="off", coach=True, language=lang)
    open_match(tab, live.url + f"/game/{game_id}")
    assert tab.is_checked("#h-coach-on") and tab.is_visible("#h-coach-none")
    assert next_step(tab) == "turn"
    (card,) = tab.eval_on_selector_all(".hcard:not(.dimmed)", "ns => ns.map(n => n.dataset.card)")
    tab.click(f'.hcard[data-card="{card}"]')
    assert next_step(tab) == "round-end"
    tab.click("#round-end-next")
    assert next_step(tab) == "pass"
    words, title = WORDS[lang]
    assert tab.inner_text("#h-coach-title") == title
    notes = tab.locator("#h-coach-notes li")
    assert notes.count() >= 1 and not tab.is_visible("#h-coach-none")
    assert words in notes.first.inner_text()
    assert tab.get_attribute("#h-coach-notes", "aria-live") == "polite"
    # From the coach's switch, Tab reaches the first note, which speaks its label.
    tab.focus("#h-coach-on")
    tab.keyboard.press("Tab")
    focused = tab.evaluate(
        "() => [document.activeElement.closest('#h-coach-notes') !== null,"
        " document.activeElement.getAttribute('aria-label')]"
    )
    assert focused[0] and words in focused[1] and "♠" not in focused[1]
    snap(tab, f"hearts-coach-{lang}")
    # Off: the notes go away, and stay away after a reload.
    tab.click("#h-coach-on")
    tab.wait_for_function("document.getElementById('h-coach').hidden")
    open_match(tab, live.url + f"/game/{game_id}")
    assert not tab.is_visible("#h-coach") and not tab.is_checked("#h-coach-on")
