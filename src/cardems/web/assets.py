"""Where a game's own web files live: ``<its package>/web/`` (templates, static, rules).

A game package may ship a ``web`` folder: ``templates/`` joins the page templates,
``static/`` is served at ``/static/<version>/games/<slug>/`` (see ``static_assets.py``;
templates name its files with ``static("games/<slug>/…")``) and ``rules/<lang>.html``
holds its rules page in each language.
"""

from __future__ import annotations

from pathlib import Path

from cardems.core.game import Game
from cardems.i18n.languages import DEFAULT_LANGUAGE, LANGUAGES


def game_assets(game: Game) -> Path:
    """The ``web`` folder of the game's package (it may not exist)."""
    package = type(game).__module__.rpartition(".")[0]
    module = __import__(package, fromlist=["__file__"])
    return Path(str(module.__file__)).parent / "web"


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
    return page.read_text(encoding="utf-8") if page.is_file() else None
