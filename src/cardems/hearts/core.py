"""Hearts' compact card form: integers 0–51 ordered by trick strength, and bitmasks.

Index ``i`` is ``suit.order * 13 + (trick strength - 2)``: suits S, H, D, C as in
:mod:`cardems.cards`, and inside a suit the deuce is 0 and the ace 12. With that order
the highest card of a suit in a mask is its highest bit and comparing two indices of the
same suit compares the cards, which keeps the trick loop and the bots cheap. (It is not
:attr:`Card.ordinal`, where the ace is low; :func:`to_index` and :func:`to_card` convert.)
A hand is an ``int`` with bit ``i`` set for each card held.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from cardems.cards import ALL_CARDS, Card, Rank, Suit

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUIT_MASKS: tuple[int, int, int, int] = tuple(0x1FFF << (13 * s) for s in range(4))  # type: ignore[assignment]
HEART_MASK = SUIT_MASKS[HEARTS]
QUEEN_OF_SPADES = SPADES * 13 + 10
KING_OF_SPADES = SPADES * 13 + 11
ACE_OF_SPADES = SPADES * 13 + 12
TWO_OF_CLUBS = CLUBS * 13 + 0
QS_BIT = 1 << QUEEN_OF_SPADES
TWO_CLUBS_BIT = 1 << TWO_OF_CLUBS
POINT_MASK = HEART_MASK | QS_BIT
FULL_DECK = (1 << 52) - 1
MOON_POINTS = 26

SUIT_OF: tuple[int, ...] = tuple(i // 13 for i in range(52))
POINTS: tuple[int, ...] = tuple(
    13 if i == QUEEN_OF_SPADES else (1 if SUIT_OF[i] == HEARTS else 0) for i in range(52)
)


def to_index(card: Card) -> int:
    """The compact index of ``card``."""
    return card.suit.order * 13 + card.rank.trick_strength() - 2


def _card_of(index: int) -> Card:
    strength = index % 13 + 2
    rank = Rank.ACE if strength == 14 else Rank(strength)
    return Card(rank, (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)[index // 13])


CARD_OF: tuple[Card, ...] = tuple(_card_of(i) for i in range(52))
INDEX_OF_ORDINAL: tuple[int, ...] = tuple(to_index(card) for card in ALL_CARDS)


def to_card(index: int) -> Card:
    """The :class:`Card` of a compact index."""
    return CARD_OF[index]


def highest(mask: int) -> int:
    """The highest card of a non-empty mask."""
    return mask.bit_length() - 1


def lowest(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def bits(mask: int) -> Iterator[int]:
    """The card indices in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


TEXT_OF: tuple[str, ...] = tuple(str(card) for card in CARD_OF)
"""Each compact index's card as text (``QS``): what views are made of, made once."""


def texts_of(mask: int) -> list[str]:
    """The cards of a mask as text, in :func:`cards_of`'s order."""
    return [TEXT_OF[i] for i in bits(mask)]


def mask_of(indices: Iterable[int]) -> int:
    """The mask holding ``indices``."""
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, sorted by suit (S, H, D, C) then rank, low to high."""
    return tuple(CARD_OF[i] for i in bits(mask))


def mask_of_cards(cards: Iterable[Card]) -> int:
    """The mask holding ``cards``."""
    return mask_of(to_index(card) for card in cards)


def points_of(mask: int) -> int:
    """Points in a set of cards: 1 per heart, 13 for the Q♠."""
    return (mask & HEART_MASK).bit_count() + (13 if mask & QS_BIT else 0)


def legal_mask(hand: int, led_suit: int, first_trick: bool, hearts_broken: bool) -> int:
    """The cards of ``hand`` that may be played; ``led_suit`` is -1 when leading.

    Leading: the 2♣ on the first trick; no heart before hearts are broken unless the hand
    holds only hearts. Following: the led suit if held; otherwise anything, except that on
    the first trick hearts and the Q♠ are barred while the hand holds a card scoring nothing.
    """
    if led_suit < 0:
        if first_trick:
            return hand & TWO_CLUBS_BIT
        if not hearts_broken:
            safe = hand & ~HEART_MASK
            if safe:
                return safe
        return hand
    follow = hand & SUIT_MASKS[led_suit]
    if follow:
        return follow
    if first_trick:
        safe = hand & ~POINT_MASK
        if safe:
            return safe
    return hand


def round_scores(raw: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Round scores from raw points taken: a player with all 26 shoots the moon."""
    for seat, points in enumerate(raw):
        if points == MOON_POINTS:
            return tuple(0 if other == seat else MOON_POINTS for other in range(len(raw)))
    return tuple(raw)
