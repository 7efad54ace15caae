"""Pyramid's rules engine: the deal, moves and their notation, refusals, win and blocked."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cards import ALL_CARDS, Card
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.pyramid.layout import BELOW_MASK, COVERED_BY, FREE, comparable
from cardems.pyramid.rules import (
    MAKE_13,
    NOT_A_KING,
    STOCK_TOP,
    WASTE_TOP,
    Move,
    MoveParseError,
    PyramidState,
    deal,
    format_moves,
    parse_moves,
)

CODE = DealCode.parse("PY1-P3-AAAAAAM")


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(token) for token in text.split())


def test_the_layout_covers_as_a_pyramid() -> None:
    assert COVERED_BY[0] == (2, 3)
    assert COVERED_BY[5] == (9, 10)
    assert all(COVERED_BY[i] == () for i in range(21, 28))
    assert len(FREE) == 1430  # the removed-cards masks a game can reach
    assert comparable(1, 28) and not comparable(22, 28)
    assert BELOW_MASK[0] == (1 << 28) - 2


def test_golden_deal() -> None:
    state = deal(CODE)
    assert state.pyramid[:3] == cards("9H 8H JC")
    assert state.pyramid[21:] == cards("3H 7D 3S 5S 2C KC 2S")
    assert state.stock[:3] == cards("2H 5D JS") and state.stock[-1] == Card.parse("KS")
    assert state.waste == () and state.recycles == 0 and state.passes == 3
    assert state.free() == list(range(22, 29))
    assert deal(DealCode.parse("PY1-U-AAAAAAM")).passes is None
    assert deal(DealCode.parse("PY1-P1-AAAAAAM")).pyramid != state.pyramid  # its own deals


def test_every_code_deals_the_52_cards() -> None:
    for number in range(20):
        state = deal(DealCode("PY", 1, "P3", number))
        dealt = [c for c in (*state.pyramid, *state.stock) if c]
        assert len(dealt) == 52 and set(dealt) == set(ALL_CARDS)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("D", Move.draw()),
        ("r", Move.recycle()),
        ("27", Move.remove(27)),
        ("S", Move.remove(STOCK_TOP)),
        ("w", Move.remove(WASTE_TOP)),
        ("28 + 22", Move.remove(22, 28)),
        ("W+22", Move.remove(22, WASTE_TOP)),
        ("S+W", Move.remove(STOCK_TOP, WASTE_TOP)),
    ],
)
def test_moves_parse_and_format(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize("text", ["", "X", "0", "29", "22+22", "1+2+3", "S+S", "+4", "x" * 500])
def test_bad_moves_are_refused_with_a_message(text: str) -> None:
    with pytest.raises(MoveParseError, match=r"not a move|out of range|different"):
        Move.parse(text)


def test_refusals_say_why() -> None:
    state = deal(CODE)
    assert state.refusal(Move.remove(1)) == "The card at position 1 is covered"
    assert state.refusal(Move.remove(22, 24)) == MAKE_13  # 3H and 3S
    assert state.refusal(Move.remove(22)) == NOT_A_KING
    assert state.refusal(Move.remove(WASTE_TOP)) == "The waste is empty"
    assert state.refusal(Move.recycle()) == "The stock is not empty yet"
    assert state.refusal(Move.remove(27)) is None  # KC alone
    with pytest.raises(IllegalMove):
        state.apply(Move.remove(1))


def test_passes_limit_recycles() -> None:
    state = deal(DealCode.parse("PY1-P1-AAAAAAM"))
    for _ in range(24):
        state = state.apply(Move.draw())
    assert state.refusal(Move.recycle()) == "No more passes through the stock"
    three = deal(CODE)
    for _ in range(2):
        for _ in range(24):
            three = three.apply(Move.draw())
        three = three.apply(Move.recycle())
    for _ in range(24):
        three = three.apply(Move.draw())
    assert three.recycles == 2 and three.refusal(Move.recycle()) is not None


def test_a_position_without_any_removal_to_come_is_blocked() -> None:
    pyramid = (Card.parse("2S"), *([None] * 27))
    blocked = PyramidState(pyramid, cards("3H 4H"), cards("5H"), 0, 3)
    assert blocked.outcome == "blocked"
    hopeful = PyramidState(pyramid, cards("3H JH"), cards("5H"), 0, 3)
    assert hopeful.outcome is None
    won = PyramidState((None,) * 28, cards("3H"), ())
    assert won.outcome == "won" and won.legal_moves() == []


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**35 - 1), st.sampled_from(["P3", "P1", "P2", "U"]), st.data())
def test_random_play_conserves_cards_and_undo_restores(
    number: int, variant: str, data: st.DataObject
) -> None:
    code = DealCode("PY", 1, variant, number)
    assert DealCode.parse(str(code)) == code
    state = deal(code)
    history = [state]
    played: list[Move] = []
    for _ in range(60):
        moves = state.legal_moves()
        if not moves:
            break
        move = data.draw(st.sampled_from(moves))
        removed = len(move.places)
        after = state.apply(move)
        assert after.card_count() == state.card_count() - removed
        assert after.moves == state.moves + 1
        played.append(move)
        history.append(after)
        state = after
    assert parse_moves([format_moves(played)]) == played
    replayed = history[0]
    for move, expected in zip(played, history[1:], strict=True):
        replayed = replayed.apply(move)
        assert replayed == expected
