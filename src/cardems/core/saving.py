"""Saving a move played in memory: its actions as one compare-and-set on the game's
version, blocking or awaited on the event loop; what a failed save answers."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from cardems.core.ending import Ending
from cardems.core.game import Event, View
from cardems.core.service_error import NOT_YOURS, STALE, ServiceError
from cardems.core.tables import LiveGame, Tables
from cardems.i18n.markers import N_
from cardems.store import Progress, Save, Store, StoreError, VersionConflict, VisitorGone

SAVE_FAILED = N_("the game could not be saved, so that action was not played: try again")

log = logging.getLogger("cardems.service")


class Answer(NamedTuple):
    """What an intent did: the game, the events, the new view, why the rules refused it
    (None when they did not), and the top cards before it (what its moves left)."""

    live: LiveGame
    events: list[Event]
    view: View
    refused: str | None = None
    before: Mapping[str, str | None] | None = None


@dataclass
class Move:
    """An intent played in memory, not yet saved: what :meth:`Saver.save` needs."""

    live: LiveGame
    player_id: str
    version: int
    """The version the intent was made on."""
    actions: list[tuple[str, ...]]
    events: list[Event]
    view: View
    cookie: str | None
    retry: bool
    """Played on a copy not checked against the database: if it is stale, play again."""
    before: Mapping[str, str | None] | None = None
    """The top cards before the intent."""
    held: bool = False
    """Whether :meth:`Saver.save` releases the game's lock (taken by ``play``)."""


class Saver:
    """Saves moves; a save that fails leaves nothing in memory that is not saved."""

    def __init__(self, store: Store, tables: Tables, ending: Ending) -> None:
        self.store = store
        self.tables = tables
        self.ending = ending

    def save(self, move: Move, settings: dict[str, Any] | None = None) -> Answer | None:
        """Save ``move`` and release its game's lock. None if the game had changed since
        the copy it was played on (the copy is dropped: play it again)."""
        try:
            try:
                self.store.save_actions(self._save_of(move))
            except Exception as error:
                self._not_saved(move, error)
                return None
            return self._saved(move, settings)
        finally:
            if move.held:
                move.live.lock.release()

    async def save_async(self, move: Move, settings: dict[str, Any] | None = None) -> Answer | None:
        """:meth:`save` awaited on the event loop (see :meth:`Store.save_actions_async`).
        If it is cancelled while the database works, whether the move was saved is not
        known: the game is dropped from memory, to be rebuilt from what is saved."""
        try:
            try:
                await self.store.save_actions_async(self._save_of(move))
            except Exception as error:
                self._not_saved(move, error)
                return None
            except BaseException:
                self.tables.forget(move.live.id)
                raise
            return self._saved(move, settings)
        finally:
            if move.held:
                move.live.lock.release()

    @staticmethod
    def _save_of(move: Move) -> Save:
        """What is saved of ``move`` (:meth:`Store.save_actions`): its actions, the row's
        progress, the records (taken from the table), and beyond the version the status,
        player and cookie to check."""
        live = move.live
        table = live.table
        progress = Progress(
            elapsed=table.timer.elapsed(),
            timer_stopped=table.timer.stopped,
            status=move.view["status"],
            score=int(move.view["score"]),
            moves=int(move.view["moves"]),
        )
        records, table.records = list(table.records), []
        return Save.of(
            live.id,
            move.version,
            move.actions,
            progress,
            records,
            live.status,
            live.saved.player_id,
            move.cookie,
        )

    def _saved(self, move: Move, settings: dict[str, Any] | None) -> Answer:
        """The answer to a saved move (with the unwinnable warning, when it is due)."""
        live = move.live
        live.status = str(move.view["status"])
        events = move.events
        if any(event.get("type") == "move" for event in events):
            events.extend(self.ending.warning(move.player_id, live, settings))
        return Answer(live, events, move.view, before=move.before)

    def _not_saved(self, move: Move, error: Exception) -> None:
        """After a save that failed with ``error``, the copy dropped: nothing more if the
        game had changed and the move may be played again (``move.retry``); else a 409
        with the current view, a 403 if the cookie no longer names the player, a 503 if
        the save failed; any other error as it is."""
        live = move.live
        self.tables.forget(live.id)
        if isinstance(error, VersionConflict):
            if move.retry:
                return None
            current = self.tables.load(live.saved.player_id, live.id)
            raise ServiceError(409, STALE, view=current.view()) from None
        if isinstance(error, VisitorGone):
            raise ServiceError(403, NOT_YOURS) from None
        if isinstance(error, (OSError, StoreError)):
            log.error("saving game %s failed", live.id, exc_info=error)
            raise ServiceError(503, SAVE_FAILED) from None
        raise error
