"""The games in memory: each player's table found in the cache or rebuilt from the store.

A game's head (version, status, player) is read from the store; the cached table is
used only if it matches, else it is rebuilt from the saved code, options and actions.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from cardems.core.game import Action, Game, Table, View, replay
from cardems.core.offered import Offered
from cardems.core.player_settings import table_settings
from cardems.core.service_error import AT_A_TABLE, NO_SUCH_GAME, NOT_YOURS, ServiceError
from cardems.core.settings import with_defaults
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.store import CorruptSave, SavedGame, Store
from cardems.store_tables import OVER, SHARED
from cardems.timer import GameTimer

CACHE_SIZE = 2000
AT_TABLES = frozenset({SHARED, OVER})
"""The statuses of a shared table's match: its game id belongs to the table's routes
(:mod:`cardems.web.shared_tables`), never to a solo route, which would rebuild it as a
solo game (one seat, bots for the others' hands) and could show, play or restart it."""


def top_cards(view: View) -> dict[str, str | None]:
    """Each pile's top card in ``view`` (None: face down), by target; empty piles left out."""
    return {
        pile["target"]: pile["cards"][-1]["card"]
        for pile in view.get("piles", ())
        if pile.get("cards")
    }


@dataclass
class LiveGame:
    """A game in memory: its saved identity, its declaration and its table."""

    saved: SavedGame
    game: Game
    table: Table
    status: str
    """The status saved on the game's row (``abandoned`` once replaced by a newer deal)."""
    par: int | None = None
    par_proven: bool = True
    """Whether ``par`` is the proven shortest win (else the best known)."""
    warned: bool = False
    judged_lost: int | None = None
    """The version at which Winnable? said the game could no longer be won."""
    lost_at: tuple[int, Any] | None = None
    """Where the game was lost, worked out at a version (:meth:`Ending.lost_at`)."""
    tops: dict[str, str | None] = field(default_factory=dict)
    """The top cards of the last view made (:func:`top_cards`): what a move left."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    """Held while an intent is played and saved (released by whichever thread saves)."""

    @property
    def id(self) -> str:
        """The game's id."""
        return self.saved.id

    @property
    def version(self) -> int:
        """How many actions the game has."""
        return len(self.table.log)

    def view(self) -> View:
        """The table's view plus what every page needs: id, version, clock and, once won,
        the par if it is known (:class:`cardems.core.ending.Ending` works it out); its
        top cards are kept in :attr:`tops`."""
        view = self.table.view()
        view["id"] = self.id
        view["version"] = self.version
        view["timer_running"] = self.table.timer.running_since is not None
        if view.get("code"):  # a view that hides its deal (Hearts in play) hides its name
            view["deal_name"] = self.game.deal_name(DealCode.parse(view["code"]))
        if self.status == "abandoned":
            view["status"] = "abandoned"
        if view["status"] == "won":
            view["par"] = self.par
            view["par_proven"] = self.par_proven
        self.tops = top_cards(view)
        return view


class Tables:
    """Every player's games in memory (the most recent :data:`CACHE_SIZE`)."""

    def __init__(
        self,
        store: Store,
        offered: Offered,
        settings: Callable[[str | None], dict[str, Any]],
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.offered = offered
        self.settings = settings
        self.clock = clock
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._guard = threading.Lock()

    def cached(self, player_id: str, game_id: str) -> LiveGame | None:
        """The player's game as this process last saw it, without asking the database: it
        may be stale, which the save of a move finds out (its compare-and-set)."""
        with self._guard:
            live = self._live.get(game_id)
        return live if live is not None and live.saved.player_id == player_id else None

    def load(self, player_id: str, game_id: str) -> LiveGame:
        """The player's game, from memory if it is still what is saved, else rebuilt; a
        409 for a shared table's match (:data:`AT_TABLES`), whoever asks."""
        head = self.store.head(game_id)
        if head is None:
            raise ServiceError(404, NO_SUCH_GAME)
        if head[1] in AT_TABLES:
            raise ServiceError(*((409, AT_A_TABLE) if head[2] == player_id else (403, NOT_YOURS)))
        with self._guard:
            live = self._live.get(game_id)
            if live is not None and (live.version, live.status, live.saved.player_id) == head:
                self._live.move_to_end(game_id)
            else:
                live = None
        if live is None:
            live = self._rebuild(game_id)
            with self._guard:
                self._live[game_id] = live
                while len(self._live) > CACHE_SIZE:
                    self._live.popitem(last=False)
        if live.saved.player_id != player_id:
            raise ServiceError(403, NOT_YOURS)
        return live

    def players_games(self, player_id: str) -> list[LiveGame]:
        """The player's games in memory."""
        with self._guard:
            return [live for live in self._live.values() if live.saved.player_id == player_id]

    def forget_player(self, player_id: str, game: str | None = None) -> None:
        """Drop a player's games (of ``game`` only, if given) from memory: they were given
        to another player, or closed by a new deal."""
        with self._guard:
            for game_id in [
                key
                for key, live in self._live.items()
                if live.saved.player_id == player_id and game in (None, live.saved.game)
            ]:
                del self._live[game_id]

    def forget(self, game_id: str) -> None:
        """Drop a game from memory: the next request rebuilds it from what is saved."""
        with self._guard:
            self._live.pop(game_id, None)

    def _rebuild(self, game_id: str) -> LiveGame:
        try:
            saved = self.store.load_game(game_id)
        except CorruptSave as error:
            raise ServiceError(409, str(error)) from None
        if saved is None:
            raise ServiceError(404, NO_SUCH_GAME)
        try:
            game, table = self.replayed(
                saved.code, saved.options, saved.log, self.settings(saved.player_id)
            )
        except (ValueError, KeyError, TypeError, IndexError) as error:
            message = N_("the saved game %(id)s cannot be replayed: %(error)s")
            raise ServiceError(409, message % {"id": saved.id, "error": error}) from None
        stopped = saved.timer_stopped or table.timer.stopped  # a game without a clock
        table.timer = GameTimer.from_dict(
            {"elapsed": saved.elapsed, "stopped": stopped}, clock=self.clock
        )
        return LiveGame(
            saved, game, table, status=saved.status, par=saved.par, par_proven=saved.par_proven
        )

    def replayed(
        self,
        code_text: str,
        options: dict[str, Any],
        log: Iterable[Action],
        settings: dict[str, Any] | None = None,
    ) -> tuple[Game, Table]:
        """The offered game dealing ``code_text`` and its table after ``log``, with the
        player's ``settings`` (defaults if None). A 404 if the game is not offered;
        ValueError, KeyError, TypeError or IndexError if the code or log does not fit."""
        code = DealCode.parse(code_text)
        game = self.offered.game_of_code(code)
        chosen = table_settings(with_defaults(settings or {}), options)
        table = game.new_table(code, chosen, options, self.clock)
        replay(table, log)
        return game, table
