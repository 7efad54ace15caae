"""Shared tables: friends at one match, bots in the empty seats; the service behind the
API, the live updates and the turn clock.

Blocking (the web calls it from worker threads). Each process keeps the matches it
serves in memory, each with its version, and the tables' rows as last read; a read
catches up with the store's rows (the truth every worker reads), replaying the actions
it has not seen, and keeps the events they made for the live updates
(:meth:`SharedTables.events_since`). A move is played on the copy at once, without
asking the database, and saved compare-and-set on the version and on the table's
seats as the copy has them (:meth:`Store.append_actions`, one statement): when another
worker moved first or the seats changed, the copy is taken back, brought up to date
and the move tried again, where the rules decide anew (a pass is refused once made, a
play out of turn is refused), so an intent is applied at most once without asking the
client to be at the latest version; a refusal made on a copy not just read is checked
against the saved version first. After every change every worker hears of it (see
:mod:`cardems.web.table_bus`): a move's save sends the message itself where the bus
can (PostgreSQL's ``NOTIFY`` in the same statement), else ``notify(game_id, version)``;
a message that announces no new version drops the table's rows kept
(:meth:`SharedTables.heard`).

The bots play for the empty seats and for the people a bot stands in for (they left,
or their turn clock ran out), only while at least one person plays; while passing they
pass last, once every person has, so that a friend who sits down during the first pass
still chooses their own.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from cardems.core.game import Action, Event, IntentError, View
from cardems.core.service_error import ServiceError
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.store import Progress, Store, VersionConflict, VisitorGone, well_formed
from cardems.store_tables import OVER, SHARED, TableRow, TableStore, seats_guard
from cardems.web.names import NameError_, checked_name
from cardems.web.table_bus import Moved
from cardems.web.table_code import TableCodeError, format_code, new_code

NO_TABLE = N_("no such table, or you have no seat at it")
NO_CODE = N_("no open table has this code (the link may have been revoked)")
TABLE_FULL = N_("this table is full: its four seats are taken")
TABLE_CLOSED = N_("this table is closed; its match is kept")
NOT_HOST = N_("only the player who opened the table can do this")
BAD_SEAT = N_("choose the seat of another person at this table (1 to 3)")
BAD_CLOCK = N_("the turn clock is 0 (off) or %(low)d to %(high)d seconds")
BAD_LEVEL = N_("the bots' level is beginner, easy, medium or expert")
NOT_OVER = N_("the match is not over yet: play again once it has ended")
CLOCK_RANGE = (10, 600)
EVENTS_KEPT = 64
"""How many versions of events a process keeps for the live updates."""
SEATS = (0, 1, 2, 3)
Tagged = tuple[int | None, Event]
T = TypeVar("T")


class SharedPlay(Protocol):
    """What a game's shared match offers (what its ``new_shared_match`` makes)."""

    log: list[Action]

    @property
    def waiting(self) -> frozenset[int]: ...

    @property
    def over(self) -> bool: ...

    def act_as(self, seat: int, intent: Action, bots: Iterable[int]) -> list[Tagged]: ...

    def run_bots(self, bots: Iterable[int]) -> list[Tagged]: ...

    def replay(self, action: Action) -> list[Tagged]: ...

    def mark(self) -> object:
        """Where the match is now, for :meth:`back_to`."""

    def back_to(self, mark: object) -> None:
        """The match as it was at ``mark`` again (a move whose save lost the race)."""

    def view_of(self, seat: int) -> View: ...

    def coach_of(self, seat: int) -> View | None:
        """The coach's notes on ``seat``'s last round finished, as a view's part
        ``coach`` (None before one has); slow, safe without the match's lock."""

    def score_of(self, seat: int) -> int: ...


class SharedGame(Protocol):
    """A game several people can play at one table (its declaration)."""

    @property
    def family(self) -> Any: ...

    levels: tuple[str, ...]

    def random_code(self, variant: str, *, winnable: bool) -> DealCode: ...

    def new_shared_match(self, code: DealCode, level: str, secret: str) -> SharedPlay: ...

    def parse_intent(self, data: dict[str, Any]) -> Action: ...


@dataclass
class Live:
    """A match in this process's memory, at ``version``."""

    play: SharedPlay
    version: int
    since: float
    """When this process saw the version change (the turn clock runs from it)."""
    events: dict[int, tuple[int, list[Tagged]]] = field(default_factory=dict)
    """Events by the version they led to: ``{to: (from, events)}``."""
    views: dict[int, View] = field(default_factory=dict)
    """Each seat's view at :attr:`version`, made once (the answer to a move and the
    updates of that seat's sockets share it; read, never changed)."""

    def advanced(self, before: int, tagged: list[Tagged]) -> None:
        """The match moved from ``before`` to its log's length, with ``tagged``."""
        self.version = len(self.play.log)
        self.since = time.time()
        self.views = {}
        self.events[self.version] = (before, tagged)
        for old in [v for v in self.events if v <= self.version - EVENTS_KEPT]:
            del self.events[old]

    def view_of(self, seat: int) -> View:
        """``seat``'s view at :attr:`version`."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.play.view_of(seat)
        return view


@dataclass(frozen=True)
class Played:
    """An intent's outcome for the seat that sent it."""

    version: int
    view: View
    events: list[Event]
    table: TableRow
    """The table as the move was saved on."""


def events_for(seat: int, tagged: Iterable[Tagged]) -> list[Event]:
    """The events ``seat`` receives of ``tagged``."""
    return [event for audience, event in tagged if audience is None or audience == seat]


class SharedTables:
    """Every shared table of one store (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        game: SharedGame,
        notify: Callable[[str, int], None] = lambda game_id, version: None,
    ) -> None:
        self.store = store
        self.rows = TableStore(store)
        self.game = game
        self.notify = notify
        self.notice: Callable[[str, Moved], tuple[str, str] | None] = lambda game, moved: None
        self.check: Callable[[str], None] = lambda player_id: None
        """Tells every worker to check a player's sockets again (they were removed)."""
        """The ``NOTIFY`` a save sends itself, where the bus has one (PostgreSQL); after
        a save without one, :attr:`notify` tells the workers."""
        self._live: dict[str, Live] = {}
        self._tables: dict[str, TableRow] = {}
        """The tables' rows as last read, by table id (see :meth:`heard`)."""
        self._table_of: dict[str, str] = {}
        """Table ids by game id."""
        self._heard: dict[str, int] = {}
        """The highest version the bus announced, by game id."""
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    # Opening and joining -----------------------------------------------------------------

    def open(self, host: str, name: str, request: dict[str, Any]) -> TableRow:
        """A new table from ``{"level", "turn_seconds"}``, with ``host`` in seat 0."""
        level = request.get("level", "medium")
        if level not in self.game.levels:
            raise ServiceError(400, BAD_LEVEL)
        clock = request.get("turn_seconds", 0)
        low, high = CLOCK_RANGE
        if (
            not isinstance(clock, int)
            or isinstance(clock, bool)
            or not (clock == 0 or low <= clock <= high)
        ):
            raise ServiceError(400, BAD_CLOCK % {"low": low, "high": high})
        variant, code, options = self._deal(level)
        table_id = self.rows.open_table(
            host,
            seat_name(name),
            self.game.family.name,
            variant,
            code,
            options,
            level=level,
            turn_seconds=clock,
            join_code=new_code(),
        )
        return self.table(table_id)

    def _deal(self, level: str) -> tuple[str, str, dict[str, object]]:
        """A new match's variant, deal code and options (its secret among them)."""
        variant = self.game.family.variants[0]
        code = self.game.random_code(variant, winnable=False)
        return variant, str(code), {"level": level, "secret": secrets.token_hex(16)}

    def again(self, table_id: str, player_id: str | None) -> tuple[TableRow, int]:
        """The next match of the same people, once this one is over (see
        :meth:`TableStore.again`: made once, whoever asks first); its table and the
        asker's seat there. Every worker hears that the old table closed."""
        table, seat = self.member(table_id, player_id)
        if table.next is None:
            if not self.live(table).play.over:
                raise ServiceError(409, NOT_OVER)
            variant, code, options = self._deal(table.level)
            self.rows.again(table.id, self.game.family.name, variant, code, options)
            table = self.table(table_id)
            self.notify(table.game_id, self.live(table).version)
        assert table.next is not None
        return self.table(table.next), seat

    def join(self, text: str, player_id: str, name: str) -> tuple[TableRow, int]:
        """Sit ``player_id`` at the table whose code is ``text`` (or give back their seat)."""
        try:
            code = format_code(text)
        except TableCodeError as error:
            raise ServiceError(400, str(error)) from None
        table_id = self.rows.by_code(code)
        if table_id is None:
            raise ServiceError(404, NO_CODE)
        seat = self.rows.sit(table_id, player_id, seat_name(name))
        if seat is None:
            table = self.table(table_id)
            raise ServiceError(409, TABLE_CLOSED if table.closed else TABLE_FULL)
        self.rows.set_robot(table_id, frozenset({seat}), False)
        table = self.table(table_id)
        self.notify(table.game_id, self.live(table).version)
        return table, seat

    def table(self, table_id: str) -> TableRow:
        """The table as saved now (kept for the next calls), or a 404."""
        table = self.rows.table(table_id)
        if table is None:
            raise ServiceError(404, NO_TABLE)
        self._tables[table_id] = table
        return table

    def member(self, table_id: str, player_id: str | None) -> tuple[TableRow, int]:
        """The table (as last read: see :meth:`heard`) and the seat of ``player_id`` at
        it; a 404 for anyone else (whether the table exists is nobody else's business).
        A seat once taken stays its person's, so a copy that has it is good for that."""
        table = self._tables.get(table_id)
        seat = table.seat_of(player_id) if table and player_id else None
        if seat is None and well_formed(table_id):
            table = self.rows.table(table_id)
            if table is not None:
                self._tables[table_id] = table
            seat = table.seat_of(player_id) if table and player_id else None
        if table is None or seat is None:
            raise ServiceError(404, NO_TABLE)
        return table, seat.seat

    def heard(self, game_id: str, version: int, moved: Moved | None = None) -> None:
        """The bus said ``game_id`` is at ``version``, after ``moved`` if it says which
        move: a copy of the match here at the version it was saved on plays it (unless
        a move is under way here: the rows will say). A message that announces no new
        version says that the table's rows changed (a seat, a connection, its code):
        the copy of them kept here is dropped, to be read again when next needed (so is
        it at the first message heard of a game)."""
        latest = self._heard.get(game_id)
        self._heard[game_id] = version if latest is None else max(version, latest)
        if moved is not None:
            self._take(game_id, *moved)
            return
        if latest is not None and version > latest:
            return  # a move
        table_id = self._table_of.get(game_id)
        if table_id is not None:
            self._tables.pop(table_id, None)

    def _take(self, game_id: str, before: int, actions: list[Action]) -> None:
        """``actions``, saved on ``before``, played on the copy here if it is there."""
        live = self._live.get(game_id)
        lock = self._lock(game_id)
        if live is None or live.version != before or not lock.acquire(blocking=False):
            return
        try:
            if self._live.get(game_id) is not live or live.version != before:
                return
            with contextlib.suppress(ValueError):  # rebuilt from the rows when next needed
                self._replayed(game_id, live, actions)
        finally:
            lock.release()

    def latest(self, game_id: str) -> int | None:
        """The highest version the bus announced for ``game_id``, if any."""
        return self._heard.get(game_id)

    # The match -------------------------------------------------------------------------

    def _lock(self, game_id: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())

    def live(self, table: TableRow, known: int | None = None) -> Live:
        """The table's match, caught up with the saved rows (see :meth:`_at`)."""
        with self._lock(table.game_id):
            return self._at(table, known)

    def _at(self, table: TableRow, known: int | None) -> Live:
        """The match caught up (its lock held); ``known``: a version the rows are known
        to have reached (a message of the bus): a copy there already is used without
        asking, one behind reads only the actions it lacks."""
        self._table_of[table.game_id] = table.id
        live = self._live.get(table.game_id)
        if live is not None and known is not None:
            return live if live.version >= known else self._catch_up(table, live)
        return self._caught_up(table)

    def peek(
        self, table_id: str, game_id: str, known: int | None, use: Callable[[TableRow, Live], T]
    ) -> T | None:
        """``use(table, match)`` at once if this process has both (the match at ``known``
        or later) and nobody is moving it; else None. No I/O, no waiting: for the
        event loop."""
        table, live = self._tables.get(table_id), self._live.get(game_id)
        if table is None or live is None or known is None or live.version < known:
            return None
        lock = self._lock(game_id)
        if not lock.acquire(blocking=False):
            return None
        try:
            return use(table, live)
        finally:
            lock.release()

    def read(self, table_id: str, known: int | None, use: Callable[[TableRow, Live], T]) -> T:
        """``use(table, match)``, the table's rows and match read as needed (blocking)."""
        table = self._tables.get(table_id) or self.table(table_id)
        with self._lock(table.game_id):
            return use(table, self._at(table, known))

    def _caught_up(self, table: TableRow) -> Live:
        head = self.store.head(table.game_id)
        if head is None or head[1] not in (SHARED, OVER):  # a solo game is no table's
            raise ServiceError(404, NO_TABLE)
        live = self._live.get(table.game_id)
        if live is not None and live.version == head[0]:
            return live
        if live is not None and live.version < head[0]:
            return self._catch_up(table, live)
        saved = self.store.load_game(table.game_id)
        if saved is None:
            raise ServiceError(404, NO_TABLE)
        play = self.game.new_shared_match(
            DealCode.parse(saved.code), table.level, str(saved.options.get("secret", ""))
        )
        for action in saved.log:
            play.replay(action)
        live = Live(play, saved.version, time.time())
        self._live[table.game_id] = live
        return live

    def _catch_up(self, table: TableRow, live: Live) -> Live:
        """``live`` with the saved actions it lacks replayed (one read)."""
        self._replayed(table.game_id, live, self.rows.actions_after(table.game_id, live.version))
        return live

    def _replayed(self, game_id: str, live: Live, actions: Iterable[Action]) -> None:
        """``actions`` replayed on ``live`` as one advance; on any failure the copy is
        dropped (to be rebuilt from the rows) and the error raised."""
        before, tagged = live.version, []
        try:
            for action in actions:
                tagged += live.play.replay(action)
        except BaseException:
            del self._live[game_id]
            raise
        if tagged or len(live.play.log) != before:
            live.advanced(before, tagged)

    def bots_of(self, table: TableRow) -> frozenset[int]:
        """The seats the bots play now: none while no person plays."""
        people = table.people
        return frozenset(SEATS) - people if people else frozenset()

    def act(
        self,
        table: TableRow,
        seat: int,
        request: Any,
        *,
        cookie: str | None = None,
        actor: str | None = None,
    ) -> Played:
        """The intent of the person in ``seat``, then the bots' moves: the match as that
        seat sees it after them, and its events. ``cookie``: the request's, checked in
        the save to still name ``actor`` (a visitor this process read moments ago)."""
        if table.closed is not None:
            raise ServiceError(409, TABLE_CLOSED)
        if not isinstance(request, dict):
            raise ServiceError(400, N_("an intent is a JSON object"))
        try:
            intent = self.game.parse_intent(request)
        except IntentError as error:
            raise ServiceError(400, str(error)) from None

        def step(play: SharedPlay, now: TableRow) -> list[Tagged]:
            return play.act_as(seat, intent, self.bots_of(now))

        try:
            return self._move(table, step, seat, cookie=cookie, actor=actor)
        except VisitorGone:
            raise ServiceError(404, NO_TABLE) from None

    def _move(
        self,
        table: TableRow,
        step: Callable[[SharedPlay, TableRow], list[Tagged]],
        seat: int = 0,
        *,
        cookie: str | None = None,
        actor: str | None = None,
    ) -> Played:
        """``step`` played on this process's copy of the match and saved, compare-and-set
        on the version and on the table's seats as ``table`` has them; when another
        worker saved first (or the seats changed), the copy is taken back, brought up to
        date from the rows, and ``step`` played again there. A step the rules refuse on
        a copy not read just now is checked against the saved version first. What
        ``seat`` sees after it."""
        checked = False
        for _ in range(8):
            if table.closed is not None:
                raise ServiceError(409, TABLE_CLOSED)
            with self._lock(table.game_id):
                live = None if checked else self._live.get(table.game_id)
                if live is None:
                    live, checked = self._caught_up(table), True
                self._table_of[table.game_id] = table.id
                before, mark = live.version, live.play.mark()
                try:
                    tagged = step(live.play, table)
                except BaseException:
                    self._live.pop(table.game_id, None)
                    raise
                actions = live.play.log[before:]
                if not actions:  # refused, or nothing to do: on the saved match?
                    head = None if checked else self.store.head(table.game_id)
                    checked = True
                    if head is not None and head[0] != before:
                        continue
                    return Played(before, live.view_of(seat), events_for(seat, tagged), table)
                version = before + len(actions)
                notice = self.notice(table.game_id, (before, list(actions)))
                try:
                    self.store.append_actions(
                        table.game_id,
                        before,
                        actions,
                        self._progress(live.play),
                        guard=seats_guard(table),
                        cookie=cookie,
                        actor=actor,
                        notice=notice,
                    )
                except VersionConflict:
                    live.play.back_to(mark)
                    table = self.table(table.id)
                    checked = True
                    continue
                except BaseException:
                    self._live.pop(table.game_id, None)
                    raise
                live.advanced(before, tagged)
                played = Played(version, live.view_of(seat), events_for(seat, tagged), table)
            if notice is None:
                self.notify(table.game_id, version)
            return played
        raise ServiceError(503, N_("the table is busy: try again in a moment"))

    @staticmethod
    def _progress(play: SharedPlay) -> Progress:
        return Progress(0.0, True, OVER if play.over else SHARED, play.score_of(0), len(play.log))

    def expire(self, table_id: str, now: float | None = None) -> bool:
        """The turn clock: a bot takes the seats of the people it has waited on for
        longer than the table's clock, and plays for them; whether it did."""
        table = self.table(table_id)
        if not table.turn_seconds or table.closed is not None:
            return False
        live = self.live(table)
        now = time.time() if now is None else now
        late = live.play.waiting & table.people
        if not late or now < live.since + table.turn_seconds:
            return False
        self.rows.set_robot(table.id, late, True)
        self._bots_move(self.table(table_id))
        return True

    def _bots_move(self, table: TableRow) -> None:
        """The bots play what is theirs to play now; every worker hears of the seats."""
        self._move(table, lambda play, now: play.run_bots(self.bots_of(now)))
        self.notify(table.game_id, self.live(table).version)

    def close_idle(self, before: float) -> list[str]:
        """Close the tables nobody has used since ``before`` (see
        :meth:`TableStore.close_idle`), told every worker; their ids."""
        closed = self.rows.close_idle(before)
        for table_id in closed:
            table = self.table(table_id)
            self.notify(table.game_id, self._heard.get(table.game_id, 0))
        return closed

    def connected(self, table: TableRow, seat: int, change: int) -> None:
        """One connection of ``seat``'s person more (1) or fewer (-1), told every worker."""
        self.rows.connected(table.id, seat, change)
        self.notify(table.game_id, self.live(table).version)

    def admit(self, table: TableRow, seat: int, caps: dict[str, int]) -> bool:
        """One connection of ``seat``'s person more, within ``caps`` of sockets open by
        key on every worker (:meth:`TableStore.admit`), told every worker; whether it
        was let in."""
        if not self.rows.admit(table.id, seat, caps):
            return False
        self.notify(table.game_id, self.live(table).version)
        return True

    def leave(self, table: TableRow, seat: int, keys: tuple[str, ...]) -> None:
        """A connection :meth:`admit` let in has closed, told every worker."""
        self.rows.leave(table.id, seat, keys)
        self.notify(table.game_id, self.live(table).version)

    def hold(self, table_id: str, seat: int, player_id: str) -> bool:
        """``player_id``'s connections all closed a while ago: a bot holds their seat
        and plays it (until one of theirs opens again: :meth:`connected`), unless they
        connected again meanwhile, left it themselves, or the match is over; whether it
        does now."""
        table = self.table(table_id)
        if table.closed is not None or self.live(table).play.over:
            return False
        if not self.rows.hold(table_id, seat, player_id):
            return False
        self._bots_move(self.table(table_id))
        return True

    def set_robot(self, table_id: str, player_id: str | None, robot: bool) -> TableRow:
        """The person asking leaves their seat to a bot (``robot``) or takes it back."""
        table, seat = self.member(table_id, player_id)
        self.rows.set_robot(table.id, frozenset({seat}), robot)
        table = self.table(table_id)
        self._bots_move(table)
        return table

    def revoke(self, table_id: str, player_id: str | None) -> TableRow:
        """The host's new join code: the old link and code let nobody in any more."""
        table, _ = self.member(table_id, player_id)
        if table.host != player_id:
            raise ServiceError(403, NOT_HOST)
        self.rows.new_code(table.id, new_code())
        table = self.table(table_id)
        self.notify(table.game_id, self.live(table).version)
        return table

    def remove(self, table_id: str, player_id: str | None, seat: Any) -> TableRow:
        """The host takes ``seat`` from its person: a bot plays it, their sockets close on
        every worker, and the table gets a new code (they knew the old one)."""
        table, mine = self.member(table_id, player_id)
        if table.host != player_id:
            raise ServiceError(403, NOT_HOST)
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or seat not in SEATS
            or seat == mine
            or not any(taken.seat == seat for taken in table.seats)
        ):
            raise ServiceError(400, BAD_SEAT)
        removed = self.rows.unseat(table.id, seat, new_code())
        table = self.table(table_id)
        self.notify(table.game_id, self.live(table).version)  # every worker reads the seats
        if removed is not None:
            self.check(removed)
        self._bots_move(table)
        return self.table(table_id)

    def coach(self, table_id: str, player_id: str | None) -> View | None:
        """The coach's notes on the asker's own cards in the last round finished (never
        another seat's: the seat is the asker's), made outside the match's lock so that
        the table plays on meanwhile."""
        table, seat = self.member(table_id, player_id)
        return self.live(table).play.coach_of(seat)

    def view(self, table: TableRow, seat: int) -> tuple[int, View]:
        """The match's version and what ``seat`` sees of it now."""
        with self._lock(table.game_id):
            live = self._at(table, None)
            return live.version, live.view_of(seat)

    def events_since(self, live: Live, seat: int, version: int) -> list[Event] | None:
        """``seat``'s events from ``version`` to the live one, or None when this process
        no longer has them all (the client then reloads the view)."""
        tagged: list[Tagged] = []
        at = live.version
        while at > version:
            entry = live.events.get(at)
            if entry is None:
                return None
            at, part = entry
            tagged = part + tagged
        return events_for(seat, tagged) if at == version else None


def seat_name(text: str) -> str:
    """The name a person sits under (an account name's rule), or a 400."""
    try:
        return checked_name(text)
    except NameError_ as error:
        raise ServiceError(400, str(error)) from None


def seats_json(table: TableRow) -> list[dict[str, Any]]:
    """Who sits where: a name, whether it is a guest's (no account's), whether a bot
    plays the seat (``held``: for a person away, until they are back), whether they are
    connected."""
    by_seat = {seat.seat: seat for seat in table.seats}
    return [
        {
            "seat": number,
            "name": by_seat[number].name if number in by_seat else None,
            "guest": number in by_seat and not by_seat[number].account,
            "bot": number not in table.people,
            "held": number in by_seat and by_seat[number].held,
            "connected": number in by_seat and by_seat[number].connections > 0,
        }
        for number in SEATS
    ]


def table_json(table: TableRow, seat: int, player_id: str) -> dict[str, Any]:
    """The table as a member sees it (the code and link only while it has one)."""
    return {
        "id": table.id,
        "seat": seat,
        "code": table.code,
        "link": f"/together/{table.code.replace('-', '')}" if table.code else None,
        "host": table.host == player_id,
        "level": table.level,
        "turn_seconds": table.turn_seconds,
        "closed": table.closed is not None,
        "next": table.next,
        "seats": seats_json(table),
    }
