"""Account names: what one may be, and when two are the same.

A name is read in Unicode's NFKC form (so fullwidth ``ＡＬＩＣＥ`` is ``ALICE``), and
taken if it has 3 to 32 characters, each an ASCII digit, a dot, a dash, an underscore
or a letter, the letters all of one alphabet: Latin (the ASCII letters and those
written as one of them with accents, as Romanian's ă â î ș ț), Arabic or Hebrew.
Control characters, spaces, marks standing alone, other digits, symbols and other
alphabets are refused, and so are names mixing alphabets (a Cyrillic ``а`` in a Latin
name), which is where most look-alikes hide.

Two names are the same account when their :func:`name_key` is: case folded, accents
dropped, and the Latin look-alikes ``i``/``l``/``1`` and ``o``/``0`` merged, so that
``Alice``, ``ALICE``, ``aIice`` and ``alíce`` are one name (the first to sign up keeps
it; the others are refused as taken).
"""

from __future__ import annotations

import unicodedata
from typing import Final

from cardems.i18n.markers import N_

BAD_NAME: Final = N_(
    "a name has 3 to 32 letters of one alphabet, digits, dots, dashes or underscores"
)
SCRIPTS: Final = ("LATIN", "ARABIC", "HEBREW")
_NEUTRAL: Final = frozenset("0123456789._-")
_LOOK_ALIKES: Final = str.maketrans({"i": "l", "1": "l", "0": "o"})


class NameError_(ValueError):
    """A text that cannot be an account name (the message is :data:`BAD_NAME`)."""


def _script(char: str) -> str | None:
    """The alphabet of a letter the rule allows, or None."""
    if not unicodedata.category(char).startswith("L"):
        return None
    script = unicodedata.name(char, "").split(" ")[0]
    if script == "LATIN":
        base = unicodedata.normalize("NFD", char)[0]
        return script if base.isascii() else None
    return script if script in SCRIPTS else None


def checked_name(text: str) -> str:
    """``text`` as an account name (in NFKC form); :class:`NameError_` if it is not one."""
    name = unicodedata.normalize("NFKC", text)
    if not 3 <= len(name) <= 32:
        raise NameError_(BAD_NAME)
    scripts = set()
    for char in name:
        if char in _NEUTRAL:
            continue
        script = _script(char)
        if script is None:
            raise NameError_(BAD_NAME)
        scripts.add(script)
    if len(scripts) > 1:
        raise NameError_(BAD_NAME)
    return name


def name_key(name: str) -> str:
    """What two names that look the same share (see the module docstring)."""
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    bare = "".join(char for char in folded if not unicodedata.combining(char))
    return unicodedata.normalize("NFC", bare).translate(_LOOK_ALIKES)
