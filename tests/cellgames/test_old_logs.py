"""Games saved before the cell games moved onto the solitaire kit still replay: the logs
of ``old_table_logs.json`` were played on the old ``CellTable`` (random taps, double
taps, drags with and without a card's index, undo, redo, and four games won along the
solver's line with ``finish``); each replays on today's table to the same position,
score, selection, history and status."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from cardems.core.game import TableSettings, replay
from cardems.dealcode import DealCode
from cardems.freecell.table import FreeCellTable
from cardems.seahaven.table import SeahavenTable

LOGS = json.loads((Path(__file__).parent / "old_table_logs.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("saved", LOGS, ids=[game["code"] for game in LOGS])
def test_an_old_log_replays_to_the_same_table(saved: dict[str, Any]) -> None:
    code = DealCode.parse(saved["code"])
    kind = FreeCellTable if code.game == "FC" else SeahavenTable
    table = replay(
        kind(code, TableSettings(auto_move=saved["auto_move"])),
        [tuple(intent) for intent in saved["log"]],
    )
    position = hashlib.sha256(repr(table.state.position).encode()).hexdigest()[:16]
    assert position == saved["position"]
    assert (table.state.score, table.state.moves) == (saved["score"], saved["moves"])
    assert table.selected == saved["selected"]
    assert (table.history.can_undo, table.history.can_redo) == (
        saved["can_undo"],
        saved["can_redo"],
    )
    assert table.status == saved["status"]
