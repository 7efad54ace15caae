"""The table service: every game of every player, played through one path.

A request names a game by its unguessable id. The service checks that the game belongs
to the requesting player, finds its table in memory (or rebuilds it from the saved code,
options and actions), checks the version the intent was made on, lets the table act
(the player's intent and any opponents' replies), and saves the new actions as one
compare-and-set on the game's version before it answers ``(events, view)``. A move on a
table in memory at the intent's version asks the database nothing first: the
compare-and-set (on the version, status and player) is the check, and a table it finds
stale is dropped and the intent played again on the game as saved.

Guarantees:

- An action answered with success is saved: a save that fails raises a 503
  :class:`ServiceError` and drops the table from memory, so the next request rebuilds
  it from what is saved.
- An intent made on an older version (a retry, a second tab, another server that moved
  first) is refused with 409 and the current view; it is never applied twice.
- Each game has a lock; calls are blocking (solvers and bots run inside them), so a
  web server calls them from worker threads.

Nothing here raises for bad input except :class:`ServiceError`, which carries a 4xx
status and a message marked for translation. The service names no game.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from cardems.core.game import Action, Event, Game, IntentError, Table, TableSettings, View, replay
from cardems.core.registry import games as registered_games
from cardems.core.settings import SettingsError, validate, with_defaults
from cardems.dealcode import DealCode, DealCodeError
from cardems.i18n.markers import N_
from cardems.store import (
    CorruptSave,
    Progress,
    SavedGame,
    Store,
    StoreError,
    VersionConflict,
    VisitorGone,
)
from cardems.timer import GameTimer

CACHE_SIZE = 2000
VERDICT_SECONDS = 3.0
WARNING_SECONDS = 0.05
T = TypeVar("T")

log = logging.getLogger("cardems.service")

UNWINNABLE = N_("This game can no longer be won: undo, or start a new deal.")
STALE = N_("this game has changed since that action was chosen: here is where it stands now")
SAVE_FAILED = N_("the game could not be saved, so that action was not played: try again")
NEEDS_VERSION = N_("an intent needs the version of the game it was made on")
REPLACED = N_("this game was replaced by a newer deal: it can be seen, not played")
NOT_YOURS = N_("this game belongs to another player")
NO_SUCH_GAME = N_("no such game: it may have been replaced by a newer deal")
NOT_OFFERED = N_("%(game)s is not offered by this server")
NO_SOLVER = N_("%(game)s has no solver")


class ServiceError(Exception):
    """A refused request: ``status`` (4xx, or 503) and a message for the player."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


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


class Answer(NamedTuple):
    """What an intent did: the game, the events, the new view, and why the rules refused
    it (None when they did not)."""

    live: LiveGame
    events: list[Event]
    view: View
    refused: str | None = None


@dataclass
class Move:
    """An intent played in memory, not yet saved: what :meth:`TableService.save` needs."""

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
    held: bool = False
    """Whether :meth:`TableService.save` releases the game's lock (taken by ``play``)."""


def _version(request: Any) -> int:
    """The version an intent was made on, or a 400."""
    if not isinstance(request, dict):
        raise ServiceError(400, N_("an intent must be a JSON object with a type"))
    version = request.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ServiceError(400, NEEDS_VERSION)
    return version


class TableService:
    """Creates, loads, plays and saves the games of every player."""

    def __init__(
        self,
        store: Store,
        games: tuple[Game, ...] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.games = registered_games() if games is None else games
        self.clock = clock
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._guard = threading.Lock()

    # What is offered --------------------------------------------------------------------

    def game(self, name: str) -> Game:
        """The offered game called ``name`` (e.g. ``seahaven``), or a 404."""
        for game in self.games:
            if game.family.name == name:
                return game
        raise ServiceError(
            404,
            N_("unknown game '%(name)s': this server offers %(offered)s")
            % {"name": name, "offered": ", ".join(g.family.name for g in self.games)},
        )

    def read_code(self, text: str, named: str | None = None) -> DealCode:
        """A deal code as typed: a full code of any offered game, else what the ``named``
        game reads as one of its deals (FreeCell: ``617``, ``#617``); DealCodeError."""
        try:
            return DealCode.parse(text)
        except DealCodeError:
            if not named:
                raise
            return self.game(named).code_for(text)

    def game_of_code(self, code: DealCode) -> Game:
        """The offered game that deals ``code``, or a 404."""
        for game in self.games:
            if game.family.prefix == code.game:
                return game
        raise ServiceError(404, NOT_OFFERED % {"game": code.family.title})

    # Settings ---------------------------------------------------------------------------

    def settings(self, player_id: str | None) -> dict[str, Any]:
        """The player's settings with defaults filled in (defaults for no player)."""
        return with_defaults(self.store.settings(player_id) if player_id else {})

    def update_settings(self, player_id: str, changes: Any) -> dict[str, Any]:
        """Validate and save setting changes; refuse the whole request if any is wrong."""
        try:
            valid = validate(changes)
        except SettingsError as error:
            raise ServiceError(400, str(error)) from None
        settings = self.settings(player_id) | valid
        self.store.save_settings(player_id, settings)
        with self._guard:
            mine = [live for live in self._live.values() if live.saved.player_id == player_id]
        for live in mine:
            live.table.settings = self._table_settings(settings, live.saved.options)
        return settings

    @staticmethod
    def _table_settings(settings: dict[str, Any], options: dict[str, Any]) -> TableSettings:
        # Auto-move changes what a replayed log does, so it is fixed per game at its start.
        return TableSettings(
            move_errors=bool(settings["move_errors"]),
            placement_help=bool(settings["placement_help"]),
            auto_move=bool(options.get("auto_move", False)),
            coach=bool(settings["coach"]),
        )

    # Creating and loading ---------------------------------------------------------------

    def new_game(self, player_id: str, request: Any) -> LiveGame:
        """Start a game from ``{"game", "variant", "winnable", <options>}`` or ``{"code"}``
        (with the game's options too, e.g. ``{"code": "HT1-N-AAAAAAM", "level": "expert"}``)."""
        if not isinstance(request, dict):
            raise ServiceError(400, N_("a new game needs a JSON object"))
        text = request.get("code")
        if text not in (None, ""):
            if not isinstance(text, str):
                raise ServiceError(400, N_("the code must be a string such as SH1-C4-AAAAAJ2"))
            named = request.get("game")
            try:  # the game named reads its own forms too (FreeCell: a plain deal number)
                code = self.game(str(named)).code_for(text) if named else DealCode.parse(text)
            except DealCodeError as error:
                raise ServiceError(400, str(error), part=error.part) from None
            game = self.game_of_code(code)
            if request.get("game") not in (None, "", game.family.name):
                raise ServiceError(
                    400,
                    N_("%(code)s is a %(game)s code")
                    % {"code": str(code), "game": code.family.title},
                )
            options = self._options(game, request)
        else:
            game = self.game(str(request.get("game", "")))
            family = game.family
            variant = request.get("variant") or family.variants[0]
            if variant not in family.variants:
                allowed = ", ".join(family.variants)
                raise ServiceError(
                    400,
                    N_("%(game)s has no variant '%(variant)s': use %(allowed)s")
                    % {"game": family.title, "variant": variant, "allowed": allowed},
                )
            winnable = request.get("winnable", True)
            if not isinstance(winnable, bool):
                raise ServiceError(400, N_("winnable must be true or false"))
            options = self._options(game, request)
            try:
                code = game.new_code(variant, winnable=winnable and game.can_solve, options=options)
            except ValueError as error:  # e.g. a level the variant does not offer
                raise ServiceError(400, str(error)) from None
        options["auto_move"] = self.settings(player_id)["auto_move"]
        return self._create(player_id, game, str(code), code.variant, options)

    @staticmethod
    def _options(game: Game, request: dict[str, Any]) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for option in game.options:
            value = request.get(option.name) or option.default
            if value not in option.choices:
                raise ServiceError(
                    400,
                    N_("unknown %(name)s '%(value)s': use %(allowed)s")
                    % {"name": option.name, "value": value, "allowed": ", ".join(option.choices)},
                )
            options[option.name] = value
        return options

    def unfinished_games(self, player_id: str) -> list[dict[str, Any]]:
        """The player's games in progress (:meth:`Store.unfinished_games`), each with its
        game's ``title``; the code of a game against opponents is left out (``""``): it
        names their hands (a seat sees a commitment instead, e.g. Hearts's)."""
        titles = {game.family.name: game for game in self.games}
        rows = []
        for row in self.store.unfinished_games(player_id):
            game = titles.get(row["game"])
            hidden = game is None or game.opponents
            title = game.family.title if game is not None else row["game"]
            rows.append({**row, "code": "" if hidden else row["code"], "title": title})
        return rows

    def _create(
        self, player_id: str, game: Game, code: str, variant: str, options: dict[str, Any]
    ) -> LiveGame:
        name = game.family.name
        if game.opponents and "secret" not in options:
            options = {**options, "secret": secrets.token_hex(16)}  # see unfinished_games
        game_id = self.store.create_game(player_id, name, variant, code, options)
        # The store closed the player's other unfinished games of this game: forget them.
        with self._guard:
            for stale in [
                key
                for key, live in self._live.items()
                if live.saved.player_id == player_id and live.saved.game == name
            ]:
                del self._live[stale]
        return self.load(player_id, game_id)

    def restart(self, player_id: str, game_id: str) -> LiveGame:
        """The same deal from its start, as a new game with the same options."""
        live = self.load(player_id, game_id)
        saved = live.saved
        options = {key: value for key, value in saved.options.items() if key != "secret"}
        return self._create(player_id, live.game, saved.code, saved.variant, options)

    def again(self, player_id: str, game_id: str) -> LiveGame:
        """A new deal of the same game and variant with the same options (a difficulty
        level stays chosen), winnable where the game can tell."""
        live = self.load(player_id, game_id)
        saved = live.saved
        options = {key: value for key, value in saved.options.items() if key != "secret"}
        options["auto_move"] = self.settings(player_id)["auto_move"]
        game = live.game
        try:
            code = game.new_code(saved.variant, winnable=game.can_solve, options=options)
        except ValueError as error:  # e.g. a level this game no longer offers
            raise ServiceError(400, str(error)) from None
        return self._create(player_id, game, str(code), saved.variant, options)

    def load(self, player_id: str, game_id: str) -> LiveGame:
        """The player's game, from memory if it is still what is saved, else rebuilt."""
        head = self.store.head(game_id)
        if head is None:
            raise ServiceError(404, NO_SUCH_GAME)
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

    def forget_player(self, player_id: str) -> None:
        """Drop a player's games from memory (they were given to another player)."""
        with self._guard:
            for game_id in [k for k, v in self._live.items() if v.saved.player_id == player_id]:
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
        game = self.game_of_code(code)
        table_settings = self._table_settings(with_defaults(settings or {}), options)
        table = game.new_table(code, table_settings, options, self.clock)
        replay(table, log)
        return game, table

    # Playing ----------------------------------------------------------------------------

    def cached(self, player_id: str, game_id: str) -> LiveGame | None:
        """The player's game as this process last saw it, without asking the database: it
        may be stale, which the save of a move finds out (its compare-and-set)."""
        with self._guard:
            live = self._live.get(game_id)
        return live if live is not None and live.saved.player_id == player_id else None

    def blocks(self, player_id: str, game_id: str, settings: dict[str, Any] | None = None) -> bool:
        """Whether :meth:`act` on this game may take long (it is rebuilt from the database,
        opponents think, or a solver checks each move for the unwinnable warning): call
        it from a worker thread then. Otherwise :meth:`play` and :meth:`save` are quick
        but for the save's round trip to the database."""
        live = self.cached(player_id, game_id)
        if live is None:
            return True
        settings = self.settings(player_id) if settings is None else settings
        game = live.game
        return game.opponents or (game.can_solve and bool(settings["warn_unwinnable"]))

    def act(
        self,
        player_id: str,
        game_id: str,
        request: Any,
        *,
        settings: dict[str, Any] | None = None,
        cookie: str | None = None,
    ) -> Answer:
        """Apply one intent made on ``request["version"]``; save what it changed.

        A move the rules refuse is an ordinary answer: nothing changes or is saved, and
        ``refused`` says why. ``settings`` are the player's (read if not given);
        ``cookie``, if given, is checked to still name the player (it was read from a
        cache), in the save itself.

        A game in memory at the intent's version is played without reading the database
        first: the save's compare-and-set on the version, status and player is the check.
        If it finds the copy stale, the copy is dropped and the intent played again on
        the game as saved, exactly as if the copy had never been there."""
        played = self.play(player_id, game_id, request, cookie=cookie, wait=True)
        answer = self.save(played, settings) if isinstance(played, Move) else played
        if answer is not None:
            return answer
        live = self.load(player_id, game_id)
        with live.lock:
            played = self._play(live, player_id, _version(request), request, cookie, True)
            answer = self.save(played, settings) if isinstance(played, Move) else played
        assert answer is not None  # a game checked against the database is not retried
        return answer

    def play(
        self,
        player_id: str,
        game_id: str,
        request: Any,
        *,
        cookie: str | None = None,
        wait: bool = False,
    ) -> Answer | Move | None:
        """The first half of :meth:`act`, quick, for a game in memory at the intent's
        version: an answer if nothing is to be saved, else the :class:`Move` to
        :meth:`save`, which holds the game's lock until then. None if the game is not
        in memory at that version, is stale, or (unless ``wait``) busy: :meth:`act` then."""
        version = _version(request)
        live = self.cached(player_id, game_id)
        if live is None or live.version != version or live.status == "abandoned":
            return None
        if not live.lock.acquire(blocking=wait):
            return None
        try:
            played = self._play(live, player_id, version, request, cookie, False)
        except BaseException:
            live.lock.release()
            raise
        if isinstance(played, Move):
            played.held = True
        else:
            live.lock.release()
        return played

    def save(self, move: Move, settings: dict[str, Any] | None = None) -> Answer | None:
        """The second half of :meth:`act`: save ``move`` and release its game's lock. None
        if the game had changed since the copy it was played on (the copy is dropped:
        call :meth:`act`)."""
        try:
            try:
                self._append(move, self.store.append_actions)
            except Exception as error:
                self._not_saved(move, error)
                return None
            return self._saved(move, settings)
        finally:
            if move.held:
                move.live.lock.release()

    async def save_async(self, move: Move, settings: dict[str, Any] | None = None) -> Answer | None:
        """:meth:`save` awaited on the event loop (see :meth:`Store.append_actions_async`).
        If it is cancelled while the database works, whether the move was saved is not
        known: the game is dropped from memory, to be rebuilt from what is saved."""
        try:
            try:
                await self._append(move, self.store.append_actions_async)
            except Exception as error:
                self._not_saved(move, error)
                return None
            except BaseException:
                self.forget(move.live.id)
                raise
            return self._saved(move, settings)
        finally:
            if move.held:
                move.live.lock.release()

    @staticmethod
    def _append(move: Move, append: Callable[..., T]) -> T:
        """Call ``append`` (:meth:`Store.append_actions` or its asynchronous twin) on what
        is saved of ``move``: its actions, the row's progress, the records (taken from
        the table), and beyond the version the status, player and cookie to check."""
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
        return append(
            live.id,
            move.version,
            move.actions,
            progress,
            records,
            status=live.status,
            player_id=live.saved.player_id,
            cookie=move.cookie,
        )

    def _saved(self, move: Move, settings: dict[str, Any] | None) -> Answer:
        """The answer to a saved move (with the unwinnable warning, when it is due)."""
        live = move.live
        live.status = str(move.view["status"])
        events = move.events
        if any(event.get("type") == "move" for event in events):
            events.extend(self._warning(move.player_id, live, settings))
        return Answer(live, events, move.view)

    def _not_saved(self, move: Move, error: Exception) -> None:
        """After a save that failed with ``error``, the copy dropped: nothing more if the
        game had changed and the move may be played again (``move.retry``); else a 409 with the
        current view, a 403 if the cookie no longer names the player, a 503 if the save
        failed; any other error as it is."""
        live = move.live
        self.forget(live.id)
        if isinstance(error, VersionConflict):
            if move.retry:
                return None
            current = self.load(live.saved.player_id, live.id)
            raise ServiceError(409, STALE, view=self.view(current)) from None
        if isinstance(error, VisitorGone):
            raise ServiceError(403, NOT_YOURS) from None
        if isinstance(error, (OSError, StoreError)):
            log.error("saving game %s failed", live.id, exc_info=error)
            raise ServiceError(503, SAVE_FAILED) from None
        raise error

    def _play(
        self,
        live: LiveGame,
        player_id: str,
        version: int,
        request: dict[str, Any],
        cookie: str | None,
        checked: bool,
    ) -> Answer | Move | None:
        """Play the intent on ``live`` (its lock held); None if ``live`` (not ``checked``
        against the database) turns out stale and must be loaded again."""
        try:
            intent = live.game.parse_intent(request)
        except IntentError as error:
            raise ServiceError(400, str(error)) from None
        if live.status == "abandoned":
            raise ServiceError(409, REPLACED)
        if version != live.version:
            if not checked:
                return None
            raise ServiceError(409, STALE, view=self.view(live))
        table = live.table
        try:
            events = table.act(intent)
        except IntentError as error:
            if not checked:  # perhaps only refused by a stale copy
                self.forget(live.id)
                return None
            raise ServiceError(400, str(error)) from None
        actions = table.log[version:]
        view = self.view(live)
        if not actions:
            if not self._confirm(live, player_id, cookie, checked):
                self.forget(live.id)
                return None
            errors = [event["message"] for event in events if event.get("type") == "error"]
            return Answer(live, events, view, errors[0] if errors else None)
        return Move(live, player_id, version, actions, events, view, cookie, retry=not checked)

    def _confirm(self, live: LiveGame, player_id: str, cookie: str | None, checked: bool) -> bool:
        """For an answer that saves nothing: whether ``live`` is still what is saved (if
        not ``checked``), and a 403 if ``cookie`` no longer names the player."""
        if not checked and self.store.head(live.id) != (
            live.version,
            live.status,
            live.saved.player_id,
        ):
            return False
        if cookie is not None:
            found = self.store.visitor(cookie)
            if found is None or found[0] != player_id:
                raise ServiceError(403, NOT_YOURS)
        return True

    def _warning(
        self, player_id: str, live: LiveGame, settings: dict[str, Any] | None = None
    ) -> list[Event]:
        """``unwinnable`` the moment the game can no longer be won, when asked for."""
        if not live.game.can_solve or live.table.status != "playing":
            return []
        settings = self.settings(player_id) if settings is None else settings
        if not settings["warn_unwinnable"]:
            return []
        lost = live.game.winnable(live.table, WARNING_SECONDS) is False
        warn = lost and not live.warned
        live.warned = lost
        return [{"type": "unwinnable", "message": UNWINNABLE}] if warn else []

    def pause(self, player_id: str, game_id: str) -> None:
        """The tab was hidden or closed: stop the clock until the game is seen again."""
        live = self.load(player_id, game_id)
        with live.lock:
            timer = live.table.timer
            timer.pause()
            self.store.save_timer(live.id, timer.elapsed(), timer.stopped)

    def resume(self, live: LiveGame) -> None:
        """The game is on screen again: its clock runs if it had started."""
        if live.table.status == "playing" and live.table.view()["moves"] > 0:
            live.table.timer.start()

    def hint(self, player_id: str, game_id: str, lang: str = "en") -> dict[str, Any] | None:
        """A suggestion for the player now, its words in ``lang``."""
        live = self.load(player_id, game_id)
        with live.lock:
            return live.table.hint(lang)

    def winnable(self, player_id: str, game_id: str) -> bool | None:
        """Whether the game can still be won from here; None if the solver ran out of time."""
        live = self.load(player_id, game_id)
        if not live.game.can_solve:
            raise ServiceError(404, NO_SOLVER % {"game": live.game.family.title})
        with live.lock:
            status = live.table.status
            if status != "playing":
                return status == "won"
            return live.game.winnable(live.table, VERDICT_SECONDS)

    def par(self, live: LiveGame) -> int | None:
        """The deal's shortest win (or best known), solved once and then saved (None if
        unknown); :attr:`LiveGame.par_proven` says which."""
        if live.par is None:
            found = live.game.best_par(DealCode.parse(live.saved.code))
            if found is not None:
                live.par, live.par_proven = found
                self.store.save_par(live.id, live.par, live.par_proven)
        return live.par

    def view(self, live: LiveGame) -> View:
        """The table's view plus what every page needs: id, version, clock and, once won,
        the par if it is known (:meth:`par` works it out)."""
        view = live.table.view()
        view["id"] = live.id
        view["version"] = live.version
        view["timer_running"] = live.table.timer.running_since is not None
        if view.get("code"):  # a view that hides its deal (Hearts in play) hides its name
            view["deal_name"] = live.game.deal_name(DealCode.parse(view["code"]))
        if live.status == "abandoned":
            view["status"] = "abandoned"
        if view["status"] == "won":
            view["par"] = live.par
            view["par_proven"] = live.par_proven
        return view
