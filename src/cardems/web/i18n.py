"""The web app's languages: templates per language, engine messages, client strings.

- :func:`choose_language`: the player's saved ``language`` setting, else the browser's
  Accept-Language (negotiated among the four languages), else English.
- :func:`environment`: one cached Jinja2 environment per language (their compiled
  templates shared: :class:`SharedCode`) with ``jinja2.ext.i18n`` installed (trimmed
  ``{% trans %}``, new-style gettext: ``_()``, ``gettext()``, ``ngettext()``,
  ``pgettext()`` with ``%(name)s`` placeholders).
- :func:`translate`: an English message produced by an engine or the service (marked with
  ``N_`` where it is produced) in the page's language; :func:`translate_events` does the
  ``message`` of each event.
- :func:`client_strings`: the strings the browser scripts show (the shared ones and
  every game's ``client_strings``), as ``{msgid: text}``, embedded in every page
  (``<script type="application/json" id="cardems-strings">``) and read by the client's
  ``t(msgid)``; :func:`page_context` adds the parts of card names (``card-names``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

from jinja2 import BytecodeCache, Environment, FileSystemLoader, select_autoescape
from jinja2.bccache import Bucket

from cardems.core.registry import games
from cardems.i18n import LANGUAGES, direction, negotiate, translations
from cardems.i18n.formatted import number_text, translate
from cardems.i18n.labels import card_name_parts, list_separator
from cardems.i18n.markers import N_
from cardems.web.assets import game_assets
from cardems.web.static_assets import import_map, static_url

__all__ = [
    "CLIENT_STRINGS",
    "LANGUAGE_SETTING",
    "choose_language",
    "client_strings",
    "environment",
    "page_context",
    "translate",
    "translate_events",
]

TEMPLATES: Final = Path(__file__).parent / "templates"
LANGUAGE_SETTING: Final = "language"
"""The settings key; ``""`` means "as the browser asks"."""

#: Every string the browser scripts (static/*.js) show, looked up with ``t("…")``.
CLIENT_STRINGS: Final = (
    N_("Thinking…"),
    N_("Dealing…"),
    N_("Yes: this game can still be won."),
    N_("No: this game can no longer be won."),
    N_("Undecided: the solver spent its whole search without a verdict."),
    N_("Undecided, still searching: no verdict yet in the time a player waits."),
    # TRANSLATORS: the Solve button while the solver plays; pressing it stops.
    N_("Stop"),
    N_("Solve"),
    N_("The server did not answer."),
    N_("You are offline: this move was not made. It will work again when the connection is back."),
    N_("The server did not answer: this move was not made. Try again in a moment."),
    N_("The connection is back: you can play again."),
    # TRANSLATORS: after an HTTP status number.
    N_("The server answered %(status)s."),
    N_("This game has changed elsewhere: it is shown as it stands now."),
    N_("The game is won: it cannot be undone. Replay this deal to play it again."),
    N_("Nothing to undo."),
    # TRANSLATORS: in the win dialog.
    N_("Win streak: %(streak)s · won %(won)s of %(played)s"),
    # TRANSLATORS: the replay viewer's button that plays the moves one after the other.
    N_("Play"),
    N_("Pause"),
)


def choose_language(saved: Any, accept_language: str | None) -> str:
    """The page language: a valid saved setting, else negotiated from the browser."""
    if isinstance(saved, str) and saved in LANGUAGES:
        return saved
    return negotiate(accept_language)


class SharedCode(BytecodeCache):
    """The templates' compiled code, kept in memory for every language's environment: the
    code is the same in each (the language enters by the environment's ``gettext`` and
    filters, looked up as a page renders), so each template is compiled once a process
    rather than once a language. A changed template has another checksum: compiled anew."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if (code := self.code.get(bucket.key)) is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


SHARED_CODE: Final = SharedCode()


@functools.cache
def environment(lang: str) -> Environment:
    """The Jinja2 environment of ``lang``, created once per language, with the filter
    ``signed`` (``{{ score | signed }}``: :func:`cardems.i18n.number_text`, a negative
    number's minus kept on its left in Arabic and Hebrew)."""
    folders = [TEMPLATES, *(assets / "templates" for assets in map(game_assets, games()))]
    env = Environment(
        loader=FileSystemLoader([folder for folder in folders if folder.is_dir()]),
        autoescape=select_autoescape(),
        extensions=["jinja2.ext.i18n"],
        bytecode_cache=SHARED_CODE,
    )
    env.policies["ext.i18n.trimmed"] = True
    env.filters["signed"] = functools.partial(number_text, lang=lang)
    env.globals["static"] = static_url  # {{ static("style.css") }}: a versioned URL
    env.globals["import_map"] = import_map
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    return env


def translate_events(lang: str, events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies of ``events`` whose ``message`` is in ``lang``."""
    return [
        {**event, "message": translate(lang, event["message"])}
        if isinstance(event.get("message"), str)
        else event
        for event in events
    ]


@functools.cache
def client_strings(lang: str) -> dict[str, str]:
    """``{msgid: translation}`` of :data:`CLIENT_STRINGS` and every game's client strings."""
    t = translations(lang)
    messages = [*CLIENT_STRINGS, *(m for game in games() for m in game.client_strings)]
    return {message: str(t.gettext(message)) for message in messages}


def page_context(lang: str) -> dict[str, Any]:
    """What every page template needs to speak ``lang``."""
    return {
        "lang": lang,
        "dir": direction(lang),
        "languages": LANGUAGES,
        "client_strings": client_strings(lang),
        "card_names": card_name_parts(lang),
        "list_separator": list_separator(lang),
    }
