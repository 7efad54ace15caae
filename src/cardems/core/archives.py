"""A player's saves, statistics and settings carried between browsers and machines as one
file (:mod:`cardems.archive`), and a game's statistics reset: what the table service
does around the store for them.

An archive is taken in whole or not at all: every game is replayed by its game's rules
first, so a damaged or foreign file changes nothing. Memory stays bounded whatever the
file holds: the games, each replayed as it is read, wait in a temporary file (one JSON
line each), and are then written in small transactions
(:func:`cardems.store_archive.import_games`), so that no other player's move waits
behind the import for long. Should the database fail between two of them, the games
written stay; importing the file again adds the others (a game had is skipped).

What the replay decides is not taken from the file: a game's status (except that a game
in play may have been given up), score, moves and records are the replay's, its time
must fit between its start and its last move, and its par is worked out again when it
is needed.
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
import time
from collections.abc import Iterator
from typing import IO, Any, BinaryIO

from cardems.archive import Archive, ArchivedGame, ArchiveError, read_archive
from cardems.core.service import ServiceError, TableService
from cardems.core.settings import DEFAULT_SETTINGS, SettingsError, validate
from cardems.i18n.markers import N_
from cardems.store_archive import export_games, import_games
from cardems.store_archive import reset_statistics as reset_counted
from cardems.store_tables import SHARED

CANNOT_REPLAY = N_("game %(number)s of the archive (%(code)s) cannot be replayed: %(error)s")


def export_archive(service: TableService, player_id: str) -> Archive:
    """Everything the player has (nothing for a visitor who never played), but a match
    against opponents still in play, alone or at a shared table (status ``shared``): its
    deal code, which names their hands and every later round's, its secret and its log
    (the others' passes) stay on the server until it ends."""
    if not player_id:
        return export_games(service.store, "", {})
    archive = export_games(service.store, player_id, service.store.settings(player_id))
    secret = {game.family.name for game in service.games if game.opponents}
    kept = [
        g
        for g in archive.games
        if g.status != SHARED and not (g.game in secret and g.status == "playing")
    ]
    return dataclasses.replace(archive, games=tuple(kept))


def import_archive(service: TableService, player_id: str, source: BinaryIO) -> int:
    """Take in the games and settings of an archive read from ``source``; how many games
    were new. A 400 :class:`ServiceError` says what is wrong, and then nothing changed."""
    settings: dict[str, Any] = {}
    with tempfile.TemporaryFile("w+", encoding="utf-8") as checked:
        count = 0
        try:
            for part in read_archive(source):
                if isinstance(part, ArchivedGame):
                    count += 1
                    game = _checked(service, count, part)
                    checked.write(json.dumps(_fields(game), separators=(",", ":")))
                    checked.write("\n")
                    time.sleep(0)  # hands the interpreter to the event loop between games
                elif isinstance(part, dict):
                    settings = part
        except ArchiveError as error:
            raise ServiceError(400, str(error)) from None
        checked.seek(0)
        written = import_games(service.store, player_id, _spooled(checked))
    known = _known_settings(settings)
    if known:
        service.update_settings(player_id, known)
    return written


def _fields(game: ArchivedGame) -> dict[str, Any]:
    """The game's fields as they are (no deep copy: JSON writes tuples as lists)."""
    return {name: getattr(game, name) for name in FIELDS}


FIELDS = tuple(field.name for field in dataclasses.fields(ArchivedGame))


def _spooled(lines: IO[str]) -> Iterator[ArchivedGame]:
    """The checked games written to ``lines``, read back one at a time."""
    for line in lines:
        data = json.loads(line)
        data["actions"] = tuple(tuple(action) for action in data["actions"])
        data["records"] = tuple(data["records"])
        yield ArchivedGame(**data)


def reset_statistics(service: TableService, player_id: str, game: str) -> int:
    """Leave the player's finished games of ``game`` out of its statistics (kept saved)."""
    return reset_counted(service.store, player_id, service.game(game).family.name)


def _checked(service: TableService, number: int, game: ArchivedGame) -> ArchivedGame:
    """``game`` as its replay makes it, or a 400 unless it is one this server offers and
    replays, with times that fit."""
    try:
        offered, table = service.replayed(game.code, game.options, ())
        if offered.family.name != game.game:
            raise ValueError(f"{game.code} is not a deal of {game.game}")
        for action in game.actions:
            table.restore(action)
        if [tuple(action) for action in table.log] != list(game.actions):
            raise ValueError("a move in it does not fit the game")
        view = table.view()
        return dataclasses.replace(
            game,
            variant=table.code.variant,
            records=tuple(table.records),
            par=None,
            score=int(view["score"]),
            moves=int(view["moves"]),
            **_times(game, table.status),
        )
    except ServiceError as error:
        raise ServiceError(
            400, CANNOT_REPLAY % {"number": number, "code": game.code, "error": error.message}
        ) from None
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise ServiceError(
            400, CANNOT_REPLAY % {"number": number, "code": game.code, "error": error}
        ) from None


SLACK = 60.0
"""Seconds of clock difference allowed between a game's recorded times."""


def _times(game: ArchivedGame, replayed: str) -> dict[str, Any]:
    """The status and times of an imported game: the replay's status (a game it leaves in
    play may have been given up), times in order and no later than now."""
    status = "abandoned" if replayed == "playing" and game.status == "abandoned" else replayed
    now = time.time() + SLACK
    if not game.created <= game.updated <= now:
        raise ValueError("its times are out of order")
    if game.elapsed > game.updated - game.created + SLACK:
        raise ValueError("its playing time is longer than the time since it began")
    finished = None
    if status != "playing":
        finished = game.finished if game.finished is not None else game.updated
        if not game.created <= finished <= game.updated + SLACK:
            raise ValueError("its end is out of order")
    return {"status": status, "finished": finished}


def _known_settings(saved: dict[str, Any]) -> dict[str, Any]:
    """The archive's settings this version knows and allows (others are left out)."""
    known: dict[str, Any] = {}
    for key, value in saved.items():
        if key in DEFAULT_SETTINGS:
            try:
                known |= validate({key: value})
            except SettingsError:
                continue
    return known
