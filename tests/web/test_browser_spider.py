"""Spider in a real browser: the table drawn without a face-down card named, a pick-up
and drop by taps, a deal, and the solver's winning line played to the win by drags and
clicks (Playwright + chromium)."""

from __future__ import annotations

from typing import Any

from web_browser import LiveServer, cards, click, drag, info, open_prepared, snap

from cardems.dealcode import DealCode
from cardems.spider.declared import deal
from cardems.spider.solver import solve
from cardems.spider.table import intent_of

CODE = "SP1-S1-AAAAAAC"
PLAYED_BY_HAND = 12
"""The last moves of the winning line, played by the mouse (the rest is saved first)."""


def winning_intents() -> list[tuple[str, ...]]:
    """The solver's winning line as the table's intents."""
    state = deal(DealCode.parse(CODE))
    moves = solve(state.fast).moves  # the staged search proves it within its first 20,000
    assert moves
    intents = []
    for move in moves:
        intents.append(intent_of(move, state))
        state = state.apply(move)
    assert state.is_won()
    return intents


def test_the_table_hides_the_face_down_cards_and_moves_by_taps(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "spider", CODE, [])
    assert info(tab)["score"] == "500" and info(tab)["code"] == CODE
    assert cards(tab, "column:1") == ["back"] * 5 + ["TS"]
    assert cards(tab, "column:9")[-1] == "8S"
    click(tab, "column:9")
    click(tab, "column:5")
    assert cards(tab, "column:5")[-1] == "8S" and info(tab)["moves"] == "1"
    click(tab, "stock")
    assert [len(cards(tab, f"column:{n}")) for n in (1, 10)] == [7, 6]
    assert info(tab)["score"] == "498"


def test_the_winning_line_played_to_the_win(tab: Any, live: LiveServer) -> None:
    intents = winning_intents()
    open_prepared(tab, live, "spider", CODE, intents[:-PLAYED_BY_HAND])
    for intent in intents[-PLAYED_BY_HAND:]:
        if intent == ("tap", "stock"):
            click(tab, "stock")
            continue
        _, source, target = intent
        column, index = source.rsplit(":", 1)
        drag(tab, column, target, int(index))
    tab.wait_for_selector("#won", state="visible")
    assert tab.inner_text("#won-moves") == str(len(intents))
    assert tab.inner_text("#won-score") == str(500 - len(intents) + 800)
    snap(tab, "spider-won-dialog")
