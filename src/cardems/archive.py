"""A player's saves, statistics and settings as one JSON file, to carry to another browser
or machine: :func:`format_archive` writes it, :func:`parse_archive` reads it back (the two
round-trip). Pure: no storage, no web; the store fills and empties an :class:`Archive`,
and the service replays every game before one is taken in.

The file::

    {"format": "cardems-archive", "version": 1, "exported": 1764532800.0,
     "settings": {...},
     "games": [{"id", "game", "variant", "code", "options", "actions": [[...]],
                "records": [{...}], "elapsed", "timer_stopped", "status", "score",
                "moves", "par", "par_proven", "created", "updated", "finished",
                "counted"}]}

``actions`` are the game's actions in order (each a list of strings, as the engines
write them); ``records`` what the game noted for its statistics; ``counted`` is false
for a finished game whose statistics the player has reset; ``par_proven`` (true when
absent) is false for a par that is only the best win known, not a proven shortest one.
"""

from __future__ import annotations

import functools
import io
import json
import math
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any, BinaryIO, Final

from cardems.i18n.markers import N_

FORMAT: Final = "cardems-archive"
VERSION: Final = 1
MAX_BYTES: Final = 16 * 1024 * 1024
"""The largest file taken in (thousands of games fit in a few megabytes)."""
MAX_GAMES: Final = 50_000
MAX_ACTIONS: Final = 20_000
"""The most actions one game may have in an archive."""
MAX_GAME_EVENTS: Final = 8 * MAX_ACTIONS + 20_000
"""The most JSON values one game may hold (its actions, records and options)."""
MAX_SETTINGS_EVENTS: Final = 10_000
MAX_TIME: Final = 1e11
"""The largest time (seconds since 1970, or a duration) an archive may hold."""
MAX_INTEGER: Final = 2**31 - 1
"""The largest whole number an archive may hold (PostgreSQL's ``INTEGER``)."""


class ArchiveError(ValueError):
    """A file that is not a Cardems archive; the message is marked for translation."""


@dataclass(frozen=True)
class ArchivedGame:
    """One saved game as the archive carries it."""

    id: str
    game: str
    variant: str
    code: str
    options: dict[str, Any]
    actions: tuple[tuple[str, ...], ...]
    records: tuple[dict[str, Any], ...]
    elapsed: float
    timer_stopped: bool
    status: str
    score: int
    moves: int
    par: int | None
    created: float
    updated: float
    finished: float | None
    counted: bool = True
    par_proven: bool = True


@dataclass(frozen=True)
class Archive:
    """Everything of one player: settings and games."""

    settings: dict[str, Any] = field(default_factory=dict)
    games: tuple[ArchivedGame, ...] = ()
    exported: float = 0.0


def format_archive(archive: Archive) -> str:
    """The archive as the JSON text of a file."""
    games = []
    for game in archive.games:
        data = asdict(game)
        data["actions"] = [list(action) for action in game.actions]
        data["records"] = list(game.records)
        games.append(data)
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "exported": archive.exported,
            "settings": archive.settings,
            "games": games,
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def _fail(message: str, **values: Any) -> ArchiveError:
    return ArchiveError(message % values if values else message)


def parse_archive(text: str | bytes) -> Archive:
    """The archive in ``text``; :class:`ArchiveError` says what is wrong with it."""
    raw = text.encode() if isinstance(text, str) else text
    if len(raw) > MAX_BYTES:
        raise _fail(N_("the file is larger than %(limit)s MB"), limit=MAX_BYTES // 2**20)
    settings: dict[str, Any] = {}
    games: list[ArchivedGame] = []
    exported = 0.0
    for part in read_archive(io.BytesIO(raw)):
        if isinstance(part, ArchivedGame):
            games.append(part)
        elif isinstance(part, dict):
            settings = part
        else:
            exported = part
    return Archive(settings=settings, games=tuple(games), exported=exported)


def read_archive(source: BinaryIO) -> Iterator[ArchivedGame | dict[str, Any] | float]:
    """The parts of the archive read from ``source`` as they come, each checked: its
    export time, its settings and each of its games (memory holds one game at a time,
    at most :data:`MAX_GAME_EVENTS` JSON values). :class:`ArchiveError` says what is
    wrong, at the first part that is; a file must name its format and version before
    its games (as :func:`format_archive` writes them)."""
    import ijson  # type: ignore[import-untyped]  # streaming: a file is never decoded whole

    header: dict[str, Any] = {}
    events = ijson.parse(source, use_float=True)
    try:
        first = next(events, None)
        if first is None or first[1] != "start_map":
            raise _fail(N_("the file is not a Cardems archive"))
        number = 0
        for prefix, event, value in events:
            if prefix in ("format", "version", "exported") and event not in ("map_key",):
                header[prefix] = value if event in ("string", "number") else repr(value)
            elif prefix == "settings" and event == "start_map":
                yield _built(events, "settings", MAX_SETTINGS_EVENTS)
            elif prefix == "settings" and event != "map_key":
                raise _fail(N_("the archive has no settings or no list of games"))
            elif prefix == "games" and event == "start_array":
                _check_header(header)
                if "exported" in header:
                    yield _number(header["exported"])
                for item_prefix, item_event, _ in events:
                    if item_event == "end_array" and item_prefix == "games":
                        break
                    number += 1
                    if number > MAX_GAMES:
                        too_many = N_("the archive holds more than %(limit)s games")
                        raise _fail(too_many, limit=MAX_GAMES)
                    yield _read_game(events, item_event, number)
                header["games"] = True
            elif prefix == "games" and event != "map_key":
                _check_header(header)
                raise _fail(N_("the archive has no settings or no list of games"))
    except (ijson.JSONError, UnicodeDecodeError, ValueError) as error:
        if isinstance(error, ArchiveError):
            raise
        if "overflow" in str(error):
            raise _fail(N_("the file holds a number too large to be a Cardems one")) from None
        raise _fail(N_("the file is not a Cardems archive (it is not JSON)")) from None
    _check_header(header)
    if "games" not in header:
        raise _fail(N_("the archive has no settings or no list of games"))


def _check_header(header: dict[str, Any]) -> None:
    if header.get("format") != FORMAT:
        raise _fail(N_("the file is not a Cardems archive"))
    if header.get("version") != VERSION:
        raise _fail(
            N_("this archive is of version %(found)s; this Cardems reads version %(known)s"),
            found=str(header.get("version"))[:20],
            known=VERSION,
        )


def _built(events: Iterator[tuple[str, str, Any]], what: str, limit: int) -> Any:
    """The JSON value whose ``start_map`` was just read, built from ``events``; refused
    past ``limit`` values."""
    import ijson

    builder = ijson.ObjectBuilder()
    builder.event("start_map", None)
    depth = 1
    for count, (_, event, value) in enumerate(events, start=1):
        builder.event(event, value)
        depth += event in ("start_map", "start_array")
        depth -= event in ("end_map", "end_array")
        if count > limit:
            raise _fail(N_("%(what)s of the archive is too large"), what=what)
        if depth == 0:
            return builder.value
    raise _fail(N_("the file is not a Cardems archive (it is not JSON)"))


def _read_game(events: Iterator[tuple[str, str, Any]], first: str, number: int) -> ArchivedGame:
    """Game ``number`` of the archive, whose first event was ``first``."""
    damaged = N_("game %(number)s of the archive is damaged: %(error)s")
    if first != "start_map":
        raise _fail(damaged, number=number, error="a game must be an object")
    data = _built(events, f"game {number}", MAX_GAME_EVENTS)
    try:
        return _game(data)
    except (KeyError, TypeError, ValueError) as error:
        raise _fail(damaged, number=number, error=error) from None


def _text(value: Any, name: str, limit: int = 200) -> str:
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ValueError(f"{name} must be a short text")
    return value


def _number(value: Any, name: str = "a time") -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{name} must be a number")
    if not 0 <= value <= MAX_TIME:
        raise ValueError(f"{name} must be between 0 and {MAX_TIME:.0f}")
    return float(value)


def _integer(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number")
    if not -MAX_INTEGER <= value <= MAX_INTEGER:
        raise ValueError(f"{name} must be between -{MAX_INTEGER} and {MAX_INTEGER}")
    return value


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false")
    return value


@functools.lru_cache(maxsize=4096)
def _shared(action: tuple[str, ...]) -> tuple[str, ...]:
    """One copy of each action: a game's actions come from a small vocabulary."""
    return action


def _action(action: list[str]) -> tuple[str, ...]:
    return _shared(tuple(sys.intern(part) if len(part) < 40 else part for part in action))


def _game(data: Any) -> ArchivedGame:
    if not isinstance(data, dict):
        raise TypeError("a game must be an object")
    actions = data["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise ValueError("actions must be a list")
    if not all(
        isinstance(action, list) and action and all(isinstance(p, str) for p in action)
        for action in actions
    ):
        raise ValueError("each action must be a list of texts")
    records, options = data["records"], data["options"]
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise ValueError("records must be a list of objects")
    if not isinstance(options, dict):
        raise ValueError("options must be an object")
    par, finished = data["par"], data["finished"]
    return ArchivedGame(
        id=_text(data["id"], "id", 64),
        game=_text(data["game"], "game", 40),
        variant=_text(data["variant"], "variant", 40),
        code=_text(data["code"], "code", 80),
        options=options,
        actions=tuple(_action(action) for action in actions),
        records=tuple(records),
        elapsed=_number(data["elapsed"], "elapsed"),
        timer_stopped=_flag(data["timer_stopped"], "timer_stopped"),
        status=_text(data["status"], "status", 20),
        score=_integer(data["score"], "score"),
        moves=_integer(data["moves"], "moves"),
        par=None if par is None else _integer(par, "par"),
        created=_number(data["created"], "created"),
        updated=_number(data["updated"], "updated"),
        finished=None if finished is None else _number(finished, "finished"),
        counted=_flag(data.get("counted", True), "counted"),
        par_proven=_flag(data.get("par_proven", True), "par_proven"),
    )
