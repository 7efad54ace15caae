"""What a player asks beside moves: a hint, and the clock stopped while the game is
out of sight."""

from __future__ import annotations

from typing import Any

from cardems.core.tables import LiveGame, Tables
from cardems.store import Store


class Asides:
    """Hints and the clock of the games in memory."""

    def __init__(self, store: Store, tables: Tables) -> None:
        self.store = store
        self.tables = tables

    def hint(self, player_id: str, game_id: str, lang: str = "en") -> dict[str, Any] | None:
        """A suggestion for the player now, its words in ``lang``."""
        live = self.tables.load(player_id, game_id)
        with live.lock:
            return live.table.hint(lang)

    def pause(self, player_id: str, game_id: str) -> None:
        """The tab was hidden or closed: stop the clock until the game is seen again."""
        live = self.tables.load(player_id, game_id)
        with live.lock:
            timer = live.table.timer
            timer.pause()
            self.store.save_timer(live.id, timer.elapsed(), timer.stopped)

    @staticmethod
    def resume(live: LiveGame) -> None:
        """The game is on screen again: its clock runs if it had started."""
        if live.table.status == "playing" and live.table.view()["moves"] > 0:
            live.table.timer.start()
