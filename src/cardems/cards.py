"""Cards and their text notation: ``AH``, ``TH``, ``QS``; parsers also take ``10♥``.

A :class:`Card` is a small immutable value. ``Card.ordinal`` (0–51) gives the compact
integer form the engines and solvers use internally.
"""

from __future__ import annotations

from enum import Enum, IntEnum
from typing import NamedTuple


class Rank(IntEnum):
    """Card rank; ace is low (1). Hearts compares tricks with :func:`trick_strength`."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """Canonical one-letter notation: ``A 2 … 9 T J Q K``."""
        return RANK_LETTERS[self - 1]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse ``A``, ``2``…``9``, ``T`` or ``10``, ``J``, ``Q``, ``K`` (any case)."""
        token = text.strip().upper()
        if token == "10":
            token = "T"
        if len(token) != 1 or token not in RANK_LETTERS:
            raise CardParseError(f"unknown rank {text!r}: expected A, 2-9, T (or 10), J, Q or K")
        return cls(RANK_LETTERS.index(token) + 1)

    def trick_strength(self) -> int:
        """Strength in a Hearts trick, where the ace is high (2 … 14)."""
        return 14 if self is Rank.ACE else int(self)


class Suit(Enum):
    """The four suits, in the order S, H, D, C (the order of :attr:`Card.ordinal`)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        """Canonical one-letter notation."""
        return self.value

    @property
    def symbol(self) -> str:
        """The suit symbol, ♠ ♥ ♦ ♣."""
        return SUIT_SYMBOLS[self.value]

    @property
    def order(self) -> int:
        """Position of the suit in S, H, D, C."""
        return SUIT_ORDER.index(self)

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse ``S H D C`` (any case) or ``♠ ♥ ♦ ♣`` (also the outlined ♤ ♡ ♢ ♧)."""
        token = text.strip().upper()
        token = SYMBOL_TO_LETTER.get(token, token)
        for suit in cls:
            if suit.value == token:
                return suit
        raise CardParseError(f"unknown suit {text!r}: expected S, H, D, C or a suit symbol")


RANK_LETTERS = "A23456789TJQK"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SYMBOL_TO_LETTER = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
    "\N{BLACK HEART SUIT}\N{VARIATION SELECTOR-16}": "H",
}
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class CardParseError(ValueError):
    """A card, rank or suit string that cannot be read; the message says why."""


class Card(NamedTuple):
    """A playing card: rank and suit."""

    rank: Rank
    suit: Suit

    @property
    def ordinal(self) -> int:
        """Compact form 0–51: ``suit.order * 13 + rank - 1``."""
        return self.suit.order * 13 + self.rank - 1

    @classmethod
    def from_index(cls, index: int) -> Card:
        """Inverse of :attr:`ordinal`."""
        if not 0 <= index < 52:
            raise ValueError(f"card index {index} out of range 0-51")
        return ALL_CARDS[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``QS``, ``th``, ``10H``, ``10♥`` or ``A♠``; surrounding spaces are ignored."""
        token = text.strip()
        if len(token) < 2:
            raise CardParseError(f"not a card: {text!r} (expected rank then suit, e.g. QS or 10♥)")
        suit_text = token[-1]
        rank_text = token[:-1]
        if token.endswith("\N{VARIATION SELECTOR-16}") and len(token) >= 3:
            suit_text, rank_text = token[-2:], token[:-2]
        try:
            return cls(Rank.parse(rank_text), Suit.parse(suit_text))
        except CardParseError as error:
            raise CardParseError(f"not a card: {text!r}: {error}") from None

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def pretty(self) -> str:
        """Rank and suit symbol, ``10♥`` style, for people."""
        rank = "10" if self.rank is Rank.TEN else self.rank.letter
        return rank + self.suit.symbol


ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUIT_ORDER for rank in Rank)
"""The 52 cards in index order: A♠…K♠, A♥…K♥, A♦…K♦, A♣…K♣."""


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by spaces or commas: ``"AH TH 10♥"``."""
    return [Card.parse(token) for token in text.replace(",", " ").split()]


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    """Format cards separated by single spaces; the inverse of :func:`parse_cards`."""
    return " ".join(str(card) for card in cards)
