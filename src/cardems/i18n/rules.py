"""Rules pages for players: one HTML fragment per game and language."""

from __future__ import annotations

from importlib import resources
from typing import Final

from cardems.i18n.languages import DEFAULT_LANGUAGE, LANGUAGES

__all__ = ["RULES_GAMES", "rules_page"]

#: Games that have a rules page, by the slug used in URLs and file names.
RULES_GAMES: Final = ("heart-to-heart", "seahaven", "hearts")


def rules_page(game: str, lang: str) -> str:
    """The rules of ``game`` in ``lang`` as a trusted HTML fragment (``<article>``).

    A language without a page (or an unknown one) falls back to English; the fragment
    carries its own ``lang`` and ``dir``, so an English fallback reads left to right
    even inside a right-to-left page. Mark it safe (``Markup``) in Jinja2.
    """
    if game not in RULES_GAMES:
        raise ValueError(f"unknown game {game!r}; expected one of {', '.join(RULES_GAMES)}")
    folder = resources.files("cardems.i18n") / "rules" / game
    page = folder / f"{lang}.html"
    if lang not in LANGUAGES or not page.is_file():
        page = folder / f"{DEFAULT_LANGUAGE}.html"
    return page.read_text(encoding="utf-8")
