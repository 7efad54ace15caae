"""Deal codes ``GGV-VARIANT-PAYLOAD``: parse and format.

``HH1-N-AAAAAAM`` is Heart to Heart, generator version 1, variant ``N``, deal 12;
the payload is the deal number in base 32 (``A``–``Z`` then ``2``–``7``, ``A`` = 0) at a
fixed width of 7 characters for every game (as the Seahaven rules write
``SH1-C4-AAAAAJ2``). Codes are case-insensitive on input and formatted upper case. The
game letters are looked up among the registered games (:mod:`cardems.core.registry`).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardems.core.registry import families, find_family
from cardems.family import GameFamily as GameFamily
from cardems.family import Variant as Variant
from cardems.family import letters as letters
from cardems.i18n.markers import N_
from cardems.numbers import read_number

BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def family_of(prefix: str) -> GameFamily | None:
    """The registered game whose code letters are ``prefix`` (see :mod:`cardems.core.registry`)."""
    return find_family(prefix)


MALFORMED = N_("malformed deal code '%(text)s': expected GGV-VARIANT-PAYLOAD, e.g. HH1-N-AAAAAAM")


class DealCodeError(ValueError):
    """A deal code that cannot be read. ``part`` names the faulty part."""

    def __init__(self, part: str, message: str) -> None:
        super().__init__(message)
        self.part = part


def encode_base32(number: int, width: int) -> str:
    """``number`` in the payload alphabet, left-padded with ``A`` to ``width``."""
    if not 0 <= number < 32**width:
        raise ValueError(f"{number} does not fit in {width} base-32 digits")
    digits = []
    for _ in range(width):
        number, digit = divmod(number, 32)
        digits.append(BASE32_ALPHABET[digit])
    return "".join(reversed(digits))


def decode_base32(text: str) -> int:
    """Inverse of :func:`encode_base32` (upper-case input)."""
    number = 0
    for char in text:
        number = number * 32 + BASE32_ALPHABET.index(char)
    return number


@dataclass(frozen=True, order=True)
class DealCode:
    """A parsed deal code. ``str(code)`` gives the canonical text."""

    game: str
    version: int
    variant: str
    number: int

    def __post_init__(self) -> None:
        family = family_of(self.game)
        if family is None:
            raise DealCodeError("game", f"unknown game {self.game!r}: known are {_known_games()}")
        if self.version not in family.versions:
            raise DealCodeError(
                "version",
                f"unknown generator version {self.version} for {family.prefix}"
                f" (known: {', '.join(map(str, family.versions))})",
            )
        if self.variant not in family.variants:
            raise DealCodeError(
                "variant",
                N_("unknown variant '%(variant)s' for %(game)s: expected %(expected)s")
                % {
                    "variant": self.variant,
                    "game": family.title,
                    "expected": " or ".join(family.variants),
                },
            )
        if not 0 <= self.number <= family.max_number:
            raise DealCodeError(
                "number", f"deal number {self.number} out of range 0-{family.max_number}"
            )

    @property
    def family(self) -> GameFamily:
        """The game this code deals."""
        family = family_of(self.game)
        assert family is not None  # checked when the code was made
        return family

    @property
    def prefix(self) -> str:
        """The code without its payload, e.g. ``HH1-N``: one deal family of the generator."""
        return f"{self.game}{self.version}-{self.variant}"

    @classmethod
    def parse(cls, text: str) -> DealCode:
        """Parse a code such as ``hh1-n-aaaaaam``; raise :class:`DealCodeError` naming the part."""
        token = text.strip().upper()
        parts = token.split("-")
        if len(parts) != 3 or not all(parts):
            raise DealCodeError(
                "form",
                MALFORMED % {"text": text},
            )
        head, variant, payload = parts
        if len(head) != 3:
            raise DealCodeError(
                "form",
                N_("malformed deal code '%(text)s': the first part is two game letters and a digit")
                % {"text": text},
            )
        game, version_text = head[:2], head[2]
        family = family_of(game)
        if family is None:
            raise DealCodeError(
                "game",
                N_("unknown game '%(game)s' in '%(text)s': known are %(known)s")
                % {"game": game, "text": text, "known": _known_games()},
            )
        version = read_number(version_text)
        if version is None:
            raise DealCodeError(
                "version",
                N_("the generator version in '%(text)s' must be one digit") % {"text": text},
            )
        if len(payload) != family.payload_width:
            raise DealCodeError(
                "payload",
                N_("the payload '%(payload)s' must have %(num)d characters for %(game)s")
                % {"payload": payload, "num": family.payload_width, "game": game},
            )
        bad = sorted({char for char in payload if char not in BASE32_ALPHABET})
        if bad:
            raise DealCodeError(
                "payload",
                N_("the payload '%(payload)s' has characters outside A-Z and 2-7: %(bad)s")
                % {"payload": payload, "bad": "".join(bad)},
            )
        return cls(game, version, variant, decode_base32(payload))

    def __str__(self) -> str:
        return f"{self.prefix}-{encode_base32(self.number, self.family.payload_width)}"


def _known_games() -> str:
    return ", ".join(f"{family.prefix} ({family.title})" for family in families())
