"""Hint and Solve in a real browser, in Seahaven and FreeCell: from the positions where the
old hints went round in circles, following the hints, or pressing Solve, wins the game."""

from __future__ import annotations

from typing import Any

import pytest
from web_browser import LiveServer, drag, info, open_prepared, save_settings, settled

from cardems.cards import Card
from cardems.core.game import Action, TableSettings
from cardems.dealcode import DealCode
from cardems.freecell.table import FreeCellTable
from cardems.i18n.labels import card_name
from cardems.kit import SolitaireTable
from cardems.seahaven.table import SeahavenTable

LOOPED = {"SH1-C2-24J2ZVR": ("seahaven", 53), "FC1-N-AAAA5HW": ("freecell", 66)}
"""Deals on which following the old hints looped, their game, and how many of the old
hints reached the loop (chosen with short wins from there, for the test's time)."""
BACK = ("SH1-C2-4BSYSMS", 19)
"""Where the old hints looped: a hint from here never undoes the last move (with the old
search every winning line went back from here; the verdict itself is unit-tested)."""


def new_table(code: str) -> SolitaireTable[Any, Any]:
    kind = SeahavenTable if code.startswith("SH") else FreeCellTable
    return kind(DealCode.parse(code), TableSettings())


def old_hints_log(code: str, steps: int) -> list[Action]:
    """The log of following the old hints: the solver's first move from each position,
    dragged without saying how many cards (the server then took as many as fit)."""
    table = new_table(code)
    for _ in range(steps):
        move = table.solitaire.solve(table.state, 10.0).moves[0]
        table.drag(move.source.target, move.dest.target)
    return list(table.log)


def open_stuck(tab: Any, live: LiveServer, code: str, steps: int) -> SolitaireTable[Any, Any]:
    """Open ``code`` after ``steps`` old hints (cards not animated); a table there."""
    game = "seahaven" if code.startswith("SH") else "freecell"
    save_settings(tab, live.url, animation="off")
    log = old_hints_log(code, steps)
    table = new_table(code)
    for kind, *args in log:
        table.act((kind, *args))
    # A win the test knows (these moves, then the solver's line from here) saved as the
    # deal's best known: a win then shows it without the server's par search (seconds for
    # the FreeCell deal; the par is not these tests' point, see open_prepared).
    line = table.solitaire.solve(table.state, 10.0)
    known = len(log) + len(line.moves) if line.winnable else None
    open_prepared(tab, live, game, code, log, known_win=known)
    return table


@pytest.mark.parametrize("code", LOOPED)
def test_following_the_hints_wins(tab: Any, live: LiveServer, code: str) -> None:
    table = open_stuck(tab, live, code, LOOPED[code][1])
    for _ in range(150):
        if table.status == "won":
            break
        with tab.expect_response("**/hint") as answer:
            tab.click("#hint")
        hint = answer.value.json()["hint"]
        settled(tab)
        said = tab.inner_text("#message")
        assert said == hint["words"] and hint["verdict"] == "move"
        ((kind, source, target),) = [tuple(intent.values()) for intent in hint["intents"]]
        pile, _, start = source.partition(":")[2].partition(":")
        pile = f"{source.split(':')[0]}:{pile}"
        events = table.drag(source, target)
        assert kind == "drag" and card_name(Card.parse(events[0]["card"]), "en") in said
        drag(tab, pile, target, int(start) if start else -1)
        assert tab.inner_text("#moves") == str(table.state.moves)
    tab.wait_for_selector("#won", state="visible")
    assert info(tab)["score"] == "520"


@pytest.mark.parametrize("code", LOOPED)
def test_solve_wins_and_ends(tab: Any, live: LiveServer, code: str) -> None:
    open_stuck(tab, live, code, LOOPED[code][1])
    tab.click("#solve")
    assert tab.inner_text("#solve") == "Stop"
    tab.wait_for_selector("#won", state="visible", timeout=60_000)
    assert info(tab)["score"] == "520"
    tab.wait_for_function("document.getElementById('solve').textContent === 'Solve'")


def test_a_hint_never_proposes_going_back_but_solve_plays_that_line(
    tab: Any, live: LiveServer
) -> None:
    table = open_stuck(tab, live, *BACK)
    tab.click("#hint")
    settled(tab)
    words = "Every winning line from here starts by taking back your last move."
    hint = table.hint("en")
    if hint["verdict"] == "back":  # said, not proposed
        assert tab.inner_text("#message") == words and tab.locator(".pile.hint").count() == 0
    else:  # a winning line that does not go back: proposed, and not the last move undone
        _kind, source, target = table.log[-1]

        def pile(place: str) -> str:
            return ":".join(place.split(":")[:2])  # column:3:4 (a card in it) -> column:3

        assert tab.inner_text("#message") == hint["words"]
        assert (pile(hint["from"]), pile(hint["to"])) != (pile(target), pile(source))
    moves = int(info(tab)["moves"])
    tab.click("#solve")
    tab.wait_for_function(f"Number(document.getElementById('moves').textContent) >= {moves + 3}")
    tab.click("#solve")  # Stop
    tab.wait_for_function("document.getElementById('solve').textContent === 'Solve'")


LOST = (
    "SH1-C1-265W53O",
    [
        ("drag", "column:1:4", "foundation:H"),
        ("drag", "column:9:4", "column:1"),
        ("drag", "column:1:4", "foundation:H"),
        ("drag", "column:4:4", "column:7"),
        ("drag", "column:1:3", "foundation:H"),
        ("drag", "cell:1", "foundation:H"),
        ("drag", "column:10:4", "cell:1"),
    ],
)
"""A Seahaven game still in play that can no longer be won."""


def test_hint_and_solve_say_at_once_when_the_game_is_lost(tab: Any, live: LiveServer) -> None:
    code, log = LOST
    assert new_table(code).solitaire.solve(replay_state(code, log), 1.0).winnable is False
    open_prepared(tab, live, "seahaven", code, log)
    tab.click("#hint")
    settled(tab)
    lost = "No winning line from here: this game can no longer be won."
    assert tab.inner_text("#message") == lost
    tab.click("#solve")
    tab.wait_for_function("document.getElementById('solve').textContent === 'Solve'")
    assert tab.inner_text("#message") == lost and info(tab)["moves"] == str(len(log))


def replay_state(code: str, log: list[Action]) -> Any:
    table = new_table(code)
    for action in log:
        table.act(action)
    return table.state


@pytest.mark.parametrize(
    ("game", "module"),
    [
        ("seahaven", "cardems.seahaven.difficulty"),
        ("freecell", "cardems.freecell.difficulty"),
        ("heart-to-heart", "cardems.heart_to_heart.difficulty"),
    ],
)
def test_the_new_game_window_deals_a_hard_deal(
    tab: Any, live: LiveServer, game: str, module: str
) -> None:
    import importlib

    tab.goto(live.url + "/")
    tab.click(f'button.new-deal[data-game="{game}"]')
    levels = f'#new-game .game-choice[data-game="{game}"][data-field="difficulty"]'
    assert tab.is_visible(levels)
    assert tab.inner_text(levels).split("\n")[0] == "Deal difficulty (winnable deals)"
    assert tab.is_checked(f"{levels} input[value=any]")
    tab.check(f"{levels} input[value=hard]")
    tab.click("#new-game-deal")
    tab.wait_for_selector("#table[data-ready]")
    code = DealCode.parse(info(tab)["code"].split(" · ")[-1])  # FreeCell: "#9898 · FC1-…"
    assert importlib.import_module(module).level_of(code) == "hard"
