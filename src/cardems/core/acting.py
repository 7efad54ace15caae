"""Playing an intent: the one entry point of every game's intents.

:meth:`Acting.intent` plays one intent made on a version of the game and saves what it
changed. A game in memory at that version, whose move asks no solver and no opponent,
is played and saved on the event loop (where a worker thread would cost more than it
saves; on PostgreSQL the save is awaited over an asynchronous connection); anything
else (a game to rebuild, a stale copy, bots, the unwinnable check) runs in a worker
thread, which loads the game first. A game won gets its par there too. Nothing is
asked of the database before a move on a game in memory: the save's compare-and-set on
the version, status and player is the check, and a copy it finds stale is dropped and
the intent played again on the game as saved.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, TypeVar

from cardems.core.ending import Ending
from cardems.core.game import Action, Event, IntentError
from cardems.core.player_settings import PlayerSettings
from cardems.core.saving import Answer, Move, Saver
from cardems.core.service_error import NOT_YOURS, REPLACED, STALE, ServiceError
from cardems.core.tables import LiveGame, Tables
from cardems.i18n.markers import N_
from cardems.store import Store

T = TypeVar("T")
Offload = Callable[[Callable[[], T]], Awaitable[T]]
"""Runs a blocking call in a worker thread (the web server's pool) and awaits it."""

NOT_LOST = N_("where this game was lost is not known")
TOO_FAR_BACK = N_("that move is further back than undo reaches")
NEEDS_VERSION = N_("an intent needs the version of the game it was made on")


def version_of(request: Any) -> int:
    """The version an intent was made on, or a 400."""
    if not isinstance(request, dict):
        raise ServiceError(400, N_("an intent must be a JSON object with a type"))
    version = request.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise ServiceError(400, NEEDS_VERSION)
    return version


def parsed_intent(game: Any, request: dict[str, Any]) -> Action:
    """The rules' reading of an intent (``game.parse_intent``), or a 400 in their words:
    every game's, solo or shared."""
    try:
        parsed: Action = game.parse_intent(request)
    except IntentError as error:
        raise ServiceError(400, str(error)) from None
    return parsed


def refusal(events: list[Event]) -> str | None:
    """Why the rules refused a move (their first error event), if they did."""
    errors = [event["message"] for event in events if event.get("type") == "error"]
    return str(errors[0]) if errors else None


class Acting:
    """Plays intents on the games in memory and has them saved."""

    def __init__(
        self,
        store: Store,
        tables: Tables,
        saver: Saver,
        ending: Ending,
        settings: PlayerSettings,
    ) -> None:
        self.store = store
        self.tables = tables
        self.saver = saver
        self.ending = ending
        self.settings = settings

    async def intent(
        self,
        player_id: str,
        game_id: str,
        request: Any,
        offload: Offload[Any],
        *,
        settings: dict[str, Any] | None = None,
        cookie: str | None = None,
    ) -> Answer:
        """Play one intent made on ``request["version"]`` and save what it changed, on the
        event loop when that is quick, else through ``offload``. A game won carries its par
        if it is known already; else the page asks for it (``GET …/par``), so that the
        winning move is not held up by the shortest-win search.

        ``settings`` are the player's (read if not given); ``cookie``, if given, is
        checked to still name the player (it was read from a cache), in the save itself."""
        answer = None
        if not self.blocks(player_id, game_id, settings):
            played = self.play(player_id, game_id, request, cookie=cookie)
            if isinstance(played, Move):
                answer = await self.saver.save_async(played, settings)
            else:
                answer = played
        if answer is None:  # bots, solvers, a game to rebuild or a stale copy
            act = partial(self.act, player_id, game_id, request, settings=settings, cookie=cookie)
            answer = await offload(act)
        return answer

    def blocks(self, player_id: str, game_id: str, settings: dict[str, Any] | None = None) -> bool:
        """Whether :meth:`act` on this game may take long (it is rebuilt from the database,
        opponents think, or a solver checks each move for the unwinnable warning): call
        it from a worker thread then. Otherwise :meth:`play` and :meth:`Saver.save` are
        quick but for the save's round trip to the database."""
        live = self.tables.cached(player_id, game_id)
        if live is None:
            return True
        settings = self.settings.read(player_id) if settings is None else settings
        return live.game.opponents or self.ending.slow(live, settings)

    def act(
        self,
        player_id: str,
        game_id: str,
        request: Any,
        *,
        settings: dict[str, Any] | None = None,
        cookie: str | None = None,
    ) -> Answer:
        """Apply one intent made on ``request["version"]``; save what it changed (blocking).

        A move the rules refuse is an ordinary answer: nothing changes or is saved, and
        ``refused`` says why. A game in memory at the intent's version is played without
        reading the database first; if the save finds the copy stale, the copy is dropped
        and the intent played again on the game as saved, exactly as if the copy had
        never been there."""
        played = self.play(player_id, game_id, request, cookie=cookie, wait=True)
        answer = self.saver.save(played, settings) if isinstance(played, Move) else played
        if answer is not None:
            return answer
        live = self.tables.load(player_id, game_id)
        with live.lock:
            played = self._play(live, player_id, version_of(request), request, cookie, True)
            answer = self.saver.save(played, settings) if isinstance(played, Move) else played
        assert answer is not None  # a game checked against the database is not retried
        return answer

    def back_to_lost(
        self,
        player_id: str,
        game_id: str,
        request: Any,
        *,
        settings: dict[str, Any] | None = None,
    ) -> Answer:
        """Take the game back, made on ``request["version"]``, to the position before the
        move that lost it (:meth:`Ending.lost_at`): as many undos as that takes, each
        logged and saved as the player's own undo (blocking: the answer may need the
        solver). A 409 when the game has changed, 400 when where it was lost is not
        known or lies further back than undo reaches."""
        version = version_of(request)
        live = self.tables.load(player_id, game_id)
        lost = self.ending.lost_at(live)
        undos = None if lost is None else lost.undos()
        if undos is None:
            raise ServiceError(400, NOT_LOST)
        with live.lock:
            if live.status == "abandoned":
                raise ServiceError(409, REPLACED)
            if version != live.version or live.lost_at is None or live.lost_at[1] is not lost:
                raise ServiceError(409, STALE, view=live.view())
            history = getattr(live.table, "history", None)
            if history is None or len(history.line) - 1 < undos:
                raise ServiceError(400, TOO_FAR_BACK)
            if not live.tops:
                live.view()
            before = live.tops
            events = []
            for _ in range(undos):
                events += live.table.act(("undo",))
            actions = live.table.log[version:]
            move = Move(live, player_id, version, actions, events, live.view(), None, False, before)
            answer = self.saver.save(move, settings)
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
        version: an answer if nothing is to be saved, else the :class:`Move` to save,
        which holds the game's lock until then. None if the game is not in memory at
        that version, is stale, or (unless ``wait``) busy: :meth:`act` then."""
        version = version_of(request)
        live = self.tables.cached(player_id, game_id)
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
        intent = parsed_intent(live.game, request)
        if live.status == "abandoned":
            raise ServiceError(409, REPLACED)
        if version != live.version:
            if not checked:
                return None
            raise ServiceError(409, STALE, view=live.view())
        table = live.table
        if not live.tops:
            live.view()  # what the player saw: its top cards are what a move leaves
        before = live.tops
        try:
            events = table.act(intent)
        except IntentError as error:
            if not checked:  # perhaps only refused by a stale copy
                self.tables.forget(live.id)
                return None
            raise ServiceError(400, str(error)) from None
        actions = table.log[version:]
        view = live.view()
        if not actions:
            if not self._confirm(live, player_id, cookie, checked):
                self.tables.forget(live.id)
                return None
            return Answer(live, events, view, refusal(events), before)
        return Move(live, player_id, version, actions, events, view, cookie, not checked, before)

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
