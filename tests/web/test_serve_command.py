"""``cardems`` with no arguments and ``cardems serve``: data directory, port, browser."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

from cardems import cli
from cardems.web import commands


def test_plain_cardems_serves_on_loopback_and_opens_the_browser(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(commands, "serve", lambda *args: calls.append(args))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert cli.main([]) == 0
    assert calls == [(commands.ServeOptions(db=tmp_path / "cardems" / "cardems.db"),)]


def test_serve_options(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(commands, "serve", lambda *args: calls.append(args))
    db = tmp_path / "x.db"
    argv = ["serve", "--port", "9001", "--host", "::1", "--no-browser", "--db", str(db)]
    assert cli.main(argv) == 0
    assert calls == [(commands.ServeOptions("::1", 9001, db, open_browser=False),)]


def test_plain_cardems_takes_the_serve_options(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(commands, "serve", lambda *args: calls.append(args))
    db = tmp_path / "y.db"
    assert cli.main(["--no-browser", "--port", "9002", "--db", str(db)]) == 0
    assert calls == [(commands.ServeOptions(port=9002, db=db, open_browser=False),)]


def test_a_busy_default_port_falls_back_to_a_free_one(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(commands.ServeError, match=f"port {port} is already in use"):
            commands.bind("127.0.0.1", port)  # an explicit port must be free
        monkeypatch.setattr(commands, "DEFAULT_PORT", port)
        sock = commands.bind("127.0.0.1", port)
        assert sock.getsockname()[1] not in (0, port)
        sock.close()


def test_settings_reach_the_server_by_flag_environment_and_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: list[commands.ServeOptions] = []
    monkeypatch.setattr(commands, "serve", seen.append)
    config = tmp_path / "cardems.toml"
    config.write_text(
        'db = "postgresql://cardems@db.internal/cardems"\nworkers = 3\nproxy_headers = true\n'
        'allowed_hosts = ["cards.example.org"]\nforwarded_allow_ips = "10.0.0.2"\n'
    )
    monkeypatch.setenv("CARDEMS_CONFIG", str(config))
    monkeypatch.setenv("CARDEMS_WORKERS", "2")
    assert cli.main(["serve", "--no-browser", "--access-log"]) == 0
    options = seen[-1]
    assert options.db == "postgresql://cardems@db.internal/cardems"
    assert options.workers == 2  # the environment wins over the file
    assert options.proxy_headers and options.forwarded_allow_ips == "10.0.0.2"
    assert options.allowed_hosts == ("cards.example.org",) and options.access_log
    assert cli.main(["serve", "--no-browser", "--workers", "5", "--allowed-host", "a.lan"]) == 0
    assert (seen[-1].workers, seen[-1].allowed_hosts) == (5, ("a.lan",))  # flags win
    monkeypatch.delenv("CARDEMS_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "none"))
    assert cli.main(["serve", "--no-browser"]) == 0
    assert seen[-1].forwarded_allow_ips == "127.0.0.1,::1" and not seen[-1].proxy_headers


def test_access_logs_are_off_unless_asked() -> None:
    quiet, loud = commands.log_config(False), commands.log_config(True)
    assert quiet["loggers"]["uvicorn.access"]["level"] == "WARNING"
    assert loud["loggers"]["uvicorn.access"]["level"] == "INFO"
    assert loud["loggers"]["uvicorn.error"]["level"] == "WARNING"  # no start-up chatter


def test_a_db_in_a_missing_folder_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A typo in --db makes no folders and no new database: one line, exit 2."""
    monkeypatch.setattr(commands, "bind", _never_bind)
    missing = tmp_path / "no" / "such"
    argv = ["serve", "--no-browser", "--db", str(missing / "x.db")]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("cardems: ") and f"the folder {missing} does not exist" in err
    assert not (tmp_path / "no").exists()


def test_the_default_data_folder_is_still_made(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(commands, "bind", _never_bind)
    with pytest.raises(_Stop):
        commands.serve(commands.ServeOptions(db=commands.default_database()))
    assert (tmp_path / "data" / "cardems").is_dir()


class _Stop(Exception):
    """Raised where the server would listen: the test has seen what it wanted."""


def _never_bind(host: str, port: int) -> None:
    raise _Stop
