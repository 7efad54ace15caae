"""The store's side of archives (:mod:`cardems.archive`): all of a player's games read
out as one :class:`~cardems.archive.Archive`, an archive's games written in, and a
game's statistics reset. Same SQL for SQLite and PostgreSQL, like :mod:`cardems.store`.
"""

from __future__ import annotations

import json
import time
from typing import Any

from cardems.archive import Archive, ArchivedGame
from cardems.store import Store, new_id, player_records

GAME_COLUMNS = (
    "id, game, variant, code, options, elapsed, timer_stopped, status, score, moves, par,"
    " created, updated, finished, counted, par_proven"
)


def export_games(store: Store, player_id: str, settings: dict[str, Any]) -> Archive:
    """Every game of the player (finished or not), with ``settings``, oldest first."""
    with store.db.reading() as db:
        rows = db.execute(
            f"SELECT {GAME_COLUMNS} FROM games WHERE player_id = ? ORDER BY created, id",
            (player_id,),
        ).fetchall()
        actions: dict[str, list[tuple[str, ...]]] = {}
        for row in db.execute(
            "SELECT actions.game_id, actions.action FROM actions"
            " JOIN games ON games.id = actions.game_id WHERE games.player_id = ?"
            " ORDER BY actions.game_id, actions.seq",
            (player_id,),
        ).fetchall():
            actions.setdefault(row["game_id"], []).append(tuple(json.loads(row["action"])))
        records = player_records(db, player_id)
    games = tuple(
        ArchivedGame(
            id=row["id"],
            game=row["game"],
            variant=row["variant"],
            code=row["code"],
            options=json.loads(row["options"]),
            actions=tuple(actions.get(row["id"], ())),
            records=tuple(records.get(row["id"], ())),
            elapsed=float(row["elapsed"]),
            timer_stopped=bool(row["timer_stopped"]),
            status=row["status"],
            score=int(row["score"]),
            moves=int(row["moves"]),
            par=None if row["par"] is None else int(row["par"]),
            created=float(row["created"]),
            updated=float(row["updated"]),
            finished=None if row["finished"] is None else float(row["finished"]),
            counted=bool(row["counted"]),
            par_proven=bool(row["par_proven"]),
        )
        for row in rows
    )
    return Archive(settings=settings, games=games, exported=time.time())


def import_games(store: Store, player_id: str, games: tuple[ArchivedGame, ...]) -> int:
    """Write ``games`` for the player in one transaction; the number written.

    A game the player already has (the same id, or a copy: the same deal started at the
    same moment) is skipped, so importing a file twice adds nothing; a game whose id
    belongs to another player gets a new id.
    """
    written = 0
    with store.transaction() as db:
        for game in games:
            had = db.execute(
                "SELECT id FROM games WHERE player_id = ?"
                " AND (id = ? OR (code = ? AND created = ?))",
                (player_id, game.id, game.code, game.created),
            ).fetchone()
            if had is not None:
                continue
            owner = db.execute("SELECT player_id FROM games WHERE id = ?", (game.id,)).fetchone()
            game_id = game.id if owner is None else new_id()
            db.execute(
                f"INSERT INTO games (player_id, version, {GAME_COLUMNS})"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    player_id,
                    len(game.actions),
                    game_id,
                    game.game,
                    game.variant,
                    game.code,
                    json.dumps(game.options),
                    game.elapsed,
                    int(game.timer_stopped),
                    game.status,
                    game.score,
                    game.moves,
                    game.par,
                    game.created,
                    game.updated,
                    game.finished,
                    int(game.counted),
                    int(game.par_proven),
                ),
            )
            db.executemany(
                "INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                [
                    (game_id, seq, json.dumps(list(action)))
                    for seq, action in enumerate(game.actions, start=1)
                ],
            )
            db.executemany(
                "INSERT INTO records (game_id, data) VALUES (?, ?)",
                [(game_id, json.dumps(record)) for record in game.records],
            )
            written += 1
    return written


def reset_statistics(store: Store, player_id: str, game: str) -> int:
    """Leave the player's finished games of ``game`` out of its statistics from now on
    (they stay saved, with their replays); the number of games left out."""
    with store.transaction() as db:
        return db.execute(
            "UPDATE games SET counted = 0"
            " WHERE player_id = ? AND game = ? AND finished IS NOT NULL AND counted = 1",
            (player_id, game),
        ).rowcount
