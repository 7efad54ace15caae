"""Heart to Heart rules: set-up, pairs, stock and waste, moves, score, win, blocked, notation."""

from collections import Counter

import pytest
from hh_helpers import EXAMPLE, example, state_of
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cards import CardParseError
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.heart_to_heart.rules import (
    DECK,
    SAME_RANK,
    HeartState,
    Move,
    MoveKind,
    MoveParseError,
    card_text,
    deal,
    deal_deck,
    format_moves,
    initial_state,
    parse_heart,
    parse_moves,
    play,
)

GOLDEN = {
    "HH1-N-AAAAAAM": (
        "TH 8H 2H JH 2H 9H 6H AH 9H 2H 7H QH 4H KH 6H 3H 6H 6H QH 8H QH KH 3H AH 4H",
        "TH 7H 4H 5H JH 7H JH QH 4H 7H 9H 2H KH AH KH 8H 9H 8H 3H JH TH TH 5H 5H 3H 5H",
        "AH",
    ),
    "HH1-N-AAAAAAA": (
        "9H 3H 8H TH 5H KH 4H 3H KH 8H 2H KH AH 6H QH TH 7H AH 4H 2H 4H TH 9H AH 6H",
        "2H 3H AH 3H QH 5H 7H QH 7H JH QH 7H 9H TH 9H 8H 8H KH JH 6H JH JH 6H 5H 5H 4H",
        "2H",
    ),
    "HH1-N-AAAAAJ2": (
        "TH AH JH 6H TH 5H 3H KH JH KH JH KH 4H 4H 9H 8H AH 9H 5H JH 7H 9H 2H 8H 3H",
        "2H AH 8H 2H TH 4H QH AH 2H 5H QH 7H QH 3H QH 6H 8H 6H KH 7H 4H 5H TH 9H 7H 3H",
        "6H",
    ),
    "HH1-N-7777777": (
        "TH 5H AH 3H 3H JH 7H QH KH 6H KH 4H 8H TH 8H 8H TH TH 7H 9H 7H 3H QH 7H 4H",
        "JH JH 2H 9H 3H 6H AH QH 2H AH JH 4H 5H 6H 5H 6H 9H QH 9H 8H 2H 5H 2H AH KH 4H",
        "KH",
    ),
}


def cards(ranks: tuple[int, ...]) -> str:
    return " ".join(card_text(rank) for rank in ranks)


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_layouts(code: str) -> None:
    state = deal(DealCode.parse(code))
    assert (cards(state.heart), cards(state.stock), cards(state.waste)) == GOLDEN[code]


def test_the_deal_is_the_shuffled_deck_heart_then_stock_then_waste() -> None:
    deck = deal_deck(EXAMPLE)
    state = initial_state(deck)
    assert state.heart == tuple(deck[:25])
    assert state.stock == tuple(deck[25:51]) and state.waste == (deck[51],)


def test_52_hearts_four_of_each_rank() -> None:
    state = example()
    assert Counter(state.heart + state.stock + state.waste) == {r: 4 for r in range(1, 14)}
    assert (len(state.heart), len(state.stock), len(state.waste)) == (25, 26, 1)
    assert state.moves == 0 and state.score == 0


def test_initial_state_refuses_a_wrong_deck() -> None:
    with pytest.raises(ValueError, match="four of each rank"):
        initial_state([1] * 52)


def test_worked_example() -> None:
    """HH1-N-AAAAAAM: 10♥ at 1, 4♥ at the tip, A♥ on the waste; nine draws, then move 10
    pairs the waste 4♥ with the tip and frees the two cards the tip covered."""
    state = example()
    assert (state.heart[0], state.heart[24], state.waste_top) == (10, 4, 1)
    assert state.available() == [25]
    for _ in range(9):
        assert Move.pair(24, 25) not in state.legal_moves()
        state = state.apply(Move.draw())
    assert (state.waste_top, len(state.stock), len(state.waste)) == (4, 17, 10)
    assert state.legal_moves() == [Move.with_waste(25), Move.draw()]
    state = state.apply(Move.with_waste(25))
    assert state.moves == 10 and state.score == 10
    assert state.available() == [23, 24]
    assert state.heart[24] == 0  # an emptied position stays empty


def test_a_pair_of_two_available_heart_cards_scores_20() -> None:
    state = state_of({23: 5, 24: 5, 20: 7}, stock=(2,), waste=(3,))
    after = state.apply(Move.pair(23, 24))
    assert after.heart[22] == after.heart[23] == 0
    assert after.score - state.score == 20 and after.moves == 1
    assert after.stock == state.stock and after.waste == state.waste


def test_a_pair_with_the_waste_top_scores_10_and_takes_the_waste_card() -> None:
    state = state_of({25: 6}, waste=(9, 6))
    after = state.apply(Move.with_waste(25))
    assert after.waste == (9,) and after.score - state.score == 10 and after.is_won()


def test_pairs_must_be_of_the_same_rank() -> None:
    state = state_of({23: 5, 24: 6}, waste=(7,))
    for move in (Move.pair(23, 24), Move.with_waste(23)):
        with pytest.raises(IllegalMove, match=SAME_RANK):
            state.apply(move)


def test_covered_and_empty_cards_do_not_pair() -> None:
    state = example()
    with pytest.raises(IllegalMove, match="covered"):
        state.apply(Move.pair(1, 25))
    state = state_of({20: 4, 23: 1, 24: 4}, waste=(4,))
    with pytest.raises(IllegalMove, match="Position 25 is empty"):
        state.apply(Move.with_waste(25))
    with pytest.raises(IllegalMove, match="20 is covered"):
        state.apply(Move.pair(20, 24))
    # once 23, the only card covering 20, is gone, 20 plays
    assert state_of({20: 4, 24: 4}).refusal(Move.pair(20, 24)) is None


def test_only_the_waste_top_plays() -> None:
    state = state_of({25: 6}, waste=(6, 9))
    with pytest.raises(IllegalMove, match=SAME_RANK):
        state.apply(Move.with_waste(25))
    with pytest.raises(IllegalMove, match="waste is empty"):
        state_of({25: 6}, stock=(6,)).apply(Move.with_waste(25))


def test_draw_turns_the_stock_top_onto_the_waste() -> None:
    state = state_of({25: 1}, stock=(2, 3), waste=(4,))
    after = state.apply(Move.draw())
    assert after.stock == (3,) and after.waste == (4, 2) and after.moves == 1
    with pytest.raises(IllegalMove, match="stock is empty"):
        state_of({25: 1}, waste=(4,)).apply(Move.draw())


def test_recycle_returns_the_waste_in_the_same_order_without_limit() -> None:
    start = example()
    state = start
    for _ in range(3):  # unlimited recycles: three full rounds
        with pytest.raises(IllegalMove, match="not empty"):
            state.apply(Move.recycle())
        for _ in range(26):
            state = state.apply(Move.draw())
        assert state.stock == () and state.legal_moves()[-1] == Move.recycle()
        state = state.apply(Move.recycle())
        # the first card turned is again the first turned
        assert state.stock == start.waste + start.stock and state.waste == ()
        state = state.apply(Move.draw())
        assert state.waste == start.waste and state.stock == start.stock
    with pytest.raises(IllegalMove, match="stock and the waste are empty"):
        state_of({25: 1}).apply(Move.recycle())


def test_each_draw_recycle_and_pair_counts_one_move() -> None:
    state = state_of({24: 2, 23: 2, 25: 0}, stock=(5,), waste=())
    state = play(state, [Move.draw(), Move.recycle(), Move.draw(), Move.pair(23, 24)])
    assert state.moves == 4


def test_win_with_cards_left_in_the_stock_scores_250() -> None:
    state = state_of({25: 3}, stock=(3, 3, 3))
    assert not state.is_won()
    state = state.apply(Move.draw()).apply(Move.with_waste(25))
    assert state.is_won() and not state.is_blocked() and state.stock == (3, 3)
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove, match="won"):
        state.apply(Move.draw())
    full = HeartState((0,) * 25, (), ())
    assert full.score == 250


def test_blocked_when_no_available_card_has_a_partner_anywhere() -> None:
    # the tip's 4 has no partner in the heart, the stock or the waste
    assert state_of({25: 4, 24: 4}, stock=(5, 6), waste=(7,)).is_blocked()
    # a partner deep in the stock or the waste is enough
    assert not state_of({25: 4}, stock=(5, 6, 4), waste=(7,)).is_blocked()
    assert not state_of({25: 4}, stock=(5,), waste=(4, 7)).is_blocked()
    # as is another available heart card of the same rank
    assert not state_of({23: 8, 24: 8}).is_blocked()
    # a partner that is covered does not count
    assert state_of({20: 8, 23: 8}, waste=(1,)).is_blocked()
    # the example is not blocked, nor is a won game
    assert not example().is_blocked()
    assert not HeartState((0,) * 25, (), ()).is_blocked()


def test_blocked_is_independent_of_draws_left() -> None:
    state = state_of({25: 4}, stock=(5, 6), waste=(7,))
    assert state.is_blocked() and Move.draw() in state.legal_moves()


# -- notation ---------------------------------------------------------------------------

MOVES = st.one_of(
    st.just(Move.draw()),
    st.just(Move.recycle()),
    st.integers(1, 25).map(Move.with_waste),
    st.tuples(st.integers(1, 25), st.integers(1, 25))
    .filter(lambda ab: ab[0] != ab[1])
    .map(lambda ab: Move.pair(*ab)),
)


@given(MOVES)
def test_move_notation_round_trips(move: Move) -> None:
    assert Move.parse(str(move)) == move
    assert Move.parse(str(move).lower()) == move


@given(st.lists(MOVES, max_size=10))
def test_move_lists_round_trip(moves: list[Move]) -> None:
    assert parse_moves([format_moves(moves)]) == moves


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("d", "D"), (" r ", "R"), ("25+12", "12+25"), ("w+25", "25+W"), ("3 + w", "3+W")],
)
def test_move_parser_accepts_variants(text: str, canonical: str) -> None:
    assert str(Move.parse(text)) == canonical


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("X", "expected D, R"),
        ("12+", "expected D, R"),
        ("0+W", "out of range"),
        ("26+3", "out of range"),
        ("4+4", "two different"),
        ("A+3", "not a heart position"),
        ("W+W", "not a heart position"),
        ("1+2+3", "expected D, R"),
    ],
)
def test_bad_moves_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(MoveParseError, match=reason):
        Move.parse(text)


def test_move_kinds() -> None:
    assert Move.parse("3+W").kind is MoveKind.WASTE and Move.parse("D").kind is MoveKind.DRAW


def test_heart_cards_parse_and_format() -> None:
    assert [parse_heart(t) for t in ("AH", "10♥", "th", "KH")] == [1, 10, 10, 13]
    assert [card_text(r) for r in (1, 10, 13)] == ["AH", "TH", "KH"]
    with pytest.raises(CardParseError, match="not a heart"):
        parse_heart("QS")


# -- properties of random play ----------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**35 - 1), st.lists(st.integers(0, 1000), max_size=120))
def test_random_play_conserves_cards_and_matches_legal_moves(
    number: int, choices: list[int]
) -> None:
    state = deal(DealCode("HH", 1, "N", number))
    removed: Counter[int] = Counter()
    for choice in choices:
        moves = state.legal_moves()
        if not moves:
            break
        move = moves[choice % len(moves)]
        assert state.refusal(move) is None
        if move.kind in (MoveKind.PAIR, MoveKind.WASTE):  # two cards of one rank leave
            removed[state.heart[move.first - 1]] += 2
        after = state.apply(move)
        assert after.moves == state.moves + 1
        assert after.score - state.score == 10 * (after.heart.count(0) - state.heart.count(0))
        state = after
        in_play = Counter(r for r in state.heart + state.stock + state.waste if r)
        assert in_play + removed == Counter(DECK)
        assert state.card_count() + sum(removed.values()) == 52
