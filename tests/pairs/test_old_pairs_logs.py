"""Games played before Heart to Heart and Pyramid became declarations of the pairs
family still replay: the logs of ``old_pairs_logs.json`` (written by ``make_old_logs.py``
on the old tables: random taps, double taps, drags, undo, redo, and winnable deals won
along the hint's line) replay on today's table, step by step, to the same events, views,
positions (hidden cards included), scores, counters, legal moves in notation, selection,
history and hint."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.pairs.old_logs import OUT, VERDICTS, _digest, position, table_of, verdicts

from cardems.dealcode import DealCode

LOGS = json.loads(OUT.read_text(encoding="utf-8"))
VERDICT_LOGS: dict[str, Any] = json.loads(VERDICTS.read_text(encoding="utf-8"))


def test_the_corpus_covers_every_variant_and_ending() -> None:
    variants = {game["code"].split("-")[0] + "-" + game["code"].split("-")[1] for game in LOGS}
    assert variants == {"HH1-N", "PY1-P3", "PY1-P1", "PY1-P2", "PY1-U"}
    assert {game["status"] for game in LOGS} == {"won", "blocked", "playing"}


QUICK = 6
"""One log of every six replays in the quick run; the others are marked slow."""


@pytest.mark.parametrize(
    "saved",
    [
        pytest.param(game, marks=() if k % QUICK == 0 else pytest.mark.slow)
        for k, game in enumerate(LOGS)
    ],
    ids=[game["code"] for game in LOGS],
)
def test_an_old_log_replays_to_the_same_table(saved: dict[str, Any]) -> None:
    table = table_of(DealCode.parse(saved["code"]))
    moves: list[str] = []
    for step, (intent, digest) in enumerate(zip(saved["log"], saved["steps"], strict=True)):
        events = table.act(tuple(intent))
        moves += [event["move"] for event in events if event.get("type") == "move"]
        now = _digest([events, table.view(), position(table), table.selected])
        assert now == digest, f"step {step}: {intent}"
    assert moves == saved["notation"]
    assert _digest(table.view()) == saved["view"]
    assert {key: saved[key] for key in position(table)} == position(table)
    assert table.selected == saved["selected"]
    assert (table.history.can_undo, table.history.can_redo) == (
        saved["can_undo"],
        saved["can_redo"],
    )
    assert table.hint("en") == saved["hint"]


def replayed_verdict(code: str) -> bool:
    """Whether the solver's records of ``code`` are checked again: every Heart to Heart
    deal (the sixty take a second of CPU), every third Pyramid deal of each variant (won
    and lost ones of each: ten of thirty, 12 of the 21 seconds the 120 took), and the one
    deal whose shortest win is not proven."""
    parsed = DealCode.parse(code)
    return (
        parsed.game == "HH"
        or parsed.number % 3 == 0
        or not VERDICT_LOGS[code]["shortest"]["proven"]
    )


@pytest.mark.slow
@pytest.mark.parametrize("code", [code for code in sorted(VERDICT_LOGS) if replayed_verdict(code)])
def test_the_solver_answers_as_before(code: str) -> None:
    """The verdicts, winning lines, shortest wins, ``proven`` and nodes expanded of the
    solvers of before (Heart to Heart deals 0-59, Pyramid 0-29 of each variant: those of
    :func:`replayed_verdict`)."""
    assert verdicts(code) == VERDICT_LOGS[code]
