"""TriPeaks games recorded on the game's own engine, before it became a declaration of
the waste family, replay on today's: ``old_logs.json`` holds 48 games of both variants
(every intent played and the log kept of it: random taps, drags and double taps on
peaks, stock and waste, undo, redo, games following the hints, and games won along
the solver's line), each with its deal, the
position, score, streak, counters, selection, status, history, the view's digest, the
moves' notation, the hint at the end, the verdict search's answer (nodes included), the
shortest win and the deal's text. They were recorded on commit 42d55f7 (the last with
TriPeaks' own engine), every table on a clock fixed at 0."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from cardems.core.game import TableSettings, replay
from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.kit.table import SolitaireTable
from cardems.kit.waste.engine import GONE
from cardems.kit.waste.solver import solve
from cardems.tripeaks.rules import deal

LOGS = json.loads((Path(__file__).parent / "old_logs.json").read_text(encoding="utf-8"))
GAME = game_for("tripeaks")


def digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()[:16]


@pytest.mark.parametrize("saved", LOGS, ids=[game["code"] for game in LOGS])
def test_an_old_log_replays_to_the_same_table(saved: dict[str, Any]) -> None:
    code = DealCode.parse(saved["code"])
    first = deal(code)
    assert saved["deal"] == {
        "peaks": list(first.layout),
        "stock": list(first.stock),
        "waste": list(first.waste),
    }
    table = GAME.new_table(code, TableSettings(move_errors=saved["move_errors"]), {}, lambda: 0.0)
    assert isinstance(table, SolitaireTable)
    notations = []
    for intent in saved["intents"]:
        for event in table.act(tuple(intent)):
            if event.get("type") == "move":
                notations.append(event["move"])
    assert notations == saved["notation"]
    assert [list(action) for action in table.log] == saved["log"]
    again = replay(GAME.new_table(code, TableSettings(), {}, lambda: 0.0), map(tuple, saved["log"]))
    assert isinstance(again, SolitaireTable)
    state = table.state
    assert again.state == state
    assert [None if c == GONE else c for c in state.layout] == saved["peaks"]
    assert (list(state.stock), list(state.waste)) == (saved["stock"], saved["waste"])
    assert (state.score, state.moves, state.streak) == (
        saved["score"],
        saved["moves"],
        saved["streak"],
    )
    assert (table.status, table.selected) == (saved["status"], saved["selected"])
    history = table.history
    assert (history.can_undo, history.can_redo) == (saved["can_undo"], saved["can_redo"])
    assert digest(table.view()) == saved["view"]


@pytest.mark.slow
@pytest.mark.parametrize("saved", LOGS, ids=[game["code"] for game in LOGS])
def test_an_old_logs_hint_is_the_same(saved: dict[str, Any]) -> None:
    code = DealCode.parse(saved["code"])
    table = GAME.new_table(code, TableSettings(move_errors=saved["move_errors"]), {}, lambda: 0.0)
    assert isinstance(table, SolitaireTable)
    for intent in saved["intents"]:
        table.act(tuple(intent))
    hint: dict[str, Any] = dict(table.hint("en"))
    assert {k: hint.get(k) for k in saved["hint"]} == saved["hint"]


@pytest.mark.slow
@pytest.mark.parametrize("saved", LOGS[:24], ids=[game["code"] for game in LOGS[:24]])
def test_the_solver_answers_as_before(saved: dict[str, Any]) -> None:
    code = DealCode.parse(saved["code"])
    verdict = solve(deal(code))
    assert {
        "winnable": verdict.winnable,
        "nodes": verdict.nodes,
        "line": [str(m) for m in verdict.line or []],
    } == saved["verdict"]
    assert GAME.solve(code, shortest=True) == saved["solve"]
    assert GAME.render(code) == saved["render"]
