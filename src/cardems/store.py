"""Saved players, settings, games and statistics in one SQLite file (stdlib ``sqlite3``).

The database runs in WAL mode; every write is one transaction, so a crash (even
``kill -9``) between two writes leaves the last committed state intact. The schema
version lives in ``PRAGMA user_version`` and :data:`MIGRATIONS` brings any older file
up to date when it is opened.

A game is saved as its deal code plus the list of intents the player sent (see
:mod:`cardems.table`), the timer and the outcome; statistics are computed from the
finished games, so they can never disagree with them.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE players (
        id TEXT PRIMARY KEY,
        created REAL NOT NULL,
        settings TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        player_id TEXT NOT NULL REFERENCES players(id),
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        code TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        log TEXT NOT NULL DEFAULT '[]',
        elapsed REAL NOT NULL DEFAULT 0,
        timer_stopped INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'playing',
        score INTEGER NOT NULL DEFAULT 0,
        moves INTEGER NOT NULL DEFAULT 0,
        par INTEGER,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        finished REAL
    );
    CREATE INDEX games_by_player ON games(player_id, updated);
    """,
    """
    CREATE TABLE hearts_rounds (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        round INTEGER NOT NULL,
        points INTEGER NOT NULL,
        moon INTEGER NOT NULL,
        queen INTEGER NOT NULL,
        PRIMARY KEY (game_id, round)
    );
    """,
)
"""Schema scripts; the file's ``user_version`` counts those already applied."""

FINISHED = ("won", "lost", "blocked", "stuck", "abandoned")
"""Statuses that end a game and count in the statistics."""


class StoreError(Exception):
    """A database the app cannot use (e.g. written by a newer version)."""


class CorruptSave(StoreError):
    """A saved game whose data cannot be read back; it is kept untouched."""


@dataclass(frozen=True)
class SavedGame:
    """One row of ``games`` as the web app needs it."""

    id: str
    player_id: str
    game: str
    variant: str
    code: str
    options: dict[str, Any]
    log: list[tuple[str, ...]]
    elapsed: float
    timer_stopped: bool
    status: str
    score: int
    moves: int
    par: int | None
    created: float
    updated: float


def new_id() -> str:
    """An unguessable identifier (144 random bits, URL-safe)."""
    return secrets.token_urlsafe(18)


class Store:
    """The app's database. Safe to share between threads (one connection, one lock)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._migrate()

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic write: committed at the end, rolled back on any exception."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        """The number of migrations applied to the file."""
        with self._lock:
            return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        version = self.schema_version
        if version > len(MIGRATIONS):
            raise StoreError(
                f"{self.path} was written by a newer Cardems (schema {version},"
                f" this version knows {len(MIGRATIONS)})"
            )
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            with self.transaction() as db:
                for statement in script.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version={number}")

    # Players and settings -------------------------------------------------------------

    def create_player(self) -> str:
        """A new anonymous local profile; returns its unguessable id."""
        player_id = new_id()
        with self.transaction() as db:
            db.execute("INSERT INTO players (id, created) VALUES (?, ?)", (player_id, time.time()))
        return player_id

    def player_exists(self, player_id: str) -> bool:
        """Whether ``player_id`` names a profile."""
        with self._lock:
            row = self._db.execute("SELECT 1 FROM players WHERE id = ?", (player_id,)).fetchone()
        return row is not None

    def settings(self, player_id: str) -> dict[str, Any]:
        """The player's saved settings (only those changed from the defaults)."""
        with self._lock:
            row = self._db.execute(
                "SELECT settings FROM players WHERE id = ?", (player_id,)
            ).fetchone()
        if row is None:
            raise KeyError(player_id)
        try:
            data = json.loads(row["settings"])
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def save_settings(self, player_id: str, settings: dict[str, Any]) -> None:
        """Replace the player's settings."""
        with self.transaction() as db:
            db.execute(
                "UPDATE players SET settings = ? WHERE id = ?", (json.dumps(settings), player_id)
            )

    # Games ------------------------------------------------------------------------------

    def create_game(
        self,
        player_id: str,
        game: str,
        variant: str,
        code: str,
        options: dict[str, Any] | None = None,
        *,
        log: list[tuple[str, ...]] | None = None,
    ) -> str:
        """Save a new game and return its unguessable id.

        The player's other unfinished games of the same game are closed: abandoned if
        they had moves (a loss in the statistics), deleted if untouched.
        """
        game_id = new_id()
        now = time.time()
        with self.transaction() as db:
            self._close_unfinished(db, player_id, game, now)
            db.execute(
                "INSERT INTO games (id, player_id, game, variant, code, options, log,"
                " created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    player_id,
                    game,
                    variant,
                    code,
                    json.dumps(options or {}),
                    json.dumps([list(intent) for intent in log or []]),
                    now,
                    now,
                ),
            )
        return game_id

    @staticmethod
    def _close_unfinished(db: sqlite3.Connection, player_id: str, game: str, now: float) -> None:
        where = "player_id = ? AND game = ? AND status = 'playing'"
        db.execute(f"DELETE FROM games WHERE {where} AND moves = 0", (player_id, game))
        db.execute(
            f"UPDATE games SET status = 'abandoned', finished = ? WHERE {where}",
            (now, player_id, game),
        )

    def save_progress(
        self,
        game_id: str,
        *,
        log: list[tuple[str, ...]],
        elapsed: float,
        timer_stopped: bool,
        status: str,
        score: int,
        moves: int,
        hearts_rounds: Sequence[dict[str, Any]] = (),
    ) -> None:
        """Write a game's state after an acknowledged action, in one transaction.

        ``hearts_rounds``: the Hearts rounds this action finished, for the statistics."""
        now = time.time()
        finished = now if status in FINISHED else None
        with self.transaction() as db:
            db.execute(
                "UPDATE games SET log = ?, elapsed = ?, timer_stopped = ?, status = ?,"
                " score = ?, moves = ?, updated = ?, finished = ? WHERE id = ?",
                (
                    json.dumps([list(intent) for intent in log]),
                    elapsed,
                    int(timer_stopped),
                    status,
                    score,
                    moves,
                    now,
                    finished,
                    game_id,
                ),
            )
            for row in hearts_rounds:
                db.execute(
                    "INSERT OR REPLACE INTO hearts_rounds (game_id, round, points, moon, queen)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (game_id, row["round"], row["points"], int(row["moon"]), int(row["queen"])),
                )

    def save_par(self, game_id: str, par: int | None) -> None:
        """Remember the shortest win of a game's deal."""
        with self.transaction() as db:
            db.execute("UPDATE games SET par = ? WHERE id = ?", (par, game_id))

    def load_game(self, game_id: str) -> SavedGame | None:
        """The saved game, or None if there is none; :class:`CorruptSave` if unreadable."""
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else _saved_game(row)

    def unfinished_games(self, player_id: str) -> list[dict[str, Any]]:
        """The player's games in progress, most recent first (id, game, variant, code…)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, variant, code, score, moves, updated FROM games"
                " WHERE player_id = ? AND status = 'playing' ORDER BY updated DESC",
                (player_id,),
            ).fetchall()
        return [dict(row) for row in rows]

    # Statistics -------------------------------------------------------------------------

    def statistics(self, player_id: str) -> list[dict[str, Any]]:
        """Per game and variant: played, won, win rate, streaks, best score, times, moves.

        ``recent`` lists the last 20 finished games (oldest first) for a chart.
        """
        with self._lock:
            rows = self._db.execute(
                "SELECT game, variant, status, score, moves, elapsed FROM games"
                " WHERE player_id = ? AND game != 'hearts' AND status IN (?, ?, ?, ?, ?)"
                " ORDER BY finished, created",
                (player_id, *FINISHED),
            ).fetchall()
        groups: dict[tuple[str, str], list[sqlite3.Row]] = {}
        for row in rows:
            groups.setdefault((row["game"], row["variant"]), []).append(row)
        return [_summary(game, variant, group) for (game, variant), group in sorted(groups.items())]

    def hearts_statistics(self, player_id: str) -> dict[str, Any] | None:
        """Hearts: matches played and won, average points per round, moons, Q♠ taken."""
        with self._lock:
            matches = self._db.execute(
                "SELECT COUNT(*) AS played, COALESCE(SUM(status = 'won'), 0) AS won FROM games"
                " WHERE player_id = ? AND game = 'hearts'"
                " AND status IN ('won', 'lost', 'abandoned')",
                (player_id,),
            ).fetchone()
            rounds = self._db.execute(
                "SELECT COUNT(*) AS rounds, AVG(points) AS average,"
                " COALESCE(SUM(moon), 0) AS moons, COALESCE(SUM(queen), 0) AS queens"
                " FROM hearts_rounds JOIN games ON games.id = hearts_rounds.game_id"
                " WHERE games.player_id = ?",
                (player_id,),
            ).fetchone()
        if not matches["played"] and not rounds["rounds"]:
            return None
        return {
            "game": "hearts",
            "played": int(matches["played"]),
            "won": int(matches["won"]),
            "rounds": int(rounds["rounds"]),
            "average_points": rounds["average"],
            "moons": int(rounds["moons"]),
            "queens": int(rounds["queens"]),
        }


def _summary(game: str, variant: str, rows: list[sqlite3.Row]) -> dict[str, Any]:
    wins = [row for row in rows if row["status"] == "won"]
    best_streak = streak = 0
    for row in rows:
        streak = streak + 1 if row["status"] == "won" else 0
        best_streak = max(best_streak, streak)
    return {
        "game": game,
        "variant": variant,
        "played": len(rows),
        "won": len(wins),
        "win_rate": len(wins) / len(rows),
        "current_streak": streak,
        "best_streak": best_streak,
        "best_score": max(row["score"] for row in rows),
        "best_time": min((row["elapsed"] for row in wins), default=None),
        "average_time": sum(row["elapsed"] for row in wins) / len(wins) if wins else None,
        "best_moves": min((row["moves"] for row in wins), default=None),
        "average_moves": sum(row["moves"] for row in wins) / len(wins) if wins else None,
        "recent": [
            {"won": row["status"] == "won", "moves": row["moves"], "elapsed": row["elapsed"]}
            for row in rows[-20:]
        ],
    }


def _saved_game(row: sqlite3.Row) -> SavedGame:
    try:
        log = json.loads(row["log"])
        options = json.loads(row["options"])
        if not isinstance(log, list) or not all(
            isinstance(intent, list) and intent and all(isinstance(part, str) for part in intent)
            for intent in log
        ):
            raise ValueError("the move list is not a list of intents")
        if not isinstance(options, dict):
            raise ValueError("the options are not an object")
        return SavedGame(
            id=row["id"],
            player_id=row["player_id"],
            game=row["game"],
            variant=row["variant"],
            code=row["code"],
            options=options,
            log=[tuple(intent) for intent in log],
            elapsed=float(row["elapsed"]),
            timer_stopped=bool(row["timer_stopped"]),
            status=row["status"],
            score=int(row["score"]),
            moves=int(row["moves"]),
            par=row["par"],
            created=float(row["created"]),
            updated=float(row["updated"]),
        )
    except (ValueError, TypeError) as error:
        raise CorruptSave(f"the saved game {row['id']} cannot be read: {error}") from None
