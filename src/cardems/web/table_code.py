"""A shared table's short code: eight letters and digits to read out or type, ``K7QX-M2PA``.

Crockford's base 32 (no ``I``, ``L``, ``O`` or ``U``): 40 random bits. The parser takes
any case, spaces or dashes anywhere, and reads ``O`` as ``0`` and ``I`` or ``L`` as
``1``, so a code read aloud or copied by hand still works; :func:`format_code` writes
it back in the one form the table shows.
"""

from __future__ import annotations

import secrets
from typing import Final

from cardems.i18n.markers import N_

ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH: Final = 8
BAD_LENGTH: Final = N_("a table code has 8 letters and digits, such as K7QX-M2PA (%(num)d given)")
BAD_CHARACTER: Final = N_("%(char)s cannot be in a table code (letters and digits only)")
_READ_AS: Final = str.maketrans({"O": "0", "I": "1", "L": "1"})


class TableCodeError(ValueError):
    """A text that is not a table code; the message says why, in one line."""


def new_code() -> str:
    """A random code, formatted."""
    return format_code("".join(secrets.choice(ALPHABET) for _ in range(LENGTH)))


def format_code(code: str) -> str:
    """The code as the table shows it: two groups of four, ``K7QX-M2PA``."""
    plain = parse_code(code)
    return f"{plain[:4]}-{plain[4:]}"


def parse_code(text: str) -> str:
    """The eight characters of a code typed in ``text``; :class:`TableCodeError` if none."""
    plain = "".join(text.split()).replace("-", "").upper().translate(_READ_AS)
    for char in plain:
        if char not in ALPHABET:
            raise TableCodeError(BAD_CHARACTER % {"char": repr(char)})
    if len(plain) != LENGTH:
        raise TableCodeError(BAD_LENGTH % {"num": len(plain)})
    return plain
