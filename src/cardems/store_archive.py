"""The store's side of archives (:mod:`cardems.archive`): all of a player's games read
out as one :class:`~cardems.archive.Archive`, an archive's games written in, and a
game's statistics reset. Same SQL for SQLite and PostgreSQL, like :mod:`cardems.store`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator
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


BATCH_ROWS = 2_000
"""About how many rows (games, actions, records) the first transaction of an import
writes; the next ones write twice as many after a transaction shorter than
:data:`HOLD_SECONDS` / 4, half as many after one longer than it (within
:data:`MOST_ROWS`): each holds the database's writer briefly, so another player's move
waits little, and few commits (each a disk flush) make the import no slower than
needed."""
HOLD_SECONDS = 0.2
MOST_ROWS = 20_000
PAUSE = 0.002
"""Seconds an import leaves the writer to the others between two transactions."""


def import_games(store: Store, player_id: str, games: Iterable[ArchivedGame]) -> int:
    """Write ``games`` for the player, in small transactions; the number written.

    A game the player already has (the same id, or a copy: the same deal started at the
    same moment) is skipped, so importing a file twice adds nothing (and one stopped
    half-way completes); a game whose id belongs to another player gets a new id. What
    is there already is read once; ``games`` are read one at a time, and written by
    transactions of about :data:`BATCH_ROWS` rows (more or fewer as they prove quick or
    slow), each committed before the next, so that no transaction (which holds up other
    writers) is long and the memory holds one batch.
    """
    with store.db.reading() as db:
        had = db.execute(
            "SELECT id, code, created FROM games WHERE player_id = ?", (player_id,)
        ).fetchall()
    mine = {row["id"] for row in had}
    copies = {(row["code"], float(row["created"])) for row in had}
    written = 0
    limit = [BATCH_ROWS]
    for batch in _batches(games, mine, copies, limit):
        started = time.perf_counter()
        written += _write(store, player_id, batch)
        held = time.perf_counter() - started
        if held < HOLD_SECONDS / 4:
            limit[0] = min(MOST_ROWS, limit[0] * 2)
        elif held > HOLD_SECONDS:
            limit[0] = max(BATCH_ROWS // 4, limit[0] // 2)
        time.sleep(PAUSE)  # the other writers' turn
    return written


def _batches(
    games: Iterable[ArchivedGame],
    mine: set[str],
    copies: set[tuple[str, float]],
    limit: list[int],
) -> Iterator[list[ArchivedGame]]:
    """The games not had yet, in batches of about ``limit[0]`` rows (read anew for each
    batch)."""
    batch: list[ArchivedGame] = []
    size = 0
    for game in games:
        if game.id in mine or (game.code, game.created) in copies:
            continue
        mine.add(game.id)
        copies.add((game.code, game.created))
        batch.append(game)
        size += 1 + len(game.actions) + len(game.records)
        if size >= limit[0]:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def _write(store: Store, player_id: str, games: list[ArchivedGame]) -> int:
    """One transaction: ``games`` written for the player (new ids for those whose id is
    another player's game's)."""
    rows: list[tuple[Any, ...]] = []
    actions: list[tuple[str, int, str]] = []
    records: list[tuple[str, str]] = []
    with store.transaction() as db:
        others = _taken(db, [game.id for game in games])
        for game in games:
            game_id = new_id() if game.id in others else game.id
            rows.append(_row(player_id, game_id, game))
            actions += [
                (game_id, seq, json.dumps(list(action)))
                for seq, action in enumerate(game.actions, start=1)
            ]
            records += [(game_id, json.dumps(record)) for record in game.records]
        db.executemany(
            f"INSERT INTO games (player_id, version, {GAME_COLUMNS})"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
        db.executemany("INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)", actions)
        db.executemany("INSERT INTO records (game_id, data) VALUES (?, ?)", records)
    return len(rows)


def _taken(db: Any, ids: list[str]) -> set[str]:
    """Which of ``ids`` name games already saved (another player's, here)."""
    taken: set[str] = set()
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        marks = ", ".join("?" * len(chunk))
        found = db.execute(f"SELECT id FROM games WHERE id IN ({marks})", chunk).fetchall()
        taken |= {row["id"] for row in found}
    return taken


def _row(player_id: str, game_id: str, game: ArchivedGame) -> tuple[Any, ...]:
    """The ``games`` row of an imported game."""
    return (
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
    )


def reset_statistics(store: Store, player_id: str, game: str) -> int:
    """Leave the player's finished games of ``game`` out of its statistics from now on
    (they stay saved, with their replays); the number of games left out."""
    with store.transaction() as db:
        return db.execute(
            "UPDATE games SET counted = 0"
            " WHERE player_id = ? AND game = ? AND finished IS NOT NULL AND counted = 1",
            (player_id, game),
        ).rowcount
