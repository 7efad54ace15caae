"""The database schema, as the scripts that build it step by step, for each database.

SQLite: a file's ``PRAGMA user_version`` counts the scripts already applied to it;
opening it applies the rest, all in one transaction (an upgrade is whole or not at all),
so a file from any earlier release is brought up to date with every game and statistic
kept; a new file gets the tables the scripts build, made at once. PostgreSQL (hosted
from version 5 of the schema on) counts them in its ``cardems_schema`` table and starts
from the whole schema at once. A change to the schema adds a script to both lists.

Version 3 made the schema name no game: the actions of a game, once a JSON list
rewritten whole on every move, became rows appended one by one (``actions``), the
game row gained its ``version`` (how many actions it has; an unreadable old list is
kept as one action, so loading that game still reports it), and the one per-game table
of version 2 (finished Hearts rounds) became generic ``records`` of JSON data. Version 4
added ``meta``: facts about the database itself, such as its secret for form tokens;
version 5 accounts (a name and a password hash for a player) and their sessions;
version 6 (PostgreSQL's 2) ``games.counted``, so a player can reset a game's statistics
without losing its saves; version 7 (PostgreSQL's 3) the hosted-play defences:
``accounts.folded`` (the name as compared, see :mod:`cardems.web.names`; names that
an older release let in twice keep signing in, the later ones under a key of their
own), sessions stored by the SHA-256 of their token with the time they were last seen
(the sessions of older releases, stored as the token itself, end), and
``signin_attempts``, the sign-in throttle shared by every worker; version 8 (PostgreSQL's
4) ``games.par_proven``: whether the par saved is the proven shortest win or only the
best line known; version 9 (PostgreSQL's 5) shared tables: ``shared_tables`` (a match
several people play, its join code, turn clock and host) and ``table_seats`` (who sits
where, whether a bot plays for them, how many connections they have open); version 10
(PostgreSQL's 6) ``table_connections``: a seat's open connections counted by the worker
that holds them, each count leased until the worker's next heartbeat, so the counts of a
worker killed without closing its sockets expire with it; version 11 (PostgreSQL's 7)
``shared_tables.next_table``: the table where the same people play again once its
match is over, and ``socket_counts``: the sockets open to tables by person and by
address, on every worker (each count leased the same way); version 12 (PostgreSQL's 8)
``census``: one row per deal a ``cardems census`` decided (:mod:`cardems.census`), keyed
by game, variant and number, so a deal is never decided twice.
"""

from __future__ import annotations


def _players_and_games(real: str, *, log: str, version: str) -> str:
    """Version 1's players and games, with the database's float type: SQLite's games with
    their ``log`` column (version 3 moved it to ``actions``), PostgreSQL's (from version 5)
    with ``version`` instead."""
    return f"""
    CREATE TABLE players (
        id TEXT PRIMARY KEY,
        created {real} NOT NULL,
        settings TEXT NOT NULL DEFAULT '{{}}'
    );
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        player_id TEXT NOT NULL REFERENCES players(id),
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        code TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{{}}',
        {log}
        elapsed {real} NOT NULL DEFAULT 0,
        timer_stopped INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'playing',
        score INTEGER NOT NULL DEFAULT 0,
        moves INTEGER NOT NULL DEFAULT 0,
        par INTEGER,
        created {real} NOT NULL,
        updated {real} NOT NULL,
        finished {real}{version}
    );
    CREATE INDEX games_by_player ON games(player_id, updated);
    """


META = """
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
"""
"""Version 4: facts about the database itself."""


def _accounts(real: str) -> str:
    """Version 5: accounts and their sessions (``real``: the database's float type)."""
    return f"""
    CREATE TABLE accounts (
        name TEXT PRIMARY KEY,
        player_id TEXT NOT NULL UNIQUE REFERENCES players(id),
        password TEXT NOT NULL,
        created {real} NOT NULL
    );
    CREATE TABLE sessions (
        token TEXT PRIMARY KEY,
        player_id TEXT NOT NULL REFERENCES players(id),
        created {real} NOT NULL
    );
    CREATE INDEX sessions_by_player ON sessions(player_id);
    """


COUNTED = """
    ALTER TABLE games ADD COLUMN counted INTEGER NOT NULL DEFAULT 1;
"""
"""A finished game with ``counted = 0`` is left out of the statistics (the player reset
them); it stays saved, with its replay."""


def _hosted_defences(real: str) -> str:
    """Version 7's script, with ``real`` the database's name of a float."""
    return f"""
    ALTER TABLE accounts ADD COLUMN folded TEXT;
    UPDATE accounts SET folded = replace(replace(replace(lower(name), 'i', 'l'), '1', 'l'),
                                         '0', 'o');
    UPDATE accounts SET folded = folded || ':' || name
        WHERE EXISTS (SELECT 1 FROM accounts AS other
                      WHERE other.folded = accounts.folded AND other.name < accounts.name);
    CREATE UNIQUE INDEX accounts_by_folded ON accounts(folded);
    DELETE FROM sessions;
    ALTER TABLE sessions ADD COLUMN seen {real} NOT NULL DEFAULT 0;
    CREATE TABLE signin_attempts (
        key TEXT PRIMARY KEY,
        attempts INTEGER NOT NULL,
        until {real} NOT NULL,
        last {real} NOT NULL
    );
    """


PAR_PROVEN = """
    ALTER TABLE games ADD COLUMN par_proven INTEGER NOT NULL DEFAULT 1;
"""
"""``par_proven = 0``: the game's par is the best win known, not a proven shortest one
(every par saved before was proven)."""


def _shared_tables(real: str) -> str:
    """Version 9's script, with ``real`` the database's name of a float."""
    return f"""
    CREATE TABLE shared_tables (
        id TEXT PRIMARY KEY,
        game_id TEXT NOT NULL UNIQUE REFERENCES games(id) ON DELETE CASCADE,
        code TEXT UNIQUE,
        host TEXT NOT NULL REFERENCES players(id),
        level TEXT NOT NULL,
        turn_seconds INTEGER NOT NULL,
        created {real} NOT NULL,
        active {real} NOT NULL,
        closed {real}
    );
    CREATE TABLE table_seats (
        table_id TEXT NOT NULL REFERENCES shared_tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        player_id TEXT NOT NULL REFERENCES players(id),
        name TEXT NOT NULL,
        robot INTEGER NOT NULL DEFAULT 0,
        connections INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
    CREATE UNIQUE INDEX table_seats_by_player ON table_seats(table_id, player_id);
    CREATE INDEX table_seats_of_player ON table_seats(player_id);
    """


def _table_connections(real: str) -> str:
    """Version 10's script, with ``real`` the database's name of a float: the counts of
    ``table_seats.connections`` (never expiring) are left behind."""
    return f"""
    CREATE TABLE table_connections (
        table_id TEXT NOT NULL REFERENCES shared_tables(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        worker TEXT NOT NULL,
        sockets INTEGER NOT NULL,
        seen {real} NOT NULL,
        PRIMARY KEY (table_id, seat, worker)
    );
    CREATE INDEX table_connections_by_worker ON table_connections(worker);
    UPDATE table_seats SET connections = 0;
    """


def _next_table(real: str) -> str:
    """Version 11's script, with ``real`` the database's name of a float: a table whose
    match is over names the table of the next match of the same people; the sockets
    open to tables counted by person and by address on each worker, leased as
    ``table_connections`` are (a row of worker ``''`` per key serializes the admissions
    of that key on every worker)."""
    return f"""
    ALTER TABLE shared_tables ADD COLUMN next_table TEXT;
    CREATE TABLE socket_counts (
        key TEXT NOT NULL,
        worker TEXT NOT NULL,
        sockets INTEGER NOT NULL,
        seen {real} NOT NULL,
        PRIMARY KEY (key, worker)
    );
    CREATE INDEX socket_counts_by_worker ON socket_counts(worker);
    """


def _census(real: str, big: str, without_rowid: str) -> str:
    """Version 12's script, with the database's names of a float and a 64-bit integer."""
    return f"""
    CREATE TABLE census (
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        number {big} NOT NULL,
        verdict TEXT NOT NULL,
        length INTEGER,
        nodes {big} NOT NULL,
        cpu {real} NOT NULL,
        solver TEXT NOT NULL,
        PRIMARY KEY (game, variant, number)
    ){without_rowid};
    """


SQLITE_MIGRATIONS: tuple[str, ...] = (
    _players_and_games("REAL", log="log TEXT NOT NULL DEFAULT '[]',", version=""),
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
    """
    CREATE TABLE actions (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID;
    INSERT INTO actions (game_id, seq, action)
        SELECT games.id, entry.key + 1, entry.value
        FROM games, json_each(CASE WHEN json_valid(games.log) AND json_type(games.log) = 'array'
                                   THEN games.log ELSE '[]' END) AS entry;
    INSERT INTO actions (game_id, seq, action)
        SELECT id, 1, log FROM games WHERE NOT json_valid(log) OR json_type(log) != 'array';
    ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET version = (SELECT COUNT(*) FROM actions WHERE actions.game_id = games.id);
    ALTER TABLE games DROP COLUMN log;
    CREATE TABLE records (
        id INTEGER PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        data TEXT NOT NULL
    );
    CREATE INDEX records_by_game ON records(game_id);
    INSERT INTO records (game_id, data)
        SELECT game_id, json_object('round', round, 'points', points,
                                    'moon', json(CASE WHEN moon THEN 'true' ELSE 'false' END),
                                    'queen', json(CASE WHEN queen THEN 'true' ELSE 'false' END))
        FROM hearts_rounds ORDER BY game_id, round;
    DROP TABLE hearts_rounds;
    """,
    META,
    _accounts("REAL"),
    COUNTED,
    _hosted_defences("REAL"),
    PAR_PROVEN,
    _shared_tables("REAL"),
    _table_connections("REAL"),
    _next_table("REAL"),
    _census("REAL", "INTEGER", " WITHOUT ROWID"),
)
"""SQLite's schema scripts in order; statements are separated by semicolons."""

POSTGRES_MIGRATIONS: tuple[str, ...] = (
    _players_and_games(
        "DOUBLE PRECISION", log="", version=",\n        version INTEGER NOT NULL DEFAULT 0"
    )
    + """
    CREATE TABLE actions (
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE records (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        data TEXT NOT NULL
    );
    CREATE INDEX records_by_game ON records(game_id);
    """
    + META
    + _accounts("DOUBLE PRECISION"),
    COUNTED,
    _hosted_defences("DOUBLE PRECISION"),
    PAR_PROVEN,
    _shared_tables("DOUBLE PRECISION"),
    _table_connections("DOUBLE PRECISION"),
    _next_table("DOUBLE PRECISION"),
    _census("DOUBLE PRECISION", "BIGINT", ""),
)
"""PostgreSQL's schema scripts: the whole schema of SQLite's version 5, then the same
steps as SQLite's after it."""
