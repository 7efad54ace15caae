"""Translate a message an engine produced in English, formatted ones included.

Engines return English text marked with ``N_`` where it is produced; some are formatted
from a template (``N_("Position %(num)d is empty") % {"num": 7}``). :func:`translate`
finds the plain ones in the catalog and recognises the formatted ones by their
template's shape, then formats the translated template with the same values.

:func:`number_text` writes a number so that its sign stays on its left in Arabic and
Hebrew: left alone, the bidirectional algorithm shows TriPeaks' ``-5`` as ``5-`` there.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Final

from cardems.i18n.catalogs import load_catalog, translations
from cardems.i18n.labels import list_separator
from cardems.i18n.languages import DEFAULT_LANGUAGE, direction
from cardems.numbers import read_number

__all__ = ["LRI", "PDI", "number_text", "translate"]

LRI: Final = "\u2066"
"""LEFT-TO-RIGHT ISOLATE: what follows, up to :data:`PDI`, reads left to right."""
PDI: Final = "\u2069"
"""POP DIRECTIONAL ISOLATE: the end of an isolate."""
_SIGNS: Final = ("-", "+", "\u2212")


def number_text(value: object, lang: str) -> str:
    """``value`` (a number, or a number already written as text) as ``lang`` shows it.

    In Arabic and Hebrew a signed number is isolated left to right (LRI … PDI): the
    bidirectional algorithm would otherwise put the minus of ``-5`` on its right, ``5-``,
    in a right-to-left line. Elsewhere, and without a sign, the text is ``str(value)``.

    >>> number_text(-5, "he") == "\u2066-5\u2069", number_text(-5, "en"), number_text(5, "ar")
    (True, '-5', '5')
    """
    text = str(value)
    if text.startswith(_SIGNS) and _right_to_left(lang):
        return f"{LRI}{text}{PDI}"
    return text


@functools.cache
def _right_to_left(lang: str) -> bool:
    return direction(lang) == "rtl"


def translate(lang: str, message: str | None) -> str | None:
    """An English message marked with ``N_`` in ``lang`` (unknown text stays as it is).

    A message formatted from a marked template (``N_("Position %(num)d is empty") % …``)
    is recognised by the template's shape and formatted again in ``lang``; its text
    parameters are translated too when the catalog knows them (game names), and a list of
    codes joined with ``", "`` (the games a server offers) is joined as ``lang`` joins a
    list (Arabic: ``"، "``).
    """
    if not message or lang == DEFAULT_LANGUAGE:
        return message
    t = translations(lang)
    translated = str(t.gettext(message))
    if translated != message:
        return translated
    for template, pattern in _patterns(lang):
        found = pattern.fullmatch(message)
        if found:
            quoted = set(_QUOTED.findall(template))  # echoed input, kept as typed
            values: dict[str, Any] = {
                name: number
                if (number := read_number(value, signed=True)) is not None
                else translate(lang, value)
                if name in quoted
                else _listed(lang, value)
                for name, value in found.groupdict().items()
            }
            text = str(t.gettext(template))
            for name, value in values.items():
                if isinstance(value, int) and value < 0 and _right_to_left(lang):
                    text = text.replace(f"%({name})d", f"%({name})s")
                    values[name] = number_text(value, lang)
            try:
                return text % values
            except (TypeError, ValueError):  # a text where the template has a number
                return message
    return message


_CODES: Final = re.compile(r"[\w:.#+-]+(?:, [\w:.#+-]+)+")
"""A list of codes or names (``freecell, seahaven``)."""
_QUOTED: Final = re.compile(r"['\"«„]%\((\w+)\)s")


def _listed(lang: str, value: str) -> str | None:
    """A text parameter in ``lang``: translated, or joined as ``lang`` joins a list."""
    if _CODES.fullmatch(value):
        return list_separator(lang).join(value.split(", "))
    return translate(lang, value)


MIN_FIXED: Final = 5
"""Fewest non-space characters outside the placeholders of a recognised template."""
_PLACEHOLDER: Final = re.compile(r"%\((\w+)\)([sd])")


@functools.cache
def _patterns(lang: str) -> list[tuple[str, re.Pattern[str]]]:
    """(template, regex) for each translated message with placeholders, longest first."""
    found = []
    for entry in load_catalog(lang):
        text = entry.id
        if isinstance(text, str) and entry.string and not entry.context and "%(" in text:
            # A template with little fixed text ("%(rank)s of %(suit)s") would match
            # unrelated messages: only distinctive ones are recognised.
            fixed = _PLACEHOLDER.sub("", text)
            if len("".join(fixed.split())) >= MIN_FIXED:
                found.append((text, re.compile(_regex(text), re.DOTALL)))
    return sorted(found, key=lambda pair: -len(pair[0]))


def _regex(template: str) -> str:
    parts, last, seen = [], 0, set()
    for match in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[last : match.start()]))
        name, kind = match.groups()
        if name in seen:
            parts.append(f"(?P={name})")
        else:
            seen.add(name)
            parts.append(f"(?P<{name}>-?\\d+)" if kind == "d" else f"(?P<{name}>.+?)")
        last = match.end()
    parts.append(re.escape(template[last:]))
    return "".join(parts)
