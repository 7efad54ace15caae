"""Live shared tables: each member's WebSocket, the updates every move sends them, the
turn clock and the closing of tables nobody uses.

``/ws/tables/{id}`` takes a member of the table (by their cookie, from one of this
server's pages: its ``Origin``), sends them the table and their view at once, then an
``update`` whenever the game moves or a seat changes: ``{"type": "update", "version",
"from", "view", "events", "table"}``. ``from`` is the version the connection had; the
events are what happened since, in its language, or null when this worker no longer
has them all: a client whose version is not ``from`` (it missed a message) or that gets
no events reloads the view. Each message goes out when the bus
(:mod:`cardems.web.table_bus`) says a game moved, on every worker alike; the worker
reads what changed from the rows.

The client may send its moves over the socket: a text message ``{"id": n, "intent":
{"type": …, "version": n, …}}`` (the body of ``POST /api/tables/{id}/intent``) is
played for the socket's own seat with the same checks (:mod:`cardems.web.table_moves`:
the player's and the seat's rate limits, the cookie that opened the socket checked again
in the save) and answered on the socket, ``{"type": "answer", "id", "table", "view",
"version", "events"}`` (with ``refused`` when the rules refuse it), or ``{"type":
"error", "id", "error"}``: one line, nothing changed. The mover's own update of that
version is not sent after the answer (it may have gone out before it, when the bus was
quicker than the move's thread). A binary message closes the socket (1003, after an
``error`` saying so). A socket opens only within :data:`MEMBER_SOCKETS` open sockets
of its person and :data:`ADDRESS_SOCKETS` of its address (but loopback), counted on
every worker together (in the store, leased as the connections are:
:meth:`cardems.store_tables.TableStore.admit`); past them it is accepted, told why (an
``error``) and closed with :data:`TOO_MANY_CODE`, which the page does not reconnect
after (it plays over HTTP).
uvicorn bounds the messages (64 KiB) and pings every socket (:mod:`cardems.web.serving`).

When the bus names a player (they signed out, on every device or this one, changed
their password, or the table's opener removed them: :meth:`TableBus.check`), every
worker reads again, at once, whether each of that player's sockets there still has a
session behind its cookie and a seat at its table; one that has not is told so (an
``error``) and closed with :data:`REMOVED_CODE`, which the page does not reconnect
after: the seat's hand stops reaching it within a second.

When a person's last socket at a table closes (a tab closed, a phone gone off the
network), and none of theirs is open on any worker :data:`HOLD_SECONDS` later, a bot
holds their seat and plays it; the seat is theirs again as soon as one of their sockets
opens (:meth:`cardems.store_tables.TableStore.connected`), so nobody waits for a
friend who is gone, and the friend is back where the match is when they return.

While a table has players connected to a worker, that worker keeps its turn clock
(every worker with players there does; the first bot move saved wins, the others see
it in their save), and every minute each worker closes the tables where nobody has
been for :data:`IDLE_SECONDS` (their matches stay saved).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import orjson
from starlette.concurrency import run_in_threadpool
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from cardems.core.service_error import ServiceError
from cardems.core.settings import with_defaults
from cardems.core.shared_matches import Live
from cardems.database import DatabaseError
from cardems.i18n.markers import N_
from cardems.store import well_formed
from cardems.store_tables import TableRow
from cardems.web.deps import COOKIE, DATABASE_DOWN, MAX_BODY, TOO_MANY, Web
from cardems.web.i18n import LANGUAGE_SETTING, choose_language, translate, translate_events
from cardems.web.shared_tables import table_json
from cardems.web.table_bus import Moved, TableBus
from cardems.web.table_moves import TableMoves

log = logging.getLogger("cardems.web")
IDLE_SECONDS = 1800.0
"""A table with nobody connected or acting for this long is closed."""
SWEEP_SECONDS = 60.0
HOLD_SECONDS = 10.0
"""How long a person may be away (no socket open) before a bot holds their seat: much
longer than the page takes to reconnect after a network drop (a second)."""
POLICY_VIOLATION = 1008
UNSUPPORTED_DATA = 1003
TOO_MANY_CODE = 4008
"""The close code of a socket refused for the caps below (the page then stops
reconnecting)."""
MEMBER_SOCKETS = 4
"""Sockets one person may hold open on all workers together (a few tabs and devices)."""
ADDRESS_SOCKETS = 32
"""Sockets one address may hold open on all workers together (a household or a class
behind one address)."""
UNCAPPED = frozenset({"127.0.0.1", "::1"})
"""Addresses without that cap: the machine itself (a load benchmark, or a proxy on it
that does not pass the players' addresses, where one cap would hold the whole site);
the cap of each person still holds."""
TOO_MANY_SOCKETS = N_(
    "too many connections to tables are open from here: close another tab of a table"
)
REMOVED_CODE = 4003
"""The close code of a socket whose person signed out or was removed from the table."""
REMOVED = N_("you are no longer at this table: you signed out, or its opener removed you")
NO_BYTES = N_("the table takes text messages only")
BAD_MESSAGE = N_('a move over the socket is {"id": 1, "intent": {"type": …}}')


@dataclass(frozen=True)
class Outgoing:
    """What a message of the bus makes a worker send to a table's members there."""

    table_id: str
    game_id: str
    due: float | None
    """When the turn clock runs out (None: no clock, or nobody to wait for)."""
    messages: list[tuple[Member, str]]


@dataclass(eq=False)
class Member:
    """One open WebSocket of a table's member."""

    socket: WebSocket
    seat: int
    player_id: str
    lang: str
    cookie: str
    """The cookie that opened the socket (a move checks it again in its save)."""
    table: TableRow
    """The table as the socket opened."""
    counted: tuple[str, ...]
    """The keys its socket is counted against on every worker (its person, its address
    unless uncapped): :meth:`SharedTables.admit`."""
    version: int = -1
    """The version of the last view sent."""
    shown: dict[str, Any] = field(default_factory=dict)
    """The table as last sent (its seats, code, closing, next match…)."""


class Hub:
    """This worker's members connected to shared tables (see the module docstring)."""

    def __init__(
        self,
        web: Web,
        moves: TableMoves,
        bus: TableBus,
        *,
        idle_seconds: float = IDLE_SECONDS,
        sweep_seconds: float = SWEEP_SECONDS,
        hold_seconds: float = HOLD_SECONDS,
    ) -> None:
        self.web = web
        self.moves = moves
        self.tables = tables = moves.tables
        self.bus = bus
        self.idle_seconds = idle_seconds
        self.sweep_seconds = sweep_seconds
        self.hold_seconds = hold_seconds
        self.members: dict[str, set[Member]] = {}
        """By game id."""
        self.open_of: dict[str, int] = {}
        """Open sockets here by player id, then by address (``@`` and the address)."""
        self.table_of: dict[str, str] = {}
        """Table id by game id."""
        self._clocks: dict[str, asyncio.TimerHandle] = {}
        self._pending: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._checks: set[asyncio.Task[None]] = set()
        self._holds: set[asyncio.TimerHandle] = set()
        self._sweeper: asyncio.Task[None] | None = None
        tables.notify = bus.publish
        tables.notice = bus.notice
        tables.check = bus.check
        web.sessions_changed = bus.check

    async def start(self) -> None:
        """Listen to the bus; sweep idle tables."""
        await self.bus.start(self.moved, self.check)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def stop(self) -> None:
        """Stop listening and sweeping; cancel the clocks."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for handle in [*self._clocks.values(), *self._holds]:
            handle.cancel()
        with contextlib.suppress(Exception):  # the database away: the lease runs out
            await run_in_threadpool(self.tables.rows.release)
        await self.bus.stop()

    # Messages ---------------------------------------------------------------------------

    def moved(self, game_id: str, version: int, move: Moved | None = None) -> None:
        """The bus says ``game_id`` is at ``version``, perhaps after ``move`` (-1: a member
        connected here): update its members here (one update at a time per game; a
        message during one runs another after it)."""
        if version >= 0:
            self.tables.heard(game_id, version, move)
        if game_id not in self.members:
            return
        if game_id in self._pending:
            self._again.add(game_id)
            return
        self._pending[game_id] = asyncio.get_running_loop().create_task(self._update(game_id))

    async def _update(self, game_id: str) -> None:
        try:
            while True:
                self._again.discard(game_id)
                await self._send_all(game_id)
                if game_id not in self._again:
                    break
        except Exception:  # a database outage: the next message tries again
            log.warning("live update of %s failed", game_id, exc_info=True)
        finally:
            del self._pending[game_id]

    async def _send_all(self, game_id: str) -> None:
        """Every member's update here: the rows read at most once (not at all when this
        process has them already), each message made once for the members it fits."""
        table_id = self.table_of.get(game_id)
        members = list(self.members.get(game_id, ()))
        if table_id is None or not members:
            return
        known = self.tables.latest(game_id)

        def make(table: TableRow, live: Live) -> Outgoing:
            return self._messages(table, live, members)

        out = self.tables.peek(table_id, game_id, known, make)
        if out is None:
            out = await run_in_threadpool(self.tables.read, table_id, known, make)
        await asyncio.gather(*(self._send(member, text) for member, text in out.messages))
        self._wind(out)

    def _messages(self, table: TableRow, live: Live, members: list[Member]) -> Outgoing:
        """The updates of the ``members`` to whom something changed (called with the
        match held still), each text made once per (seat, language, version they had)."""
        made: dict[tuple[int, str, int], str] = {}
        messages = []
        for member in members:
            info = table_json(table, member.seat, member.player_id)
            if live.version == member.version and info == member.shown:
                continue
            key = (member.seat, member.lang, member.version)
            text = made.get(key)
            if text is None:
                text = made[key] = orjson.dumps(self.update(member, live, info)).decode()
            member.version, member.shown = live.version, info
            messages.append((member, text))
        clock = bool(table.turn_seconds) and table.closed is None and bool(live.play.waiting)
        due = live.since + table.turn_seconds if clock else None
        return Outgoing(table.id, table.game_id, due, messages)

    @staticmethod
    async def _send(member: Member, text: str) -> None:
        with contextlib.suppress(Exception):  # gone: its own task cleans up
            await member.socket.send_text(text)

    def update(self, member: Member, live: Live, info: dict[str, Any]) -> dict[str, Any]:
        """The message telling ``member`` what changed since the version they have."""
        events = (
            None
            if member.version < 0
            else self.tables.matches.events_since(live, member.seat, member.version)
        )
        view = self.web.localize(live.view_of(member.seat), member.lang)
        return {
            "type": "update",
            "version": live.version,
            "from": member.version,
            "view": view,
            "events": None if events is None else translate_events(member.lang, events),
            "table": info,
        }

    # Sessions and seats that ended ------------------------------------------------------

    def check(self, player_id: str) -> None:
        """The bus names ``player_id``: check their sockets here again (see the module
        docstring)."""
        sockets = [
            (member, self.table_of.get(game_id, ""))
            for game_id, members in self.members.items()
            for member in members
            if member.player_id == player_id
        ]
        if sockets:
            task = asyncio.get_running_loop().create_task(self._check(sockets))
            self._checks.add(task)
            task.add_done_callback(self._checks.discard)

    async def _check(self, sockets: list[tuple[Member, str]]) -> None:
        for member, table_id in sockets:
            try:
                allowed = await run_in_threadpool(self._still_allowed, member, table_id)
            except Exception:  # the database away: the socket stays, its moves checked
                log.warning("checking a socket at %s failed", table_id, exc_info=True)
                continue
            if not allowed:
                await self._refuse(member.socket, member.lang, REMOVED, REMOVED_CODE)

    def _still_allowed(self, member: Member, table_id: str) -> bool:
        """Whether ``member``'s cookie still names its person and they still sit in its
        seat (read from the rows, not from any copy)."""
        visitor = self.web.store.visitor(member.cookie) if well_formed(member.cookie) else None
        if visitor is None or visitor.player_id != member.player_id:
            return False
        table = self.tables.rows.table(table_id)
        seat = table.seat_of(member.player_id) if table is not None else None
        return seat is not None and seat.seat == member.seat

    # The turn clock and idle tables -----------------------------------------------------

    def _wind(self, out: Outgoing) -> None:
        """(Re)start the turn clock of a table from the version just sent."""
        old = self._clocks.pop(out.game_id, None)
        if old is not None:
            old.cancel()
        if out.due is None:
            return
        delay = max(0.0, out.due - time.time()) + 0.05
        loop = asyncio.get_running_loop()
        table_id = out.table_id
        self._clocks[out.game_id] = loop.call_later(
            delay, lambda: loop.create_task(self._expire(table_id))
        )

    async def _expire(self, table_id: str) -> None:
        with contextlib.suppress(ServiceError, Exception):
            await run_in_threadpool(self.tables.expire, table_id)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_seconds)
            with contextlib.suppress(Exception):
                await run_in_threadpool(self.sweep)

    def sweep(self, now: float | None = None) -> list[str]:
        """Renew this worker's connection counts (their lease), then close the tables idle
        for :attr:`idle_seconds`; their ids."""
        self.tables.rows.heartbeat(now)
        before = (time.time() if now is None else now) - self.idle_seconds
        return self.tables.close_idle(before)

    # The socket -------------------------------------------------------------------------

    async def serve(self, socket: WebSocket) -> None:
        """One member's connection, from its opening to its end."""
        member = await self._admit(socket)
        if member is None:
            return
        keys = self._keys(socket, member.player_id)
        try:
            await self._serve(socket, member)
        finally:
            self._release(keys)

    def _release(self, keys: tuple[str, ...]) -> None:
        for key in keys:
            self.open_of[key] -= 1
            if not self.open_of[key]:
                del self.open_of[key]

    @staticmethod
    def _keys(socket: WebSocket, player_id: str) -> tuple[str, ...]:
        """What a socket counts against: its person and its address."""
        address = socket.client.host if socket.client else ""
        return (player_id, f"@{address}")

    async def _serve(self, socket: WebSocket, member: Member) -> None:
        table = member.table
        table_id, game_id = table.id, table.game_id
        self.table_of[game_id] = table_id
        self.members.setdefault(game_id, set()).add(member)
        try:
            self.moved(game_id, -1)  # its first update
            while (message := await socket.receive())["type"] != "websocket.disconnect":
                if message.get("text") is None:  # bytes: refused
                    await self._refuse(socket, member.lang, NO_BYTES, UNSUPPORTED_DATA)
                    break
                await self._intent(member, table_id, message["text"])
        finally:
            self.members[game_id].discard(member)
            if not self.members[game_id]:
                del self.members[game_id]
                clock = self._clocks.pop(game_id, None)
                if clock is not None:
                    clock.cancel()
            with contextlib.suppress(Exception):
                await run_in_threadpool(self.tables.leave, table, member.seat, member.counted)
                self._hold_later(table_id, member)

    def _hold_later(self, table_id: str, member: Member) -> None:
        """In :attr:`hold_seconds`, a bot holds ``member``'s seat if none of their
        sockets is open then (on any worker: the counts are read from the rows)."""
        loop = asyncio.get_running_loop()

        def due() -> None:
            self._holds.discard(handle)
            task = loop.create_task(self._hold(table_id, member.seat, member.player_id))
            self._checks.add(task)
            task.add_done_callback(self._checks.discard)

        handle = loop.call_later(self.hold_seconds, due)
        self._holds.add(handle)

    async def _hold(self, table_id: str, seat: int, player_id: str) -> None:
        try:
            await run_in_threadpool(self.tables.hold, table_id, seat, player_id)
        except ServiceError:  # the table is gone
            pass
        except Exception:  # the database away: the turn clock still runs
            log.warning("holding a seat at %s failed", table_id, exc_info=True)

    async def _intent(self, member: Member, table_id: str, text: str) -> None:
        """A move sent over ``member``'s socket, played and answered there."""
        data = _message(text)
        ident = data.get("id") if data is not None else None
        if not isinstance(ident, int) or isinstance(ident, bool):
            ident = None
        refusal: str | None = None
        if not self.web.limiter.allow(member.player_id):
            refusal = TOO_MANY
        elif data is None or not isinstance(data.get("intent"), dict):
            refusal = BAD_MESSAGE
        else:
            try:
                seat, played = await run_in_threadpool(
                    self.moves.play,
                    table_id,
                    member.player_id,
                    member.lang,
                    data["intent"],
                    cookie=member.cookie,
                )
            except ServiceError as error:
                refusal = error.message
            except DatabaseError:
                log.warning("database unavailable for a move at %s", table_id, exc_info=True)
                refusal = DATABASE_DOWN
        answer: dict[str, Any]
        if refusal is not None:
            answer = {"type": "error", "id": ident, "error": translate(member.lang, refusal)}
        else:
            answer = {"type": "answer", "id": ident, **played}
            if seat == member.seat and played["version"] > member.version:
                # its update of this version would tell the mover nothing new
                member.version, member.shown = played["version"], played["table"]
        await self._send(member, orjson.dumps(answer).decode())

    async def _admit(self, socket: WebSocket) -> Member | None:
        """The member a new socket belongs to, accepted; None (and closed) for anyone else."""
        origin = socket.headers.get("origin")
        host = socket.headers.get("host", "")
        cookie = socket.cookies.get(COOKIE, "")
        table_id = str(socket.path_params.get("table_id", ""))
        if origin is not None and urlsplit(origin).netloc != host:
            await socket.close(POLICY_VIOLATION)
            return None
        visitor = (
            await run_in_threadpool(self.web.store.visitor, cookie) if well_formed(cookie) else None
        )
        try:
            _, seat = await run_in_threadpool(
                self.tables.member, table_id, visitor.player_id if visitor else None
            )
        except ServiceError:
            await socket.close(POLICY_VIOLATION)
            return None
        assert visitor is not None
        settings = with_defaults(visitor.settings)
        lang = choose_language(settings[LANGUAGE_SETTING], socket.headers.get("accept-language"))
        person, address = keys = self._keys(socket, visitor.player_id)
        capped = address[1:] not in UNCAPPED
        if self.open_of.get(person, 0) >= MEMBER_SOCKETS or (
            capped and self.open_of.get(address, 0) >= ADDRESS_SOCKETS
        ):  # over the caps here already: no need to ask the other workers
            await socket.accept()
            await self._refuse(socket, lang, TOO_MANY_SOCKETS, TOO_MANY_CODE)
            return None
        for key in keys:  # counted before the first wait, so no two sockets pass at once
            self.open_of[key] = self.open_of.get(key, 0) + 1
        caps = {person: MEMBER_SOCKETS} | ({address: ADDRESS_SOCKETS} if capped else {})
        try:
            table = await run_in_threadpool(self.tables.table, table_id)
            admitted = await run_in_threadpool(self.tables.admit, table, seat, caps)
        except BaseException:
            self._release(keys)
            raise
        if not admitted:  # over the caps counted on every worker
            self._release(keys)
            await socket.accept()
            await self._refuse(socket, lang, TOO_MANY_SOCKETS, TOO_MANY_CODE)
            return None
        member = Member(socket, seat, visitor.player_id, lang, cookie, table, tuple(caps))
        try:
            await socket.accept()
        except BaseException:
            self._release(keys)
            with contextlib.suppress(Exception):
                await run_in_threadpool(self.tables.leave, table, seat, member.counted)
            raise
        return member

    @staticmethod
    async def _refuse(socket: WebSocket, lang: str, message: str, code: int) -> None:
        """Say why in one line (an ``error``), then close the socket with ``code``."""
        text = orjson.dumps({"type": "error", "id": None, "error": translate(lang, message)})
        with contextlib.suppress(Exception):  # gone already
            await socket.send_text(text.decode())
            await socket.close(code)


def _message(text: str) -> dict[str, Any] | None:
    """A client's message as a JSON object (at most a request body's size), else None."""
    if len(text) > MAX_BODY:
        return None
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    return data if isinstance(data, dict) else None


def live_routes(hub: Hub) -> list[WebSocketRoute]:
    """``/ws/tables/{table_id}``."""
    return [WebSocketRoute("/ws/tables/{table_id}", hub.serve)]
