"""The open solitaires of the build family (GAMES) in a real browser: the last move of
the day's hinted win played by a click, which shows the won dialog (the API's hints win
the day's deal in test_api_hints_win.py)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from web_browser import LiveServer, cards, click, count_label, open_prepared

from cardems.core.game import TableSettings
from cardems.core.registry import game_for, games
from cardems.kit.building.game import BuildGame

GAMES = [game.family.name for game in games() if isinstance(game, BuildGame)]
DAY = datetime.date(2026, 12, 6)


def hinted_win(name: str) -> tuple[str, list[Any], str]:
    """The day's deal, the intents of its hinted win but the last move, and the pile the
    last move starts from (a card going home)."""
    game: Any = game_for(name)
    code = game.daily_code(DAY)
    table: Any = game.new_table(code, TableSettings(), {}, lambda: 0)
    moves: list[list[Any]] = []
    while table.status == "playing":
        hint = table.hint()
        intents = [game.parse_intent(intent) for intent in hint["intents"]]
        for intent in intents:
            table.act(intent)
        moves.append(intents)
    last = moves.pop()
    assert last[-1][0] == "drag" and last[-1][2].startswith("foundation:"), last
    return str(code), [intent for intents in moves for intent in intents], last[-1][1]


@pytest.mark.browser
@pytest.mark.parametrize("name", GAMES)
def test_the_last_card_goes_home_by_a_click_and_wins(tab: Any, live: LiveServer, name: str) -> None:
    code, log, source = hinted_win(name)
    open_prepared(tab, live, name, code, log)
    click(tab, source.rsplit(":", 1)[0] if source.count(":") > 1 else source)
    tab.wait_for_selector("#won", state="visible")


@pytest.mark.browser
def test_a_click_on_the_stock_turns_its_next_card_onto_the_waste(
    tab: Any, live: LiveServer
) -> None:
    """A stock of the build family (Fortune's Favor's): the page draws it face down with
    its count, and a click turns its next card, which the waste then shows alone."""
    game: Any = game_for("fortunes-favor")
    code = game.code_for("FF1-N-AAAAATJ")
    open_prepared(tab, live, "fortunes-favor", str(code), [])
    assert count_label(tab, "stock") == "35" and cards(tab, "waste") == ["7C"]
    assert set(cards(tab, "stock")) <= {"back", None}
    click(tab, "stock")
    assert count_label(tab, "stock") == "34" and cards(tab, "waste") == ["5D"]
