"""Places and moves of a game with columns, free cells and foundations, and their text.

Move notation (``parse_move`` / ``format_move`` round-trip): ``SOURCE-DEST`` with places
``c1``–``cN`` (columns), ``f1``–``f4`` (free cells), ``hS hH hD hC`` (the foundations),
and ``xN`` after the destination when a group of ``N > 1`` cards moves: ``c3-c7``,
``c3-c7x3``, ``c1-f2``, ``f2-hS``, ``hS-c3``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from cardems.cards import Suit
from cardems.moves import MoveParseError as MoveParseError

SUIT_LETTERS = "SHDC"
"""The foundations' order (a foundation's index): spades, hearts, diamonds, clubs."""


@dataclass(frozen=True, order=True, slots=True)
class Place:
    """A pile: ``kind`` is ``column`` (index from 0), ``cell`` (0–3) or ``foundation``
    (index = suit order 0–3: S, H, D, C), or in a game with a stock ``stock`` or ``waste``
    (index 0; written ``s`` and ``w``), with a reserve pile ``reserve`` (``r``)."""

    kind: str
    index: int

    @property
    def target(self) -> str:
        """The table-target name: ``column:3``, ``cell:1``, ``foundation:H``."""
        if self.kind == "foundation":
            return f"foundation:{SUIT_LETTERS[self.index]}"
        if self.kind in ("stock", "waste", "reserve"):
            return self.kind
        return f"{self.kind}:{self.index + 1}"

    def __str__(self) -> str:
        if self.kind == "column":
            return f"c{self.index + 1}"
        if self.kind == "cell":
            return f"f{self.index + 1}"
        if self.kind in ("stock", "waste", "reserve"):
            return self.kind[0]
        return f"h{SUIT_LETTERS[self.index]}"


def column(number: int) -> Place:
    """Column ``number`` (from 1)."""
    return Place("column", number - 1)


def cell(number: int) -> Place:
    """Free cell ``number`` (1–4)."""
    return Place("cell", number - 1)


def foundation(suit: Suit | str) -> Place:
    """The foundation of ``suit``."""
    letter = suit.letter if isinstance(suit, Suit) else suit.upper()
    return Place("foundation", SUIT_LETTERS.index(letter))


@dataclass(frozen=True, slots=True)
class Move:
    """``count`` cards from ``source`` to ``dest`` (more than one only between columns)."""

    source: Place
    dest: Place
    count: int = 1

    def __str__(self) -> str:
        return format_move(self)


@cache
def _move_re(columns: int) -> re.Pattern[str]:
    numbers = "|".join(str(n) for n in range(columns, 0, -1))
    place = rf"(c(?:{numbers})|f[1-4]|h[shdc])"
    return re.compile(rf"^{place}-{place}(?:x([1-9][0-9]?))?$", re.IGNORECASE)


def _parse_place(token: str) -> Place:
    kind = token[0].lower()
    if kind == "h":
        return foundation(token[1])
    number = int(token[1:])
    return column(number) if kind == "c" else cell(number)


def parse_move(text: str, columns: int) -> Move:
    """Parse ``c3-c7``, ``c3-c7x3``, ``c1-f2``, ``f2-hS``, ``hS-c3`` (any case) for a table
    of ``columns`` columns; :class:`MoveParseError` says what is wrong."""
    match = _move_re(columns).match(text.strip())
    if match is None:
        raise MoveParseError(
            f"not a move: {text!r} (expected SOURCE-DEST such as c3-c7, c3-c7x3, c1-f2, f2-hS;"
            f" places are c1-c{columns}, f1-f4, hS/hH/hD/hC)"
        )
    count = int(match.group(3) or 1)
    if match.group(3) is not None and count < 2:
        raise MoveParseError(f"not a move: {text!r}: write a run's size only when it is 2 or more")
    return Move(_parse_place(match.group(1)), _parse_place(match.group(2)), count)


def format_move(move: Move) -> str:
    """The canonical text of a move; the inverse of :func:`parse_move`."""
    suffix = f"x{move.count}" if move.count > 1 else ""
    return f"{move.source}-{move.dest}{suffix}"
