"""Arabic and Hebrew in a real browser: a negative score keeps its minus on the left of
its digits ("-5", as the player reads it, not "5-"), read from what the screen shows."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import LiveServer, click, open_game, save_settings, seed_game

LRI, PDI = "\u2066", "\u2069"  # left-to-right isolate … pop directional isolate

CODE = "TP1-W-AAAAAAB"

# Where the page draws each character of an element's text: its left edge, in pixels.
CHARACTER_LEFTS = """(node) => {
  const text = node.firstChild;
  if (!text) return [];
  return [...text.textContent].map((character, i) => {
    const range = document.createRange();
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const box = range.getBoundingClientRect();
    return [character, box.width ? box.left : null];
  });
}"""


def shown_left_to_right(tab: Any, selector: str) -> str:
    """The visible characters of ``selector``'s text in the order the screen shows them,
    from left to right (the invisible bidirectional controls left out)."""
    placed = tab.eval_on_selector(selector, CHARACTER_LEFTS)
    drawn = [(left, character) for character, left in placed if left is not None]
    return "".join(character for _, character in sorted(drawn))


@pytest.mark.parametrize("lang", ["he", "ar"])
def test_a_tripeaks_draw_shows_minus_five_with_its_sign_on_the_left(
    tab: Any, live: LiveServer, lang: str
) -> None:
    game_id = seed_game(tab, live, "tripeaks", CODE, [])
    save_settings(tab, live.url, language=lang)
    open_game(tab, live.url + f"/game/{game_id}")
    assert tab.get_attribute("html", "dir") == "rtl"
    click(tab, "stock")  # turning a stock card costs 5 points
    tab.wait_for_function("() => document.getElementById('score').textContent.includes('5')")
    text = tab.inner_text("#score")
    assert text.replace(LRI, "").replace(PDI, "") == "-5"
    assert shown_left_to_right(tab, "#score") == "-5"
