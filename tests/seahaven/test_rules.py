"""The Seahaven rules page, sentence by sentence, on the rules engine."""

from __future__ import annotations

from collections import Counter

import pytest

from cardems.cards import ALL_CARDS, Card, format_cards
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.rng import shuffled
from cardems.seahaven.rules import (
    Move,
    MoveParseError,
    apply_move,
    cell,
    check_move,
    column,
    deal,
    format_move,
    foundation,
    group_limit,
    has_useful_move,
    is_legal,
    legal_moves,
    parse_move,
    run_length,
    safe_home_moves,
)

from .helpers import position

GOLDEN = {
    "SH1-C4-AAAAAJ2": (
        [
            "8H 2D 8C 4H 9D",
            "6D 7D 8S 2H QH",
            "JS JC AC 5D 6H",
            "TH 9S 6C 8D 5H",
            "4C 3C TC TS 2C",
            "JD KD KC AH 3H",
            "3S 2S 5C 5S 7S",
            "QD KS 7C 7H 9C",
            "AS QC QS 3D AD",
            "TD JH 6S KH 4D",
        ],
        ["4S", "9H", None, None],
    ),
    "SH1-C2-AAAAAAA": (
        [
            "4S 9C 2S 7C 5H",
            "TD AD 8S 9D 2D",
            "8H 4D 7D 7S TH",
            "8D QD AH 8C QC",
            "2C 3S 6S 5D KD",
            "QH 6C AC 4C TS",
            "9H JC JS 3C 6H",
            "5S KC 9S QS JH",
            "6D KS 3H 2H 5C",
            "TC 4H AS 7H JD",
        ],
        ["KH", "3D"],
    ),
    "SH1-C1-AAAAAJ2": (
        [
            "QD AC 6D 7H KD",
            "QH 5S 4C 8S 8C 7S",
            "4H 4S 3S 5C 5H",
            "7C 2D 2C QS 9H",
            "3D 6C 2H 6S AS",
            "3H QC 4D JC KH",
            "8H 9C JD 5D AH",
            "9D 8D JS AD 7D",
            "2S 6H TH TC KC",
            "9S JH KS 3C TS",
        ],
        ["TD"],
    ),
}


# -- set-up -----------------------------------------------------------------------------


@pytest.mark.parametrize("text", sorted(GOLDEN))
def test_golden_layouts(text: str) -> None:
    state = deal(DealCode.parse(text))
    columns, cells = GOLDEN[text]
    assert [format_cards(pile) for pile in state.columns] == columns
    assert [None if card is None else str(card) for card in state.cells] == cells


def test_seed_code_is_deal_314_and_case_insensitive() -> None:
    code = DealCode.parse("sh1-c4-aaaaaj2")
    assert (code.game, code.variant, code.number) == ("SH", "C4", 314)
    assert str(code) == "SH1-C4-AAAAAJ2"


@pytest.mark.parametrize("variant", ["C4", "C2", "C1"])
def test_deal_is_row_by_row_from_the_shuffled_deck(variant: str) -> None:
    code = DealCode("SH", 1, variant, 977)
    deck = shuffled(list(ALL_CARDS), code.prefix, code.number)
    state = deal(code)
    for k in range(50):
        assert state.columns[k % 10][k // 10] == deck[k]
    assert state.cells[0] == deck[50]
    assert state.foundations == (0, 0, 0, 0)
    assert Counter(state.all_cards()) == Counter(ALL_CARDS)
    assert len(state.cells) == {"C4": 4, "C2": 2, "C1": 1}[variant]


def test_four_and_two_cells_hold_the_two_leftovers() -> None:
    for variant in ("C4", "C2"):
        state = deal(DealCode("SH", 1, variant, 5))
        assert [len(pile) for pile in state.columns] == [5] * 10
        assert state.cells[0] is not None and state.cells[1] is not None
        assert all(card is None for card in state.cells[2:])


def test_one_cell_puts_the_second_leftover_on_column_two() -> None:
    code = DealCode("SH", 1, "C1", 5)
    deck = shuffled(list(ALL_CARDS), code.prefix, code.number)
    state = deal(code)
    assert [len(pile) for pile in state.columns] == [5, 6] + [5] * 8
    assert state.columns[1][-1] == deck[51]
    assert state.cells == (deck[50],)


def test_deal_refuses_other_games() -> None:
    with pytest.raises(ValueError, match="not a Seahaven"):
        deal(DealCode.parse("HH1-N-AAAAAAM"))


# -- moves onto columns --------------------------------------------------------------------


def test_same_suit_one_lower_only() -> None:
    state = position(["8H", "8D", "8S", "8C", "5H 7H", "6H"])
    onto = {i: is_legal(state, Move(column(5), column(i))) for i in (1, 2, 3, 4, 6)}
    assert onto == {1: True, 2: False, 3: False, 4: False, 6: False}
    reason = check_move(state, Move(column(5), column(2)))
    assert reason == "Must be the same suit and exactly one rank lower"


def test_only_the_top_card_or_its_run_moves() -> None:
    state = position(["8H", "7H 5C"])
    assert not is_legal(state, Move(column(2), column(1), 2))
    assert check_move(state, Move(column(2), column(1), 2)) == (
        "Only cards in suit sequence move together"
    )


def test_cell_card_moves_onto_a_column() -> None:
    state = position(["8H"], ["7H", None, None, None])
    after = apply_move(state, Move(cell(1), column(1)))
    assert [str(card) for card in after.columns[0]] == ["8H", "7H"]
    assert after.cells == (None, None, None, None)


# -- free cells -------------------------------------------------------------------------


def test_any_card_goes_into_an_empty_cell_which_holds_one_card() -> None:
    state = position(["8H 3C", "KD"], ["4S", None, None, None])
    assert is_legal(state, Move(column(1), cell(2)))
    assert is_legal(state, Move(column(2), cell(4)))
    assert check_move(state, Move(column(1), cell(1))) == "A free cell holds one card"
    run = position(["8H 7H"])
    assert check_move(run, Move(column(1), cell(1), 2)) == (
        "Only one card at a time goes to a cell or a foundation"
    )


def test_removed_cells_do_not_exist() -> None:
    state = deal(DealCode("SH", 1, "C2", 3))
    assert check_move(state, Move(column(1), cell(3))) == "There is no cell 3 in this game"


# -- foundations ------------------------------------------------------------------------


def test_foundations_build_from_the_ace_by_suit_one_card_at_a_time() -> None:
    state = position(["2S AS", "AH", "3S"])
    assert check_move(state, Move(column(3), foundation("S"))) is not None
    assert check_move(state, Move(column(1), foundation("H"))) == (
        "A foundation takes only its own suit"
    )
    state = apply_move(state, Move(column(1), foundation("S")))
    state = apply_move(state, Move(column(1), foundation("S")))
    state = apply_move(state, Move(column(3), foundation("S")))
    assert state.foundations == (3, 0, 0, 0)
    two_at_once = position(["3S 2S"], foundations=(1, 0, 0, 0))
    assert not is_legal(two_at_once, Move(column(1), foundation("S"), 2))


def test_foundation_top_card_comes_back_to_a_column_or_a_cell() -> None:
    state = position(["5H", "KS"], foundations=(0, 4, 0, 0), score=40)
    to_column = apply_move(state, Move(foundation("H"), column(1)))
    assert [str(c) for c in to_column.columns[0]] == ["5H", "4H"]
    assert to_column.foundations == (0, 3, 0, 0)
    assert is_legal(state, Move(foundation("H"), cell(1)))
    assert not is_legal(state, Move(foundation("H"), column(2)))
    assert not is_legal(state, Move(foundation("H"), foundation("S")))


# -- empty columns and group moves ----------------------------------------------------------


def test_empty_column_takes_only_a_king_or_a_king_led_run() -> None:
    state = position(["3C KS QS JS", "QD", "KH"], [None, None, None, None])
    assert check_move(state, Move(column(2), column(5))) == "An empty column takes only a king"
    assert is_legal(state, Move(column(3), column(5)))
    assert is_legal(state, Move(column(1), column(5), 3))
    assert not is_legal(state, Move(column(1), column(5), 2))  # QS-led, not a king
    cells = position(["3C"], ["QD", "KC", None, None])
    assert not is_legal(cells, Move(cell(1), column(2)))
    assert is_legal(cells, Move(cell(2), column(2)))


def test_run_length() -> None:
    assert run_length(position(["9C 8C 7C"]).columns[0]) == 3
    assert run_length(position(["TC 8C 7C"]).columns[0]) == 2
    assert run_length(position(["8D 7C"]).columns[0]) == 1
    assert run_length(()) == 0


def test_group_limit_formula() -> None:
    # four cells all free, no empty column: 5
    state = position(["AS"] * 10)
    assert group_limit(state) == 5
    # one free cell of four, two empty columns: (1 + 1) * 2**2 = 8
    state = position(["AS"] * 8, ["2S", "3S", "4S", None])
    assert group_limit(state) == 8
    assert group_limit(state, column(9)) == 4  # the destination empty column is not counted
    assert group_limit(state, column(1)) == 8


def _seed_example() -> tuple[str, ...]:
    """1 free cell, 2 empty columns (9 and 10); an 8-run of clubs and a K-led 5-run of
    hearts and a K-led 4-run of diamonds."""
    return (
        "2S 9C 8C 7C 6C 5C 4C 3C 2C",
        "TC",
        "3S KH QH JH TH 9H",
        "4S KD QD JD TD",
        "5S 7S",
        "6S",
        "AC",
        "AD",
    )


def test_seed_example_eight_onto_a_column_four_into_an_empty_one() -> None:
    state = position(list(_seed_example()), ["AS", "AH", None, "8S"])
    assert state.free_cells == 1 and state.empty_columns == 2
    assert is_legal(state, Move(column(1), column(2), 8))
    assert check_move(state, Move(column(3), column(9), 5)) == (
        "Too many cards: at most 4 can move together now"
    )
    assert is_legal(state, Move(column(4), column(9), 4))
    assert is_legal(state, Move(column(4), column(10), 4))


def test_group_limit_applies_to_every_run_move() -> None:
    # no free cell, no empty column: one card at a time
    state = position(["TC", "9C 8C", "AS", "AS", "AS", "AS", "AS", "AS", "AS", "AS"])
    state = position([format_cards(pile) for pile in state.columns], ["2S", "3S", "4S", "5S"])
    assert group_limit(state) == 1
    assert check_move(state, Move(column(2), column(1), 2)) == (
        "Too many cards: at most 1 can move together now"
    )


# -- score -----------------------------------------------------------------------------


def test_score_plus_ten_minus_fifteen_never_below_zero() -> None:
    state = position(["AS"], foundations=(0, 2, 0, 0))
    state = apply_move(state, Move(column(1), foundation("S")))
    assert state.score == 10 and state.moves == 1
    state = apply_move(state, Move(foundation("H"), cell(1)))
    assert state.score == 0 and state.moves == 2  # 10 - 15 clamps to 0
    state = apply_move(state, Move(cell(1), foundation("H")))
    assert state.score == 10


def test_illegal_move_raises_and_changes_nothing() -> None:
    state = position(["8H", "5C"])
    with pytest.raises(IllegalMove, match="one rank lower"):
        apply_move(state, Move(column(2), column(1)))
    assert state == position(["8H", "5C"])
    assert check_move(state, Move(column(3), cell(1))) == "There is no card there"
    assert check_move(state, Move(column(1), column(1))) == "A card must move to another place"


# -- end -------------------------------------------------------------------------------


def test_win_is_all_52_on_the_foundations() -> None:
    state = position(["KC"], foundations=(13, 13, 13, 12))
    assert not state.won
    assert apply_move(state, Move(column(1), foundation("C"))).won


def test_legal_moves_are_all_legal_and_complete() -> None:
    state = deal(DealCode.parse("SH1-C4-AAAAAJ2"))
    moves = list(legal_moves(state))
    assert all(is_legal(state, move) for move in moves)
    assert Move(column(9), foundation("D")) in moves
    assert Move(column(4), column(3)) in moves  # 5H onto 6H
    assert len(moves) == len(set(moves)) == 26


def test_every_card_that_can_go_home_is_safe() -> None:
    state = position(["AS", "3H", "2H"], ["AH", None, None, None])
    assert {str(move) for move in safe_home_moves(state)} == {"c1-hS", "f1-hH"}


def test_stuck_when_nothing_can_ever_reach_a_foundation() -> None:
    blocked = position(
        ["AS 3D", "AH 5D", "AD 7D", "AC 9D", "2S JD", "2H KD"], ["4C", "6C", "8C", "TC"]
    )
    assert not has_useful_move(blocked)
    # a free cell lets 3D out, then AS goes home: useful
    almost = position(["AS 3D", "AH 5D", "AD 7D", "AC 9D"], ["4C", "6C", "8C", None])
    assert has_useful_move(almost)


def test_shuttling_does_not_make_a_move_useful() -> None:
    # five cards cover the ace and there are four cells: cards can go back and forth
    # between cells and the column forever, but the ace never comes out
    state = position(["AS 2S 3S 4S 5S 6S"], foundations=(0, 13, 13, 13))
    assert list(legal_moves(state))
    assert not has_useful_move(state)
    assert has_useful_move(position(["AS 2S 3S 4S 5S"], foundations=(0, 13, 13, 13)))


def test_a_deal_counts_its_cards() -> None:
    for number in range(20):
        state = deal(DealCode("SH", 1, "C1", number))
        assert Counter(state.all_cards()) == Counter(ALL_CARDS)
        assert all(isinstance(card, Card) for card in state.all_cards())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("c3-c7", Move(column(3), column(7))),
        ("C10-c1X3", Move(column(10), column(1), 3)),
        (" c1-f2 ", Move(column(1), cell(2))),
        ("f2-hs", Move(cell(2), foundation("S"))),
        ("hS-c3", Move(foundation("S"), column(3))),
    ],
)
def test_move_notation(text: str, expected: Move) -> None:
    assert parse_move(text) == expected
    assert parse_move(format_move(expected)) == expected


@pytest.mark.parametrize("bad", ["", "c11-c1", "c0-c1", "c1c2", "c1-c2x1", "f5-c1", "hX-c1", "c1-"])
def test_bad_move_text_is_refused(bad: str) -> None:
    with pytest.raises(MoveParseError, match="not a move"):
        parse_move(bad)
