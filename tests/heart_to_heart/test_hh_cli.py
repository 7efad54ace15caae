"""The command line end to end: new, deal, solve, replay, play (Heart to Heart)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardems.cli import main
from cardems.core.registry import game_for
from cardems.core.terminal import run
from cardems.dealcode import DealCode
from cardems.heart_to_heart.game import GAME as HH_GAME
from cardems.heart_to_heart.rules import deal, parse_moves, play
from cardems.kit.pairs.ranks import is_winnable

SRC = str(Path(__file__).resolve().parents[2] / "src")


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def lines_json(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def test_new_prints_a_fresh_code(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "new", "heart-to-heart")
    code = DealCode.parse(out.strip())
    assert status == 0 and code.game == "HH" and str(code) == out.strip()
    _, again, _ = run_cli(capsys, "new", "heart-to-heart")
    assert again != out  # drawn with secrets: two codes practically never repeat


def test_new_winnable_only_deals_winnable_codes(capsys: pytest.CaptureFixture[str]) -> None:
    for _ in range(3):
        status, out, _ = run_cli(capsys, "new", "heart-to-heart", "--winnable", "--json")
        record = json.loads(out)
        assert status == 0 and record["game"] == "heart-to-heart"
        assert is_winnable(deal(DealCode.parse(record["code"])))


def test_deal_json_one_object_per_code(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "deal", "HH1-N-AAAAAAM", "hh1-n-aaaaaaa", "--json")
    first, second = lines_json(out)
    assert status == 0 and [first["code"], second["code"]] == ["HH1-N-AAAAAAM", "HH1-N-AAAAAAA"]
    assert list(first)[:2] == ["code", "game"] and first["game"] == "heart-to-heart"
    assert [entry["position"] for entry in first["heart"]] == list(range(1, 26))
    assert first["heart"][0]["card"] == "TH" and first["heart"][24]["card"] == "4H"
    assert first["waste"] == ["AH"] and len(first["stock"]) == 26
    assert first["stock"][8] == "4H"  # the 9th card drawn is a 4: stock lists next first


def test_deal_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "deal", "HH1-N-AAAAAAM")
    assert status == 0 and out.startswith("HH1-N-AAAAAAM")
    assert "4H*" in out and "waste (1): top AH" in out


def test_solve_json_several_codes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "solve", "HH1-N-AAAAAAM", "HH1-N-AAAAAAA", "--json")
    won, lost = lines_json(out)
    assert status == 0
    assert won["winnable"] is True and won["length"] == len(won["moves"])
    assert play(deal(DealCode.parse(won["code"])), parse_moves(won["moves"])).is_won()
    assert lost == {
        "code": "HH1-N-AAAAAAA",
        "game": "heart-to-heart",
        "winnable": False,
        "moves": [],
        "length": None,
    }


def test_solve_shortest(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "solve", "HH1-N-AAAAAAM", "--shortest", "--json")
    (record,) = lines_json(out)
    assert status == 0 and record["length"] == 67
    _, any_out, _ = run_cli(capsys, "solve", "HH1-N-AAAAAAM", "--json")
    assert json.loads(any_out)["length"] >= 67
    _, text, _ = run_cli(capsys, "solve", "HH1-N-AAAAAAM", "--shortest")
    assert text.startswith("HH1-N-AAAAAAM: winnable\n67 moves: D D D 25+W")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["deal", "HH1-N-AAAAAA"], "payload"),
        (["deal", "HH1-N-AAAAAA1"], "payload"),
        (["deal", "HH1-X-AAAAAAA"], "variant"),
        (["deal", "XX1-N-AAAAAAA"], "unknown game"),
        (["deal", "HH9-N-AAAAAAA"], "version"),
        (["solve", "HH1-N-AAAAAAM", "nonsense"], "malformed"),
        (["replay", "SH1-C4-AAAAAJ2", "D"], "Heart to Heart"),
        (["replay", "HH1-N-AAAAAAM", "D", "25+W"], "move 2 (25+W): Must be of the same rank"),
        (["replay", "HH1-N-AAAAAAM", "D", "Q"], "not a move: 'Q'"),
        (["replay", "HH1-N-AAAAAAM", "1+W"], "covered"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    status, out, err = run_cli(capsys, *argv)
    assert status == 2 and out == "" and words in err and err.startswith("cardems: ")


def test_replay_prints_the_final_position(capsys: pytest.CaptureFixture[str]) -> None:
    moves = ["D"] * 9 + ["25+W"]
    status, out, _ = run_cli(capsys, "replay", "HH1-N-AAAAAAM", *moves, "--json")
    record = json.loads(out)
    assert status == 0 and record["moves"] == 10 and record["score"] == 10
    assert record["status"] == "playing" and record["heart"][24]["card"] is None
    assert len(record["waste"]) == 9 and len(record["stock"]) == 17  # the 4H left with the tip
    status, text, _ = run_cli(capsys, "replay", "HH1-N-AAAAAAM", "D D D, 25+w")
    assert status == 0 and "score 10, moves 4" in text and "can still be won" in text


def test_replay_of_a_solution_wins(capsys: pytest.CaptureFixture[str]) -> None:
    result = game_for("HH").solve(DealCode.parse("HH1-N-AAAAAAM"), shortest=False)
    status, out, _ = run_cli(capsys, "replay", "HH1-N-AAAAAAM", *result["moves"], "--json")
    record = json.loads(out)
    assert status == 0 and record["status"] == "won" and record["score"] == 250


def test_play_in_a_terminal() -> None:
    out = io.StringIO()
    commands = "D\nD\nD\nhint\n25+w\nundo\nredo\nX\n\nquit\nD\n"
    state = run(HH_GAME.text_play(), DealCode.parse("HH1-N-AAAAAAM"), io.StringIO(commands), out)
    text = out.getvalue()
    assert state.moves == 4 and state.score == 10  # quit stops reading
    assert "> hint\nhint: 25+W\n" in text and "refused: not a move: 'x'" in text
    # the heart is drawn beside its position numbers
    assert "          4H*                             25" in text


@pytest.mark.slow
def test_the_console_entry_point_runs() -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run(
        [sys.executable, "-m", "cardems", "deal", "HH1-N-AAAAAAM", "HH1-N-AAAAAJ2", "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 2
    bad = subprocess.run(
        [sys.executable, "-m", "cardems", "solve", "HH1-N-AAAAAA!"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert bad.returncode == 2 and "payload" in bad.stderr


@pytest.mark.slow
def test_output_cut_short_by_a_pipe_is_no_error() -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    codes = " ".join(str(DealCode("HH", 1, "N", n)) for n in range(400))  # > a pipe's buffer
    done = subprocess.run(
        f"{sys.executable} -m cardems deal {codes} | head -1",
        shell=True,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert done.stdout.startswith("HH1-N-AAAAAAA")
    assert "BrokenPipeError" not in done.stderr and "Traceback" not in done.stderr
