"""The one error the table service raises, and the refusals several of its parts give."""

from __future__ import annotations

from typing import Any

from cardems.i18n.markers import N_

STALE = N_("this game has changed since that action was chosen: here is where it stands now")
REPLACED = N_("this game was replaced by a newer deal: it can be seen, not played")
NOT_YOURS = N_("this game belongs to another player")
NO_SUCH_GAME = N_("no such game: it may have been replaced by a newer deal")
AT_A_TABLE = N_("this match is played at a shared table: open it from its table")


class ServiceError(Exception):
    """A refused request: ``status`` (4xx, or 503) and a message for the player."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra
