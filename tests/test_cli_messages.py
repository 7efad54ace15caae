"""Ordinary mistakes and Ctrl+C get one plain line from ``cardems``, never a traceback."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardems import __version__
from cardems.cli import main

SRC = str(Path(__file__).resolve().parent.parent / "src")


def refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line ``cardems argv`` answers with exit status 2."""
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardems: "), captured.err
    assert captured.out == ""
    return lines[0]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--port", "99999"], "--port: expected a whole number from 1 to 65535, got '99999'"),
        (["serve", "--port", "²"], "--port: expected a whole number, got '²'"),
        (["serve", "--workers", "0"], "--workers: expected a whole number of at least 1"),
        (["analyze", "seahaven", "--cells", "4", "--deals", "-3"], "--deals: expected a whole"),
        (["analyze", "freecell", "--budget", "nan"], "--budget: expected a positive number"),
        (["arena", "--workers", "x"], "--workers: expected a whole number, got 'x'"),
        (["serve", "--sync", "fast"], "--sync: invalid choice"),
        (["nonsense"], "invalid choice"),
    ],
)
def test_bad_flag_values_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], said: str
) -> None:
    line = refusal(capsys, *argv, *(["--db", str(tmp_path / "x.db")] if "--port" in argv else []))
    assert said in line and line.endswith("--help)")
    assert list(tmp_path.iterdir()) == []  # refused before anything is made


def test_a_port_in_use_and_a_host_that_does_not_resolve(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "cardems.db")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = str(busy.getsockname()[1])
        line = refusal(capsys, "serve", "--no-browser", "--db", db, "--port", port)
    assert (
        line == f"cardems: port {port} is already in use on 127.0.0.1: choose another with --port"
    )
    line = refusal(capsys, "serve", "--no-browser", "--db", db, "--host", "no-such-host.invalid")
    assert line.startswith("cardems: cannot listen on no-such-host.invalid (")
    assert not Path(db).exists()  # no database made for a server that cannot start


def test_settings_from_the_environment_and_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARDEMS_PORT", "70000")
    assert "CARDEMS_PORT: expected a whole number from 1 to 65535" in refusal(capsys, "serve")
    monkeypatch.delenv("CARDEMS_PORT")
    config = tmp_path / "config.toml"
    config.write_text('workers = 2\nport = "8000"\ncolour = "red"\n')
    line = refusal(capsys, "serve", "--config", str(config))
    assert line == (
        f"cardems: {config}: unknown settings colour (known: db, host, port, workers, accounts,"
        " allowed_hosts, proxy_headers, forwarded_allow_ips, sync, access_log)"
    )
    config.write_text("workers = 0\n")
    monkeypatch.setenv("CARDEMS_CONFIG", str(config))
    assert f"{config}: workers: expected a whole number of at least 1" in refusal(capsys, "serve")
    config.write_text("workers = [\n")
    assert refusal(capsys, "serve").startswith(f"cardems: {config}: ")


def test_version_and_the_search_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    first, second = capsys.readouterr().out.splitlines()
    assert first.startswith(f"cardems {__version__} (Python ")
    assert second.startswith("Solvers: ") and "FreeCell" in second


def test_the_help_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["serve", "--help"], ["arena", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        out = capsys.readouterr().out
        assert "``" not in out and ":func:" not in out and ":mod:" not in out


def test_analyze_checks_its_output_first_and_writes_to_the_data_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    for argv in (
        ["analyze", "seahaven", "--cells", "1", "--deals", "9999", "--out", f"{blocked}/pool"],
        ["analyze", "freecell", "--deals", "9999", "--results", str(tmp_path)],
    ):
        started = time.monotonic()
        assert "cardems: cannot write the results: " in refusal(capsys, *argv)
        assert time.monotonic() - started < 5  # before the work, not after it
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    argv = ["analyze", "freecell", "--deals", "2", "--jobs", "1"]
    assert main(argv) == 0
    written = tmp_path / "data" / "cardems" / "freecell-N-1-2.txt"
    assert str(written) in capsys.readouterr().out
    assert len(written.read_text().splitlines()) == 2


def test_solve_json_has_the_same_keys_for_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    codes = ["HH1-N-AAAAAAM", "SH1-C4-G2RIWYH", "FC1-N-AAAAATJ"]
    assert main(["solve", *codes, "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [record["game"] for record in records] == ["heart-to-heart", "seahaven", "freecell"]
    common = {"code", "game", "length", "moves", "winnable"}
    assert all(common <= record.keys() for record in records)
    # a solver bounded by positions (issue 45) also says how many it expanded, only that
    assert {tuple(sorted(record.keys() - common)) for record in records} <= {(), ("nodes",)}
    assert all(record["length"] == len(record["moves"]) for record in records)


def spawn(*argv: str, tmp_path: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=SRC, XDG_DATA_HOME=str(tmp_path))
    return subprocess.Popen(
        [sys.executable, "-m", "cardems", *argv],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )


def interruptible() -> None:
    """In the child, before it starts: Ctrl+C interrupts, as in a terminal, even when the
    tests run as a background job (whose shell hands its children SIGINT ignored)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def free_port() -> int:
    """A port nothing listens on now (a fixed one may be held by a server left running)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
def test_ctrl_c_stops_the_server_in_one_line(tmp_path: Path) -> None:
    server = spawn("--no-browser", "--port", str(free_port()), tmp_path=tmp_path)
    assert server.stdout is not None
    banner = server.stdout.readline()
    assert "press Ctrl+C to stop" in banner and "opening" not in banner
    server.send_signal(signal.SIGINT)
    _, err = server.communicate(timeout=30)
    assert server.returncode == 130
    assert "Traceback" not in err and err.strip().endswith("Cardems stopped."), err


@pytest.mark.slow
def test_ctrl_c_ends_a_terminal_game_in_one_line(tmp_path: Path) -> None:
    game = spawn("play", "SH1-C4-G2RIWYH", tmp_path=tmp_path)
    assert game.stdout is not None
    game.stdout.readline()  # the game has started and waits for a move
    game.send_signal(signal.SIGINT)
    _, err = game.communicate(timeout=30)
    assert game.returncode == 130
    assert err.strip() == "Cardems stopped.", err


@pytest.mark.parametrize(
    ("code", "moves", "shown"),
    [
        ("SH1-C4-G2RIWYH", "c2-hH\nhint\n", "foundations (S H D C): -- AH -- --"),
        ("617", "c1-f1\nundo\n", " 1  2  3  4  5  6  7  8"),
    ],
)
def test_every_solitaire_plays_in_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    code: str,
    moves: str,
    shown: str,
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(moves))
    argv = ["play", code] if "-" in code else ["play", code, "--game", "freecell"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert shown in out and "\n> " in out and "score " in out
    assert "hint: " in out or "undo" in out
    assert refusal(capsys, "play", "HT1-N-AAAABAA") == (
        "cardems: Hearts cannot be played in the terminal: play it with cardems serve"
    )


def test_a_variant_the_game_lacks_is_refused_with_the_ones_it_has(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert refusal(capsys, "new", "klondike", "--variant", "S4") == (
        "cardems: Klondike has no variant S4 (its variants: D3, D1, D3L, D1L)"
    )


def test_help_and_refusals_speak_the_terminals_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "ro")
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    assert "adresa pe care se ascultă (implicit 127.0.0.1)" in capsys.readouterr().out
    line = refusal(capsys, "serve", "--port", "99999")
    assert line == (
        "cardems: argument --port: se aștepta un număr întreg între 1 și 65535, nu '99999'"
        " (vedeți: cardems serve --help)"
    )


def test_every_game_reads_a_deal_number_as_its_default_variants_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cardems.core.registry import games

    for game in games():
        code = game.code_for("#617")
        assert code.number == 617 and code.variant == game.family.variants[0]
        assert game.code_for(str(code)) == code
    assert main(["deal", "617", "--game", "klondike", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["code"] == "KL1-D3-AAAAATJ"
    assert refusal(capsys, "deal", "99999999999", "--game", "golf") == (
        "cardems: '99999999999' is neither a Golf code nor a deal number 0-34359738367"
    )
    assert refusal(capsys, "solve", "617") == (
        "cardems: 617 is not a deal code; as a deal number of FreeCell:"
        " cardems solve 617 --game freecell"
    )
