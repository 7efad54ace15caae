"""The server-side game service: tables in memory, saved to the store after each action.

Every request names a game by its unguessable id. The service checks that the game
belongs to the requesting player, rebuilds its table from the saved code and intent log
when it is not in memory, applies the intent through the table layer (which alone knows
the rules), saves the new log in one transaction and answers ``{view, events}``.
Nothing here raises for bad input except :class:`ApiError`, which carries a 4xx status.
"""

from __future__ import annotations

import importlib
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardems.dealcode import FAMILIES, FAMILIES_BY_NAME, DealCode, DealCodeError, GameFamily
from cardems.games import UnknownGame, Unsupported, adapter_for
from cardems.i18n.languages import LANGUAGES
from cardems.i18n.markers import N_
from cardems.store import CorruptSave, SavedGame, Store
from cardems.table import Event, Intent, SolitaireTable, TableSettings, apply_intent, replay
from cardems.timer import GameTimer


class TimedTable(SolitaireTable, Protocol):
    """A solitaire table with its game clock, as the view contract describes."""

    timer: GameTimer


TableFactory = Callable[..., TimedTable]
"""``Table(code, settings, clock=...)`` as in the view contract."""

TABLE_CLASSES: dict[str, tuple[str, str]] = {
    "HH": ("cardems.heart_to_heart.table", "HeartToHeartTable"),
    "SH": ("cardems.seahaven.table", "SeahavenTable"),
}
"""Where each solitaire's table layer lives; a missing module means the game isn't offered."""

DEFAULT_SETTINGS: dict[str, Any] = {
    "move_errors": False,
    "placement_help": True,
    "auto_move": False,
    "warn_unwinnable": False,
    "animation": "normal",
    "theme": "light",
    "language": "",
}
SETTING_CHOICES: dict[str, tuple[Any, ...]] = {
    "move_errors": (True, False),
    "placement_help": (True, False),
    "auto_move": (True, False),
    "warn_unwinnable": (True, False),
    "animation": ("off", "fast", "normal", "slow"),
    "theme": ("light", "dark"),
    "language": ("", *LANGUAGES),
}
INTENT_KINDS = {"tap": ("target",), "double_tap": ("target",), "drag": ("source", "target")}
INTENT_KINDS |= {"undo": (), "redo": ()}
CACHE_SIZE = 2000


class ApiError(Exception):
    """A refused request: ``status`` (4xx) and a message for the player."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


def installed_tables() -> dict[str, TableFactory]:
    """The solitaire table classes importable in this installation, by code prefix."""
    found: dict[str, TableFactory] = {}
    for prefix, (module_name, class_name) in TABLE_CLASSES.items():
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        factory = getattr(module, class_name, None)
        if factory is not None:
            found[prefix] = factory
    return found


@dataclass
class LiveGame:
    """A game in memory: its saved identity and its table."""

    saved: SavedGame
    table: TimedTable
    par: int | None = None
    warned: bool = False
    last_used: float = field(default_factory=time.monotonic)


class GameService:
    """Creates, loads, plays and saves games for players."""

    def __init__(
        self,
        store: Store,
        tables: dict[str, TableFactory] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.tables = installed_tables() if tables is None else tables
        self.clock = clock
        self._live: OrderedDict[str, LiveGame] = OrderedDict()

    # What is offered --------------------------------------------------------------------

    def families(self) -> list[GameFamily]:
        """The solitaires this installation can deal, in catalogue order."""
        return [family for prefix, family in FAMILIES.items() if prefix in self.tables]

    def family(self, name: str) -> GameFamily:
        """The offered game called ``name`` (e.g. ``seahaven``), or a 404."""
        family = FAMILIES_BY_NAME.get(name)
        offered = ", ".join(f.name for f in self.families()) or "none"
        if family is None:
            raise ApiError(
                404,
                N_("unknown game '%(name)s': this server offers %(offered)s")
                % {"name": name, "offered": offered},
            )
        if family.prefix not in self.tables:
            raise ApiError(
                404,
                N_("%(game)s is not available yet: play %(offered)s")
                % {"game": family.title, "offered": offered},
            )
        return family

    # Settings ---------------------------------------------------------------------------

    def settings(self, player_id: str) -> dict[str, Any]:
        """The player's settings with defaults filled in."""
        saved = self.store.settings(player_id)
        return {key: saved.get(key, value) for key, value in DEFAULT_SETTINGS.items()}

    def update_settings(self, player_id: str, changes: Any) -> dict[str, Any]:
        """Validate and save setting changes; refuse the whole request if any is wrong."""
        if not isinstance(changes, dict):
            raise ApiError(400, "settings must be a JSON object")
        for key, value in changes.items():
            choices = SETTING_CHOICES.get(key)
            if choices is None:
                raise ApiError(
                    400, f"unknown setting {key!r}: known are {', '.join(DEFAULT_SETTINGS)}"
                )
            if value not in choices or type(value) is not type(choices[0]):
                allowed = ", ".join(map(str, choices))
                raise ApiError(400, f"setting {key!r} must be one of {allowed}, not {value!r}")
        settings = self.settings(player_id) | changes
        self.store.save_settings(player_id, settings)
        for live in self._live.values():
            if live.saved.player_id == player_id:
                live.table.settings = self._table_settings(settings, live.saved.options)
        return settings

    @staticmethod
    def _table_settings(settings: dict[str, Any], options: dict[str, Any]) -> TableSettings:
        # Auto-move changes what a replayed log does, so it is fixed per game at its start.
        return TableSettings(
            move_errors=bool(settings["move_errors"]),
            placement_help=bool(settings["placement_help"]),
            auto_move=bool(options.get("auto_move", False)),
        )

    # Creating and loading ---------------------------------------------------------------

    def new_game(self, player_id: str, request: Any) -> LiveGame:
        """Start a game from ``{"game", "variant", "winnable"}`` or ``{"code"}``."""
        if not isinstance(request, dict):
            raise ApiError(400, "a new game needs a JSON object")
        text = request.get("code")
        if text not in (None, ""):
            if not isinstance(text, str):
                raise ApiError(400, "the code must be a string such as SH1-C4-AAAAAJ2")
            try:
                code = DealCode.parse(text)
            except DealCodeError as error:
                raise ApiError(400, str(error), part=error.part) from None
            if code.game not in self.tables:
                raise ApiError(
                    404, N_("%(game)s is not offered by this server") % {"game": code.family.title}
                )
        else:
            family = self.family(str(request.get("game", "")))
            variant = request.get("variant") or family.variants[0]
            if variant not in family.variants:
                allowed = ", ".join(family.variants)
                raise ApiError(
                    400,
                    N_("%(game)s has no variant '%(variant)s': use %(allowed)s")
                    % {"game": family.title, "variant": variant, "allowed": allowed},
                )
            winnable = request.get("winnable", True)
            if not isinstance(winnable, bool):
                raise ApiError(400, "winnable must be true or false")
            code = self._random_code(family, variant, winnable)
        options = {"auto_move": self.settings(player_id)["auto_move"]}
        return self._create(player_id, code.family.name, code.variant, str(code), options)

    def _create(
        self, player_id: str, game: str, variant: str, code: str, options: dict[str, Any]
    ) -> LiveGame:
        game_id = self.store.create_game(player_id, game, variant, code, options)
        # The store closed the player's other unfinished games of this game: reload them.
        for stale in [
            key
            for key, live in self._live.items()
            if live.saved.player_id == player_id and live.saved.game == game
        ]:
            del self._live[stale]
        return self.load(player_id, game_id)

    @staticmethod
    def _random_code(family: GameFamily, variant: str, winnable: bool) -> DealCode:
        try:
            return adapter_for(family.prefix).random_code(variant, winnable=winnable)
        except (UnknownGame, ImportError):
            return DealCode(family.prefix, 1, variant, secrets.randbelow(family.max_number + 1))

    def restart(self, player_id: str, game_id: str) -> LiveGame:
        """The same deal from its start, as a new game."""
        saved = self.load(player_id, game_id).saved
        return self._create(player_id, saved.game, saved.variant, saved.code, saved.options)

    def load(self, player_id: str, game_id: str) -> LiveGame:
        """The player's game, from memory or rebuilt from its save."""
        live = self._live.get(game_id)
        if live is None:
            try:
                saved = self.store.load_game(game_id)
            except CorruptSave as error:
                raise ApiError(409, str(error)) from None
            if saved is None:
                raise ApiError(404, N_("no such game: it may have been replaced by a newer deal"))
            live = self._rebuild(saved)
            self._live[game_id] = live
            while len(self._live) > CACHE_SIZE:
                self._live.popitem(last=False)
        if live.saved.player_id != player_id:
            raise ApiError(403, N_("this game belongs to another player"))
        self._live.move_to_end(game_id)
        live.last_used = time.monotonic()
        return live

    def _rebuild(self, saved: SavedGame) -> LiveGame:
        factory = self.tables.get(saved.code[:2])
        if factory is None:
            raise ApiError(404, f"{saved.game} is not offered by this server")
        settings = self._table_settings(self.settings(saved.player_id), saved.options)
        try:
            code = DealCode.parse(saved.code)
            table = factory(code, settings, clock=self.clock)
            replay(table, list(saved.log))
        except (ValueError, KeyError, TypeError, IndexError) as error:
            raise ApiError(409, f"the saved game {saved.id} cannot be replayed: {error}") from None
        table.timer = GameTimer.from_dict(
            {"elapsed": saved.elapsed, "stopped": saved.timer_stopped}, clock=self.clock
        )
        return LiveGame(saved=saved, table=table, par=saved.par)

    # Playing ----------------------------------------------------------------------------

    def intent(
        self, player_id: str, game_id: str, request: Any
    ) -> tuple[LiveGame, list[Event], dict[str, Any]]:
        """Apply one intent; save if it changed anything; 422 if it was refused.

        Returns the game, the events and the new view."""
        intent = parse_intent(request)
        live = self.load(player_id, game_id)
        if live.saved.status == "abandoned":
            raise ApiError(
                409, N_("this game was replaced by a newer deal: it can be seen, not played")
            )
        table = live.table
        before = len(table.log)
        try:
            events = apply_intent(table, intent)
        except ValueError as error:
            raise ApiError(400, str(error)) from None
        view = self.view(live)
        if len(table.log) == before:
            errors = [event["message"] for event in events if event.get("type") == "error"]
            if errors:
                raise ApiError(422, errors[0], view=view, events=events)
            return live, events, view
        self.save(live, view)
        if any(event.get("type") == "move" for event in events):
            events.extend(self._warning(player_id, live, view))
        return live, events, view

    def _warning(self, player_id: str, live: LiveGame, view: dict[str, Any]) -> list[Event]:
        """``unwinnable`` the moment the game can no longer be won, when asked for."""
        if view["status"] != "playing" or not self.settings(player_id)["warn_unwinnable"]:
            return []
        lost = verdict(live.table, WARNING_SECONDS) is False
        warn = lost and not live.warned
        live.warned = lost
        return [{"type": "unwinnable", "message": UNWINNABLE}] if warn else []

    def save(self, live: LiveGame, view: dict[str, Any] | None = None) -> None:
        """Write the live game's log, timer and outcome in one transaction."""
        if live.saved.status == "abandoned":
            return  # replaced by a newer deal: its record stays as it was
        view = live.table.view() if view is None else view
        timer = live.table.timer
        self.store.save_progress(
            live.saved.id,
            log=list(live.table.log),
            elapsed=timer.elapsed(),
            timer_stopped=timer.stopped,
            status=view["status"],
            score=int(view["score"]),
            moves=int(view["moves"]),
        )

    def pause(self, player_id: str, game_id: str) -> None:
        """The tab was hidden or closed: stop the clock until the game is seen again."""
        live = self.load(player_id, game_id)
        live.table.timer.pause()
        self.save(live)

    def resume(self, live: LiveGame) -> None:
        """The game is on screen again: its clock runs if it had started."""
        view = live.table.view()
        if view["status"] == "playing" and view["moves"] > 0:
            live.table.timer.start()

    def hint(self, player_id: str, game_id: str) -> dict[str, Any] | None:
        """The next move of a winning line from here, or None."""
        return self.load(player_id, game_id).table.hint()

    def winnable(self, player_id: str, game_id: str) -> bool | None:
        """Whether the game can still be won from here; None if the solver ran out of time."""
        live = self.load(player_id, game_id)
        status = live.table.view()["status"]
        if status != "playing":
            return bool(status == "won")
        return verdict(live.table)

    def par(self, live: LiveGame) -> int | None:
        """Heart to Heart's shortest win for the deal (solved once, then saved)."""
        if live.par is None and live.saved.game == "heart-to-heart":
            try:
                result = adapter_for("HH").solve(DealCode.parse(live.saved.code), shortest=True)
            except (UnknownGame, Unsupported, ImportError):
                return None
            if result.get("winnable"):
                live.par = int(result["length"])
                self.store.save_par(live.saved.id, live.par)
        return live.par

    def view(self, live: LiveGame) -> dict[str, Any]:
        """The table's view plus what the page needs around it."""
        view = live.table.view()
        timer = live.table.timer
        view["id"] = live.saved.id
        view["timer_running"] = timer.running_since is not None
        if view["status"] == "won":
            view["par"] = live.par
        return view


VERDICT_SECONDS = 3.0
WARNING_SECONDS = 0.05
UNWINNABLE = N_("This game can no longer be won: undo, or start a new deal.")


def verdict(table: SolitaireTable, seconds: float = VERDICT_SECONDS) -> bool | None:
    """Can the table's position still be won? True, False, or None (undecided in time)."""
    if table.code.game == "SH":
        from cardems.seahaven.solver import solve_state

        return solve_state(getattr(table, "state"), time_limit=seconds).winnable  # noqa: B009
    # Heart to Heart's hint comes from an exact solver: no hint means no win.
    return table.hint() is not None


def parse_intent(request: Any) -> Intent:
    """``{"type": "drag", "source": "column:3", "target": "cell:1"}`` → an intent tuple."""
    if not isinstance(request, dict):
        raise ApiError(400, "an intent must be a JSON object with a type")
    kind = request.get("type")
    fields = INTENT_KINDS.get(kind) if isinstance(kind, str) else None
    if fields is None or not isinstance(kind, str):
        raise ApiError(400, f"unknown intent type {kind!r}: use {', '.join(INTENT_KINDS)}")
    values: list[str] = []
    for name in fields:
        value = request.get(name)
        if not isinstance(value, str) or not 0 < len(value) <= 40:
            raise ApiError(400, f"a {kind} needs a {name} such as 'column:3' or 'heart:25'")
        values.append(value)
    return (kind, *values)
