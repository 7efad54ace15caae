"""Microsoft's deals: golden layouts and an independent generator for deals 1-1,000."""

from __future__ import annotations

from collections import Counter

import pytest

from cardems.cards import ALL_CARDS, format_cards
from cardems.dealcode import DealCode
from cardems.freecell.game import GAME
from cardems.freecell.rules import deal, layout, ms_cards

DEAL_1 = """\
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H"""

DEAL_617 = """\
7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H"""


def rows(number: int) -> str:
    columns = layout(number)
    lines = []
    for height in range(7):
        cards = [pile[height] for pile in columns if height < len(pile)]
        lines.append(format_cards(cards))
    return "\n".join(lines)


def c_listing_deal(seed: int) -> list[str]:
    """The well-known C listing, transcribed: ``srand(seed)``, ``rand()`` as in Microsoft's
    C library, cards numbered 0-51 as rank * 4 + suit with suits clubs, diamonds, hearts,
    spades, and ``card[j] = card[wLeft - 1]`` after each card is taken."""
    holdrand = seed

    def rand() -> int:
        nonlocal holdrand
        holdrand = (holdrand * 214013 + 2531011) % (1 << 31)
        return holdrand // 65536

    deck = list(range(52))
    out: list[int] = []
    w_left = 52
    for _ in range(52):
        j = rand() % w_left
        out.append(deck[j])
        deck[j] = deck[w_left - 1]
        w_left -= 1
    ranks, suits = "A23456789TJQK", "CDHS"
    return [ranks[card // 4] + suits[card % 4] for card in out]


def test_deal_1_is_microsofts_deal_1() -> None:
    assert rows(1) == DEAL_1


def test_deal_617_is_microsofts_deal_617() -> None:
    assert rows(617) == DEAL_617


def test_the_first_thousand_deals_match_an_independent_generator() -> None:
    for number in range(1, 1001):
        assert [str(card) for card in ms_cards(number)] == c_listing_deal(number), number


def test_columns_hold_seven_then_six_cards_and_every_card_once() -> None:
    for number in (1, 617, 11982, 2**31 - 1):
        columns = layout(number)
        assert [len(pile) for pile in columns] == [7, 7, 7, 7, 6, 6, 6, 6]
        assert Counter(card for pile in columns for card in pile) == Counter(ALL_CARDS)


def test_codes_deal_the_same_cards_in_both_variants() -> None:
    classic = deal(DealCode("FC", 1, "N", 617))
    bakers = deal(DealCode("FC", 1, "B", 617))
    assert classic.columns == bakers.columns
    assert not classic.by_suit and bakers.by_suit
    assert str(DealCode("FC", 1, "N", 617)) == "FC1-N-AAAAATJ"


@pytest.mark.parametrize("text", ["617", "#617", " 617 ", "FC1-N-AAAAATJ", "fc1-n-aaaaatj"])
def test_classic_numbers_and_codes_name_the_same_deal(text: str) -> None:
    assert GAME.code_for(text) == DealCode("FC", 1, "N", 617)


@pytest.mark.parametrize("text", ["0", "2147483648", "SH1-C4-AAAAAJ2", "six"])
def test_other_texts_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        GAME.code_for(text)
