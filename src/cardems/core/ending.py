"""How a game ends: whether it can still be won (the unwinnable warning, the Winnable?
question) and, once won, its par."""

from __future__ import annotations

import functools
import time
from typing import Any

from cardems.core.game import Event
from cardems.core.player_settings import PlayerSettings
from cardems.core.registry import game_for
from cardems.core.service_error import ServiceError
from cardems.core.tables import LiveGame, Tables
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.store import Store

VERDICT_SECONDS = 3.0
WARNING_SECONDS = 0.05

UNWINNABLE = N_("This game can no longer be won: undo, or start a new deal.")
NO_SOLVER = N_("%(game)s has no solver")


class Ending:
    """The solver's word on a game's end, and the par of a game won."""

    def __init__(self, store: Store, tables: Tables, settings: PlayerSettings) -> None:
        self.store = store
        self.tables = tables
        self.settings = settings

    def slow(self, live: LiveGame, settings: dict[str, Any]) -> bool:
        """Whether a move on ``live`` asks the solver (:meth:`warning`) with ``settings``."""
        return live.game.can_solve and bool(settings["warn_unwinnable"])

    def warning(
        self, player_id: str, live: LiveGame, settings: dict[str, Any] | None = None
    ) -> list[Event]:
        """``unwinnable`` the moment the game can no longer be won, when asked for."""
        if not live.game.can_solve or live.table.status != "playing":
            return []
        settings = self.settings.read(player_id) if settings is None else settings
        if not settings["warn_unwinnable"]:
            return []
        lost = live.game.winnable(live.table, WARNING_SECONDS) is False
        warn = lost and not live.warned
        live.warned = lost
        return [{"type": "unwinnable", "message": UNWINNABLE}] if warn else []

    def winnable(self, player_id: str, game_id: str) -> dict[str, bool | None]:
        """``{"winnable": …, "still_searching": …}``: whether the game can still be won
        from here (None: undecided), and whether an undecided answer was cut short by
        :data:`VERDICT_SECONDS` of the player's waiting (the search had positions left;
        else it spent its positions, and the answer is undecided however long it runs)."""
        live = self.tables.load(player_id, game_id)
        if not live.game.can_solve:
            raise ServiceError(404, NO_SOLVER % {"game": live.game.family.title})
        with live.lock:
            status = live.table.status
            if status != "playing":
                return {"winnable": status == "won", "still_searching": False}
            started = time.monotonic()
            verdict = live.game.winnable(live.table, VERDICT_SECONDS)
            waited = time.monotonic() - started
            if verdict is False:
                live.judged_lost = live.version
            clocked = verdict is None and waited >= VERDICT_SECONDS
            return {"winnable": verdict, "still_searching": clocked}

    def lost(self, live: LiveGame) -> bool:
        """Whether ``live`` is known to be lost: it ended without a win, or the
        unwinnable warning or Winnable? said so at its version."""
        status = live.table.status
        if status == "won" or not live.game.can_solve:
            return False
        return status != "playing" or live.warned or live.judged_lost == live.version

    def lost_at(self, live: LiveGame) -> Any:
        """Where the game was lost (:meth:`Game.where_lost`), once a loss is known, else
        None; worked out once per version (it depends only on the log), with the game's
        lock held only to copy the log (blocking: call it from a worker thread)."""
        with live.lock:
            if not self.lost(live):
                return None
            version = live.version
            if live.lost_at is not None and live.lost_at[0] == version:
                return live.lost_at[1]
            log = list(live.table.log)
            settings = live.table.settings
        code = DealCode.parse(live.saved.code)
        found = live.game.where_lost(code, settings, live.saved.options, log)
        with live.lock:
            if live.version == version:
                live.lost_at = (version, found)
        return found

    def par(self, live: LiveGame) -> int | None:
        """The deal's shortest win (or best known), solved once and then saved (None if
        unknown); :attr:`LiveGame.par_proven` says which."""
        if live.par is None:
            found = best_par(live.game.family.name, live.saved.code)
            if found is not None:
                live.par, live.par_proven = found
                self.store.save_par(live.id, live.par, live.par_proven)
        return live.par


@functools.lru_cache(maxsize=256)
def best_par(game: str, code: str) -> tuple[int, bool] | None:
    """The par of ``game``'s deal ``code``, worked out once a process: the winners of one
    deal (the day's, a shared code) wait for one search between them, not one each. Its
    search is bounded by positions, so every call would answer the same."""
    return game_for(game).best_par(DealCode.parse(code))
