"""Gettext translations loaded from the ``.po`` catalogs shipped in the package.

English is the source language: its msgids are the text, so it has no catalog.
The ``.po`` files are compiled into memory on first use (``read_po`` + ``write_mo``),
so no binary ``.mo`` file is committed and there is no build step.
"""

from __future__ import annotations

import functools
import io
from importlib import resources
from importlib.resources.abc import Traversable

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from cardems.i18n.languages import DEFAULT_LANGUAGE, LANGUAGES

__all__ = ["DOMAIN", "catalog_path", "load_catalog", "template_path", "translations"]

DOMAIN = "messages"


def _locales() -> Traversable:
    return resources.files("cardems.i18n") / "locales"


def template_path() -> Traversable:
    """The catalog template ``messages.pot`` that ``pybabel extract`` writes."""
    return _locales() / f"{DOMAIN}.pot"


def catalog_path(lang: str) -> Traversable:
    """The ``.po`` catalog of a translated language."""
    return _locales() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_catalog(lang: str) -> Catalog:
    """Parse the ``.po`` catalog of ``lang`` (fuzzy entries are kept, flagged)."""
    with catalog_path(lang).open("rb") as po:
        return read_po(po, locale=lang, domain=DOMAIN)


@functools.cache
def translations(lang: str) -> NullTranslations:
    """Cached gettext object (``gettext``, ``ngettext``, ``pgettext``…) for ``lang``.

    Works with Jinja2's ``env.install_gettext_translations(..., newstyle=True)`` and
    from Python: ``translations("ar").gettext("Must be of the same rank")``.
    Missing or fuzzy entries fall back to the English msgid.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    if lang == DEFAULT_LANGUAGE:
        return NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, load_catalog(lang), use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)
