"""The SQLite store: migrations, actions appended by version, statistics, crashes, corrupt
saves."""

from __future__ import annotations

import os
import secrets
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardems.core.registry import game_for
from cardems.store import (
    MIGRATIONS,
    CorruptSave,
    Progress,
    Store,
    StoreError,
    VersionConflict,
    VisitorGone,
)


def progress(moves: int, status: str = "playing", *, score: int = 0, t: float = 0.0) -> Progress:
    return Progress(
        elapsed=t, timer_stopped=status != "playing", status=status, score=score, moves=moves
    )


@pytest.fixture
def store(database: str) -> Store:
    """A fresh store on every database the machine offers (SQLite, PostgreSQL)."""
    return Store(database)


def test_new_file_is_migrated_to_the_latest_schema_in_wal_mode(tmp_path: Path) -> None:
    store = Store(tmp_path / "sub" / "c.db")
    assert store.schema_version == len(MIGRATIONS)
    raw = sqlite3.connect(tmp_path / "sub" / "c.db")
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_new_file_and_its_wal_and_shm_are_for_their_owner_only(tmp_path: Path) -> None:
    """The games, settings and session secrets are nobody else's: 0600, whatever umask."""
    old = os.umask(0o022)
    try:
        store = Store(tmp_path / "c.db")
        store.create_player()
    finally:
        os.umask(old)
    files = ["c.db", "c.db-wal", "c.db-shm"]
    modes = {name: (tmp_path / name).stat().st_mode & 0o777 for name in files}
    assert modes == dict.fromkeys(files, 0o600)
    store.close()


def stepwise_file(path: Path, scripts: int) -> sqlite3.Connection:
    """A file built by the first ``scripts`` of :data:`MIGRATIONS` one by one, as the
    releases that added them left it."""
    raw = sqlite3.connect(path, isolation_level=None)
    for number, script in enumerate(MIGRATIONS[:scripts], start=1):
        raw.executescript(script)
        raw.execute(f"PRAGMA user_version={number}")
    return raw


def schema(raw: sqlite3.Connection) -> list[tuple[str, ...]]:
    return raw.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name"
    ).fetchall()


def test_a_new_file_has_the_schema_the_scripts_build_one_by_one(tmp_path: Path) -> None:
    Store(tmp_path / "new.db").close()
    made = schema(sqlite3.connect(tmp_path / "new.db"))
    assert made == schema(stepwise_file(tmp_path / "old.db", len(MIGRATIONS)))
    assert {"games", "actions", "census", "table_connections"} <= {row[1] for row in made}


def test_the_scripts_add_no_rows_to_an_empty_file(tmp_path: Path) -> None:
    """A new file is made from the schema alone (``latest_sqlite_schema``): that is whole
    only while the scripts move rows they find, and add none of their own."""
    raw = stepwise_file(tmp_path / "old.db", len(MIGRATIONS))
    tables = [row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    assert tables and all(
        raw.execute(f"SELECT COUNT(*) FROM {table}").fetchone() == (0,) for table in tables
    )


def test_an_upgrade_that_fails_part_way_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    """The scripts due are one write: a file at version 10 whose last script cannot run
    (a ``census`` table of its own) keeps version 10, without version 11's column."""
    path = tmp_path / "c.db"
    raw = stepwise_file(path, 10)
    raw.execute("CREATE TABLE census (x INTEGER)")
    before = schema(raw)
    raw.close()
    with pytest.raises(StoreError, match="census"):
        Store(path)
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 10
    assert schema(raw) == before


def test_a_file_from_a_newer_version_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    raw = sqlite3.connect(path)
    raw.execute(f"PRAGMA user_version={len(MIGRATIONS) + 1}")
    raw.close()
    with pytest.raises(StoreError, match="newer Cardems"):
        Store(path)


def test_players_get_unguessable_distinct_ids_and_settings(store: Store) -> None:
    ids = {store.create_player() for _ in range(50)}
    assert len(ids) == 50 and all(len(i) >= 24 for i in ids)
    player = next(iter(ids))
    assert store.settings(player) == {}
    store.save_settings(player, {"theme": "dark"})
    assert store.settings(player) == {"theme": "dark"}
    assert store.visitor(player) == (player, {"theme": "dark"}, False)
    assert store.visitor("nobody") is None


def test_game_progress_round_trips_through_a_reopened_file(database: str) -> None:
    store = Store(database)
    player = store.create_player()
    game_id = store.create_game(player, "seahaven", "C4", "SH1-C4-AAAAAJ2", {"auto_move": True})
    log = [("tap", "column:1"), ("drag", "column:2", "cell:3"), ("undo",)]
    store.append_actions(game_id, 0, log[:2], progress(2, score=10, t=12.5))
    store.append_actions(game_id, 2, log[2:], progress(2, score=10, t=12.5))
    store.close()
    saved = Store(database).load_game(game_id)
    assert saved is not None
    assert saved.log == log and saved.elapsed == 12.5 and saved.score == 10 and saved.moves == 2
    assert saved.version == 3
    assert saved.options == {"auto_move": True} and saved.player_id == player


def test_an_action_made_on_an_old_version_is_refused_and_nothing_is_written(store: Store) -> None:
    player = store.create_player()
    game_id = store.create_game(player, "seahaven", "C4", "SH1-C4-AAAAAJ2")
    store.append_actions(game_id, 0, [("tap", "column:1")], progress(1))
    with pytest.raises(VersionConflict):
        store.append_actions(game_id, 0, [("tap", "column:2")], progress(9), [{"x": 1}])
    saved = store.load_game(game_id)
    assert saved is not None and saved.log == [("tap", "column:1")] and saved.moves == 1
    assert store.head(game_id) == (1, "playing", player) and store.head("nope") is None
    assert store.played_games(player)["seahaven"][0].records == ()


def test_a_save_can_check_the_row_and_the_cookie_it_was_sent_with(store: Store) -> None:
    player = store.create_player()
    game_id = store.create_game(player, "seahaven", "C4", "SH1-C4-AAAAAJ2")
    tap = [("tap", "column:1")]
    with pytest.raises(VersionConflict):  # not the status the copy holds
        store.append_actions(game_id, 0, tap, progress(1), status="won", player_id=player)
    with pytest.raises(VersionConflict):  # not the player the copy holds
        store.append_actions(game_id, 0, tap, progress(1), status="playing", player_id="x")
    store.create_account(player, "ana", "ana", "hash")
    with pytest.raises(VisitorGone):  # an account is reached through a session only
        store.append_actions(game_id, 0, tap, progress(1), player_id=player, cookie=player)
    token = store.create_session(player)
    records = [{"round": 1}, {"round": 2}]
    store.append_actions(
        game_id, 0, tap * 2, progress(2), records, status="playing", player_id=player, cookie=token
    )
    store.end_session(token)
    with pytest.raises(VisitorGone):
        store.append_actions(game_id, 2, tap, progress(3), player_id=player, cookie=token)
    saved = store.load_game(game_id)
    assert saved is not None and saved.log == tap * 2 and saved.moves == 2
    assert store.played_games(player)["seahaven"][0].records == tuple(records)


def test_a_version_2_file_is_migrated_with_every_game_and_round(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    raw = stepwise_file(path, 2)
    raw.execute("INSERT INTO players (id, created) VALUES ('p', 0)")
    rows = [
        ("g1", "heart-to-heart", "N", "HH1-N-AAAAAAM", '[["tap", "stock"], ["undo"]]', "playing"),
        ("g2", "hearts", "N", "HT1-N-AAAAAAM", '[["pass", "0", "2C 3C 4C"]]', "won"),
        ("g3", "seahaven", "C4", "SH1-C4-AAAAAJ2", '[["tap", 3', "playing"),
    ]
    for game_id, game, variant, code, log, status in rows:
        raw.execute(
            "INSERT INTO games (id, player_id, game, variant, code, log, status, created, updated)"
            " VALUES (?, 'p', ?, ?, ?, ?, ?, 0, 0)",
            (game_id, game, variant, code, log, status),
        )
    raw.execute("INSERT INTO hearts_rounds VALUES ('g2', 0, 5, 0, 1), ('g2', 1, 0, 1, 0)")
    raw.close()
    store = Store(path)
    assert store.schema_version == len(MIGRATIONS)
    first = store.load_game("g1")
    assert first is not None and first.log == [("tap", "stock"), ("undo",)]
    assert store.head("g1") == (2, "playing", "p")
    hearts = store.played_games("p")["hearts"][0]
    assert hearts.records == (
        {"round": 0, "points": 5, "moon": False, "queen": True},
        {"round": 1, "points": 0, "moon": True, "queen": False},
    )
    with pytest.raises(CorruptSave):  # an unreadable list stays as it was, and is reported
        store.load_game("g3")
    kept = store._db.execute("SELECT action FROM actions WHERE game_id = 'g3'").fetchone()[0]
    assert kept == '[["tap", 3'


def test_an_exception_inside_a_write_changes_nothing(store: Store) -> None:
    player = store.create_player()
    game_id = store.create_game(player, "seahaven", "C4", "SH1-C4-AAAAAJ2")
    store.append_actions(game_id, 0, [("tap", "column:1")], progress(1))
    with pytest.raises(RuntimeError), store.transaction() as db:
        db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
        db.execute("UPDATE games SET moves = 0 WHERE id = ?", (game_id,))
        raise RuntimeError("crash between writes")
    saved = store.load_game(game_id)
    assert saved is not None and saved.log == [("tap", "column:1")] and saved.moves == 1


def test_a_killed_writer_loses_no_acknowledged_move(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    store = Store(path)
    player = store.create_player()
    game_id = store.create_game(player, "heart-to-heart", "N", "HH1-N-AAAAAAM")
    store.close()
    writer = textwrap.dedent(
        f"""
        import sys
        from cardems.store import Progress, Store
        store = Store({str(path)!r})
        for n in range(100000):
            store.append_actions({game_id!r}, n, [("tap", "stock")],
                                 Progress(n, False, "playing", 0, n + 1))
            print(n + 1, flush=True)
        """
    )
    src = str(Path(__file__).resolve().parents[1] / "src")
    proc = subprocess.Popen(
        [sys.executable, "-c", writer],
        stdout=subprocess.PIPE,
        text=True,
        env={"PYTHONPATH": src, "PATH": "/usr/bin:/bin"},
    )
    assert proc.stdout is not None
    acknowledged = 0
    for line in proc.stdout:
        acknowledged = int(line)
        if acknowledged >= 200:
            break
    proc.kill()  # SIGKILL: no cleanup, possibly mid-transaction
    proc.wait()
    reopened = Store(path)
    assert reopened._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    saved = reopened.load_game(game_id)
    assert saved is not None
    assert saved.moves == len(saved.log) >= acknowledged
    assert saved.log == [("tap", "stock")] * saved.moves


def test_a_corrupt_save_is_reported_and_kept(store: Store) -> None:
    player = store.create_player()
    good = store.create_game(player, "seahaven", "C4", "SH1-C4-AAAAAJ2")
    bad = store.create_game(player, "heart-to-heart", "N", "HH1-N-AAAAAAM")
    store.append_actions(bad, 0, [("tap", "stock")], progress(1))
    with store.transaction() as db:
        db.execute("UPDATE actions SET action = '[\"tap\", 3' WHERE game_id = ?", (bad,))
    with pytest.raises(CorruptSave, match="cannot be read"):
        store.load_game(bad)
    assert store.load_game(good) is not None
    with store.db.reading() as db:
        raw = db.execute("SELECT action FROM actions WHERE game_id = ?", (bad,)).fetchone()
    assert raw["action"] == '["tap", 3'


def _finish(store: Store, game_id: str, status: str, *, score: int, moves: int, t: float) -> None:
    store.append_actions(
        game_id, 0, [("tap", "stock")] * moves, progress(moves, status, score=score, t=t)
    )


def statistics(store: Store, player: str) -> dict[tuple[str, str], dict[str, object]]:
    played = store.played_games(player)
    return {
        (block.game, block.variant): {line.key: line.value for line in block.lines}
        | {"recent": block.recent}
        for name, games in played.items()
        for block in game_for(name).statistics(games)
    }


def test_statistics_per_game_and_variant(store: Store) -> None:
    player = store.create_player()
    outcomes = [
        ("won", 250, 80, 100.0),
        ("blocked", 120, 50, 30.0),
        ("won", 250, 60, 80.0),
        ("won", 250, 70, 90.0),
    ]
    for status, score, moves, t in outcomes:
        game_id = store.create_game(player, "heart-to-heart", "N", "HH1-N-AAAAAAM")
        _finish(store, game_id, status, score=score, moves=moves, t=t)
    other = store.create_game(player, "seahaven", "C2", "SH1-C2-AAAAAAB")
    _finish(store, other, "stuck", score=30, moves=10, t=5.0)
    stats = statistics(store, player)
    hh = stats["heart-to-heart", "N"]
    assert (hh["played"], hh["won"], hh["rate"]) == (4, 3, 0.75)
    assert (hh["current_streak"], hh["best_streak"], hh["best_score"]) == (2, 2, 250)
    assert (hh["best_time"], hh["average_time"]) == (80.0, 90.0)
    assert (hh["best_moves"], hh["average_moves"]) == (60, 70.0)
    assert [r["won"] for r in hh["recent"]] == [True, False, True, True]
    sh = stats["seahaven", "C2"]
    assert (sh["played"], sh["won"], sh["best_time"], sh["current_streak"]) == (1, 0, None, 0)
    assert statistics(store, store.create_player()) == {}


def test_a_new_deal_abandons_a_started_game_and_drops_an_untouched_one(store: Store) -> None:
    player = store.create_player()
    untouched = store.create_game(player, "seahaven", "C4", "SH1-C4-AAAAAAA")
    store.create_game(player, "seahaven", "C4", "SH1-C4-AAAAAAB")
    assert store.load_game(untouched) is None
    started = store.unfinished_games(player)[0]["id"]
    store.append_actions(started, 0, [("tap", "column:1")], progress(1, score=10, t=3))
    store.create_game(player, "seahaven", "C4", "SH1-C4-AAAAAAC")
    abandoned = store.load_game(started)
    assert abandoned is not None and abandoned.status == "abandoned"
    assert statistics(store, player)["seahaven", "C4"]["played"] == 1
    assert len(store.unfinished_games(player)) == 1


def test_a_postgresql_database_of_any_encoding_keeps_text_as_text() -> None:
    """A database ``initdb`` made with no locale is ``SQL_ASCII``, where psycopg reads text
    as bytes: the store's connections say they speak UTF-8."""
    import psycopg

    server = os.environ.get("CARDEMS_TEST_POSTGRES", "")
    if not server:
        pytest.skip("needs PostgreSQL: set CARDEMS_TEST_POSTGRES (./scripts/test starts one)")
    name = f"ascii_{secrets.token_hex(4)}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name} ENCODING 'SQL_ASCII' TEMPLATE template0")
        try:
            store = Store(server.rsplit("/", 1)[0] + f"/{name}")
            try:
                player = store.create_player()
                game_id = store.create_game(player, "heart-to-heart", "N", "HH1-N-AAAAAAM", {})
                saved = store.load_game(game_id)
                assert saved is not None
                assert (saved.player_id, saved.code) == (player, "HH1-N-AAAAAAM")
            finally:
                store.close()
        finally:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")


def test_without_psycopg_postgresql_says_how_to_add_it_the_readme_s_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardems.database import DatabaseError, PostgresBackend

    for module in ("psycopg", "psycopg.rows", "psycopg_pool"):
        monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(DatabaseError) as raised:
        PostgresBackend("postgresql://cardems@127.0.0.1:1/cardems")
    message = str(raised.value)
    assert "CARDEMS_EXTRA=hosted ./scripts/start" in message  # README's way, in a checkout
    assert "pip install 'cardems[hosted]'" in message  # a wheel's user
    assert "-e" not in message.split()
