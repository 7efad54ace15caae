"""The adapter and the ``cardems`` command, end to end, and the shipped pools."""

from __future__ import annotations

import json
import random

import pytest

from cardems.cli import main
from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.seahaven.game import GAME, load_pool
from cardems.seahaven.rules import apply_move, deal, parse_move
from cardems.seahaven.solver import NODES, solve_state


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_deal_json_for_several_codes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "SH1-C4-AAAAAJ2", "sh1-c1-aaaaaj2", "--json")
    assert status == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["code"] == "SH1-C4-AAAAAJ2" and first["game"] == "seahaven"
    assert first["columns"][8] == ["AS", "QC", "QS", "3D", "AD"]
    assert first["cells"] == ["4S", "9H", None, None]
    assert first["foundations"] == {"S": None, "H": None, "D": None, "C": None}
    assert [len(column) for column in second["columns"]] == [5, 6] + [5] * 8
    assert second["cells"] == ["TD"]


def test_deal_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "SH1-C2-AAAAAAA")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("SH1-C2-AAAAAAA  Seahaven Towers, 2 free cells")
    assert "cells: KH 3D" in lines[1]
    assert lines[3].split() == ["4S", "TD", "8H", "8D", "2C", "QH", "9H", "5S", "6D", "TC"]


def test_solve_json_replays(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "SH1-C4-AAAAAJ2", "SH1-C1-AAAAAAA", "--json")
    assert status == 0
    won, lost = (json.loads(line) for line in out.splitlines())
    assert won["winnable"] is True and won["length"] == len(won["moves"]) > 50
    state = deal(DealCode.parse("SH1-C4-AAAAAJ2"))
    for text in won["moves"]:
        state = apply_move(state, parse_move(text))
    assert state.won
    assert won.pop("nodes") > 0 and 0 < lost.pop("nodes") <= NODES  # the positions searched
    assert lost == {
        "code": "SH1-C1-AAAAAAA",
        "game": "seahaven",
        "winnable": False,
        "moves": [],
        "length": None,
    }


def test_solve_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "SH1-C1-AAAAAAA")
    assert (status, out) == (0, "SH1-C1-AAAAAAA: not winnable\n")


@pytest.mark.parametrize(
    ("code", "part"),
    [
        ("SH1-C3-AAAAAJ2", "variant 'C3'"),
        ("SH1-C4-AAAAJ2", "7 characters"),
        ("SH1-C4-AAAAA12", "outside A-Z and 2-7"),
        ("SH9-C4-AAAAAJ2", "generator version"),
        ("SH1C4AAAAAJ2", "malformed"),
    ],
)
def test_bad_codes_are_refused_with_the_part(
    capsys: pytest.CaptureFixture[str], code: str, part: str
) -> None:
    status, out, err = run(capsys, "deal", code)
    assert status == 2 and out == ""
    assert part in err


def test_shortest_is_the_a_star_win_proven(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "SH1-C4-AAAAAJ2", "--shortest", "--json")
    assert status == 0
    record = json.loads(out)
    assert record["winnable"] is True and record["proven"] is True
    par = GAME.best_par(DealCode.parse(record["code"]))
    assert par is not None and record["length"] == len(record["moves"]) == par[0]
    state = deal(DealCode.parse("SH1-C4-AAAAAJ2"))
    for text in record["moves"]:
        state = apply_move(state, parse_move(text))
    assert state.won


def test_shortest_past_its_budget_is_not_proven(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "SH1-C4-AAAAAJ2", "--shortest", "--nodes", "5", "--json")
    assert status == 0
    record = json.loads(out)
    assert record["winnable"] is True and record["proven"] is False  # the exact solver's line


@pytest.mark.parametrize("cells", ["4", "2", "1"])
def test_new_winnable_comes_from_the_pool(capsys: pytest.CaptureFixture[str], cells: str) -> None:
    status, out, _ = run(capsys, "new", "seahaven", "--cells", cells, "--winnable", "--json")
    assert status == 0
    record = json.loads(out)
    code = DealCode.parse(record["code"])
    assert code.variant == f"C{cells}" and record["game"] == "seahaven"
    assert code in load_pool(code.variant)


def test_new_any_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "new", "seahaven", "--cells", "2")
    assert status == 0 and DealCode.parse(out.strip()).variant == "C2"


@pytest.mark.parametrize("variant", ["C4", "C2", "C1"])
def test_pools_hold_winnable_codes(variant: str) -> None:
    pool = load_pool(variant)
    assert len(pool) >= 50
    assert len(set(pool)) == len(pool) and all(code.variant == variant for code in pool)
    for code in random.Random(variant).sample(pool, 3):
        result = solve_state(deal(code), time_limit=10)
        assert result.winnable is True, code


def test_adapter_registered() -> None:
    adapter = game_for("seahaven")
    assert adapter is game_for("SH")
    assert adapter.describe(DealCode.parse("SH1-C4-AAAAAJ2"))["variant"] == "C4"


def test_analyze_writes_a_pool(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    out_file = Path(str(tmp_path)) / "C1.txt"
    status, out, err = run(
        capsys,
        "analyze",
        "seahaven",
        "--cells",
        "1",
        "--deals",
        "60",
        "--jobs",
        "1",
        "--out",
        str(out_file),
    )
    assert status == 0 and "60/60 deals" in err
    codes = out_file.read_text().split()
    assert f"{len(codes)} codes in" in out
    for text in codes:
        assert solve_state(deal(DealCode.parse(text))).winnable
