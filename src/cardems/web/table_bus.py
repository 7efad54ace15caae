"""How a move at a shared table reaches every worker: a message ``"game, version"``.

The message says that a game moved (or, at a version already announced, that its
table's rows changed); the rows stay the truth, and each worker reads from them what
its players are to see (:mod:`cardems.web.table_live`). A move's message may also carry
the actions it saved and the version they were saved on, ``"game,version,from,[...]"``:
the statement that saved them sends it, at its commit, so they are the rows' own; a
worker whose copy is at ``from`` plays them there instead of reading them (one read and
one thread less per move and worker), any other reads the rows. On
PostgreSQL every worker ``LISTEN``\\ s on one channel over a connection of its own and a
move is published with ``pg_notify`` (each worker hears its own messages too); on
SQLite one process serves every player, and its bus calls the listener in memory, the
same way. :meth:`TableBus.publish` may be called from any thread. A move's save sends
its message itself, in the same statement (:meth:`TableBus.notice`): one round trip.

A second kind of message, ``"!<player>"`` (:meth:`TableBus.check`), says that a
player's sessions or seats changed (they signed out, on every device or one, changed
their password, or a table's opener removed them): every worker checks that player's
sockets there again at once and closes those their cookie or seat no longer allows.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

from cardems.database import CLIENT_ENCODING, PostgresBackend
from cardems.store import Store, well_formed

CHANNEL = "cardems_tables"
PAYLOAD_BYTES = 7900
"""The longest message sent with its actions (PostgreSQL's bound is 8,000 bytes)."""
log = logging.getLogger("cardems.web")
Moved = tuple[int, list[tuple[str, ...]]]
"""The version a move was saved on and its actions."""
Listener = Callable[[str, int, Moved | None], None]
Checker = Callable[[str], None]
CHECK = "!"
"""What starts a message naming a player whose sockets are to be checked again."""


def payload(game_id: str, version: int, moved: Moved | None = None) -> str:
    """The message of ``game_id`` at ``version``: ``"<game>,<version>"``, with the
    move's ``"<from>,<actions as JSON>"`` after them when given and short enough."""
    text = f"{game_id},{version}"
    if moved is None:
        return text
    full = f"{text},{moved[0]},{json.dumps([list(action) for action in moved[1]])}"
    return full if len(full.encode()) <= PAYLOAD_BYTES else text


def parse_payload(text: str) -> tuple[str, int, Moved | None] | None:
    """The game, version and move (if given and well formed) a message names, or None
    for anything else."""
    game_id, _, rest = text.partition(",")
    number, _, move = rest.partition(",")
    if not well_formed(game_id) or not number.isdigit() or len(number) > 12:
        return None
    return game_id, int(number), _move(move, int(number))


def _move(text: str, version: int) -> Moved | None:
    """``"<from>,<actions>"`` read, if it is well formed and leads to ``version``."""
    start, _, listed = text.partition(",")
    if not start.isdigit() or len(start) > 12:
        return None
    try:
        actions = json.loads(listed)
    except ValueError:
        return None
    if (
        not isinstance(actions, list)
        or int(start) + len(actions) != version
        or not all(
            isinstance(action, list) and all(isinstance(part, str) for part in action)
            for action in actions
        )
    ):
        return None
    return int(start), [tuple(action) for action in actions]


class TableBus:
    """In memory: the listener is called on the event loop it was started on."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._listener: Listener | None = None
        self._checker: Checker | None = None

    async def start(self, listener: Listener, checker: Checker | None = None) -> None:
        """Call ``listener(game_id, version, moved)`` on this loop for every message of a
        move, ``checker(player_id)`` for every message naming a player."""
        self._loop = asyncio.get_running_loop()
        self._listener = listener
        self._checker = checker

    async def stop(self) -> None:
        """Stop listening."""
        self._listener = None
        self._checker = None

    def publish(self, game_id: str, version: int) -> None:
        """Tell every worker that ``game_id`` is at ``version``."""
        self._deliver(payload(game_id, version))

    def check(self, player_id: str) -> None:
        """Tell every worker to check ``player_id``'s sockets again (see the module
        docstring)."""
        self._deliver(CHECK + player_id)

    def notice(self, game_id: str, moved: Moved) -> tuple[str, str] | None:
        """The message a move's save can send itself, as (channel, payload): none here
        (a save is followed by :meth:`publish`)."""
        return None

    def _deliver(self, text: str) -> None:
        if text.startswith(CHECK):
            self._deliver_check(text[len(CHECK) :])
            return
        loop, listener, parsed = self._loop, self._listener, parse_payload(text)
        if loop is None or listener is None or parsed is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop stopped meanwhile
            loop.call_soon_threadsafe(listener, *parsed)

    def _deliver_check(self, player_id: str) -> None:
        loop, checker = self._loop, self._checker
        if loop is None or checker is None or not well_formed(player_id) or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop stopped meanwhile
            loop.call_soon_threadsafe(checker, player_id)


class PostgresBus(TableBus):
    """Over PostgreSQL's ``LISTEN``/``NOTIFY``: every worker of one database hears it."""

    def __init__(self, store: Store) -> None:
        super().__init__()
        assert isinstance(store.db, PostgresBackend)
        self.store = store
        self.url = store.db.location
        self._task: asyncio.Task[None] | None = None
        self._connection: Any = None

    async def start(self, listener: Listener, checker: Checker | None = None) -> None:
        """Listen on the channel over a connection of this worker's own."""
        await super().start(listener, checker)
        await self._connect()
        self._task = asyncio.get_running_loop().create_task(self._listen())

    async def _connect(self) -> None:
        import psycopg

        self._connection = await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, client_encoding=CLIENT_ENCODING
        )
        await self._connection.execute(f"LISTEN {CHANNEL}")

    async def _listen(self) -> None:
        """Deliver every message; when the connection breaks, listen again on a new one
        (what was announced meanwhile reaches the players with the next message)."""
        while True:
            try:
                async for notice in self._connection.notifies():
                    self._deliver(notice.payload)
            except Exception:
                log.warning("the tables' LISTEN connection broke: listening again")
            with contextlib.suppress(Exception):
                await self._connection.close()
            await asyncio.sleep(1)
            with contextlib.suppress(Exception):
                await self._connect()

    async def stop(self) -> None:
        """Stop listening and close the connection."""
        await super().stop()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._connection is not None:
            await self._connection.close()

    def publish(self, game_id: str, version: int) -> None:
        """``pg_notify`` to every worker (this one included)."""
        self.store.db.execute("SELECT pg_notify(?, ?)", (CHANNEL, payload(game_id, version)))

    def check(self, player_id: str) -> None:
        """``pg_notify`` to every worker (this one included)."""
        self.store.db.execute("SELECT pg_notify(?, ?)", (CHANNEL, CHECK + player_id))

    def notice(self, game_id: str, moved: Moved) -> tuple[str, str] | None:
        """The ``NOTIFY`` a move's save sends in its own statement, at its commit, with
        the move's actions."""
        return CHANNEL, payload(game_id, moved[0] + len(moved[1]), moved)


def bus_for(store: Store) -> TableBus:
    """The bus of ``store``'s database."""
    return PostgresBus(store) if isinstance(store.db, PostgresBackend) else TableBus()
