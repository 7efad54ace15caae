"""Simple Simon and the two family features it brought to the build family: runs of one
suit move together though single cards build on any suit (``Group.SUIT_RUN``), and
foundations that take only a whole suit, king down to ace, from a column
(``Foundations(whole_suits=True)``); their refusals, notation, solver and table hooks."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardems.cards import ALL_CARDS, Card
from cardems.cellgames.notation import format_move
from cardems.dealcode import DealCode
from cardems.kit.building import (
    Build,
    BuildRules,
    DeclarationError,
    Foundations,
    Group,
    Suits,
    Tableau,
    declare,
)
from cardems.kit.building.engine import BuildState, deal, parse_move
from cardems.kit.building.solitaire import solitaire_of
from cardems.kit.building.solver import solve_state
from cardems.simple_simon.game import RULES

SPADES = tuple(Card.parse(f"{rank}S") for rank in "KQJT98765432A")
"""A whole suit, king down to ace."""


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(token) for token in text.split())


def position(*columns: tuple[Card, ...]) -> BuildState:
    """A position of Simple Simon's ten columns (the others empty)."""
    piles = tuple(columns) + ((),) * (10 - len(columns))
    return BuildState(RULES, piles, ())


def test_a_code_deals_ten_columns_of_8_8_8_7_6_5_4_3_2_1_face_up() -> None:
    state = deal(RULES, DealCode("SS", 1, "N", 617))
    assert [len(pile) for pile in state.columns] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert " ".join(str(pile[0]) for pile in state.columns) == "JD 8C 6D 3C KD 7D JC 9C 4H AH"
    assert " ".join(str(pile[-1]) for pile in state.columns) == "4D 4S KS AD TH QH 9D 6H 4C AH"
    assert Counter(state.all_cards()) == Counter(ALL_CARDS) and state.cells == ()


def test_single_cards_build_on_any_suit_and_only_runs_of_one_suit_move_together() -> None:
    state = position(cards("KH 9H 8C 7C"), cards("9S"), cards("TD"), cards("8D"))
    assert state.refusal(parse_move("c4-c2", RULES)) is None  # 8D on 9S: any suit
    assert state.refusal(parse_move("c1-c2x2", RULES)) is None  # 8C 7C: one suit
    assert state.refusal(parse_move("c1-c3x3", RULES)) == (
        "Only cards in sequence and of one suit move together"
    )
    assert state.refusal(parse_move("c1-c2", RULES)) == "Must be exactly one rank lower"
    assert state.refusal(parse_move("c1-c5x2", RULES)) is None  # a run of one suit: any space
    runs = {format_move(m) for m in state.legal_moves() if m.source.index == 0}
    assert "c1-c2x2" in runs and not any(text.endswith("x3") for text in runs)


def test_a_whole_suit_goes_home_at_once_and_nothing_else_does() -> None:
    state = position(cards("5H") + SPADES, cards("AH"), cards("2D 8C 7C"))
    home = parse_move("c1-hSx13", RULES)
    assert format_move(home) == "c1-hSx13"
    assert home in state.legal_moves()
    assert state.refusal(parse_move("c1-hS", RULES)) == (
        "A foundation takes only a whole suit at once, from the king down to the ace"
    )
    assert state.refusal(parse_move("c1-hSx12", RULES)) == state.refusal(parse_move("c2-hH", RULES))
    assert state.refusal(parse_move("c1-hHx13", RULES)) == "A foundation takes only its own suit"
    after = state.apply(home)
    assert after.columns[0] == cards("5H") and after.foundations == (13, 0, 0, 0)
    assert after.score == 130 and after.moves == 1
    assert not [m for m in after.legal_moves() if m.dest.kind == "foundation"]


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            BuildRules("Toy", Tableau((13,) * 4), foundations=Foundations(whole_suits=True)),
            "Toy: foundations: take whole suits king to ace, which columns building down in"
            " alternate colour never hold",
        ),
        (
            BuildRules(
                "Toy",
                Tableau((12,) * 4, aces_home=True),
                Build(Suits.ANY),
                foundations=Foundations(whole_suits=True),
            ),
            "Toy: foundations: take whole suits king to ace, so no ace starts there",
        ),
        (
            BuildRules("Toy", Tableau((13,) * 4), Build(Suits.NOT_SAME), Group.SUIT_RUN),
            "Toy: tableau: runs of one suit move together, yet cards build in not the same suit",
        ),
    ],
)
def test_a_declaration_mixing_whole_suits_or_suit_runs_with_their_contrary_is_refused(
    rules: BuildRules, message: str
) -> None:
    with pytest.raises(DeclarationError) as refused:
        declare(rules)
    assert str(refused.value) == message and "\n" not in message


@pytest.mark.parametrize("seed", range(3))
def test_random_play_conserves_cards_and_round_trips_moves(seed: int) -> None:
    rng = random.Random(seed)
    state = deal(RULES, DealCode("SS", 1, "N", seed + 1))
    for _ in range(120):
        moves = state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        assert parse_move(format_move(move), RULES) == move
        state = state.apply(move)
        assert Counter(state.all_cards()) == Counter(ALL_CARDS)
        assert state.score == 10 * sum(state.foundations)


@pytest.mark.parametrize("number", [1, 2, pytest.param(617, marks=pytest.mark.slow)])
def test_the_solvers_line_wins_in_the_engine_a_suit_at_a_time(number: int) -> None:
    state = deal(RULES, DealCode("SS", 1, "N", number))
    found = solve_state(state, 20_000)
    assert found.winnable is True
    homes = [move for move in found.moves if move.dest.kind == "foundation"]
    assert len(homes) == 4 and all(move.count == 13 for move in homes)
    for move in found.moves:
        state = state.apply(move)  # raises IllegalMove if the solver strays from the rules
    assert state.won and state.score == 520


def test_a_deal_without_a_win_is_proved_lost_by_exhausting_it() -> None:
    state = deal(RULES, DealCode("SS", 1, "N", 22))
    found = solve_state(state, 20_000)
    assert found.winnable is False and found.nodes < 20_000
    assert solve_state(state, found.nodes - 1).winnable is None  # one position short


def test_the_table_taps_hints_and_auto_moves_a_whole_suit() -> None:
    state = position(cards("5H") + SPADES, cards("6D"))
    table = solitaire_of(RULES)
    whole = parse_move("c1-hSx13", RULES)
    assert table.tap_move(state, "column:1") == whole
    assert table.move_for(state, "column:1", "foundation:S", None) == whole
    assert next(iter(table.best_moves(state, "column:1"))) == whole
    assert list(table.safe_home_moves(state)) == [whole]
    assert table.free(state, "column:1") == 13  # the run of one suit a drag may take
    assert table.hint_words(state, whole, "en") == (
        "Hint: move the king of spades and the cards on it, down to the ace, to its foundation"
    )
    assert table.tap_move(state, "column:2") is None  # a single card never goes home


def test_the_table_is_stuck_once_no_line_joins_two_runs_of_one_suit() -> None:
    table = solitaire_of(RULES)
    stuck = deal(RULES, DealCode("SS", 1, "N", 23))
    assert table.stuck(stuck) and solve_state(stuck, 1_000).winnable is False
    assert not table.stuck(deal(RULES, DealCode("SS", 1, "N", 1)))
    # a lone pair to join: 8C goes onto 9C, so the table is not stuck
    assert not table.stuck(position(cards("9C"), cards("KD 8C")))
    assert table.stuck(position(cards("9C 8C"), cards("KD 2H")))
