"""The two databases Cardems runs on, behind one small interface.

- SQLite (stdlib ``sqlite3``): one file, one connection shared by the threads of one
  process under a lock, WAL mode. The default: ``cardems`` starts with no set-up.
- PostgreSQL (``psycopg`` 3 with a connection pool): for hosting many players, with any
  number of stateless workers on any number of machines. Connections are in autocommit
  mode: a transaction is begun only for a write of several statements, so a read or a
  one-statement write (a move's save) is one round trip; the quick reads a request makes
  on the event loop go over one connection of their own (:meth:`PostgresBackend.execute`),
  and a move's save is awaited there over a pool of asynchronous connections
  (:meth:`PostgresBackend.execute_async`).

The store writes its SQL once, with ``?`` placeholders; :class:`Tx` turns them into
PostgreSQL's ``%s``. Rows are read by column name. Each backend keeps its own list of
schema scripts (:mod:`cardems.migrations`) and applies the missing ones when opened.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import Any, Protocol

from cardems.migrations import POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS


class DatabaseError(Exception):
    """A database the app cannot use (written by a newer version, unreachable…), or a
    write it refused (disk full, read-only file, lost connection)."""


class DamagedStore(DatabaseError):
    """A database file SQLite cannot read or that fails its integrity check."""


class ReadOnlyStore(DatabaseError):
    """A database this process may not write."""


Row = Any
"""A row, read by column name (``row["id"]``)."""

CLIENT_ENCODING = "utf8"
"""Every PostgreSQL connection's ``client_encoding``: text read and written as UTF-8,
whatever the database's own encoding (psycopg returns ``bytes`` for text in an
``SQL_ASCII`` database, the one ``initdb`` makes where no locale is set)."""


class Cursor(Protocol):
    """What a DB-API cursor gives back."""

    rowcount: int

    def fetchone(self) -> Row: ...

    def fetchall(self) -> list[Row]: ...


class Tx:
    """One transaction (or one read) on a connection: ``execute`` takes ``?`` placeholders."""

    def __init__(self, connection: Any, postgres: bool) -> None:
        self.connection = connection
        self.postgres = postgres

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        """Run one statement."""
        cursor: Cursor = self.connection.execute(self._sql(sql), params)
        return cursor

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each of ``rows``."""
        if not rows:
            return
        if self.postgres:
            with self.connection.cursor() as cursor:
                cursor.executemany(self._sql(sql), rows)
        else:
            self.connection.executemany(sql, rows)


class Backend(Protocol):
    """A database: transactions, reads, its schema version."""

    location: str
    postgres: bool

    @property
    def schema_version(self) -> int: ...

    def transaction(self) -> AbstractContextManager[Tx]: ...

    def reading(self) -> AbstractContextManager[Tx]: ...

    def execute(
        self, sql: str, params: Sequence[Any] = (), *, quick: bool = False
    ) -> list[Row]: ...

    def close(self) -> None: ...


HOSTED_MISSING = (
    "PostgreSQL needs psycopg: in a checkout, start with CARDEMS_EXTRA=hosted ./scripts/start"
    " (as the README says); from a wheel, pip install 'cardems[hosted]'"
)


def private_file(path: Path) -> None:
    """Make the database file readable by its owner only (0600), if it is new: SQLite
    gives its -wal and -shm files the database file's mode. An existing file keeps the
    mode it has (its owner may have chosen it)."""
    with suppress(OSError):  # it exists, or cannot be made here (sqlite3 then says why)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


@functools.cache
def latest_sqlite_schema() -> tuple[str, ...]:
    """The statements that make a new file's schema at once: those SQLite keeps of the
    schema :data:`SQLITE_MIGRATIONS` build (run once per process, in memory), in the order
    it made them; without the scripts' later changes to earlier tables, a fifth of the
    work. Whole while the scripts add no rows of their own to an empty file (they move
    rows they find): ``tests/test_store.py`` holds them to that."""
    memory = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for script in SQLITE_MIGRATIONS:
            memory.executescript(script)
        rows = memory.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
        return tuple(row[0] for row in rows)
    finally:
        memory.close()


class SQLiteBackend:
    """One SQLite file (see the module docstring)."""

    postgres = False

    def __init__(self, path: Path, *, check: bool = False, synchronous: str = "FULL") -> None:
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError(f"synchronous must be FULL or NORMAL, not {synchronous!r}")
        self.path = path
        self.location = str(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        private_file(path)
        self._lock = threading.RLock()
        self.connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.connection.row_factory = sqlite3.Row
        try:
            self.connection.execute("PRAGMA busy_timeout=5000")
            if check:
                self._check()
            self.connection.execute("PRAGMA journal_mode=WAL")
            self.connection.execute(f"PRAGMA synchronous={synchronous}")
            self.connection.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.Error as error:
            self.connection.close()
            if "readonly" in str(error) or "read-only" in str(error):
                raise ReadOnlyStore(f"{path} cannot be written: {error}") from None
            raise DamagedStore(f"{path} is damaged: {error}") from None

    def _check(self) -> None:
        problems = [row[0] for row in self.connection.execute("PRAGMA quick_check").fetchall()]
        if problems != ["ok"]:
            raise DamagedStore(f"{self.path} is damaged: {'; '.join(problems[:3])}")
        self.connection.execute("BEGIN IMMEDIATE")
        try:  # a real write, undone: a read-only file fails here rather than at a move
            version = self.schema_version
            self.connection.execute(f"PRAGMA user_version={version}")
            self.connection.execute("CREATE TABLE cardems_write_check (x INTEGER)")
        finally:
            self.connection.execute("ROLLBACK")

    @property
    def schema_version(self) -> int:
        """How many of :data:`SQLITE_MIGRATIONS` the file has."""
        with self._lock:
            return int(self.connection.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        version = self.schema_version
        if version > len(SQLITE_MIGRATIONS):
            raise DatabaseError(
                f"{self.path} was written by a newer Cardems (schema {version},"
                f" this version knows {len(SQLITE_MIGRATIONS)})"
            )
        if version == len(SQLITE_MIGRATIONS):
            return
        due = (
            latest_sqlite_schema()
            if version == 0
            else [s for script in SQLITE_MIGRATIONS[version:] for s in script.split(";")]
        )
        with self.transaction() as tx:  # every script due in one write: one sync to disk
            for statement in due:
                if statement.strip():
                    tx.execute(statement)
            tx.execute(f"PRAGMA user_version={len(SQLITE_MIGRATIONS)}")

    @contextmanager
    def transaction(self) -> Iterator[Tx]:
        """One atomic write: committed at the end, rolled back on any exception."""
        with self._lock:
            try:
                self.connection.execute("BEGIN IMMEDIATE")
                try:
                    yield Tx(self.connection, postgres=False)
                except BaseException:
                    self.connection.execute("ROLLBACK")
                    raise
                self.connection.execute("COMMIT")
            except sqlite3.Error as error:  # disk full, read-only, locked too long…
                if self.connection.in_transaction:
                    self.connection.execute("ROLLBACK")
                raise DatabaseError(f"{self.path}: {error}") from error

    @contextmanager
    def reading(self) -> Iterator[Tx]:
        """Reads under the connection's lock."""
        with self._lock:
            try:
                yield Tx(self.connection, postgres=False)
            except sqlite3.Error as error:
                raise DatabaseError(f"{self.path}: {error}") from error

    def execute(self, sql: str, params: Sequence[Any] = (), *, quick: bool = False) -> list[Row]:
        """One statement on its own (a write commits at once); its rows."""
        with self._lock:
            try:
                return self.connection.execute(sql, params).fetchall()
            except sqlite3.Error as error:
                raise DatabaseError(f"{self.path}: {error}") from error

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self.connection.close()


class PostgresBackend:
    """A PostgreSQL database through a pool of connections (see the module docstring)."""

    postgres = True

    def __init__(self, url: str, *, pool_size: int = 10) -> None:
        try:
            from psycopg_pool import ConnectionPool
        except ImportError as error:  # pragma: no cover - depends on the installation
            raise DatabaseError(HOSTED_MISSING) from error
        self.location = url
        self._quick: Any = None
        self._async_pools: dict[asyncio.AbstractEventLoop, Any] = {}
        self._pool_size = pool_size
        self._quick_lock = threading.Lock()
        self.pool = self._new_pool(ConnectionPool)
        try:
            self.pool.open(wait=True, timeout=15)
        except Exception as error:
            raise self._unreachable(error) from None
        self._migrate()

    def _new_pool(self, kind: Any) -> Any:
        """A pool of ``kind`` (``ConnectionPool`` or ``AsyncConnectionPool``) on the
        database, not open yet: rows as dicts, autocommit, the client encoding."""
        from psycopg.rows import dict_row

        return kind(
            self.location,
            min_size=2,
            max_size=self._pool_size,
            kwargs={
                "row_factory": dict_row,
                "autocommit": True,
                "client_encoding": CLIENT_ENCODING,
            },
            open=False,
        )

    def _unreachable(self, error: Exception) -> DatabaseError:
        """The error of a pool that could not open."""
        return DatabaseError(f"cannot reach PostgreSQL at {safe_url(self.location)}: {error}")

    @property
    def schema_version(self) -> int:
        """How many of :data:`POSTGRES_MIGRATIONS` the database has."""
        with self.transaction() as tx:
            tx.execute("CREATE TABLE IF NOT EXISTS cardems_schema (version INTEGER NOT NULL)")
            row = tx.execute("SELECT MAX(version) AS version FROM cardems_schema").fetchone()
        return int(row["version"] or 0)

    def _migrate(self) -> None:
        with self.transaction() as tx:  # one migrating worker at a time
            tx.execute("SELECT pg_advisory_xact_lock(4242)")
            tx.execute("CREATE TABLE IF NOT EXISTS cardems_schema (version INTEGER NOT NULL)")
            row = tx.execute("SELECT MAX(version) AS version FROM cardems_schema").fetchone()
            version = int(row["version"] or 0)
            if version > len(POSTGRES_MIGRATIONS):
                raise DatabaseError(
                    f"the database was written by a newer Cardems (schema {version},"
                    f" this version knows {len(POSTGRES_MIGRATIONS)})"
                )
            for number, script in enumerate(POSTGRES_MIGRATIONS[version:], start=version + 1):
                for statement in script.split(";"):
                    if statement.strip():
                        tx.execute(statement)
                tx.execute("INSERT INTO cardems_schema (version) VALUES (?)", (number,))

    @contextmanager
    def transaction(self) -> Iterator[Tx]:
        """One atomic write on a pooled connection."""
        import psycopg
        from psycopg_pool import PoolTimeout

        try:
            with self.pool.connection() as connection, connection.transaction():
                yield Tx(connection, postgres=True)
        except (psycopg.Error, PoolTimeout) as error:
            raise DatabaseError(f"PostgreSQL: {error}") from error

    @contextmanager
    def reading(self) -> Iterator[Tx]:
        """Reads on a pooled connection, each statement on its own (autocommit: no
        transaction is left open, so none is rolled back when the connection returns)."""
        import psycopg
        from psycopg_pool import PoolTimeout

        try:
            with self.pool.connection() as connection:
                yield Tx(connection, postgres=True)
        except (psycopg.Error, PoolTimeout) as error:
            raise DatabaseError(f"PostgreSQL: {error}") from error

    def execute(self, sql: str, params: Sequence[Any] = (), *, quick: bool = False) -> list[Row]:
        """One statement in one round trip, committed on its own (autocommit); its rows.

        ``quick``: a short read made on the event loop (a visitor, a game's head), over a
        connection of its own beside the pool, so that it never waits for a pooled
        connection that other work holds. Other statements (a move's save) take one
        from the pool: saves in flight together are committed together."""
        import psycopg
        from psycopg_pool import PoolTimeout

        try:
            if not quick:
                with self.pool.connection() as connection:
                    return _rows(connection.execute(sql.replace("?", "%s"), params))
            with self._quick_lock:
                if self._quick is None or self._quick.closed:
                    from psycopg.rows import dict_row

                    self._quick = psycopg.connect(
                        self.location,
                        autocommit=True,
                        row_factory=dict_row,
                        connect_timeout=5,
                        client_encoding=CLIENT_ENCODING,
                    )
                try:
                    return _rows(self._quick.execute(sql.replace("?", "%s"), params))
                except psycopg.Error:
                    if self._quick.broken:
                        self._quick.close()
                        self._quick = None
                    raise
        except (psycopg.Error, PoolTimeout) as error:
            raise DatabaseError(f"PostgreSQL: {error}") from error

    async def open_async(self) -> None:
        """Open a pool of asynchronous connections for the running event loop (a server's
        start), through which :meth:`execute_async` then runs on that loop."""
        from psycopg_pool import AsyncConnectionPool

        loop = asyncio.get_running_loop()
        if loop in self._async_pools:
            return
        pool = self._new_pool(AsyncConnectionPool)
        try:
            await pool.open(wait=True, timeout=15)
        except Exception as error:
            raise self._unreachable(error) from None
        self._async_pools[loop] = pool

    async def close_async(self) -> None:
        """Close the running loop's pool of asynchronous connections (a server's stop)."""
        pool = self._async_pools.pop(asyncio.get_running_loop(), None)
        if pool is not None:
            await pool.close()

    async def execute_async(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """:meth:`execute` awaited on the event loop: over the loop's asynchronous pool
        (:meth:`open_async`), no thread to hand over to, so a move's save costs the loop
        only its own work while the round trip runs; in a worker thread on a loop that
        has no such pool."""
        import psycopg
        from psycopg_pool import PoolTimeout

        pool = self._async_pools.get(asyncio.get_running_loop())
        if pool is None:
            return await asyncio.to_thread(self.execute, sql, params)
        try:
            async with pool.connection() as connection:
                cursor = await connection.execute(sql.replace("?", "%s"), params)
                return list(await cursor.fetchall()) if cursor.description else []
        except (psycopg.Error, PoolTimeout) as error:
            raise DatabaseError(f"PostgreSQL: {error}") from error

    def close(self) -> None:
        """Close every connection of the pool, and the quick one."""
        with self._quick_lock:
            if self._quick is not None:
                self._quick.close()
                self._quick = None
        self.pool.close()


def _rows(cursor: Any) -> list[Row]:
    """A cursor's rows (none for a statement that returns none)."""
    return list(cursor.fetchall()) if cursor.description else []


def safe_url(url: str) -> str:
    """A database URL without its password, for messages."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, credentials = head.partition("://")
    user, colon, _ = credentials.partition(":")
    return f"{scheme}://{user}:***@{tail}" if colon else url


def is_postgres(location: str | Path) -> bool:
    """Whether ``location`` is a PostgreSQL URL rather than a file path."""
    return str(location).startswith(("postgresql://", "postgres://"))
