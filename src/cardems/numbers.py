"""The one reader of numbers that come from outside (a URL, a form, a deal code, a
command line, a file): ASCII digits only, and not too many of them.

``str.isdigit`` also accepts ``²`` or Arabic-Indic digits, which ``int`` then refuses
(or reads, for the latter, as a number the player never saw), and ``int`` refuses
texts of more than 4,300 digits: both once gave tracebacks. Every external number
goes through :func:`parse_number` instead, whose refusal is one clear line.
"""

from __future__ import annotations

import re
from typing import Final

from cardems.i18n.markers import N_

MAX_DIGITS: Final = 18
"""The most digits read: every such number fits in a 64-bit integer."""
NOT_A_NUMBER: Final = N_("'%(text)s' is not a number: write it with the digits 0 to 9")
TOO_LARGE: Final = N_("%(text)s is too large (at most %(num)d)")
SHOWN: Final = 24
"""The most characters of a refused text echoed in its message."""
_DIGITS: Final = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")


class NumberError(ValueError):
    """A text that is not a number in bounds; the message is marked for translation."""


def shown(text: str) -> str:
    """``text`` cut short enough to echo in a message."""
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


def parse_number(text: str, *, maximum: int | None = None, signed: bool = False) -> int:
    """The whole number ``text`` names (non-negative unless ``signed``), at most
    ``maximum``; :class:`NumberError` otherwise."""
    if not _DIGITS.fullmatch(text) or (text.startswith("-") and not signed):
        raise NumberError(NOT_A_NUMBER % {"text": shown(text)})
    value = int(text)
    if maximum is not None and value > maximum:
        raise NumberError(TOO_LARGE % {"text": shown(text), "num": maximum})
    return value


def read_number(text: str, *, maximum: int | None = None, signed: bool = False) -> int | None:
    """:func:`parse_number`'s number, or None where it would refuse ``text``."""
    try:
        return parse_number(text, maximum=maximum, signed=signed)
    except NumberError:
        return None
