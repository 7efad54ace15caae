"""Where a game's own web files live: ``<its package>/web/`` (templates, static, rules).

A game package may ship a ``web`` folder: ``templates/`` joins the page templates,
``static/`` is served at ``/static/<version>/games/<slug>/`` (see ``static_assets.py``;
templates name its files with ``static("games/<slug>/…")``) and ``rules/<lang>.html``
holds its rules page in each language.

A rules page may name a section its family shares, ``<!--#part NAME-->``: the first
``web/rules/parts/NAME.<lang>.html`` found in the packages of the game's class and its
bases (the game's own, then its family engine's: ``kit/building`` holds the build
family's controls, end and extras, ``cellgames`` the scoring the cell games share)
stands in its place.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardems.core.game import Game
from cardems.i18n.languages import DEFAULT_LANGUAGE, LANGUAGES

PART = re.compile(r"<!--#part ([a-z-]+)-->")


def web_folder(module_name: str) -> Path:
    """The ``web`` folder of the package of the module ``module_name`` (may not exist)."""
    package = module_name.rpartition(".")[0]
    module = __import__(package, fromlist=["__file__"])
    return Path(str(module.__file__)).parent / "web"


def game_assets(game: Game) -> Path:
    """The ``web`` folder of the game's package (it may not exist)."""
    return web_folder(type(game).__module__)


def rules_part(game: Game, name: str, lang: str) -> str:
    """The shared rules section ``name`` in ``lang`` nearest the game (its package, then
    those of its bases); a page naming a part nobody ships is a packaging fault."""
    for base in type(game).__mro__:
        if not base.__module__.startswith("cardems."):
            continue
        part = web_folder(base.__module__) / "rules" / "parts" / f"{name}.{lang}.html"
        if part.is_file():
            return part.read_text(encoding="utf-8").rstrip("\n")
    raise LookupError(f"{game.family.name}: no rules part {name!r} in {lang!r}")


def rules_page(game: Game, lang: str) -> str | None:
    """The game's rules in ``lang`` as a trusted HTML fragment (``<article>``), or None.

    A language without a page falls back to English; the fragment carries its own
    ``lang`` and ``dir``, so an English fallback reads left to right even inside a
    right-to-left page. Mark it safe (``Markup``) in Jinja2.
    """
    folder = game_assets(game) / "rules"
    page = folder / f"{lang}.html"
    if lang not in LANGUAGES or not page.is_file():
        page = folder / f"{DEFAULT_LANGUAGE}.html"
    if not page.is_file():
        return None
    lang = page.stem
    return PART.sub(lambda found: rules_part(game, found.group(1), lang), page.read_text("utf-8"))
