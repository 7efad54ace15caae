"""The four languages, their text direction and Accept-Language negotiation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from babel import Locale
from babel.core import negotiate_locale

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "direction",
    "from_environment",
    "negotiate",
    "parse_accept_language",
]

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
    preferred = []
    for tag in parse_accept_language(accept_language):
        language, _, region = tag.partition("_")  # "iw_IL" -> "he_IL": Babel aliases whole tags
        language = _ALIASES.get(language.lower(), language)
        preferred.append(f"{language}_{region}" if region else language)
    found = negotiate_locale(preferred, list(LANGUAGES), sep="_", aliases=_ALIASES)
    return found.lower() if found else DEFAULT_LANGUAGE


def from_environment(environ: Mapping[str, str]) -> str:
    """The terminal's language from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``.

    The first variable set wins as in gettext (``LANGUAGE`` may list several, ``:``
    separated); ``C`` and ``POSIX`` mean English.

    >>> from_environment({"LANG": "ro_RO.UTF-8"})
    'ro'
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if not value:
            continue
        tags = [part.split(".")[0].split("@")[0] for part in value.split(":")]
        tags = [tag for tag in tags if tag and tag not in ("C", "POSIX")]
        return negotiate(",".join(tag.replace("_", "-") for tag in tags))
    return DEFAULT_LANGUAGE


def direction(lang: str) -> Literal["ltr", "rtl"]:
    """``"rtl"`` for Arabic and Hebrew, ``"ltr"`` otherwise, from Babel's locale data."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    return "rtl" if Locale.parse(lang).text_direction == "rtl" else "ltr"
