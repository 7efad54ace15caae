"""Klondike's notation, words and variants; the game itself is a declaration of the build
family (:mod:`cardems.klondike.declared`), which deals and plays it.

The players' rules are the game's rules page (``web/rules/<lang>.html``).

A card is its ordinal 0–51 (:attr:`cardems.cards.Card.ordinal`: suit S, H, D, C times
13 plus rank − 1); hearts and diamonds are red.

The deal: ``cardems.rng.shuffled`` of the 52 cards for ``KL<version>`` (the same cards in
every variant, so a deal number can be played at draw 1 and draw 3).
The columns are dealt row by row as at a table: the first seven cards go one to each
column from left to right, the next six to columns 2–7, and so on; the top card of each
column is face up. The 24 cards left form the stock, ``deck[28]`` drawn first.

The variant (:data:`VARIANTS`) sets the draw and the passes: ``D1`` and ``D3`` draw one
or three cards and pass through the stock any number of times; ``D1L`` allows one pass
(no recycle) and ``D3L`` three passes (two recycles), as Windows' Vegas rules had.

Move notation (parsed by :meth:`Move.parse`, written by ``str(move)``; they round-trip):

==========  ==================================================================
``D``       draw: turn one card (``D1``) or three (``D3``) from stock to waste
``R``       recycle: the stock is empty, the waste turns back into the stock
``W>3``     the waste's top card onto column 3 (columns 1–7, left to right)
``W>F``     the waste's top card to its foundation
``2>F``     column 2's top card to its foundation
``2>5``     from column 2 onto column 5 the face-up run that fits there
``FH>3``    the top card of the hearts foundation back onto column 3
==========  ==================================================================

Input is case-insensitive and ignores spaces. A face-down card left on top of a column
turns over at once, as in Microsoft's game.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardems.cards import Card
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.moves import format_moves as format_moves
from cardems.moves import move_tokens
from cardems.numbers import SHOWN, shown

if TYPE_CHECKING:
    from cardems.klondike.declared import KlondikeBoard

COLUMNS = 7
SUITS = "SHDC"
"""Foundation order, as the card ordinals (suit index = ordinal // 13)."""
VARIANTS = ("D3", "D1", "D3L", "D1L")
"""Draw three, draw one; with ``L`` the limited passes (three for draw three, one for
draw one)."""

STUCK_LIMIT = 5_000
"""Positions the "stuck" search may see before it gives up and says "not stuck"."""

NO_STOCK = N_("The stock is empty")
NO_RECYCLE = N_("The stock still has cards")
NO_PASSES = N_("No passes left through the stock")
EMPTY_WASTE = N_("The waste is empty")
EMPTY_COLUMN = N_("That column is empty")
EMPTY_FOUNDATION = N_("That foundation is empty")
ONLY_KING = N_("Only a king may fill an empty column")
BUILD_DOWN = N_("Must be one rank lower and of the other colour")
FOUNDATION_ORDER = N_("A foundation is built up by suit from the ace")
NO_RUN = N_("No face-up run of that column fits there")


def rank_of(card: int) -> int:
    """1 (ace) to 13 (king)."""
    return card % 13 + 1


def suit_of(card: int) -> int:
    """0–3 in :data:`SUITS` order."""
    return card // 13


def is_red(card: int) -> bool:
    """Hearts and diamonds."""
    return suit_of(card) in (1, 2)


def builds_on(card: int, base: int) -> bool:
    """Whether ``card`` may lie on ``base`` in a column: one rank lower, other colour."""
    return rank_of(card) + 1 == rank_of(base) and is_red(card) != is_red(base)


@functools.cache
def card_text(card: int) -> str:
    """``AH``, ``TD``, ``KS``."""
    return str(Card.from_index(card))


SCORINGS = ("standard", "vegas")
"""The player's choice of score (:attr:`cardems.klondike.declared.KlondikeBoard.score`);
the deal's code does not carry it, the game's options do."""


@dataclass(frozen=True)
class Rules:
    """What a variant sets: cards per draw and the recycles allowed (None: any); and the
    scoring the player chose (:data:`SCORINGS`)."""

    draw: int
    recycles: int | None
    scoring: str = "standard"

    @classmethod
    def of(cls, variant: str, scoring: str = "standard") -> Rules:
        """The rules of ``D1``, ``D3``, ``D1L`` or ``D3L``, scored ``scoring``."""
        if variant not in VARIANTS:
            raise ValueError(f"unknown Klondike variant {variant!r}")
        if scoring not in SCORINGS:
            raise ValueError(f"unknown Klondike scoring {scoring!r}")
        draw = int(variant[1])
        limited = variant.endswith("L")
        return cls(draw, (0 if draw == 1 else 2) if limited else None, scoring)


class MoveParseError(ValueError):
    """A move string that cannot be read; the message says why."""


EXPECTED = "expected D, R, W>3, W>F, 2>F, 2>5 or FH>3"


@dataclass(frozen=True, order=True)
class Move:
    """A move: ``source`` ``D``/``R`` (draw, recycle), ``W``, ``1``–``7`` or ``F`` plus a
    suit letter; ``target`` ``F`` or ``1``–``7`` (empty for a draw or a recycle)."""

    source: str
    target: str = ""

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in the notation of the module docstring."""
        if len(text) > SHOWN:
            raise MoveParseError(f"not a move: {shown(text)!r} ({EXPECTED})")
        token = "".join(text.split()).upper()
        if token in ("D", "R"):
            return cls(token)
        parts = token.split(">")
        if len(parts) != 2:
            raise MoveParseError(f"not a move: {text!r} ({EXPECTED})")
        source, target = parts
        columns = [str(n) for n in range(1, COLUMNS + 1)]
        sources = ["W", *columns, *(f"F{suit}" for suit in SUITS)]
        if source not in sources or target not in ("F", *columns):
            raise MoveParseError(f"not a move: {text!r} ({EXPECTED})")
        if source == target or (source.startswith("F") and target == "F"):
            raise MoveParseError(f"not a move: {text!r} (source and target are the same)")
        return cls(source, target)

    def __str__(self) -> str:
        return f"{self.source}>{self.target}" if self.target else self.source


DRAW = Move("D")
RECYCLE = Move("R")


def parse_moves(texts: Iterable[str]) -> list[Move]:
    """Parse several moves; each string may hold several separated by spaces or commas
    (:func:`~cardems.moves.format_moves` writes them back)."""
    return [Move.parse(token) for token in move_tokens(texts)]


STANDARD_POINTS = {"waste>column": 5, "to foundation": 10, "turn": 5, "from foundation": -15}
"""Microsoft's standard scoring; a recycle costs 100 at draw one, 20 at draw three."""
VEGAS_STAKE = 52
VEGAS_CARD = 5
"""Vegas scoring: the deal costs 52, each card on the foundations pays 5 back (a card
taken back from a foundation takes its 5 with it)."""


_SOURCES = ("W", *(str(n) for n in range(1, COLUMNS + 1)), *(f"F{suit}" for suit in SUITS))
_TARGETS = ("F", *(str(n) for n in range(1, COLUMNS + 1)))
CANDIDATES: tuple[Move, ...] = (
    DRAW,
    RECYCLE,
    *(Move(s, t) for s in _SOURCES for t in _TARGETS if s != t and not (s[0] == t == "F")),
)
"""Every move the notation can name, in the order
:func:`cardems.klondike.declared.legal_moves` lists them."""


def deal(code: DealCode, scoring: str = "standard") -> KlondikeBoard:
    """The first board of deal ``code``, scored ``scoring``
    (:func:`cardems.klondike.declared.board`, under the name it had here)."""
    from cardems.klondike.declared import board

    return board(code, scoring)
