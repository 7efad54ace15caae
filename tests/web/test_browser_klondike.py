"""Klondike in a real browser: the table with its face-down cards hidden and the scoring
chosen, and the solver's winning line played to the win by clicks as a player would —
a tap on the stock, a tap on a card then on where it goes, a double tap or a right
click (in turn) to send a card home (Playwright + chromium)."""

from __future__ import annotations

from typing import Any

from web_browser import (
    LiveServer,
    cards,
    click,
    count_label,
    double_click,
    info,
    open_game,
    page_without_names,
    right_click,
    seed_game,
    snap,
)

from cardems.dealcode import DealCode
from cardems.klondike.rules import DRAW, RECYCLE, Move, card_text, deal
from cardems.klondike.solver import solve
from cardems.klondike.table import SOLITAIRE, KlondikeTable, target_of

CODE = "KL1-D3-AAAAAAA"
DOUBLE_MS = 350
"""table.js's double-tap window: two taps on one pile closer than this are one gesture."""


def winning_line() -> list[Move]:
    line = solve(deal(DealCode.parse(CODE)), 50_000, use_compiled=False).line
    assert line
    return line


def clicks(move: Move, homes: int) -> list[tuple[str, str]]:
    """What a player does for ``move`` (the ``homes``-th card sent home so far):
    ``("click"|"double"|"right", target)`` in order."""
    if move in (DRAW, RECYCLE):
        return [("click", "stock")]
    source = target_of(move.source)
    if move.target == "F":
        return [("right" if homes % 2 else "double", source)]
    return [("click", source), ("click", target_of(move.target))]


GESTURES = {"click": click, "double": double_click, "right": right_click}


def play(tab: Any, line: list[Move]) -> None:
    last = None
    homes = 0
    for move in line:
        for gesture, target in clicks(move, homes):
            if target == last and target != "stock":
                tab.wait_for_timeout(DOUBLE_MS + 50)  # not a double tap with the last one
            GESTURES[gesture](tab, target)
            last = target
        homes += move.target == "F"


def test_the_table_hides_the_stock_and_says_its_scoring(tab: Any, live: LiveServer) -> None:
    game_id = seed_game(tab, live, "klondike", CODE, [], {"scoring": "vegas"})
    open_game(tab, live.url + f"/game/{game_id}")
    assert info(tab)["score"] == "-52" and info(tab)["code"] == CODE
    assert tab.inner_text('.info [data-option="scoring"]').split() == ["Scoring", "Vegas"]
    assert cards(tab, "column:7") == ["back"] * 6 + ["7S"]
    assert cards(tab, "stock") == ["back"] and count_label(tab, "stock") == "24"
    click(tab, "stock")
    start = deal(DealCode.parse(CODE))
    assert cards(tab, "waste") == [card_text(start.stock[2])] and info(tab)["moves"] == "1"
    assert count_label(tab, "stock") == "21"
    page = page_without_names(tab, CODE, game_id)
    down = [
        card for column, n in zip(start.columns, start.down, strict=True) for card in column[:n]
    ]
    assert [card for card in (*start.stock[3:], *down) if card_text(card) in page] == []


SEEDED = 80
"""Moves of the winning line played before the page opens: the 45 after them, by clicks,
still tap the stock, move cards between piles and send them home both ways."""


def test_a_vegas_deal_played_to_the_win_by_clicks(tab: Any, live: LiveServer) -> None:
    line = winning_line()
    table = KlondikeTable(DealCode.parse(CODE))
    for move in line[:SEEDED]:
        table.act(SOLITAIRE.intent_of(table.state, move))
    homes = [sum(m.target == "F" for m in line[SEEDED:n]) for n in range(SEEDED, len(line))]
    gestures = {g for move, h in zip(line[SEEDED:], homes, strict=True) for g, _ in clicks(move, h)}
    assert gestures == {"click", "double", "right"} and DRAW in line[SEEDED:]
    game_id = seed_game(tab, live, "klondike", CODE, list(table.log), {"scoring": "vegas"})
    open_game(tab, live.url + f"/game/{game_id}")
    play(tab, line[SEEDED:])
    tab.wait_for_selector("#won", state="visible")
    assert tab.inner_text("#won-moves") == str(len(line))
    assert tab.inner_text("#won-score") == str(5 * 52 - 52)
    assert [cards(tab, f"foundation:{suit}") for suit in "SHDC"] == [
        ["KS"],
        ["KH"],
        ["KD"],
        ["KC"],
    ]
    assert all(cards(tab, f"column:{n}") == [] for n in range(1, 8))
    assert cards(tab, "stock") == cards(tab, "waste") == []
    snap(tab, "kl-won-dialog")
