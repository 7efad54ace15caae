"""A player's saves, statistics and settings carried between browsers and machines as one
file (:mod:`cardems.archive`), and a game's statistics reset: what the table service
does around the store for them.

An archive is taken in whole or not at all: every game is replayed by its game's rules
first, so a damaged or foreign file changes nothing.
"""

from __future__ import annotations

from typing import Any

from cardems.archive import Archive, ArchivedGame, ArchiveError, archive_from_json
from cardems.core.service import ServiceError, TableService
from cardems.core.settings import SETTING_CHOICES, SettingsError, validate
from cardems.i18n.markers import N_
from cardems.store_archive import export_games, import_games
from cardems.store_archive import reset_statistics as reset_counted

CANNOT_REPLAY = N_("game %(number)s of the archive (%(code)s) cannot be replayed: %(error)s")


def export_archive(service: TableService, player_id: str) -> Archive:
    """Everything the player has (nothing for a visitor who never played)."""
    if not player_id:
        return export_games(service.store, "", {})
    return export_games(service.store, player_id, service.store.settings(player_id))


def import_archive(service: TableService, player_id: str, data: Any) -> int:
    """Take in the games and settings of an archive (decoded JSON); how many games were
    new. A 400 :class:`ServiceError` says what is wrong, and then nothing changed."""
    try:
        archive = archive_from_json(data)
    except ArchiveError as error:
        raise ServiceError(400, str(error)) from None
    for number, game in enumerate(archive.games, start=1):
        _check(service, number, game)
    written = import_games(service.store, player_id, archive.games)
    settings = _known_settings(archive.settings)
    if settings:
        service.update_settings(player_id, settings)
    return written


def reset_statistics(service: TableService, player_id: str, game: str) -> int:
    """Leave the player's finished games of ``game`` out of its statistics (kept saved)."""
    return reset_counted(service.store, player_id, service.game(game).family.name)


def _check(service: TableService, number: int, game: ArchivedGame) -> None:
    """Refuse the archive unless ``game`` is one this server offers and replays."""
    try:
        offered, table = service.replayed(game.code, game.options, game.actions)
        if offered.family.name != game.game:
            raise ValueError(f"{game.code} is not a deal of {game.game}")
        if [tuple(action) for action in table.log] != list(game.actions):
            raise ValueError("a move in it does not fit the game")
    except ServiceError as error:
        raise ServiceError(
            400, CANNOT_REPLAY % {"number": number, "code": game.code, "error": error.message}
        ) from None
    except (ValueError, KeyError, TypeError, IndexError) as error:
        raise ServiceError(
            400, CANNOT_REPLAY % {"number": number, "code": game.code, "error": error}
        ) from None


def _known_settings(saved: dict[str, Any]) -> dict[str, Any]:
    """The archive's settings this version knows and allows (others are left out)."""
    known: dict[str, Any] = {}
    for key, value in saved.items():
        if key in SETTING_CHOICES:
            try:
                known |= validate({key: value})
            except SettingsError:
                continue
    return known
