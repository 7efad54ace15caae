"""Where a lost game was lost (issue 45, item 4): the first move after which no win
existed, found by binary search over the line's positions, and a move that kept a win.

Each loss is played on a winnable deal: Pyramid by stock taps alone, FreeCell and
Klondike by seeded random moves (fixed codes and seeds, so the losses are the same
every run). Every answer is checked against the solver: the position before move i can
be won, the one after it cannot, and the alternative's result can be won."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardems.core.game import TableSettings
from cardems.core.history import History
from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.kit.game import KitGame
from cardems.kit.lost import find_lost_at, intent_json
from cardems.kit.table import SolitaireTable

PYRAMID = "PY1-P3-AAAAAAA"
"""Winnable at its start (the solver's 44-move win); three passes through the stock."""


def table_of(slug: str, code: str) -> tuple[KitGame, SolitaireTable[Any, Any]]:
    game = game_for(slug)
    assert isinstance(game, KitGame)
    table = game.new_table(DealCode.parse(code), TableSettings(), {}, lambda: 0.0)
    assert isinstance(table, SolitaireTable)
    return game, table


def stock_taps(table: SolitaireTable[Any, Any], most: int = 200) -> None:
    for _ in range(most):
        version = len(table.log)
        table.act(("tap", "stock"))
        if len(table.log) == version:  # the stock is spent: taps change nothing more
            return


def random_moves(table: SolitaireTable[Any, Any], seed: int, most: int = 300) -> None:
    rng = random.Random(seed)
    for _ in range(most):
        intents = table.legal_intents()
        if table.status != "playing" or not intents:
            return
        table.act(rng.choice(intents))


def check(game: KitGame, table: SolitaireTable[Any, Any]) -> Any:
    """The answer for the table's game, checked against the solver."""
    solitaire = table.solitaire
    lost = game.where_lost(table.code, TableSettings(), {}, table.log)
    assert lost is not None and lost.found, lost
    replayed = game.new_table(table.code, TableSettings(), {}, lambda: 0.0)
    assert isinstance(replayed, SolitaireTable)
    replayed.history = History(replayed.history.current, limit=None)
    for action in table.log:
        replayed.restore(action)
    line = replayed.history.line
    assert lost.last == len(line) - 1
    i = lost.move
    assert 1 <= i <= lost.last
    assert solitaire.verdict(line[i - 1], False)[0] is True
    assert solitaire.status(line[i]) != "playing" or solitaire.verdict(line[i], False)[0] is False
    before = line[i - 1]
    assert before.refusal(lost.alternative) is None
    after = before.apply(lost.alternative)
    assert solitaire.status(after) == "won" or solitaire.verdict(after, False)[0] is True
    data = lost.json("en")
    assert data["move"] == i
    assert data["said"].startswith(f"You could still have won until move {i}.")
    assert data["alternative"] == intent_json(lost.intent)
    assert lost.undos() == lost.last - i + 1
    return lost


def test_pyramid_lost_by_stock_taps_alone() -> None:
    game, table = table_of("pyramid", PYRAMID)
    assert game.solve(table.code, shortest=False)["winnable"] is True
    stock_taps(table)
    assert table.solitaire.verdict(table.state, False)[0] is False
    lost = check(game, table)
    assert lost.move < lost.last  # lost well before the stock ran out
    assert lost.json("ar")["said"] != lost.json("en")["said"]


@pytest.mark.parametrize(
    ("slug", "code", "seed"),
    [
        ("freecell", "FC1-N-AAAAIXE", 2),
        pytest.param("klondike", "KL1-D3-Z7KMA3B", 0, marks=pytest.mark.slow),
    ],
)
def test_a_random_loss_of_a_winnable_deal(slug: str, code: str, seed: int) -> None:
    game, table = table_of(slug, code)
    assert game.solve(table.code, shortest=False)["winnable"] is True
    random_moves(table, seed)
    assert table.status == "stuck"
    check(game, table)


def test_a_game_not_lost_has_no_answer() -> None:
    game, table = table_of("pyramid", PYRAMID)
    table.act(("tap", "stock"))
    assert game.where_lost(table.code, TableSettings(), {}, table.log) is None


def test_undecided_says_so_and_never_guesses() -> None:
    game, table = table_of("pyramid", PYRAMID)
    stock_taps(table)
    solitaire = table.solitaire

    class Undecided(type(solitaire)):  # type: ignore[misc]
        def verdict(self, state: Any, first_move: bool) -> tuple[bool | None, Any]:
            return (False, None) if state is line[-1] else (None, None)

    line = [game.deal(table.code), table.state]
    lost = find_lost_at(Undecided(), line)
    assert lost is not None and not lost.found and lost.move is None
    assert lost.json("en")["alternative"] is None
    assert "could not be found" in lost.json("en")["said"]
