"""A table that stays still (issue 30, item 3), as a player sees it in a real browser: the
cards keep one size over a whole game played by the solver's line, a run's cards move
together, and cards flying home are drawn at the table's size."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from solitaire_lines import play_hints, sh_line
from web_browser import LiveServer, drag, open_prepared, settled, snap

from cardems.core.game import Action
from cardems.dealcode import DealCode
from cardems.freecell.table import FreeCellTable

DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
FREECELL = "FC1-N-AAAAAAB"
SEAHAVEN = "SH1-C4-AAAAAJ2"
CARD_WIDTH = "() => document.querySelector('.card[data-target] use').getBoundingClientRect().width"
# Every copy of a card in flight (the real cards wait, invisible, in their new places).
FLYING = """() => [...document.querySelectorAll('#board .ghost')].map((node) => {
  const box = node.querySelector('use').getBoundingClientRect();
  return {card: node.dataset.card, x: box.x, y: box.y, width: box.width};
})"""

# The copies in flight, caught in the frame they are first seen: every animation is paused
# there, in the page, so a slow test runner cannot arrive after they have landed.
CAUGHT_IN_FLIGHT = f"""() => {{
  if (!document.querySelector('#board .ghost:not(.dragging)')) return false;
  document.getAnimations().forEach((a) => {{ a.pause(); a.currentTime = 110; }});
  return ({FLYING})();
}}"""


@pytest.fixture(scope="module")
def freecell_line() -> list[list[Action]]:
    """FreeCell's hinted winning line, move by move (found once for the tests here)."""
    return play_hints(FreeCellTable(DealCode.parse(FREECELL)))


def line_moves(line: list[list[Action]]) -> int:
    """The moves of the win ``line`` plays: what the tests that win save as the deal's
    best known win, so that the win's dialog does not ask for the server's par search
    (seconds of solving in the test's own process, see open_prepared)."""
    table = FreeCellTable(DealCode.parse(FREECELL))
    for kind, *args in (intent for move in line for intent in move):
        getattr(table, kind)(*args)
    assert table.view()["status"] == "won"
    moves: int = table.view()["moves"]
    return moves


def play(tab: Any, intents: list[Action]) -> None:
    """One hinted move, dragged like a player: ``column:3:5`` is column 3's sixth card."""
    for _kind, source, target in intents:
        pile, index = (
            (source.rsplit(":", 1)[0], int(source.rsplit(":", 1)[1]))
            if (source.count(":") == 2)
            else (source, -1)
        )
        drag(tab, pile, target, index)


def widths_over(tab: Any, moves: list[list[Action]]) -> list[float]:
    widths = [tab.evaluate(CARD_WIDTH)]
    for intents in moves:
        play(tab, intents)
        widths.append(tab.evaluate(CARD_WIDTH))
    return widths


def test_freecell_cards_keep_their_size_over_a_whole_game(
    chromium_browser: Any, live: LiveServer, freecell_line: list[list[Action]]
) -> None:
    """On a desktop, where FreeCell's long columns would shrink a table that re-zooms (a
    phone is Seahaven's test below). The game opens after its first 50 moves (its columns
    then 6 cards at most): the 45 dragged from there grow one to 12 cards, then empty
    them all."""
    tab = chromium_browser.new_context(viewport=DESKTOP).new_page()
    try:
        line = freecell_line
        opened = [i for move in line[:50] for i in move]
        open_prepared(tab, live, "freecell", FREECELL, opened, known_win=line_moves(line))
        widths = widths_over(tab, line[50:])
        assert tab.get_attribute("#table", "data-status") == "won"
        assert max(widths) - min(widths) < 0.5, sorted(set(round(w, 1) for w in widths))
        assert widths[0] >= 90
    finally:
        tab.context.close()


def test_seahaven_cards_keep_their_size_over_a_whole_game(
    chromium_browser: Any, live: LiveServer
) -> None:
    """On a phone, where ten columns leave the least room. The game opens after the first
    30 moves of its hinted win (its columns then 5 cards at most): the 45 dragged from
    there grow one to 9 cards, then empty them all."""
    tab = chromium_browser.new_context(viewport=PHONE).new_page()
    try:
        line = sh_line(SEAHAVEN)  # a hint a move: its length is the win's moves
        steps = line[30:]
        open_prepared(tab, live, "seahaven", SEAHAVEN, steps[0][0], known_win=len(line))
        moves = [
            [(i["type"], i["source"], i["target"]) for i in hint["intents"]] for _, hint in steps
        ]
        widths = widths_over(tab, moves)
        assert tab.get_attribute("#table", "data-status") == "won"
        assert max(widths) - min(widths) < 0.5, sorted(set(round(w, 1) for w in widths))
        assert widths[0] >= 30
    finally:
        tab.context.close()


def test_a_run_moves_as_one(tab: Any, live: LiveServer, freecell_line: list[list[Action]]) -> None:
    tab.set_viewport_size(DESKTOP)
    line = freecell_line
    table = FreeCellTable(DealCode.parse(FREECELL))
    for at, intents in enumerate(line):  # noqa: B007 (the first move of two cards or more)
        _kind, source, target = intents[0]
        if source.count(":") == 2 and target.startswith("column"):
            column = table.state.columns[int(source.split(":")[1]) - 1]
            if len(column) - int(source.split(":")[2]) >= 2:
                break
        for kind, *args in intents:
            getattr(table, kind)(*args)
    log = [intent for intents in line[:at] for intent in intents]
    open_prepared(tab, live, "freecell", FREECELL, log)
    _kind, source, target = line[at][0]
    pile, index = source.rsplit(":", 1)
    run = tab.eval_on_selector_all(
        f'.card[data-target="{pile}"]', "nodes => nodes.map((n) => n.dataset.card)"
    )[int(index) :]
    assert len(run) >= 2
    drag(tab, pile, target, int(index))
    flying = tab.wait_for_function(CAUGHT_IN_FLIGHT).json_value()
    snap(tab, "run-in-flight")
    assert [f["card"] for f in flying] == run
    # Together: one column, one fan apart, as they left.
    assert len({round(f["x"]) for f in flying}) == 1
    gaps = {round(b["y"] - a["y"]) for a, b in itertools.pairwise(flying)}
    assert len(gaps) == 1
    tab.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
    settled(tab)


def test_cards_sent_home_fly_at_the_tables_size(
    tab: Any, live: LiveServer, freecell_line: list[list[Action]]
) -> None:
    tab.set_viewport_size(DESKTOP)
    table = FreeCellTable(DealCode.parse(FREECELL))
    line = freecell_line
    log: list[Action] = []
    for intents in line:
        if table.view()["can_finish"]:
            break
        for kind, *args in intents:
            getattr(table, kind)(*args)
            log.append((kind, *args))
    open_prepared(tab, live, "freecell", FREECELL, log, known_win=line_moves(line))
    width = tab.evaluate(CARD_WIDTH)
    tab.click("#finish")
    flying = tab.wait_for_function(
        f"() => document.querySelectorAll('#board .ghost').length > 1 && ({FLYING})()"
    ).json_value()
    snap(tab, "finish-in-flight")
    assert flying and all(abs(f["width"] - width) < 0.5 for f in flying), (width, flying)
    # One outline per slot: the empty slots are drawn once each, by their piles.
    slots = tab.evaluate(
        "() => [...document.querySelectorAll('#board .slot')].map((s) => s.closest('.pile')"
        " ? s.closest('.pile').dataset.target : 'loose')"
    )
    assert len(slots) == len(set(slots)) and "loose" not in slots
    tab.wait_for_selector("#won[open]")
    assert abs(tab.evaluate(CARD_WIDTH) - width) < 0.5


def test_the_size_follows_the_window_only(tab: Any, live: LiveServer) -> None:
    tab.set_viewport_size(DESKTOP)
    open_prepared(tab, live, "freecell", FREECELL, [])
    desktop = tab.evaluate(CARD_WIDTH)
    tab.set_viewport_size({"width": 900, "height": 600})
    tab.wait_for_function(f"() => ({CARD_WIDTH})() < {desktop - 5}")
    tab.set_viewport_size(DESKTOP)
    tab.wait_for_function(f"() => Math.abs(({CARD_WIDTH})() - {desktop}) < 0.5")
