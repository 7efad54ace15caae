"""``cardems solve CODE --shortest --json`` for every game that has a shortest-win search
answers ``"proven"``: true only when the search finished within its budget of positions,
else false with the best line known; games with no par refuse ``--shortest``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardems.cli import main
from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.heart_to_heart import rules as hh
from cardems.pyramid import rules as py
from cardems.tripeaks import rules as tp


def shortest(capsys: pytest.CaptureFixture[str], code: str) -> dict[str, Any]:
    status = main(["solve", code, "--shortest", "--json"])
    out, _ = capsys.readouterr()
    assert status == 0
    record: dict[str, Any] = json.loads(out)
    return record


def replay(rules: Any, code: str, moves: list[str]) -> bool:
    state = rules.deal(DealCode.parse(code))
    for move in rules.parse_moves(moves):
        state = state.apply(move)
    return bool(state.is_won())


@pytest.mark.parametrize(
    ("code", "rules", "par"),
    [("HH1-N-AAAAAAM", hh, 67), ("PY1-P3-AAAAAAM", py, 48)],
)
def test_a_proven_shortest_win_is_the_par_the_table_shows(
    capsys: pytest.CaptureFixture[str], code: str, rules: Any, par: int
) -> None:
    record = shortest(capsys, code)
    assert record["winnable"] is True and record["proven"] is True
    assert replay(rules, code, record["moves"])
    assert record["length"] == len(record["moves"]) == par
    game = game_for(DealCode.parse(code).game)
    assert game.best_par(DealCode.parse(code)) == (par, True)  # what the win dialog shows
    assert game.par(DealCode.parse(code)) == par


def test_tripeaks_shortest_win_is_proven(capsys: pytest.CaptureFixture[str]) -> None:
    code = "TP1-W-AAAAAAB"
    record = shortest(capsys, code)
    assert record["winnable"] is True and record["proven"] is True
    assert replay(tp, code, record["moves"])
    # every win plays the 28 peak cards once: the fewest moves turn the fewest stock cards
    assert record["length"] == 28 + record["moves"].count("D") == 37


def test_past_its_budget_the_best_line_known_is_not_proven(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cardems.kit.pairs.ranks_shortest.SHORTEST_NODES", 5)
    monkeypatch.setattr("cardems.kit.pairs.shortest.NODE_LIMIT", 5)
    monkeypatch.setattr("cardems.kit.waste.solver.shortest_win", lambda state: None)
    for code, rules in (("HH1-N-AAAAAAM", hh), ("PY1-P3-AAAAAAM", py), ("TP1-W-AAAAAAB", tp)):
        record = shortest(capsys, code)
        assert record["winnable"] is True and record["proven"] is False, code
        assert replay(rules, code, record["moves"]), code
    game = game_for("HH")
    found = game.best_par(DealCode.parse("HH1-N-AAAAAAM"))
    assert found is not None and found[0] >= 67 and found[1] is False
    assert game.par(DealCode.parse("HH1-N-AAAAAAM")) is None


def test_a_lost_deal_is_proven_lost(capsys: pytest.CaptureFixture[str]) -> None:
    record = shortest(capsys, "HH1-N-AAAAAAA")
    assert record["winnable"] is False and record["proven"] is True and record["moves"] == []


@pytest.mark.parametrize(
    ("code", "title"), [("KL1-D3-AAAAAAB", "Klondike"), ("SP1-S1-AAAAAAB", "Spider")]
)
def test_games_without_a_par_refuse_shortest(
    capsys: pytest.CaptureFixture[str], code: str, title: str
) -> None:
    status = main(["solve", code, "--shortest", "--json"])
    out, err = capsys.readouterr()
    assert status != 0 and out == ""
    assert err.strip() == f"cardems: {title} shows no par: --shortest is for the games that do"
