"""The matches several people play at one table, played and saved by the table service.

A shared table's match is a game as every other: its actions are saved on its row, a
move is played on this process's copy and saved as one compare-and-set on the version
(:meth:`Store.append_actions`), the row's progress (status, score, moves) is what the
statistics read, and each seat's view is made from the copy. What differs from a solo
game is that the rules know seats (:class:`SharedPlay`: a move is made *as* a seat, the
bots play the others) and that several processes move the same match, so a copy here
is caught up from the saved actions before it is trusted, and the events of the last
versions are kept for the live updates. Who sits where, the invitations, the bus and
the clocks are the table's (:mod:`cardems.web.shared_tables`), which calls this part of
the service for everything about the match itself.

Blocking, with a lock per match: the web calls it from worker threads, but for
:meth:`SharedMatches.peek`, which never waits.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from cardems.core.acting import parsed_intent
from cardems.core.game import Action, Event, View
from cardems.core.service_error import ServiceError
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.store import Guard, Progress, Store, VersionConflict
from cardems.store_tables import OVER, SHARED, TableStore

NO_TABLE = N_("no such table, or you have no seat at it")
EVENTS_KEPT = 64
"""How many versions of events a process keeps for the live updates."""
Tagged = tuple[int | None, Event]
"""An event and the seat it is for (None: every seat)."""
Notice = Callable[[int, list[Action]], tuple[str, str] | None]
"""The ``NOTIFY`` a save of these actions, made on a version, sends itself (or None)."""
T = TypeVar("T")


class SharedPlay(Protocol):
    """What a game's shared match offers (what its ``new_shared_match`` makes)."""

    log: list[Action]

    @property
    def waiting(self) -> frozenset[int]: ...

    @property
    def over(self) -> bool: ...

    def act_as(self, seat: int, intent: Action, bots: Iterable[int]) -> list[Tagged]: ...

    def run_bots(self, bots: Iterable[int]) -> list[Tagged]: ...

    def replay(self, action: Action) -> list[Tagged]: ...

    def mark(self) -> object:
        """Where the match is now, for :meth:`back_to`."""

    def back_to(self, mark: object) -> None:
        """The match as it was at ``mark`` again (a move whose save lost the race)."""

    def view_of(self, seat: int) -> View: ...

    def coach_of(self, seat: int) -> View | None:
        """The coach's notes on ``seat``'s last round finished, as a view's part
        ``coach`` (None before one has); slow, safe without the match's lock."""

    def score_of(self, seat: int) -> int: ...


class SharedGame(Protocol):
    """A game several people can play at one table (its declaration)."""

    @property
    def family(self) -> Any: ...

    levels: tuple[str, ...]

    def random_code(self, variant: str, *, winnable: bool) -> DealCode: ...

    def new_shared_match(self, code: DealCode, level: str, secret: str) -> SharedPlay: ...

    def parse_intent(self, data: dict[str, Any]) -> Action: ...


@dataclass
class Live:
    """A match in this process's memory, at ``version``."""

    play: SharedPlay
    version: int
    since: float
    """When this process saw the version change (the turn clock runs from it)."""
    events: dict[int, tuple[int, list[Tagged]]] = field(default_factory=dict)
    """Events by the version they led to: ``{to: (from, events)}``."""
    views: dict[int, View] = field(default_factory=dict)
    """Each seat's view at :attr:`version`, made once (the answer to a move and the
    updates of that seat's sockets share it; read, never changed)."""

    def advanced(self, before: int, tagged: list[Tagged]) -> None:
        """The match moved from ``before`` to its log's length, with ``tagged``."""
        self.version = len(self.play.log)
        self.since = time.time()
        self.views = {}
        self.events[self.version] = (before, tagged)
        for old in [v for v in self.events if v <= self.version - EVENTS_KEPT]:
            del self.events[old]

    def view_of(self, seat: int) -> View:
        """``seat``'s view at :attr:`version`."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.play.view_of(seat)
        return view


@dataclass(frozen=True)
class Turn:
    """A move's outcome for the seat that made it: the version, what it sees, its events,
    and whether the save sent its own notice (else the caller tells the workers)."""

    version: int
    view: View
    events: list[Event]
    announced: bool = True


Again = Literal["stale", "conflict"]
"""Why a move was not made and must be tried again: ``stale``, the copy here was behind
the saved match (it is caught up now); ``conflict``, the save's compare-and-set lost (the
match or the guard's rows changed: read them again)."""


def events_for(seat: int, tagged: Iterable[Tagged]) -> list[Event]:
    """The events ``seat`` receives of ``tagged``."""
    return [event for audience, event in tagged if audience is None or audience == seat]


def progress(play: SharedPlay) -> Progress:
    """What the match's row says of it for the statistics: in play or over, the first
    seat's score, the actions."""
    return Progress(0.0, True, OVER if play.over else SHARED, play.score_of(0), len(play.log))


class SharedMatches:
    """The shared matches of one game in this process (see the module docstring)."""

    def __init__(self, store: Store, game: SharedGame) -> None:
        self.store = store
        self.game = game
        self._actions_after = TableStore(store).actions_after
        self._live: dict[str, Live] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def parse(self, request: Any) -> Action:
        """The intent of a request, or a 400 (the solo games' parser: the rules')."""
        if not isinstance(request, dict):
            raise ServiceError(400, N_("an intent is a JSON object"))
        return parsed_intent(self.game, request)

    def lock(self, game_id: str) -> threading.Lock:
        """The match's lock (held while it is moved or read)."""
        with self._guard:
            return self._locks.setdefault(game_id, threading.Lock())

    def cached(self, game_id: str) -> Live | None:
        """The copy here, as it is (perhaps behind)."""
        return self._live.get(game_id)

    def live(self, game_id: str, level: str, known: int | None = None) -> Live:
        """The match, caught up with the saved rows (see :meth:`at`)."""
        with self.lock(game_id):
            return self.at(game_id, level, known)

    def at(self, game_id: str, level: str, known: int | None) -> Live:
        """The match caught up (its lock held); ``known``: a version the rows are known
        to have reached (a message of the bus): a copy there already is used without
        asking, one behind reads only the actions it lacks."""
        live = self._live.get(game_id)
        if live is not None and known is not None:
            return live if live.version >= known else self._catch_up(game_id, live)
        return self._caught_up(game_id, level)

    def view(self, game_id: str, level: str, seat: int) -> tuple[int, View]:
        """The match's version and what ``seat`` sees of it now."""
        with self.lock(game_id):
            live = self.at(game_id, level, None)
            return live.version, live.view_of(seat)

    def peek(self, game_id: str, known: int | None, use: Callable[[Live], T]) -> T | None:
        """``use(match)`` at once if this process has it at ``known`` or later and nobody
        is moving it; else None. No I/O, no waiting: for the event loop."""
        live = self._live.get(game_id)
        if live is None or known is None or live.version < known:
            return None
        lock = self.lock(game_id)
        if not lock.acquire(blocking=False):
            return None
        try:
            return use(live)
        finally:
            lock.release()

    def take(self, game_id: str, before: int, actions: list[Action]) -> None:
        """``actions``, saved on ``before`` (the bus says), played on the copy here if it
        is there at that version and nobody is moving it."""
        live = self._live.get(game_id)
        lock = self.lock(game_id)
        if live is None or live.version != before or not lock.acquire(blocking=False):
            return
        try:
            if self._live.get(game_id) is not live or live.version != before:
                return
            with contextlib.suppress(ValueError):  # rebuilt from the rows when next needed
                self._replayed(game_id, live, actions)
        finally:
            lock.release()

    def _caught_up(self, game_id: str, level: str) -> Live:
        head = self.store.head(game_id)
        if head is None or head[1] not in (SHARED, OVER):  # a solo game is no table's
            raise ServiceError(404, NO_TABLE)
        live = self._live.get(game_id)
        if live is not None and live.version == head[0]:
            return live
        if live is not None and live.version < head[0]:
            return self._catch_up(game_id, live)
        saved = self.store.load_game(game_id)
        if saved is None:
            raise ServiceError(404, NO_TABLE)
        play = self.game.new_shared_match(
            DealCode.parse(saved.code), level, str(saved.options.get("secret", ""))
        )
        for action in saved.log:
            play.replay(action)
        live = Live(play, saved.version, time.time())
        self._live[game_id] = live
        return live

    def _catch_up(self, game_id: str, live: Live) -> Live:
        """``live`` with the saved actions it lacks replayed (one read)."""
        self._replayed(game_id, live, self._actions_after(game_id, live.version))
        return live

    def _replayed(self, game_id: str, live: Live, actions: Iterable[Action]) -> None:
        """``actions`` replayed on ``live`` as one advance; on any failure the copy is
        dropped (to be rebuilt from the rows) and the error raised."""
        before, tagged = live.version, []
        try:
            for action in actions:
                tagged += live.play.replay(action)
        except BaseException:
            del self._live[game_id]
            raise
        if tagged or len(live.play.log) != before:
            live.advanced(before, tagged)

    def move(
        self,
        game_id: str,
        level: str,
        step: Callable[[SharedPlay], list[Tagged]],
        seat: int,
        *,
        checked: bool,
        guard: Guard,
        notice: Notice,
        cookie: str | None = None,
        actor: str | None = None,
    ) -> Turn | Again:
        """``step`` played on this process's copy of the match (read from the rows first
        unless there is one and it is not ``checked``) and saved, compare-and-set on the
        version and on ``guard``: what ``seat`` sees after it, or why it must be tried
        again. A step the rules refuse on a copy not read just now is checked against the
        saved version first. :class:`VisitorGone` if ``cookie`` no longer names
        ``actor``; any other failure drops the copy (rebuilt from the rows when next
        needed) and is raised."""
        with self.lock(game_id):
            live = None if checked else self._live.get(game_id)
            if live is None:
                live, checked = self._caught_up(game_id, level), True
            before, mark = live.version, live.play.mark()
            try:
                tagged = step(live.play)
            except BaseException:
                self._live.pop(game_id, None)
                raise
            actions = live.play.log[before:]
            if not actions:  # refused, or nothing to do: on the saved match?
                head = None if checked else self.store.head(game_id)
                if head is not None and head[0] != before:
                    return "stale"
                return Turn(before, live.view_of(seat), events_for(seat, tagged))
            said = notice(before, list(actions))
            try:
                self.store.append_actions(
                    game_id,
                    before,
                    actions,
                    progress(live.play),
                    guard=guard,
                    cookie=cookie,
                    actor=actor,
                    notice=said,
                )
            except VersionConflict:
                live.play.back_to(mark)
                return "conflict"
            except BaseException:
                self._live.pop(game_id, None)
                raise
            live.advanced(before, tagged)
            version = before + len(actions)
            return Turn(version, live.view_of(seat), events_for(seat, tagged), said is not None)

    @staticmethod
    def events_since(live: Live, seat: int, version: int) -> list[Event] | None:
        """``seat``'s events from ``version`` to the live one, or None when this process
        no longer has them all (the client then reloads the view)."""
        tagged: list[Tagged] = []
        at = live.version
        while at > version:
            entry = live.events.get(at)
            if entry is None:
                return None
            at, part = entry
            tagged = part + tagged
        return events_for(seat, tagged) if at == version else None
