"""A player's settings as the table service reads them, and what a table takes of them."""

from __future__ import annotations

from typing import Any

from cardems.core.game import TableSettings
from cardems.core.service_error import ServiceError
from cardems.core.settings import SettingsError, validate, with_defaults
from cardems.store import Store


class PlayerSettings:
    """Every player's settings, read and changed through the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def read(self, player_id: str | None) -> dict[str, Any]:
        """The player's settings with defaults filled in (defaults for no player)."""
        return with_defaults(self.store.settings(player_id) if player_id else {})

    def change(self, player_id: str, changes: Any) -> dict[str, Any]:
        """Validate and save setting changes (a 400 for the whole request if any is
        wrong); the player's settings after them."""
        try:
            valid = validate(changes)
        except SettingsError as error:
            raise ServiceError(400, str(error)) from None
        settings = self.read(player_id) | valid
        self.store.save_settings(player_id, settings)
        return settings


def table_settings(settings: dict[str, Any], options: dict[str, Any]) -> TableSettings:
    """What a table takes of a player's ``settings`` and its game's ``options``."""
    # Auto-move changes what a replayed log does, so it is fixed per game at its start.
    return TableSettings(
        move_errors=bool(settings["move_errors"]),
        placement_help=bool(settings["placement_help"]),
        auto_move=bool(options.get("auto_move", False)),
        coach=bool(settings["coach"]),
    )
