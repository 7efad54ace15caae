"""Card notation: parse, format, round-trip."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardems.cards import (
    ALL_CARDS,
    Card,
    CardParseError,
    Rank,
    Suit,
    format_cards,
    parse_cards,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AH", Card(Rank.ACE, Suit.HEARTS)),
        ("TH", Card(Rank.TEN, Suit.HEARTS)),
        ("QS", Card(Rank.QUEEN, Suit.SPADES)),
        ("10H", Card(Rank.TEN, Suit.HEARTS)),
        ("10♥", Card(Rank.TEN, Suit.HEARTS)),
        ("10♥️", Card(Rank.TEN, Suit.HEARTS)),
        ("qs", Card(Rank.QUEEN, Suit.SPADES)),
        ("  2c ", Card(Rank.TWO, Suit.CLUBS)),
        ("k♦", Card(Rank.KING, Suit.DIAMONDS)),
        ("A♠", Card(Rank.ACE, Suit.SPADES)),
        ("9♣", Card(Rank.NINE, Suit.CLUBS)),
    ],
)
def test_parse_accepts_every_documented_spelling(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


@pytest.mark.parametrize("text", ["", "A", "1H", "11H", "ZH", "AX", "A H H", "TT", "♥A"])
def test_parse_refuses_with_a_clear_message(text: str) -> None:
    with pytest.raises(CardParseError, match="not a card"):
        Card.parse(text)


def test_formatter_is_canonical() -> None:
    assert str(Card.parse("10♥")) == "TH"
    assert Card.parse("th").pretty() == "10♥"
    assert format_cards(parse_cards("AH, 10♥ qs")) == "AH TH QS"


def test_index_round_trip_and_order() -> None:
    assert [card.ordinal for card in ALL_CARDS] == list(range(52))
    assert str(ALL_CARDS[0]) == "AS" and str(ALL_CARDS[51]) == "KC"
    assert len(set(ALL_CARDS)) == 52
    with pytest.raises(ValueError, match="out of range"):
        Card.from_index(52)


def test_trick_strength_puts_the_ace_high() -> None:
    assert Rank.ACE.trick_strength() > Rank.KING.trick_strength() > Rank.TWO.trick_strength()


@given(st.sampled_from(ALL_CARDS))
def test_format_parse_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.pretty()) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.from_index(card.ordinal) == card


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=20))
def test_card_lists_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == cards
