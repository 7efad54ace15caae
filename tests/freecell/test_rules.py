"""FreeCell's rules: moves, sequences, the group limit, Baker's Game, safe moves home."""

from __future__ import annotations

import pytest

from cardems.core.history import IllegalMove
from cardems.freecell.rules import (
    FreeCellState,
    Move,
    apply_move,
    cell,
    check_move,
    column,
    foundation,
    group_limit,
    parse_move,
    run_length,
    safe_home_moves,
)

from .helpers import position


def test_a_card_goes_on_the_next_higher_card_of_the_other_colour() -> None:
    state = position(["8S", "8H", "7H"])
    assert check_move(state, Move(column(3), column(1))) is None
    assert check_move(state, Move(column(3), column(2))) == (
        "Must be the other colour and exactly one rank lower"
    )


def test_bakers_game_builds_by_suit() -> None:
    state = position(["8S", "8H", "7H"], by_suit=True)
    assert check_move(state, Move(column(3), column(2))) is None
    assert check_move(state, Move(column(3), column(1))) == (
        "Must be the same suit and exactly one rank lower"
    )


def test_an_empty_column_takes_any_card_or_sequence() -> None:
    state = position(["KS 5D", "9C 8H 7S", "QH"])
    assert check_move(state, Move(column(1), column(4))) is None
    assert check_move(state, Move(column(2), column(4), 3)) is None


def test_sequences_move_within_the_group_limit_the_target_column_not_counted() -> None:
    # 1 free cell, 2 empty columns: 8 onto a column, 4 into an empty one.
    run = "KH QS JH TS 9H 8S 7H 6S 5H"
    cells = ["AC", "2C", "3C", None]
    state = position(["2D", run, "3D", "4D", "5C", "6C"], cells, (0, 0, 0, 0))
    assert group_limit(state) == 8
    assert group_limit(state, column(7)) == 4
    assert check_move(state, Move(column(2), column(7), 4)) is None
    assert check_move(state, Move(column(2), column(7), 5)) == (
        "Too many cards: at most 4 can move together now"
    )
    one_empty = position(["2D", run, "3D", "4D", "5C", "TC", "JS"], cells)
    assert group_limit(one_empty) == 4
    assert check_move(one_empty, Move(column(2), column(6), 5)) == (
        "Too many cards: at most 4 can move together now"
    )
    assert check_move(one_empty, Move(column(2), column(8), 2)) is None


def test_only_a_sequence_moves_together() -> None:
    state = position(["9C 8H 8S 7D", "9D"])
    assert run_length(state.columns[0], False) == 2
    assert check_move(state, Move(column(1), column(2), 3)) == (
        "Only cards in sequence, alternating colours, move together"
    )
    assert check_move(state, Move(column(1), cell(1), 2)) == (
        "Only one card at a time goes to a cell or a foundation"
    )


def test_foundations_build_up_by_suit_and_keep_their_cards() -> None:
    state = position(["2H AH"], foundations=(0, 0, 0, 0))
    after = apply_move(state, Move(column(1), foundation("H")))
    assert after.foundations == (0, 1, 0, 0) and after.score == 10 and after.moves == 1
    assert check_move(after, Move(foundation("H"), column(2))) == (
        "Cards on a foundation stay there"
    )
    assert check_move(state, Move(column(1), foundation("S"))) == (
        "A foundation takes only its own suit"
    )
    with pytest.raises(IllegalMove):
        apply_move(state, Move(cell(1), column(2)))


def test_a_free_cell_holds_one_card() -> None:
    state = position(["5D", "6C"], ["AS", None, None, None], (0, 0, 0, 0))
    assert check_move(state, Move(column(1), cell(1))) == "A free cell holds one card"
    assert check_move(state, Move(column(1), cell(2))) is None


def test_safe_moves_home_wait_for_the_other_colour() -> None:
    # 3H may go home, but a black 2 still in play could need it: not safe.
    state = position(["3H", "2S"], foundations=(1, 2, 0, 1))
    assert [str(m) for m in safe_home_moves(state)] == ["c2-hS"]
    ready = position(["3H"], foundations=(2, 2, 0, 2))
    assert [str(m) for m in safe_home_moves(ready)] == ["c1-hH"]
    bakers = position(["3H", "2S"], foundations=(1, 2, 0, 1), by_suit=True)
    assert [str(m) for m in safe_home_moves(bakers)] == ["c1-hH", "c2-hS"]


def test_the_game_is_won_with_all_cards_home() -> None:
    state = FreeCellState(((),) * 8, foundations=(13, 13, 13, 13))
    assert state.won and state.outcome == "won"


@pytest.mark.parametrize("text", ["c3-c7", "c3-c7x3", "c1-f2", "f2-hS", "C8-H"])
def test_notation(text: str) -> None:
    if text == "C8-H":
        with pytest.raises(ValueError):
            parse_move(text)
    else:
        assert str(parse_move(text)) == text
