"""Pyramid in a real browser: the shortest win of a deal played by clicks to the won
dialog (Playwright + chromium)."""

from __future__ import annotations

from typing import Any

from web_browser import LiveServer, cards, click, info, open_prepared

from cardems.pyramid.game import GAME

WORKED = "PY1-P3-AAAAAAM"


def place(text: str) -> str:
    return {"S": "stock", "W": "waste"}.get(text, f"pyramid:{text}")


def test_the_shortest_win_played_by_clicks(tab: Any, live: LiveServer) -> None:
    open_prepared(tab, live, "pyramid", WORKED, [])
    assert info(tab) == {"time": "0:00", "score": "0", "moves": "0", "code": WORKED}
    assert cards(tab, "pyramid:27") == ["KC"] and cards(tab, "stock")[-1] == "2H"
    line = GAME.solve(GAME.code_for(WORKED), shortest=True)["moves"]
    for number, move in enumerate(line, 1):
        if move in ("D", "R"):
            click(tab, "stock")
        elif "+" not in move:  # a king, the stock's too, goes when touched
            click(tab, place(move))
        else:
            first, second = move.split("+")
            if first == "S":  # a tap on the stock draws: its card is touched second
                first, second = second, first
            click(tab, place(first))
            click(tab, place(second))
        if number < len(line):  # each click's move made, none other
            assert info(tab)["moves"] == str(number), move
    tab.wait_for_selector("#won", state="visible")
    assert tab.inner_text("#won-score") == "280"
    assert tab.inner_text("#won-moves") == str(len(line))
