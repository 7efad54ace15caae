"""``cardems deal/solve --game freecell`` with classic numbers, and ``analyze freecell``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardems.cli import main
from cardems.dealcode import DealCode
from cardems.freecell.rules import apply_move, deal, parse_move


def test_deal_by_classic_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "617", "--game", "freecell"]) == 0
    out = capsys.readouterr().out
    assert "FC1-N-AAAAATJ" in out and "7D AD 5C 3S 5S 8C 2D AH" in out


def test_deal_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "FC1-N-AAAAAAB", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["deal"] == 1 and record["columns"][0][:2] == ["JD", "KD"]


def test_solve_by_classic_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "#617", "--game", "freecell", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["winnable"] is True and record["length"] == len(record["moves"]) > 0


def test_a_number_without_the_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "617"]) == 2
    assert capsys.readouterr().err == (
        "cardems: 617 is not a deal code; as a deal number of FreeCell:"
        " cardems deal 617 --game freecell\n"
    )
    assert main(["solve", "617"]) == 2
    assert "cardems solve 617 --game freecell" in capsys.readouterr().err
    assert main(["deal", "6-1-7"]) == 2
    assert "malformed deal code" in capsys.readouterr().err


def test_analyze_resumes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "results.txt"
    argv = ["analyze", "freecell", "--deals", "3", "--jobs", "1", "--results", str(results)]
    assert main(argv) == 0
    assert "3 of 3 decided, 3 winnable" in capsys.readouterr().out
    lines = results.read_text().splitlines()
    assert sorted(int(line.split()[0]) for line in lines) == [1, 2, 3]
    assert main(argv) == 0
    assert results.read_text().splitlines() == lines  # nothing solved twice


def test_analyze_is_one_command_for_every_game_with_pools(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["analyze", "--help"])
    out = capsys.readouterr().out
    assert "freecell" in out and "seahaven" in out
    assert main(["analyze-freecell"]) == 2
    assert main(["analyze", "hearts", "--deals", "3"]) == 2


def test_shortest_past_the_a_stars_budget_is_a_winning_line_not_proven(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["solve", "617", "--game", "freecell", "--shortest", "--nodes", "2000", "--json"]
    assert main(argv) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["winnable"] is True and record["proven"] is False
    assert record["nodes"] == 2000 and record["length"] == len(record["moves"]) > 0
    state = deal(DealCode("FC", 1, "N", 617))
    for text in record["moves"]:
        state = apply_move(state, parse_move(text))
    assert state.won
