"""The database schema, as the scripts that build it step by step.

A file's ``PRAGMA user_version`` counts the scripts already applied to it; opening it
with :class:`cardems.store.Store` applies the rest, each in one transaction, so a file
from any earlier release is brought up to date with every game and statistic kept.

Version 3 made the schema name no game: the actions of a game, once a JSON list
rewritten whole on every move, became rows appended one by one (``actions``), the
game row gained its ``version`` (how many actions it has; an unreadable old list is
kept as one action, so loading that game still reports it), and the one per-game table
of version 2 (finished Hearts rounds) became generic ``records`` of JSON data. Version 4
added ``meta``: facts about the database itself, such as its secret for form tokens.
"""

from __future__ import annotations

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
    """
    CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
)
"""Schema scripts in order; statements are separated by semicolons."""
