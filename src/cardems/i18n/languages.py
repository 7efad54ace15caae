"""The four languages, their text direction and Accept-Language negotiation."""

from __future__ import annotations

from typing import Final, Literal

from babel import Locale
from babel.core import negotiate_locale

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "direction", "negotiate", "parse_accept_language"]

#: Language code -> the language's own name, in menu order.
LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "ar": "العربية",
    "he": "עברית",
    "ro": "Română",
}
DEFAULT_LANGUAGE: Final = "en"

# Outdated codes some browsers still send.
_ALIASES: Final = {"iw": "he", "mo": "ro"}
_MAX_ENTRIES: Final = 50


def parse_accept_language(header: str | None) -> list[str]:
    """Language tags of an Accept-Language header, best first, as ``xx_YY``.

    Malformed entries, ``*`` and ``q=0`` are dropped; equal weights keep their order.
    """
    if not header:
        return []
    weighted: list[tuple[float, int, str]] = []
    for index, entry in enumerate(header.split(",")[:_MAX_ENTRIES]):
        tag, *params = (part.strip() for part in entry.split(";"))
        if not tag or tag == "*" or not all(c.isalnum() or c in "-_" for c in tag):
            continue
        quality = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if quality > 0:
            weighted.append((-quality, index, tag.replace("-", "_")))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(accept_language: str | None) -> str:
    """The best of LANGUAGES for an Accept-Language header (Babel's rules), else English.

    >>> negotiate("he-IL,he;q=0.9,en;q=0.8")
    'he'
    """
    found = negotiate_locale(
        parse_accept_language(accept_language), list(LANGUAGES), sep="_", aliases=_ALIASES
    )
    return found.lower() if found else DEFAULT_LANGUAGE


def direction(lang: str) -> Literal["ltr", "rtl"]:
    """``"rtl"`` for Arabic and Hebrew, ``"ltr"`` otherwise, from Babel's locale data."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    return "rtl" if Locale.parse(lang).text_direction == "rtl" else "ltr"
