"""Klondike on the build family's engine: codes pinned to layouts, moves that round-trip,
the rules' refusals, and properties of random play (cards conserved, undo restores
exactly)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.klondike.positions import deal_cards, laid

from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.kit.building.engine import BuildState
from cardems.klondike.declared import KlondikeBoard, solver_rules
from cardems.klondike.declared import board as deal
from cardems.klondike.game import GAME
from cardems.klondike.rules import (
    CANDIDATES,
    DRAW,
    RECYCLE,
    Move,
    MoveParseError,
    Rules,
    format_moves,
    parse_moves,
)

codes = st.builds(
    DealCode,
    st.just("KL"),
    st.just(1),
    st.sampled_from(["D1", "D3", "D1L", "D3L"]),
    st.integers(0, 32**7 - 1),
)


def test_golden_layout() -> None:
    data = GAME.describe(DealCode.parse("KL1-D3-AAAAAAA"))
    columns, down = data["columns"], data["down"]
    assert [column[hidden:] for column, hidden in zip(columns, down, strict=True)] == [
        ["8D"],
        ["4C"],
        ["KC"],
        ["JS"],
        ["4D"],
        ["9C"],
        ["7S"],
    ]
    assert columns[6][: down[6]] == ["JH", "TH", "QD", "AC", "TD", "9D"]
    assert data["stock"][:3] == ["6S", "3C", "TS"]
    assert data["waste"] == []
    assert down == list(range(7))


def test_variants_deal_the_same_cards() -> None:
    one = deal(DealCode.parse("KL1-D1-AAAAAAB")).state
    three = deal(DealCode.parse("KL1-D3L-AAAAAAB")).state
    assert one.columns == three.columns and one.stock == three.stock
    assert (solver_rules(one.rules), solver_rules(three.rules)) == (Rules(1, None), Rules(3, 2))


@given(codes)
def test_codes_round_trip(code: DealCode) -> None:
    assert DealCode.parse(str(code)) == code


@pytest.mark.parametrize("text", ["D", "R", "W>3", "W>F", "2>F", "2>5", "FH>3"])
def test_moves_round_trip(text: str) -> None:
    assert str(Move.parse(text)) == text
    assert str(Move.parse(text.lower().replace(">", " > "))) == text


@pytest.mark.parametrize("text", ["", "X", "8>1", "W>W", "3>3", "FH>F", "FX>2", "1>", "D" * 99])
def test_bad_moves_are_refused_in_one_line(text: str) -> None:
    with pytest.raises(MoveParseError) as error:
        Move.parse(text)
    assert "\n" not in str(error.value) and len(str(error.value)) < 120


def test_move_lists_round_trip() -> None:
    moves = parse_moves(["D W>3, 2>F", "FH>3"])
    assert parse_moves([format_moves(moves)]) == moves


def ordinals(cards: tuple[object, ...]) -> tuple[int, ...]:
    return tuple(card.ordinal for card in cards)  # type: ignore[attr-defined]


def stock(state: BuildState) -> tuple[int, ...]:
    """The stock's ordinals, next drawn first."""
    return ordinals(state.stock[::-1])


def position(
    columns: list[list[str]], stock: str = "", waste: str = "", draw: int = 3
) -> KlondikeBoard:
    from cardems.cards import parse_cards

    piles = [tuple(card.ordinal for card in parse_cards(" ".join(column))) for column in columns]
    return KlondikeBoard(
        laid(
            Rules(3, None),
            piles,
            tuple(0 for _ in piles),
            tuple(card.ordinal for card in parse_cards(stock)),
            tuple(card.ordinal for card in parse_cards(waste)),
        )
    )


def test_refusals_say_why() -> None:
    state = position([["5H"], ["6H"], ["QS"], [], [], [], []], stock="2C", waste="4C")
    assert state.refusal(Move("1", "2")) == "Must be one rank lower and of the other colour"
    assert state.refusal(Move("3", "4")) == "Only a king may fill an empty column"
    assert state.refusal(Move("W", "F")) == "A foundation is built up by suit from the ace"
    assert state.refusal(RECYCLE) == "The stock still has cards"
    assert state.refusal(Move("FH", "1")) == "That foundation is empty"
    assert state.refusal(Move("W", "1")) is None


def test_draw_three_and_recycle_keep_the_order() -> None:
    board = position([[], [], [], [], [], [], []], stock="AS 2S 3S 4S")
    board = board.apply(DRAW)
    assert board.state.waste[-1].ordinal == 2 and stock(board.state) == (3,)
    board = board.apply(DRAW).apply(RECYCLE)
    assert stock(board.state) == (0, 1, 2, 3) and board.state.waste == ()
    assert board.recycles == 1


def test_limited_passes() -> None:
    state = deal(DealCode.parse("KL1-D1L-AAAAAAB"))
    for _ in range(24):
        state = state.apply(DRAW)
    with pytest.raises(IllegalMove, match="No passes left"):
        state.apply(RECYCLE)


def test_a_run_moves_and_the_card_under_it_turns_over() -> None:
    state = KlondikeBoard(
        laid(
            Rules(1, None),
            ((12, 11 + 13), (0 + 26, 10 + 39, 9 + 13), (), (), (), (), ()),
            (1, 1, 0, 0, 0, 0, 0),
        )
    )  # column 1: [KS] QH; column 2: [AD] JC TH
    after = state.apply(Move("2", "1"))
    assert ordinals(after.state.columns[0]) == (12, 24, 49, 22) and after.state.down[1] == 0
    assert after.points == 5  # the turned card


def test_foundation_card_comes_back() -> None:
    from cardems.cards import Card

    three = Card.parse("3H").ordinal
    state = KlondikeBoard(
        laid(Rules(3, None), ((), (three,), (), (), (), (), ()), (0,) * 7, (), (), (2, 0, 0, 0))
    )
    after = state.apply(Move("FS", "2"))
    assert after.state.foundations == (1, 0, 0, 0)
    assert ordinals(after.state.columns[1]) == (15, 1)
    assert after.points == 0  # -15, never below 0


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(codes, st.integers(0, 2**32))
def test_random_play_conserves_cards_and_leaves_the_last_state_as_it_was(
    code: DealCode, seed: int
) -> None:
    rng = random.Random(seed)
    state = deal(code)
    for _ in range(80):
        moves = state.legal_moves()
        assert moves == [move for move in CANDIDATES if state.refusal(move) is None]
        if not moves:
            break
        move = rng.choice(moves)
        before = replace(state)
        after = state.apply(move)
        assert state == before and hash(state) == hash(before)  # undo is the state before
        assert len(after.state.all_cards()) == 52
        assert all(
            not column or hidden < len(column)
            for column, hidden in zip(after.state.columns, after.state.down, strict=True)
        )
        assert state.refusal(move) is None
        state = after
    assert sorted(card.ordinal for card in state.state.all_cards()) == list(range(52))


def test_deal_cards_rows() -> None:
    state = deal_cards(list(range(52)), Rules(3, None))
    assert ordinals(state.columns[0]) == (0,) and ordinals(state.columns[1]) == (1, 7)
    assert ordinals(state.columns[6]) == (6, 12, 17, 21, 24, 26, 27) and stock(state)[0] == 28


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_level_deals_a_deal_its_search_wins_with_that_effort(level: str) -> None:
    from cardems.klondike.declared import board
    from cardems.klondike.solver import solve

    code = GAME.new_code("D3", winnable=True, options={"difficulty": level})
    verdict = solve(board(code), GAME.winnable_nodes)
    assert verdict.winnable and GAME.effort(code) == verdict.nodes
    easy_below, hard_from = GAME.cuts_for(code)
    assert verdict.nodes < easy_below if level == "easy" else verdict.nodes >= hard_from
    assert GAME.level_of(code) == level
