"""Shared tables in the store: a match several people play, who sits where, its code.

A table's match is an ordinary row of ``games`` (its host's, with the status
``shared`` while it is played and ``over`` once it has ended: neither is an
unfinished solo game to continue nor a finished one for the statistics) and its
actions are ordinary ``actions`` rows, saved by :meth:`Store.append_actions` as every
move is, compare-and-set on the version: the rows are the truth every worker reads.
``shared_tables`` adds the join code (None once revoked), the level of the bots, the
turn clock, when a person was last active there, when the table was closed and, once
its match is over, the table where the same people play again (:meth:`again`);
``table_seats`` who sits in each seat and whether a bot plays for them (``robot``:
:data:`LEFT` when they left, or their clock ran out, until they take the seat back;
:data:`HELD` while all their connections are closed, the seat handed back when one
opens again); ``table_connections`` how many connections each seat has open on
each worker, a count that holds only while its worker renews it (:meth:`heartbeat`, at
least every :data:`LEASE_SECONDS`): a worker killed without closing its sockets no
longer shows its players as connected, nor keeps their table from closing, once its
lease runs out. ``socket_counts`` counts the same sockets by person and by address
(:meth:`admit`), so that their caps hold on every worker together.
Names no game.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from cardems.database import Row, Tx
from cardems.store import Guard, Store, new_id, well_formed

SHARED = "shared"
OVER = "over"
LEFT = 1
"""``table_seats.robot`` of a person who left (or whose clock ran out): they take the
seat back themselves."""
HELD = 2
"""``table_seats.robot`` of a person gone without a word (every connection closed): a
bot holds the seat and gives it back when one of theirs opens again."""
LEASE_SECONDS = 150.0
"""How long a worker's connection counts hold without its heartbeat (it renews them
every minute, when it sweeps idle tables)."""


@dataclass(frozen=True)
class SeatRow:
    """A person's seat at a table."""

    seat: int
    player_id: str
    name: str
    robot: bool
    """A bot plays for them (they left, or their turn clock ran out)."""
    connections: int
    account: bool = False
    """They sit under their account's name (else they are a guest, under a name of their
    choosing that no account has)."""
    held: bool = False
    """The bot holds the seat while they are away: it is theirs again when they connect."""


@dataclass(frozen=True)
class TableRow:
    """A shared table and its seats (the empty ones are not listed)."""

    id: str
    game_id: str
    code: str | None
    host: str
    level: str
    turn_seconds: int
    created: float
    active: float
    closed: float | None
    seats: tuple[SeatRow, ...]
    next: str | None = None
    """The table where the same people play their next match, once one of them asked."""

    def seat_of(self, player_id: str) -> SeatRow | None:
        """The seat ``player_id`` has at this table, if any."""
        return next((seat for seat in self.seats if seat.player_id == player_id), None)

    @property
    def people(self) -> frozenset[int]:
        """The seats a person plays now (seated, no bot in their place)."""
        return frozenset(seat.seat for seat in self.seats if not seat.robot)


def seats_guard(table: TableRow) -> Guard:
    """A save's condition (:meth:`Store.append_actions`) that the table is as ``table``
    holds it: open, a person (no bot) in the same seats."""
    people = sum(1 << seat for seat in table.people)
    return (
        "(SELECT closed FROM shared_tables WHERE id = ?) IS NULL"
        " AND (SELECT COALESCE(SUM(1 << seat), 0) FROM table_seats"
        " WHERE table_id = ? AND robot = 0) = ?",
        (table.id, table.id, people),
    )


_TABLE = (
    "SELECT id, game_id, code, host, level, turn_seconds, created, active, closed,"
    " next_table FROM shared_tables"
)


class _OverCap(Exception):
    """A key of :meth:`TableStore.admit` has its cap of sockets open (rolls it back)."""


class TableStore:
    """The shared tables of one :class:`Store` (see the module docstring)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.worker = new_id()
        """This process's name in ``table_connections`` (one per store opened)."""

    def open_table(
        self,
        host: str,
        name: str,
        game: str,
        variant: str,
        code: str,
        options: dict[str, object],
        *,
        level: str,
        turn_seconds: int,
        join_code: str,
    ) -> str:
        """A new table with its match row and its host in seat 0; its id."""
        table_id, game_id, now = new_id(), new_id(), time.time()
        with self.store.transaction() as db:
            db.execute(
                "INSERT INTO games (id, player_id, game, variant, code, options, status,"
                " timer_stopped, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                (game_id, host, game, variant, code, json.dumps(options), SHARED, now, now),
            )
            db.execute(
                "INSERT INTO shared_tables (id, game_id, code, host, level, turn_seconds,"
                " created, active) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, game_id, join_code, host, level, turn_seconds, now, now),
            )
            db.execute(
                "INSERT INTO table_seats (table_id, seat, player_id, name) VALUES (?, 0, ?, ?)",
                (table_id, host, name),
            )
        return table_id

    def again(
        self, table_id: str, game: str, variant: str, code: str, options: dict[str, object]
    ) -> str:
        """The table of the next match of ``table_id``'s people: the same seats (each
        as it is: a bot still holds the seat of whoever left), host, bots' level, clock
        and join code, a new deal; made once (whoever asks first), the old table closed
        with its match kept. Its id."""
        new_table, game_id, now = new_id(), new_id(), time.time()
        with self.store.transaction() as db:
            old = db.execute(f"{_TABLE} WHERE id = ?", (table_id,)).fetchone()
            claimed = db.execute(
                "UPDATE shared_tables SET next_table = ?, closed = COALESCE(closed, ?),"
                " code = NULL WHERE id = ? AND next_table IS NULL",
                (new_table, now, table_id),
            ).rowcount
            if claimed != 1:  # asked already: that table
                row = db.execute(
                    "SELECT next_table FROM shared_tables WHERE id = ?", (table_id,)
                ).fetchone()
                return str(row["next_table"])
            db.execute(
                "INSERT INTO games (id, player_id, game, variant, code, options, status,"
                " timer_stopped, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
                (game_id, old["host"], game, variant, code, json.dumps(options), SHARED, now, now),
            )
            db.execute(
                "INSERT INTO shared_tables (id, game_id, code, host, level, turn_seconds,"
                " created, active) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    new_table,
                    game_id,
                    old["code"],
                    old["host"],
                    old["level"],
                    old["turn_seconds"],
                    now,
                    now,
                ),
            )
            db.execute(
                "INSERT INTO table_seats (table_id, seat, player_id, name, robot)"
                " SELECT ?, seat, player_id, name, robot FROM table_seats WHERE table_id = ?",
                (new_table, table_id),
            )
        return new_table

    def table(self, table_id: str) -> TableRow | None:
        """The table and its seats, or None."""
        if not well_formed(table_id):
            return None
        with self.store.db.reading() as db:
            row = db.execute(f"{_TABLE} WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            seats = db.execute(
                "SELECT seat, table_seats.player_id, table_seats.name, robot,"
                " (SELECT COALESCE(SUM(sockets), 0) FROM table_connections AS held"
                "  WHERE held.table_id = table_seats.table_id AND held.seat = table_seats.seat"
                "  AND held.seen > ?) AS connections,"
                " accounts.player_id IS NOT NULL AS account FROM table_seats"
                " LEFT JOIN accounts ON accounts.player_id = table_seats.player_id"
                " WHERE table_id = ? ORDER BY seat",
                (time.time() - LEASE_SECONDS, table_id),
            ).fetchall()
        return _table(row, seats)

    def by_code(self, code: str) -> str | None:
        """The id of the open table whose join code is ``code`` (formatted), or None."""
        rows = self.store.db.execute(
            "SELECT id FROM shared_tables WHERE code = ? AND closed IS NULL", (code,)
        )
        return str(rows[0]["id"]) if rows else None

    def sit(self, table_id: str, player_id: str, name: str) -> int | None:
        """Seat ``player_id`` in the lowest empty seat (or give back theirs); None when
        the table is full or closed."""
        with self.store.transaction() as db:
            row = db.execute(
                "SELECT closed FROM shared_tables WHERE id = ?", (table_id,)
            ).fetchone()
            if row is None or row["closed"] is not None:
                return None
            taken = {
                int(r["seat"]): str(r["player_id"])
                for r in db.execute(
                    "SELECT seat, player_id FROM table_seats WHERE table_id = ?", (table_id,)
                ).fetchall()
            }
            for seat, player in taken.items():
                if player == player_id:
                    return seat
            free = [seat for seat in range(4) if seat not in taken]
            if not free:
                return None
            inserted = db.execute(
                "INSERT INTO table_seats (table_id, seat, player_id, name) VALUES (?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (table_id, free[0], player_id, name),
            ).rowcount
        return free[0] if inserted == 1 else self.sit(table_id, player_id, name)

    def set_robot(self, table_id: str, seats: frozenset[int], robot: bool) -> None:
        """A bot plays (``robot``) or stops playing for the people in ``seats``."""
        if not seats:
            return
        marks = ", ".join("?" for _ in seats)
        with self.store.transaction() as db:
            db.execute(
                f"UPDATE table_seats SET robot = ? WHERE table_id = ? AND seat IN ({marks})",
                (LEFT if robot else 0, table_id, *sorted(seats)),
            )
            self._touch(db, table_id)

    def unseat(self, table_id: str, seat: int, code: str | None) -> str | None:
        """Take ``seat`` from its person (the bots play it; another may sit there) and
        give the table the join code ``code`` if it has one (the person removed knows the
        old one); the id of the person removed, or None when nobody sat there."""
        with self.store.transaction() as db:
            row = db.execute(
                "SELECT player_id FROM table_seats WHERE table_id = ? AND seat = ?",
                (table_id, seat),
            ).fetchone()
            if row is None:
                return None
            db.execute("DELETE FROM table_seats WHERE table_id = ? AND seat = ?", (table_id, seat))
            db.execute(
                "UPDATE shared_tables SET code = ? WHERE id = ? AND code IS NOT NULL",
                (code, table_id),
            )
            self._touch(db, table_id)
        return str(row["player_id"])

    def hold(self, table_id: str, seat: int, player_id: str) -> bool:
        """A bot holds ``seat`` for ``player_id`` if they still sit there, play it
        themselves and have no connection open on any worker (counts leased), at an open
        table; whether it does now."""
        with self.store.transaction() as db:
            held = db.execute(
                "UPDATE table_seats SET robot = ? WHERE table_id = ? AND seat = ?"
                " AND player_id = ? AND robot = 0"
                " AND (SELECT closed FROM shared_tables WHERE id = ?) IS NULL"
                " AND NOT EXISTS (SELECT 1 FROM table_connections AS held"
                " WHERE held.table_id = ? AND held.seat = ? AND sockets > 0 AND seen > ?)",
                (
                    HELD,
                    table_id,
                    seat,
                    player_id,
                    table_id,
                    table_id,
                    seat,
                    time.time() - LEASE_SECONDS,
                ),
            ).rowcount
        return held == 1

    def admit(self, table_id: str, seat: int, caps: dict[str, int]) -> bool:
        """One connection more of the person in ``seat`` (see :meth:`connected`), counted
        against each key of ``caps`` (their person, their address) on every worker;
        refused, nothing counted, when a key has its cap of sockets open already. The
        row of worker ``''`` of each key, written first, makes the admissions of that
        key wait for each other on every worker (a row lock on PostgreSQL; SQLite has
        one writer), so that two sockets opened at once on two workers never both take
        the last place."""
        now = time.time()
        try:
            with self.store.transaction() as db:
                for key, cap in sorted(caps.items()):
                    db.execute(
                        "INSERT INTO socket_counts (key, worker, sockets, seen)"
                        " VALUES (?, '', 0, ?) ON CONFLICT (key, worker) DO UPDATE"
                        " SET seen = excluded.seen",
                        (key, now),
                    )
                    row = db.execute(
                        "SELECT COALESCE(SUM(sockets), 0) AS n FROM socket_counts"
                        " WHERE key = ? AND worker <> '' AND seen > ?",
                        (key, now - LEASE_SECONDS),
                    ).fetchone()
                    if int(row["n"]) >= cap:
                        raise _OverCap
                for key in sorted(caps):
                    self._count(db, key, 1, now)
                self._connected(db, table_id, seat, 1, now)
        except _OverCap:
            return False
        return True

    def leave(self, table_id: str, seat: int, keys: tuple[str, ...]) -> None:
        """A connection :meth:`admit` counted has closed."""
        now = time.time()
        with self.store.transaction() as db:
            for key in sorted(keys):
                self._count(db, key, -1, now)
            self._connected(db, table_id, seat, -1, now)

    def _count(self, db: Tx, key: str, change: int, now: float) -> None:
        db.execute(
            "INSERT INTO socket_counts (key, worker, sockets, seen) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (key, worker) DO UPDATE"
            " SET sockets = socket_counts.sockets + excluded.sockets, seen = excluded.seen",
            (key, self.worker, change, now),
        )
        db.execute(
            "DELETE FROM socket_counts WHERE key = ? AND worker = ? AND sockets <= 0",
            (key, self.worker),
        )

    def connected(self, table_id: str, seat: int, change: int) -> None:
        """One connection of the person in ``seat`` more (1) or fewer (-1), on this
        worker (its count leased until its next :meth:`heartbeat`); a seat a bot held
        for them (:data:`HELD`) is theirs again once one opens."""
        with self.store.transaction() as db:
            self._connected(db, table_id, seat, change, time.time())

    def _connected(self, db: Tx, table_id: str, seat: int, change: int, now: float) -> None:
        if change > 0:
            db.execute(
                "UPDATE table_seats SET robot = 0 WHERE table_id = ? AND seat = ? AND robot = ?",
                (table_id, seat, HELD),
            )
        db.execute(
            "INSERT INTO table_connections (table_id, seat, worker, sockets, seen)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, seat, worker) DO UPDATE"
            " SET sockets = table_connections.sockets + excluded.sockets,"
            " seen = excluded.seen",
            (table_id, seat, self.worker, change, now),
        )
        db.execute(
            "DELETE FROM table_connections WHERE table_id = ? AND seat = ? AND worker = ?"
            " AND sockets <= 0",
            (table_id, seat, self.worker),
        )
        self._touch(db, table_id)

    def heartbeat(self, now: float | None = None) -> None:
        """Renew this worker's connection counts, and forget those whose worker has not
        renewed them for :data:`LEASE_SECONDS` (it is gone)."""
        now = time.time() if now is None else now
        with self.store.transaction() as db:
            db.execute("UPDATE table_connections SET seen = ? WHERE worker = ?", (now, self.worker))
            db.execute("DELETE FROM table_connections WHERE seen <= ?", (now - LEASE_SECONDS,))
            db.execute("UPDATE socket_counts SET seen = ? WHERE worker = ?", (now, self.worker))
            db.execute("DELETE FROM socket_counts WHERE seen <= ?", (now - LEASE_SECONDS,))

    def release(self) -> None:
        """This worker stops: its connection counts end with it."""
        with self.store.transaction() as db:
            db.execute("DELETE FROM table_connections WHERE worker = ?", (self.worker,))
            db.execute("DELETE FROM socket_counts WHERE worker = ?", (self.worker,))

    @staticmethod
    def _touch(db: Tx, table_id: str) -> None:
        """A person was active at the table now."""
        db.execute("UPDATE shared_tables SET active = ? WHERE id = ?", (time.time(), table_id))

    def new_code(self, table_id: str, code: str | None) -> None:
        """Replace the table's join code (None: no link lets anyone in)."""
        with self.store.transaction() as db:
            db.execute("UPDATE shared_tables SET code = ? WHERE id = ?", (code, table_id))

    def close_idle(self, before: float) -> list[str]:
        """Close the open tables where nobody has been active (sat, left, connected) or
        moved since ``before`` and nobody is connected; their ids. Their matches stay
        saved."""
        now = time.time()
        with self.store.transaction() as db:
            rows = db.execute(
                "SELECT shared_tables.id FROM shared_tables JOIN games ON games.id = game_id"
                " WHERE closed IS NULL AND active < ? AND games.updated < ?"
                " AND NOT EXISTS (SELECT 1 FROM table_connections AS held"
                " WHERE held.table_id = shared_tables.id AND sockets > 0 AND seen > ?)",
                (before, before, now - LEASE_SECONDS),
            ).fetchall()
            ids = [str(row["id"]) for row in rows]
            for table_id in ids:
                db.execute(
                    "UPDATE shared_tables SET closed = ?, code = NULL WHERE id = ?",
                    (now, table_id),
                )
        return ids

    def actions_after(self, game_id: str, version: int) -> list[tuple[str, ...]]:
        """The game's saved actions after the first ``version`` (a worker catching up)."""
        rows = self.store.db.execute(
            "SELECT action FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, version),
        )
        return [tuple(json.loads(row["action"])) for row in rows]

    def tables_of(self, player_id: str) -> list[TableRow]:
        """The open tables where ``player_id`` has a seat, the newest first."""
        rows = self.store.db.execute(
            "SELECT table_id FROM table_seats JOIN shared_tables ON id = table_id"
            " WHERE player_id = ? AND closed IS NULL ORDER BY created DESC",
            (player_id,),
        )
        found = [self.table(str(row["table_id"])) for row in rows]
        return [table for table in found if table is not None]


def _table(row: Row, seats: list[Row]) -> TableRow:
    return TableRow(
        id=str(row["id"]),
        game_id=str(row["game_id"]),
        code=None if row["code"] is None else str(row["code"]),
        host=str(row["host"]),
        level=str(row["level"]),
        turn_seconds=int(row["turn_seconds"]),
        created=float(row["created"]),
        active=float(row["active"]),
        closed=None if row["closed"] is None else float(row["closed"]),
        next=None if row["next_table"] is None else str(row["next_table"]),
        seats=tuple(
            SeatRow(
                seat=int(s["seat"]),
                player_id=str(s["player_id"]),
                name=str(s["name"]),
                robot=bool(s["robot"]),
                connections=int(s["connections"]),
                account=bool(s["account"]),
                held=int(s["robot"]) == HELD,
            )
            for s in seats
        ),
    )
