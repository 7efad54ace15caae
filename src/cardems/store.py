"""Saved players, settings, games and statistics in one SQLite file (stdlib ``sqlite3``).

The database runs in WAL mode; every write is one transaction, so a crash (even
``kill -9``) between two writes leaves the last committed state intact. The schema
version lives in ``PRAGMA user_version`` and :data:`MIGRATIONS` brings any older file
up to date when it is opened.

A game is saved as its deal code, its options and its actions, one row each (see
:mod:`cardems.core.game`), with the timer and the outcome on the game's row. The row's
``version`` counts its actions: :meth:`Store.append_actions` adds actions only if the
version is still the one they were made on (a compare-and-set), so two servers sharing
one file never lose an acknowledged action. On PostgreSQL that save is one statement
(the row's update and the inserts as one ``WITH … RETURNING``): one round trip. The
player a cookie names (:meth:`Store.visitor`) may be reused for a few seconds by a move,
whose save checks the cookie again in the same statement. Games may keep *records* (JSON facts for
their statistics). The store names no game: statistics are computed by each game from
its rows and records, so they can never disagree with them.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

from cardems.core.game import PlayedGame
from cardems.database import (
    Backend,
    DamagedStore,
    DatabaseError,
    PostgresBackend,
    ReadOnlyStore,
    Row,
    SQLiteBackend,
    Tx,
    is_postgres,
)
from cardems.migrations import SQLITE_MIGRATIONS as MIGRATIONS

__all__ = [
    "MIGRATIONS",
    "CorruptSave",
    "DamagedStore",
    "ReadOnlyStore",
    "Store",
    "StoreError",
    "VersionConflict",
    "VisitorGone",
]

FINISHED = ("won", "lost", "blocked", "stuck", "abandoned")
"""Statuses that end a game (its row gets the time it finished)."""


StoreError = DatabaseError
"""A database the app cannot use (e.g. written by a newer version)."""


class CorruptSave(StoreError):
    """A saved game whose data cannot be read back; it is kept untouched."""


@dataclass(frozen=True)
class SavedGame:
    """One saved game: its row and its actions."""

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
    par_proven: bool = True
    """Whether ``par`` is the proven shortest win (else the best known)."""

    @property
    def version(self) -> int:
        """How many actions the game has."""
        return len(self.log)


@dataclass(frozen=True)
class Progress:
    """What a game's row shows after an action: timer, outcome, score, moves."""

    elapsed: float
    timer_stopped: bool
    status: str
    score: int
    moves: int


class VersionConflict(StoreError):
    """The game was changed since the version an action was made on."""


class VisitorGone(StoreError):
    """The cookie an action was sent with no longer names the game's player (the session
    ended, or the anonymous profile became an account)."""


VISITOR_SECONDS = 30.0
"""How long a visitor read from the database may be reused for a move, which checks it
again in its own save (:meth:`Store.append_actions`)."""
VISITORS = 10_000

SESSION_SECONDS = 30 * 86400
"""A session ends after this long unused (its cookie lasts as long)."""
RENEW_SECONDS = 3600
"""A session in use is renewed (its time and its cookie) at most this often."""


def digest(token: str) -> str:
    """What the database keeps of a session token: its SHA-256, so that a copy of the
    database opens no session."""
    return hashlib.sha256(token.encode()).hexdigest()


Guard = tuple[str, tuple[Any, ...]]
"""An SQL condition with ``?`` placeholders and their parameters."""


class Visitor(NamedTuple):
    """Who a cookie names: the player, their saved settings, and whether their session
    was just renewed (so its cookie is sent again)."""

    player_id: str
    settings: dict[str, Any]
    renewed: bool = False


CAN_ACT = (
    "(EXISTS (SELECT 1 FROM sessions WHERE token = ? AND player_id = ? AND seen > ?)"
    " OR (? = ? AND NOT EXISTS (SELECT 1 FROM accounts WHERE player_id = ?)))"
)
"""Whether a cookie still names a player: ``visitor``'s test, as a condition."""


@dataclass(frozen=True)
class Save:
    """One save of new actions (:meth:`Store.save_actions`), ready for either database:
    the row's update as a compare-and-set, the cookie's check, the rows to insert."""

    game_id: str
    version: int
    update: str
    row: tuple[Any, ...]
    """The update's parameters."""
    check: tuple[Any, ...]
    """:data:`CAN_ACT`'s parameters; empty if no cookie is to be checked."""
    cookie: str
    texts: list[str]
    """The actions as JSON."""
    data: list[str]
    """The records as JSON."""
    notice: tuple[str, str] | None = None
    """A ``NOTIFY`` (channel, payload) sent with the save (PostgreSQL)."""

    @classmethod
    def of(
        cls,
        game_id: str,
        version: int,
        actions: Sequence[tuple[str, ...]],
        progress: Progress,
        records: Sequence[dict[str, Any]],
        status: str | None,
        player_id: str | None,
        cookie: str | None,
        guard: Guard | None = None,
        actor: str | None = None,
        notice: tuple[str, str] | None = None,
    ) -> Save:
        """The save of ``actions`` made on ``version`` (see :meth:`Store.append_actions`)."""
        now = time.time()
        row: list[Any] = [
            version + len(actions),
            progress.elapsed,
            int(progress.timer_stopped),
            progress.status,
            progress.score,
            progress.moves,
            now,
            now if progress.status in FINISHED else None,
            game_id,
            version,
        ]
        update = (
            "UPDATE games SET version = ?, elapsed = ?, timer_stopped = ?, status = ?,"
            " score = ?, moves = ?, updated = ?, finished = ? WHERE id = ? AND version = ?"
        )
        for column, value in (("status", status), ("player_id", player_id)):
            if value is not None:
                update += f" AND {column} = ?"
                row.append(value)
        if guard is not None:
            update += f" AND {guard[0]}"
            row += guard[1]
        check: tuple[Any, ...] = ()
        who = actor or player_id
        if cookie is not None and who is not None:
            live_since = time.time() - SESSION_SECONDS
            check = (digest(cookie), who, live_since, cookie, who, who)
        return cls(
            game_id,
            version,
            update,
            tuple(row),
            check,
            cookie or "",
            [json.dumps(list(action)) for action in actions],
            [json.dumps(record) for record in records],
            notice,
        )

    def statement(self) -> tuple[str, tuple[Any, ...]]:
        """All of it as one PostgreSQL statement (one round trip) and its parameters; its
        one row says whether the cookie was ``ok`` and how many games ``moved``."""
        allowed = CAN_ACT if self.check else "TRUE"
        noted = " noted AS (SELECT pg_notify(?, ?) FROM moved)," if self.notice else ""
        sql = (
            f"WITH allowed AS (SELECT {allowed} AS ok),"
            f" moved AS ({self.update} AND (SELECT ok FROM allowed) RETURNING id),{noted}"
            " added AS (INSERT INTO actions (game_id, seq, action)"
            " SELECT moved.id, ? + item.n, item.action FROM moved,"
            " unnest(?::text[]) WITH ORDINALITY AS item(action, n)),"
            " kept AS (INSERT INTO records (game_id, data)"
            " SELECT moved.id, item.data FROM moved,"
            " unnest(?::text[]) WITH ORDINALITY AS item(data, n) ORDER BY item.n)"
            " SELECT (SELECT count(*) FROM moved) AS moved, (SELECT ok FROM allowed) AS ok"
            + (", (SELECT count(*) FROM noted) AS noted" if self.notice else "")
        )
        notice = self.notice or ()
        return sql, (*self.check, *self.row, *notice, self.version, self.texts, self.data)

    def conflict(self) -> VersionConflict:
        """The error for a game no longer at :attr:`version`."""
        return VersionConflict(f"the game {self.game_id} is no longer at version {self.version}")


def new_id() -> str:
    """An unguessable identifier (144 random bits, URL-safe)."""
    return secrets.token_urlsafe(18)


_WELL_FORMED = re.compile(r"[A-Za-z0-9_-]{1,64}")


def well_formed(text: str) -> bool:
    """Whether ``text`` could be an id or a token (URL-safe, at most 64 characters): any
    other (a NUL, which PostgreSQL refuses in a text) names nothing, unasked."""
    return _WELL_FORMED.fullmatch(text) is not None


class Store:
    """The app's database (SQLite or PostgreSQL, see :mod:`cardems.database`). Safe to
    share between threads."""

    def __init__(
        self,
        location: str | Path,
        *,
        check: bool = False,
        synchronous: str = "FULL",
        pool_size: int = 10,
    ) -> None:
        """Open (or create) the database at ``location`` — a SQLite file path or a
        ``postgresql://`` URL — and bring its schema up to date.

        SQLite only: with ``check`` the file is verified first (``PRAGMA quick_check`` and a
        write that is rolled back; :class:`DamagedStore` or :class:`ReadOnlyStore` say what
        is wrong); ``synchronous`` is ``FULL`` (a commit is on the disk before it returns,
        even across a power cut) or ``NORMAL``.
        """
        self.db: Backend
        self._visitors: OrderedDict[str, tuple[float, str, dict[str, Any]]] = OrderedDict()
        self._visitors_lock = threading.Lock()
        if is_postgres(location):
            self.db = PostgresBackend(str(location), pool_size=pool_size)
        else:
            self.path = Path(location)
            self.db = SQLiteBackend(self.path, check=check, synchronous=synchronous)

    @property
    def _db(self) -> sqlite3.Connection:
        """The SQLite connection (for tests and tools that look at the file itself)."""
        assert isinstance(self.db, SQLiteBackend)
        return self.db.connection

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    async def open_async(self) -> None:
        """Ready :meth:`save_actions_async` for the running event loop (PostgreSQL: a
        pool of asynchronous connections; SQLite needs none)."""
        if isinstance(self.db, PostgresBackend):
            await self.db.open_async()

    async def close_async(self) -> None:
        """Undo :meth:`open_async` for the running event loop."""
        if isinstance(self.db, PostgresBackend):
            await self.db.close_async()

    def transaction(self) -> AbstractContextManager[Tx]:
        """One atomic write: committed at the end, rolled back on any exception."""
        return self.db.transaction()

    @property
    def schema_version(self) -> int:
        """The number of schema scripts applied to the database."""
        return self.db.schema_version

    def secret(self) -> bytes:
        """This database's own random secret (made once), e.g. for form tokens."""
        with self.transaction() as db:
            db.execute(
                "INSERT INTO meta (key, value) VALUES ('secret', ?) ON CONFLICT (key) DO NOTHING",
                (secrets.token_hex(32),),
            )
            row = db.execute("SELECT value FROM meta WHERE key = 'secret'").fetchone()
        return str(row["value"]).encode()

    # Players and settings -------------------------------------------------------------

    def create_player(self) -> str:
        """A new anonymous local profile; returns its unguessable id."""
        player_id = new_id()
        with self.transaction() as db:
            db.execute("INSERT INTO players (id, created) VALUES (?, ?)", (player_id, time.time()))
        return player_id

    def drop_new_player(self, player_id: str) -> None:
        """Remove a profile made for a request that was then refused, if it has nothing."""
        with self.transaction() as db:
            db.execute(
                "DELETE FROM players WHERE id = ? AND settings = '{}'"
                " AND NOT EXISTS (SELECT 1 FROM games WHERE player_id = ?)"
                " AND NOT EXISTS (SELECT 1 FROM accounts WHERE player_id = ?)",
                (player_id, player_id, player_id),
            )

    def settings(self, player_id: str) -> dict[str, Any]:
        """The player's saved settings (only those changed from the defaults)."""
        with self.db.reading() as db:
            row = db.execute("SELECT settings FROM players WHERE id = ?", (player_id,)).fetchone()
        if row is None:
            raise KeyError(player_id)
        return _settings(row["settings"])

    def save_settings(self, player_id: str, settings: dict[str, Any]) -> None:
        """Replace the player's settings."""
        with self.transaction() as db:
            db.execute(
                "UPDATE players SET settings = ? WHERE id = ?", (json.dumps(settings), player_id)
            )
        self._forget_visitors(player_id)

    # Accounts and sessions (hosted mode) ---------------------------------------------

    def visitor(self, cookie: str, *, cached: bool = False) -> Visitor | None:
        """The player a cookie names and their saved settings, in one query: a session's
        player, or a player without an account (an anonymous profile's cookie is its id;
        an account is reached only through a session).

        ``cached``: as read in the last :data:`VISITOR_SECONDS` by this process, if it
        was; only for a move, whose save checks the cookie again (``append_actions``)."""
        now = time.monotonic()
        if cached:
            with self._visitors_lock:
                hit = self._visitors.get(cookie)
            if hit is not None and now - hit[0] < VISITOR_SECONDS:
                return Visitor(hit[1], dict(hit[2]))
        found = self._visitor(cookie)
        with self._visitors_lock:
            if found is None:
                self._visitors.pop(cookie, None)
            else:
                self._visitors[cookie] = (now, found.player_id, found.settings)
                self._visitors.move_to_end(cookie)
                while len(self._visitors) > VISITORS:
                    self._visitors.popitem(last=False)
        return None if found is None else found._replace(settings=dict(found.settings))

    def _forget_visitors(self, player_id: str) -> None:
        """Drop the cached visitors of a player (their settings or sessions changed)."""
        with self._visitors_lock:
            for cookie in [k for k, v in self._visitors.items() if v[1] == player_id]:
                del self._visitors[cookie]

    def _visitor(self, cookie: str) -> Visitor | None:
        """The cookie's player: by a session unused for less than :data:`SESSION_SECONDS`
        (renewed if last seen over :data:`RENEW_SECONDS` ago), or an anonymous profile."""
        now = time.time()
        rows = self.db.execute(
            "SELECT players.id, players.settings, sessions.seen FROM sessions"
            " JOIN players ON players.id = sessions.player_id"
            " WHERE sessions.token = ? AND sessions.seen > ?"
            " UNION ALL"
            " SELECT players.id, players.settings, NULL FROM players"
            " LEFT JOIN accounts ON accounts.player_id = players.id"
            " WHERE players.id = ? AND accounts.name IS NULL",
            (digest(cookie), now - SESSION_SECONDS, cookie),
            quick=True,
        )
        if not rows:
            return None
        seen = rows[0]["seen"]
        renewed = seen is not None and now - float(seen) > RENEW_SECONDS
        if renewed:
            with self.transaction() as db:
                db.execute("UPDATE sessions SET seen = ? WHERE token = ?", (now, digest(cookie)))
        return Visitor(str(rows[0]["id"]), _settings(rows[0]["settings"]), renewed)

    def account_name(self, player_id: str) -> str | None:
        """The account name of a player, or None for an anonymous profile."""
        with self.db.reading() as db:
            row = db.execute(
                "SELECT name FROM accounts WHERE player_id = ?", (player_id,)
            ).fetchone()
        return None if row is None else str(row["name"])

    def create_account(self, player_id: str, name: str, key: str, password_hash: str) -> bool:
        """Give the player an account ``name`` (compared as ``key``); False if the name or
        its key is taken or the player has one."""
        with self.transaction() as db:
            made = db.execute(
                "INSERT INTO accounts (name, folded, player_id, password, created)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (name, key, player_id, password_hash, time.time()),
            ).rowcount
        self._forget_visitors(player_id)
        return made == 1

    def account(self, key: str) -> tuple[str, str, str] | None:
        """The name, player id and password hash of the account whose name has ``key``
        (:func:`cardems.web.names.name_key`), or None."""
        with self.db.reading() as db:
            row = db.execute(
                "SELECT name, player_id, password FROM accounts WHERE folded = ?", (key,)
            ).fetchone()
        if row is None:
            return None
        return str(row["name"]), str(row["player_id"]), str(row["password"])

    def set_password(self, player_id: str, password_hash: str) -> None:
        """Replace an account's password hash."""
        with self.transaction() as db:
            db.execute(
                "UPDATE accounts SET password = ? WHERE player_id = ?", (password_hash, player_id)
            )

    def create_session(self, player_id: str) -> str:
        """A new session of the player; its unguessable token (the cookie's value)."""
        token = secrets.token_urlsafe(24)
        now = time.time()
        with self.transaction() as db:
            db.execute(
                "INSERT INTO sessions (token, player_id, created, seen) VALUES (?, ?, ?, ?)",
                (digest(token), player_id, now, now),
            )
        return token

    def end_sessions(self, player_id: str, *, keep: str = "") -> None:
        """End the player's sessions, all but ``keep`` (a token)."""
        with self.transaction() as db:
            db.execute(
                "DELETE FROM sessions WHERE player_id = ? AND token != ?",
                (player_id, digest(keep) if keep else ""),
            )
        self._forget_visitors(player_id)

    def end_session(self, token: str) -> None:
        """End one session (signing out)."""
        with self.transaction() as db:
            db.execute("DELETE FROM sessions WHERE token = ?", (digest(token),))
        with self._visitors_lock:
            self._visitors.pop(token, None)

    def adopt_games(self, from_player: str, to_player: str) -> None:
        """Give an anonymous profile's games to an account (signing in on a new device)."""
        with self.transaction() as db:
            db.execute(
                "UPDATE games SET player_id = ? WHERE player_id = ?", (to_player, from_player)
            )

    # Games ------------------------------------------------------------------------------

    def create_game(
        self,
        player_id: str,
        game: str,
        variant: str,
        code: str,
        options: dict[str, Any] | None = None,
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
                "INSERT INTO games (id, player_id, game, variant, code, options, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, player_id, game, variant, code, json.dumps(options or {}), now, now),
            )
        return game_id

    @staticmethod
    def _close_unfinished(db: Tx, player_id: str, game: str, now: float) -> None:
        where = "player_id = ? AND game = ? AND status = 'playing'"
        db.execute(f"DELETE FROM games WHERE {where} AND moves = 0", (player_id, game))
        db.execute(
            f"UPDATE games SET status = 'abandoned', finished = ? WHERE {where}",
            (now, player_id, game),
        )

    def append_actions(
        self,
        game_id: str,
        version: int,
        actions: Sequence[tuple[str, ...]],
        progress: Progress,
        records: Sequence[dict[str, Any]] = (),
        *,
        status: str | None = None,
        player_id: str | None = None,
        cookie: str | None = None,
        guard: Guard | None = None,
        actor: str | None = None,
        notice: tuple[str, str] | None = None,
    ) -> None:
        """Add ``actions`` to a game that has exactly ``version`` actions, in one transaction,
        with the row's new progress and the records they produced.

        Raises :class:`VersionConflict` (writing nothing) if the game has changed, or if it
        no longer has the ``status`` or belongs to ``player_id`` that are given (what a
        cached copy holds), or if ``guard`` (a condition on other rows, with ``?``
        parameters: what a cached copy of them holds) is false; :class:`VisitorGone` if
        ``cookie`` is given and no longer names ``actor`` (default ``player_id``).
        ``notice``: a ``NOTIFY`` (channel, payload) sent if the save is made, at its
        commit (PostgreSQL only). On PostgreSQL all of it is one statement: one round
        trip."""
        self.save_actions(
            Save.of(
                game_id,
                version,
                actions,
                progress,
                records,
                status,
                player_id,
                cookie,
                guard,
                actor,
                notice,
            )
        )

    def save_actions(self, save: Save) -> None:
        """Make ``save`` (see :meth:`append_actions`): on PostgreSQL in one statement, on
        SQLite in one transaction."""
        if isinstance(self.db, PostgresBackend):
            self._saved(save, self.db.execute(*save.statement()))
        else:
            self._write(save)

    def _write(self, save: Save) -> None:
        """Make ``save`` on SQLite, in one transaction (:meth:`save_actions`)."""
        game_id, version = save.game_id, save.version
        with self.transaction() as db:
            changed = db.execute(save.update, save.row).rowcount
            if changed == 1 and save.check:
                allowed = db.execute(f"SELECT {CAN_ACT} AS ok", save.check).fetchone()["ok"]
                if not allowed:
                    self._gone(save.cookie)
            if changed != 1:
                raise save.conflict()
            db.executemany(
                "INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                [(game_id, version + n, text) for n, text in enumerate(save.texts, start=1)],
            )
            db.executemany(
                "INSERT INTO records (game_id, data) VALUES (?, ?)",
                [(game_id, text) for text in save.data],
            )

    async def save_actions_async(self, save: Save) -> None:
        """:meth:`save_actions` awaited on the event loop: on PostgreSQL its one statement
        goes over an asynchronous connection (no thread); on SQLite it is the same call."""
        if isinstance(self.db, PostgresBackend):
            self._saved(save, await self.db.execute_async(*save.statement()))
        else:
            self._write(save)

    def _saved(self, save: Save, rows: list[Row]) -> None:
        """Raise what the answer to :meth:`Save.statement` says went wrong, if anything."""
        if not rows[0]["ok"]:
            self._gone(save.cookie)
        if rows[0]["moved"] != 1:
            raise save.conflict()

    def _gone(self, cookie: str) -> NoReturn:
        with self._visitors_lock:
            self._visitors.pop(cookie, None)
        raise VisitorGone("the cookie no longer names the game's player")

    def save_timer(self, game_id: str, elapsed: float, stopped: bool) -> None:
        """Remember a game's clock (the tab was hidden or closed)."""
        with self.transaction() as db:
            db.execute(
                "UPDATE games SET elapsed = ?, timer_stopped = ? WHERE id = ?",
                (elapsed, int(stopped), game_id),
            )

    def save_par(self, game_id: str, par: int | None, proven: bool = True) -> None:
        """Remember the shortest win of a game's deal (``proven``), or the best known."""
        with self.transaction() as db:
            db.execute(
                "UPDATE games SET par = ?, par_proven = ? WHERE id = ?",
                (par, int(proven), game_id),
            )

    def head(self, game_id: str) -> tuple[int, str, str] | None:
        """A game's version, status and player (a cheap check of a cached copy), or None."""
        if not well_formed(game_id):
            return None
        rows = self.db.execute(
            "SELECT version, status, player_id FROM games WHERE id = ?", (game_id,), quick=True
        )
        if not rows:
            return None
        return int(rows[0]["version"]), str(rows[0]["status"]), str(rows[0]["player_id"])

    def load_game(self, game_id: str) -> SavedGame | None:
        """The saved game, or None if there is none; :class:`CorruptSave` if unreadable."""
        if not well_formed(game_id):
            return None
        with self.db.reading() as db:
            row = db.execute(
                "SELECT id, player_id, game, variant, code, options, elapsed, timer_stopped,"
                " status, score, moves, par, par_proven, created, updated FROM games"
                " WHERE id = ?",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            actions = db.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        return _saved_game(row, [action["action"] for action in actions])

    def unfinished_games(self, player_id: str) -> list[dict[str, Any]]:
        """The player's games in progress, most recent first (id, game, variant, code…)."""
        with self.db.reading() as db:
            rows = db.execute(
                "SELECT id, game, variant, code, score, moves, updated FROM games"
                " WHERE player_id = ? AND status = 'playing' ORDER BY updated DESC",
                (player_id,),
            ).fetchall()
        return [dict(row) for row in rows]

    def recent_games(self, player_id: str, limit: int = 4) -> list[str]:
        """The kinds of game the player played last (game slugs), most recent first."""
        with self.db.reading() as db:
            rows = db.execute(
                "SELECT game, MAX(updated) AS last FROM games WHERE player_id = ?"
                " GROUP BY game ORDER BY last DESC LIMIT ?",
                (player_id, limit),
            ).fetchall()
        return [row["game"] for row in rows]

    def best_results(
        self, codes: Sequence[str], since: float, limit: int = 3
    ) -> dict[str, list[dict[str, Any]]]:
        """The fewest moves (then the shortest time) of the games of each of ``codes``
        won since ``since``, by any player: ``{code: [{"moves", "elapsed"}, …]}``; a
        game dealt from a code its player chose knowing its hidden cards (``"chosen"``
        in its options, :mod:`cardems.core.dealing`) is left out."""
        if not codes:
            return {}
        marks = ", ".join("?" for _ in codes)
        with self.db.reading() as db:
            rows = db.execute(
                f"SELECT code, moves, elapsed FROM games WHERE code IN ({marks})"
                " AND status = 'won' AND finished >= ? AND options NOT LIKE ?"
                " ORDER BY moves, elapsed",
                (*codes, since, '%"chosen": true%'),
            ).fetchall()
        best: dict[str, list[dict[str, Any]]] = {code: [] for code in codes}
        for row in rows:
            if len(best[row["code"]]) < limit:
                best[row["code"]].append({"moves": row["moves"], "elapsed": row["elapsed"]})
        return best

    def finished_games(self, player_id: str, limit: int = 10) -> list[dict[str, Any]]:
        """The player's last finished games, most recent first (id, game, code, status…)."""
        with self.db.reading() as db:
            rows = db.execute(
                "SELECT id, game, variant, code, status, score, moves FROM games"
                " WHERE player_id = ? AND finished IS NOT NULL ORDER BY finished DESC LIMIT ?",
                (player_id, limit),
            ).fetchall()
        return [dict(row) for row in rows]

    # Statistics -------------------------------------------------------------------------

    def played_games(self, player_id: str) -> dict[str, list[PlayedGame]]:
        """The player's games by game slug, finished ones first in the order they ended,
        each with its records; the games compute their statistics from these."""
        with self.db.reading() as db:
            rows = db.execute(
                "SELECT id, game, variant, options, status, score, moves, elapsed, finished"
                " FROM games WHERE player_id = ? AND counted = 1"
                " ORDER BY finished IS NULL, finished, created",
                (player_id,),
            ).fetchall()
            records = player_records(db, player_id)
        played: dict[str, list[PlayedGame]] = {}
        for row in rows:
            options = _json(row["options"])
            played.setdefault(row["game"], []).append(
                PlayedGame(
                    variant=row["variant"],
                    status=row["status"],
                    score=int(row["score"]),
                    moves=int(row["moves"]),
                    elapsed=float(row["elapsed"]),
                    options=options if isinstance(options, dict) else {},
                    records=tuple(records.get(row["id"], ())),
                    finished=None if row["finished"] is None else float(row["finished"]),
                )
            )
        return played


def _settings(text: str) -> dict[str, Any]:
    data = _json(text)
    return data if isinstance(data, dict) else {}


def player_records(db: Tx, player_id: str) -> dict[str, list[dict[str, Any]]]:
    """Every readable record of the player's games, by game id, in the order written."""
    records: dict[str, list[dict[str, Any]]] = {}
    for record in db.execute(
        "SELECT records.game_id, records.data FROM records"
        " JOIN games ON games.id = records.game_id"
        " WHERE games.player_id = ? ORDER BY records.id",
        (player_id,),
    ).fetchall():
        data = _json(record["data"])
        if isinstance(data, dict):
            records.setdefault(record["game_id"], []).append(data)
    return records


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _saved_game(row: Row, actions: list[str]) -> SavedGame:
    try:
        log = [json.loads(action) for action in actions]
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
            par_proven=bool(row["par_proven"]),
            created=float(row["created"]),
            updated=float(row["updated"]),
        )
    except (ValueError, TypeError) as error:
        raise CorruptSave(f"the saved game {row['id']} cannot be read: {error}") from None


def set_aside(path: Path) -> Path:
    """Move a damaged database (and its WAL files) aside, keeping it; its new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(f"{path}{suffix}")
        if part.exists():
            part.rename(Path(f"{target}{suffix}"))
    return target
