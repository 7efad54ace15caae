"""Shared tables: friends at one match, bots in the empty seats; the service behind the
API, the live updates and the turn clock.

Blocking (the web calls it from worker threads). The match itself is the table
service's (:class:`cardems.core.shared_matches.SharedMatches`: the copy in memory,
caught up from the saved actions, a move played and saved compare-and-set, each seat's
view, the events kept for the live updates, the row's progress for the statistics);
what is here is about sharing it: the seats, members and invitations, the tables' rows
as last read, the bots in the empty seats, the turn clock and the bus. A move is saved
compare-and-set on the version and on the table's seats as the copy has them (one
statement): when another worker moved first or the seats changed, the seats are read
again and the move tried again, where the rules decide anew (a pass is refused once
made, a play out of turn is refused), so an intent is applied at most once without
asking the client to be at the latest version. After every change every worker hears
of it (see
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

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from cardems.core.game import Event, View
from cardems.core.service_error import ServiceError
from cardems.core.shared_matches import (
    NO_TABLE,
    Live,
    SharedGame,
    SharedMatches,
    SharedPlay,
    Tagged,
)
from cardems.i18n.markers import N_
from cardems.store import Store, VisitorGone, well_formed
from cardems.store_tables import TableRow, TableStore, seats_guard
from cardems.web.names import NameError_, checked_name
from cardems.web.table_bus import Moved
from cardems.web.table_code import TableCodeError, format_code, new_code

NO_CODE = N_("no open table has this code (the link may have been revoked)")
TABLE_FULL = N_("this table is full: its four seats are taken")
TABLE_CLOSED = N_("this table is closed; its match is kept")
NOT_HOST = N_("only the player who opened the table can do this")
BAD_SEAT = N_("choose the seat of another person at this table (1 to 3)")
BAD_CLOCK = N_("the turn clock is 0 (off) or %(low)d to %(high)d seconds")
BAD_LEVEL = N_("the bots' level is beginner, easy, medium or expert")
NOT_OVER = N_("the match is not over yet: play again once it has ended")
CLOCK_RANGE = (10, 600)
SEATS = (0, 1, 2, 3)
T = TypeVar("T")
__all__ = ["NO_TABLE", "Live", "Played", "SharedGame", "SharedTables", "seats_json", "table_json"]


@dataclass(frozen=True)
class Played:
    """An intent's outcome for the seat that sent it."""

    version: int
    view: View
    events: list[Event]
    table: TableRow
    """The table as the move was saved on."""


class SharedTables:
    """Every shared table of one store (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        game: SharedGame,
        notify: Callable[[str, int], None] = lambda game_id, version: None,
        *,
        matches: SharedMatches | None = None,
    ) -> None:
        """``matches``: the table service's part that plays and saves the matches (a
        part of this process's own when not given)."""
        self.store = store
        self.rows = TableStore(store)
        self.game = game
        self.matches = SharedMatches(store, game) if matches is None else matches
        self.notify = notify
        self.notice: Callable[[str, Moved], tuple[str, str] | None] = lambda game, moved: None
        self.check: Callable[[str], None] = lambda player_id: None
        """Tells every worker to check a player's sockets again (they were removed)."""
        """The ``NOTIFY`` a save sends itself, where the bus has one (PostgreSQL); after
        a save without one, :attr:`notify` tells the workers."""
        self._tables: dict[str, TableRow] = {}
        """The tables' rows as last read, by table id (see :meth:`heard`)."""
        self._table_of: dict[str, str] = {}
        """Table ids by game id."""
        self._heard: dict[str, int] = {}
        """The highest version the bus announced, by game id."""

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
            self.matches.take(game_id, *moved)
            return
        if latest is not None and version > latest:
            return  # a move
        table_id = self._table_of.get(game_id)
        if table_id is not None:
            self._tables.pop(table_id, None)

    def latest(self, game_id: str) -> int | None:
        """The highest version the bus announced for ``game_id``, if any."""
        return self._heard.get(game_id)

    # The match -------------------------------------------------------------------------

    def live(self, table: TableRow, known: int | None = None) -> Live:
        """The table's match, caught up with the saved rows (see
        :meth:`SharedMatches.at`)."""
        self._table_of[table.game_id] = table.id
        return self.matches.live(table.game_id, table.level, known)

    def peek(
        self, table_id: str, game_id: str, known: int | None, use: Callable[[TableRow, Live], T]
    ) -> T | None:
        """``use(table, match)`` at once if this process has both (the match at ``known``
        or later) and nobody is moving it; else None. No I/O, no waiting: for the
        event loop."""
        table = self._tables.get(table_id)
        if table is None:
            return None
        return self.matches.peek(game_id, known, lambda live: use(table, live))

    def read(self, table_id: str, known: int | None, use: Callable[[TableRow, Live], T]) -> T:
        """``use(table, match)``, the table's rows and match read as needed (blocking)."""
        table = self._tables.get(table_id) or self.table(table_id)
        self._table_of[table.game_id] = table.id
        with self.matches.lock(table.game_id):
            return use(table, self.matches.at(table.game_id, table.level, known))

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
        intent = self.matches.parse(request)

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
        """``step`` played on the match and saved, compare-and-set on the version and on
        the table's seats as ``table`` has them (:meth:`SharedMatches.move`); when
        another worker saved first (or the seats changed), the seats are read again and
        ``step`` played again on the match brought up to date. What ``seat`` sees after
        it; every worker hears of a move saved."""
        game_id, checked = table.game_id, False
        self._table_of[game_id] = table.id
        for _ in range(8):
            if table.closed is not None:
                raise ServiceError(409, TABLE_CLOSED)
            turn = self.matches.move(
                game_id,
                table.level,
                partial(_as_at, step, table),
                seat,
                checked=checked,
                guard=seats_guard(table),
                notice=lambda before, actions: self.notice(game_id, (before, actions)),
                cookie=cookie,
                actor=actor,
            )
            checked = True
            if turn == "conflict":
                table = self.table(table.id)
            elif not isinstance(turn, str):
                if not turn.announced:
                    self.notify(game_id, turn.version)
                return Played(turn.version, turn.view, turn.events, table)
        raise ServiceError(503, N_("the table is busy: try again in a moment"))

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
        self._seats_changed(table)

    def admit(self, table: TableRow, seat: int, caps: dict[str, int]) -> bool:
        """One connection of ``seat``'s person more, within ``caps`` of sockets open by
        key on every worker (:meth:`TableStore.admit`), told every worker; whether it
        was let in."""
        if not self.rows.admit(table.id, seat, caps):
            return False
        self._seats_changed(table)
        return True

    def leave(self, table: TableRow, seat: int, keys: tuple[str, ...]) -> None:
        """A connection :meth:`admit` let in has closed, told every worker."""
        self.rows.leave(table.id, seat, keys)
        self._seats_changed(table)

    def _seats_changed(self, table: TableRow) -> None:
        """The rows of ``table``'s seats changed here (a connection, a seat handed back):
        the copy kept here is read again at once, so that this worker's next update has
        them (the bus's word of it may come after that update), and every worker hears."""
        self.notify(table.game_id, self.live(self.table(table.id)).version)

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
        self._table_of[table.game_id] = table.id
        return self.matches.view(table.game_id, table.level, seat)


def _as_at(
    step: Callable[[SharedPlay, TableRow], list[Tagged]], table: TableRow, play: SharedPlay
) -> list[Tagged]:
    """``step`` on ``play`` with the table as ``table`` has it."""
    return step(play, table)


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
