"""The build family's facts for Spider: decks of one or two suits (``BuildRules.suits``,
each copy of a face a :class:`Twin` numbered in the unshuffled deck's order, suit by suit
with ``by_suit``), whole suits that go home by themselves (``Foundations.by_itself``: no
move of their own, the card under them turned, the order they went kept), a move's cost
and a suit's points (``Points.move``, ``Points.suit``), and the declarations that
contradict themselves refused in one line."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from cardems.cards import Card
from cardems.cellgames.notation import Move, Place
from cardems.dealcode import DealCode
from cardems.kit.building import (
    Build,
    BuildRules,
    DeclarationError,
    Foundations,
    Group,
    Points,
    Stock,
    Suits,
    Tableau,
    declare,
)
from cardems.kit.building.engine import (
    BuildState,
    Twin,
    apply_unchecked,
    deal,
    identity,
    unshuffled,
)

TOY = BuildRules(
    "Toy",
    Tableau(deal=(6,) * 4 + (5,) * 6, down=(5,) * 4 + (4,) * 6),
    Build(Suits.ANY),
    Group.SUIT_RUN,
    foundations=Foundations(whole_suits=True, by_itself=True),
    stock=Stock(draw=1, to_columns=10, deal_on_empty=False),
    decks=2,
    suits=1,
    by_suit=True,
    points=Points(home=0, move=-1, suit=100, start=500),
)
RULES = declare(TOY)


def column(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


@pytest.mark.parametrize(
    ("changed", "message"),
    [
        (replace(TOY, suits=3), "Toy: deck: 3 suits (1, 2 or 4)"),
        (
            replace(TOY, foundations=Foundations()),
            "Toy: foundations: take whole suits only when dealt from two decks",
        ),
        (
            replace(TOY, decks=1, foundations=Foundations()),
            "Toy: foundations: take whole suits only when the deck holds 1",
        ),
        (
            replace(TOY, suits=4, decks=1, foundations=Foundations(by_itself=True)),
            "Toy: foundations: send whole suits home by themselves, yet take single cards",
        ),
        (
            replace(
                TOY,
                suits=4,
                decks=1,
                foundations=Foundations(),
                stock=Stock(draw=1),
                tableau=Tableau(deal=(5,) * 10),
                points=Points(suit=100),
            ),
            "Toy: score: scores 100 a whole suit home, yet cards go one by one",
        ),
    ],
)
def test_contradictions_are_refused_in_one_line(changed: BuildRules, message: str) -> None:
    with pytest.raises(DeclarationError) as error:
        declare(changed)
    assert str(error.value) == message


@pytest.mark.parametrize(("suits", "copies"), [(1, 8), (2, 4), (4, 2)])
def test_a_deck_of_fewer_suits_holds_each_face_more_often(suits: int, copies: int) -> None:
    cards = unshuffled(replace(RULES, suits=suits))
    faces = Counter(str(card) for card in cards)
    assert len(cards) == 104 and len(faces) == 13 * suits and set(faces.values()) == {copies}
    assert len({identity(card) for card in cards}) == 104
    assert all(isinstance(card, Twin) for card in cards)
    assert [identity(card) for card in cards[:2]] == ["AS.1", "2S.1"]
    assert identity(cards[13]) == "AS.2"  # suit by suit: the spades' second copy next


def test_a_twin_is_its_face_to_the_rules() -> None:
    twin = Twin(Card.parse("7S").rank, Card.parse("7S").suit, 3)
    assert twin == Card.parse("7S") and hash(twin) == hash(Card.parse("7S"))
    assert twin.ordinal == 6 and identity(twin) == "7S.4" and identity(Card.parse("7S")) == "7S.1"


def test_one_suit_deals_two_decks_worth_of_spades() -> None:
    state = deal(RULES, DealCode("SP", 1, "S1", 5))
    cards = state.all_cards()
    assert len(cards) == 104 and {card.suit.letter for card in cards} == {"S"}
    assert len({identity(card) for card in cards}) == 104
    assert state.score == 500 and len(state.stock) == 50


def test_a_whole_suit_goes_home_by_itself_and_the_card_under_it_turns_up() -> None:
    spades = column("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
    columns = (column("5H") + spades, column("AS"), *[column("KC")] * 8)
    state = BuildState(RULES, columns, (), down=(1,) + (0,) * 9, stock=column("2D") * 10, score=500)
    after = apply_unchecked(state, Move(Place("column", 1), Place("column", 0)))
    assert after.columns[0] == column("5H") and after.down[0] == 0
    assert after.foundations == (13, 0, 0, 0) and after.gone == (0,)
    assert after.moves == 1 and after.score == 500 - 1 + 100
    assert not after.legal_moves() or all(m.dest.kind != "foundation" for m in after.legal_moves())


def test_the_game_is_won_once_every_card_is_home_whatever_its_suits() -> None:
    state = BuildState(RULES, ((),) * 10, (), foundations=(104, 0, 0, 0), down=(0,) * 10)
    assert state.won and state.outcome == "won"
