"""The table service: every game of every player, played through one path.

A request names a game by its unguessable id. The service checks that the game belongs
to the requesting player, finds its table in memory (or rebuilds it from the saved code,
options and actions), checks the version the intent was made on, lets the table act
(the player's intent and any opponents' replies), and saves the new actions as one
compare-and-set on the game's version before it answers ``(events, view)``.

Guarantees:

- An action answered with success is saved: a save that fails raises a 503
  :class:`ServiceError` and drops the table from memory, so the next request rebuilds
  it from what is saved.
- An intent made on an older version (a retry, a second tab, another server that moved
  first) is refused with 409 and the current view; it is never applied twice.
- Each game has a lock; calls are blocking (solvers and bots run inside them), so a
  web server calls them from worker threads, but for :meth:`TableService.intent`, the
  one entry point of every intent, which chooses itself what runs where.

Nothing here raises for bad input except :class:`ServiceError`, which carries a 4xx
status and a message marked for translation. The service names no game.

Each job is a module of its own; the service puts them together and offers their verbs:

| module | job |
|---|---|
| ``offered`` | the games offered, by name or by deal code |
| ``player_settings`` | a player's settings, and what a table takes of them |
| ``tables`` | the games in memory: the cache, loading and rebuilding, the view |
| ``dealing`` | new games, restarts, another deal; the games in progress |
| ``acting`` | an intent played (the one entry point), on the event loop or not |
| ``saving`` | a move saved as a compare-and-set, and what a failed save answers |
| ``ending`` | the unwinnable warning, Winnable?, the par of a game won |
| ``asides`` | hints, and the clock stopped while a game is out of sight |
| ``shared_matches`` | the matches several people play at a table: played, saved, seen per seat |
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, cast

from cardems.core.acting import Acting
from cardems.core.asides import Asides
from cardems.core.dealing import Dealer
from cardems.core.ending import Ending
from cardems.core.game import Game
from cardems.core.offered import Offered
from cardems.core.player_settings import PlayerSettings, table_settings
from cardems.core.registry import games as registered_games
from cardems.core.saving import Answer, Move, Saver
from cardems.core.service_error import ServiceError
from cardems.core.shared_matches import SharedGame, SharedMatches
from cardems.core.tables import LiveGame, Tables
from cardems.store import Store

__all__ = ["Answer", "LiveGame", "Move", "ServiceError", "TableService"]


class TableService:
    """Creates, loads, plays and saves the games of every player: its parts, wired."""

    def __init__(
        self,
        store: Store,
        games: tuple[Game, ...] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        offered = Offered(registered_games() if games is None else games)
        self.player_settings = settings = PlayerSettings(store)
        self.tables = tables = Tables(store, offered, settings.read, clock)
        ending = Ending(store, tables, settings)
        self.saver = saver = Saver(store, tables, ending)
        self.acting = acting = Acting(store, tables, saver, ending, settings)
        dealer = Dealer(store, offered, tables, settings)
        asides = Asides(store, tables)
        self.games = offered.games
        together = next((g for g in self.games if hasattr(g, "new_shared_match")), None)
        self.shared = None if together is None else SharedMatches(store, cast(SharedGame, together))
        """The matches of shared tables (their seats and invitations are the web's)."""
        # What is offered
        self.game, self.read_code, self.game_of_code = (
            offered.game,
            offered.read_code,
            offered.game_of_code,
        )
        self.settings = settings.read
        # Creating and loading
        self.new_game, self.restart, self.again = dealer.new_game, dealer.restart, dealer.again
        self.unfinished_games = dealer.unfinished_games
        self.load, self.cached, self.replayed = tables.load, tables.cached, tables.replayed
        self.forget, self.forget_player = tables.forget, tables.forget_player
        # Playing: ``intent`` for the web; the blocking and quick halves for the others
        self.intent, self.act, self.play = acting.intent, acting.act, acting.play
        self.blocks = acting.blocks
        self.save, self.save_async = saver.save, saver.save_async
        # Beside the moves, and the end
        self.hint, self.pause, self.resume = asides.hint, asides.pause, asides.resume
        self.winnable, self.par = ending.winnable, ending.par
        self.lost_at, self.back_to_lost = ending.lost_at, acting.back_to_lost
        self.lost_known = ending.lost

    def update_settings(self, player_id: str, changes: Any) -> dict[str, Any]:
        """Validate and save setting changes (refused whole if any is wrong); the player's
        games in memory take them at once."""
        settings = self.player_settings.change(player_id, changes)
        for live in self.tables.players_games(player_id):
            live.table.settings = table_settings(settings, live.saved.options)
        return settings

    @staticmethod
    def view(live: LiveGame) -> dict[str, Any]:
        """The game's view as every page shows it (:meth:`LiveGame.view`)."""
        return live.view()
