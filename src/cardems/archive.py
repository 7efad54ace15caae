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

import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any, Final

from cardems.i18n.markers import N_

FORMAT: Final = "cardems-archive"
VERSION: Final = 1
MAX_BYTES: Final = 16 * 1024 * 1024
"""The largest file taken in (thousands of games fit in a few megabytes)."""
MAX_GAMES: Final = 50_000
MAX_ACTIONS: Final = 20_000
"""The most actions one game may have in an archive."""


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
    if len(text) > MAX_BYTES:
        raise _fail(N_("the file is larger than %(limit)s MB"), limit=MAX_BYTES // 2**20)
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise _fail(N_("the file is not a Cardems archive (it is not JSON)")) from None
    return archive_from_json(data)


def archive_from_json(data: Any) -> Archive:
    """The archive in decoded JSON (e.g. a request's body); :class:`ArchiveError` if not."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(N_("the file is not a Cardems archive"))
    if data.get("version") != VERSION:
        raise _fail(
            N_("this archive is of version %(found)s; this Cardems reads version %(known)s"),
            found=str(data.get("version"))[:20],
            known=VERSION,
        )
    settings, games = data.get("settings", {}), data.get("games")
    if not isinstance(settings, dict) or not isinstance(games, list):
        raise _fail(N_("the archive has no settings or no list of games"))
    if len(games) > MAX_GAMES:
        raise _fail(N_("the archive holds more than %(limit)s games"), limit=MAX_GAMES)
    parsed = []
    for number, game in enumerate(games, start=1):
        try:
            parsed.append(_game(game))
        except (KeyError, TypeError, ValueError) as error:
            raise _fail(
                N_("game %(number)s of the archive is damaged: %(error)s"),
                number=number,
                error=error,
            ) from None
    exported = data.get("exported", 0.0)
    return Archive(
        settings=settings,
        games=tuple(parsed),
        exported=_number(exported) if exported is not None else 0.0,
    )


def _text(value: Any, name: str, limit: int = 200) -> str:
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ValueError(f"{name} must be a short text")
    return value


def _number(value: Any, name: str = "a time") -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{name} must be a number")
    return float(value)


def _integer(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number")
    return value


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false")
    return value


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
        actions=tuple(tuple(action) for action in actions),
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
