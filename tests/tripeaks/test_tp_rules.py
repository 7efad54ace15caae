"""TriPeaks rules: layout, deal codes (golden), moves, streak scoring, win, blocked."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.core.history import History, IllegalMove
from cardems.dealcode import DealCode
from cardems.kit.waste.declare import Onto
from cardems.kit.waste.engine import DECK, GONE, Move, MoveParseError, WasteState, card_text
from cardems.moves import format_moves, play
from cardems.tripeaks.layout import COVERED_BY, POSITION_COUNT, ROW
from cardems.tripeaks.rules import deal, initial_state, position, rules

parse_moves = rules().parse_moves


def one_apart(a: int, b: int, wrap: bool) -> bool:
    return Onto(wrap).fits(a, b)


GOLDEN = {
    "TP1-W-AAAAAAB": (
        "5S KD 4S 2D 9H 6D 8C 8S 7S AC KS 7H TC 2H QC 9C JC AH AS 2S 5D 5C 3D 4H JH 5H TS KC",
        "6S",
        "7D 4C 8D 9S 4D QH JD TD AD 2C 3S QS 7C 3H 8H 9D 6C TH QD 3C 6H JS KH",
    ),
    "TP1-N-AAAAAAA": (
        "TD 9D AS 6S AC 6H 5D 7H 3H 2C QS TH 9C 8C QD TC 3S 4C 6D 8S 2S QC 3C 8H KS JC KD JD",
        "2H",
        "5S 9S 2D 5C JH 3D 4D 7D AD 6C 4H TS KC 7C QH 5H 9H JS KH 4S 8D AH 7S",
    ),
}


def cards(text: str) -> tuple[int, ...]:
    from cardems.cards import Card

    return tuple(Card.parse(token).ordinal for token in text.split())


@pytest.mark.parametrize("code", GOLDEN)
def test_golden_deals(code: str) -> None:
    state = deal(DealCode.parse(code))
    peaks, waste, stock = GOLDEN[code]
    assert " ".join(map(card_text, state.layout)) == peaks
    assert card_text(state.waste_top) == waste
    assert " ".join(map(card_text, state.stock)) == stock
    assert state.wrap is code.startswith("TP1-W")


def test_layout_three_peaks_of_four_rows() -> None:
    assert [ROW.count(row) for row in (1, 2, 3, 4)] == [3, 6, 9, 10]
    assert COVERED_BY[0] == (4, 5) and COVERED_BY[2] == (8, 9)
    assert COVERED_BY[3] == (10, 11) and COVERED_BY[9] == (19, 20)
    assert all(len(COVERED_BY[i]) == 2 for i in range(18))
    assert all(not COVERED_BY[i] for i in range(18, 28))


def test_only_the_bottom_row_starts_face_up() -> None:
    state = deal(DealCode.parse("TP1-W-AAAAAAB"))
    assert state.face_up() == list(range(19, 29))


def test_a_card_turns_up_when_both_covering_cards_are_gone() -> None:
    state = deal(DealCode.parse("TP1-W-AAAAAAB"))
    peaks = list(state.layout)
    peaks[18] = GONE  # position 19 gone: 10 is still covered by 20
    partial = position(tuple(peaks), state.stock, state.waste)
    assert not partial.is_face_up(10)
    peaks[19] = GONE
    assert position(tuple(peaks), state.stock, state.waste).is_face_up(10)


def test_one_apart_wraps_only_in_the_wrap_variant() -> None:
    assert one_apart(13, 1, wrap=True) and one_apart(1, 13, wrap=True)
    assert not one_apart(13, 1, wrap=False)
    assert one_apart(5, 6, wrap=False) and not one_apart(5, 7, wrap=True)


def board(bottom: str, waste: str, stock: str = "", wrap: bool = True) -> WasteState:
    """Only bottom-row cards (positions 19…) left, ``waste`` on the waste."""
    row = cards(bottom)
    peaks = (GONE,) * 18 + row + (GONE,) * (10 - len(row))
    return position(peaks, cards(stock), cards(waste), wrap)


def test_plays_and_refusals() -> None:
    state = board("5H 7C KS", "6D", "2C")
    assert state.legal_moves() == [Move(19), Move(20), Move.draw()]
    assert state.refusal(Move(21)) == "Must be one rank above or below the waste's card"
    assert state.refusal(Move(1)) == "Position 1 is empty"
    with pytest.raises(IllegalMove):
        state.apply(Move(21))
    after = state.apply(Move(19))
    assert card_text(after.waste_top) == "5H" and after.layout[18] == GONE


def test_face_down_card_refused() -> None:
    state = deal(DealCode.parse("TP1-W-AAAAAAB"))
    assert state.refusal(Move(1)) == "The card at position 1 is face down"


def test_no_wrap_refusal_says_why() -> None:
    state = board("AS", "KH", wrap=False)
    assert "no wrap" in (state.refusal(Move(19)) or "")
    assert board("AS", "KH").refusal(Move(19)) is None


def test_streak_scoring() -> None:
    state = board("5H 4C 3S 9D", "6D", "TC JD")
    state = play(state, parse_moves(["19 20 21"]))
    assert (state.score, state.streak) == (1 + 2 + 3, 3)
    state = state.apply(Move.draw())
    assert (state.score, state.streak) == (6 - 5, 0)
    state = state.apply(Move(22))
    assert (state.score, state.streak) == (2, 1)


def test_peak_bonuses_15_15_30() -> None:
    tips = cards("5H 6C 7S")
    peaks = (*tips, *(GONE,) * 25)
    state = position(peaks, (), cards("4D"))
    state = play(state, [Move(1), Move(2), Move(3)])
    assert state.score == (1 + 15) + (2 + 15) + (3 + 30)
    assert state.is_won() and state.outcome == "won"


def test_blocked_when_the_stock_is_empty_and_nothing_fits() -> None:
    assert board("9C", "2D").outcome == "blocked"
    assert board("9C", "2D", "5S").outcome is None
    assert board("9C", "2D", "5S").refusal(Move.draw()) is None
    assert board("9C", "2D").refusal(Move.draw()) == "The stock is empty"


def test_a_win_may_leave_cards_in_the_stock() -> None:
    state = board("7H", "8S", "2C 3C").apply(Move(19))
    assert state.is_won() and state.stock and state.legal_moves() == []


def test_move_notation_round_trips_and_refuses_bad_input() -> None:
    moves = parse_moves(["D 1, 28 d"])
    assert format_moves(moves) == "D 1 28 D"
    for bad in ("0", "29", "X", "1+2", "D1", "x" * 500):
        with pytest.raises(MoveParseError):
            rules().parse(bad)


def test_deck_checked() -> None:
    with pytest.raises(ValueError, match="52 cards"):
        initial_state([*range(51), 0])


@settings(max_examples=60, deadline=None)
@given(
    number=st.integers(0, 32**7 - 1),
    variant=st.sampled_from(("W", "N")),
    picks=st.lists(st.integers(0, 50), max_size=60),
)
def test_random_play_conserves_cards_and_undo_restores(
    number: int, variant: str, picks: list[int]
) -> None:
    code = DealCode("TP", 1, variant, number)
    assert DealCode.parse(str(code)) == code
    history = History(deal(code))
    states = [history.current]
    for pick in picks:
        moves = history.current.legal_moves()
        if not moves:
            break
        before = history.current
        assert all(move.position == 0 or before.is_face_up(move.position) for move in moves)
        history.push(history.current.apply(moves[pick % len(moves)]))
        states.append(history.current)
        state = history.current
        present = [card for card in state.layout if card != GONE]
        assert sorted([*present, *state.stock, *state.waste]) == list(DECK)
        assert state.card_count() == 52
    while history.can_undo:
        states.pop()
        assert history.undo() == states[-1]
    assert history.current == deal(code)
    assert POSITION_COUNT == 28
