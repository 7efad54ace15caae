"""Mrs Mop and the family feature it brought to the build family: two decks
(``BuildRules(decks=2)``: 104 cards, each suit's foundation holding its two whole suits);
the deal, the golden layout, duplicates in moves and the solver's keys, the refusals of a
two-deck declaration that contradicts itself, and the win. Its shipped pool of proved
deals: Mrs Mop codes won within their figures, and every winnable-only, level and day's
deal drawn from it with no search."""

from __future__ import annotations

import datetime
import random
from collections import Counter
from typing import Any

import pytest

from cardems.cards import ALL_CARDS, Card
from cardems.cellgames.notation import format_move
from cardems.cellgames.text import describe_position
from cardems.core.difficulty import DIFFICULTY
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
    pool,
)
from cardems.kit.building.engine import BuildState, deal, parse_move
from cardems.kit.building.game import SOLVE_NODES, BuildGame
from cardems.kit.building.solitaire import solitaire_of
from cardems.kit.building.solver import _key, encode, solve_state
from cardems.mrs_mop.game import GAME, RULES
from cardems.simple_simon.game import RULES as SIMPLE_SIMON

SPADES = tuple(Card.parse(f"{rank}S") for rank in "KQJT98765432A")
"""A whole suit, king down to ace."""


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(token) for token in text.split())


def position(
    *columns: tuple[Card, ...], home: tuple[int, int, int, int] = (0, 0, 0, 0)
) -> BuildState:
    """A position of Mrs Mop's thirteen columns (the others empty)."""
    piles = tuple(columns) + ((),) * (13 - len(columns))
    return BuildState(RULES, piles, (), home)


def test_a_code_deals_thirteen_columns_of_8_from_two_decks() -> None:
    state = deal(RULES, DealCode("MM", 1, "N", 617))
    assert [len(pile) for pile in state.columns] == [8] * 13
    assert " ".join(str(pile[0]) for pile in state.columns) == (
        "3S 5S 3H TH JH 9S 8S AS 6C 6D 7S 2C 2S"
    )
    assert " ".join(str(pile[-1]) for pile in state.columns) == (
        "4C AD 4S 3C 2S KS JS 9C QH 9H 5D TD AS"
    )
    assert Counter(state.all_cards()) == Counter(ALL_CARDS * 2) and state.cells == ()
    assert GAME.describe(GAME.code_for("MM1-N-AAAAATJ"))["columns"][0] == (
        ["3S", "3D", "7C", "7C", "5H", "TS", "4H", "4C"]
    )


def test_a_one_deck_code_deals_as_before_the_second_deck() -> None:
    """The deck is ``ALL_CARDS`` once for one deck: Simple Simon's golden deal holds."""
    state = deal(SIMPLE_SIMON, DealCode("SS", 1, "N", 617))
    assert " ".join(str(pile[0]) for pile in state.columns) == "JD 8C 6D 3C KD 7D JC 9C 4H AH"
    assert len(state.all_cards()) == 52 and not state.won


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            BuildRules(
                "Toy",
                Tableau((8,) * 12),
                Build(Suits.ANY),
                Group.SUIT_RUN,
                foundations=Foundations(whole_suits=True),
                decks=2,
            ),
            "Toy: tableau: the deal lays out 96 cards of 104, and no stock (draw 0) takes the rest",
        ),
        (
            BuildRules("Toy", Tableau((8,) * 13), Build(Suits.ANY), decks=2),
            "Toy: foundations: take whole suits only when dealt from two decks",
        ),
        (
            BuildRules(
                "Toy",
                Tableau((13,) * 12),
                Build(Suits.ANY),
                foundations=Foundations(whole_suits=True),
                decks=3,
            ),
            "Toy: deck: 3 decks (1 to 2)",
        ),
        (
            BuildRules("Toy", Tableau((13,) * 4), Build(Suits.ANY), decks=0),
            "Toy: deck: 0 decks (1 to 2)",
        ),
    ],
)
def test_a_two_deck_declaration_that_contradicts_itself_is_refused(
    rules: BuildRules, message: str
) -> None:
    with pytest.raises(DeclarationError) as refused:
        declare(rules)
    assert str(refused.value) == message and "\n" not in message


def test_a_suit_foundation_takes_both_of_its_suits_and_the_game_needs_all_eight() -> None:
    state = position(cards("5H") + SPADES, SPADES, home=(0, 26, 26, 26))
    first = parse_move("c1-hSx13", RULES)
    second = parse_move("c2-hSx13", RULES)
    once = state.apply(first)
    assert once.foundations == (13, 26, 26, 26) and not once.won
    assert once.foundation_top(0) == Card.parse("KS") and once.score == 130
    twice = once.apply(second)
    assert twice.foundations == (26, 26, 26, 26) and twice.columns[0] == cards("5H")
    assert twice.foundation_top(0) == Card.parse("KS")
    assert Counter(c for c in twice.all_cards() if c.suit.order == 0) == Counter(SPADES * 2)
    assert format_move(second) == "c2-hSx13"
    layout = describe_position(DealCode("MM", 1, "N", 1), "mrs-mop", twice)
    assert layout["foundations"] == {"S": "KS", "H": "KH", "D": "KD", "C": "KC"}


def test_two_identical_cards_build_and_move_like_any_others() -> None:
    state = position(cards("9C 8C"), cards("9C"), cards("KD 8C"))
    assert state.refusal(parse_move("c3-c2", RULES)) is None  # the twin 8C on the other 9C
    after = state.apply(parse_move("c3-c2", RULES))
    assert after.columns[1] == cards("9C 8C") == after.columns[0]
    # one position for the solver whichever twin lies where
    swapped = position(cards("9C"), cards("9C 8C"), cards("KD 8C"))
    assert _key(*encode(state)[:2]) == _key(*encode(swapped)[:2])


@pytest.mark.parametrize("seed", range(2))
def test_random_play_conserves_both_decks_and_round_trips_moves(seed: int) -> None:
    rng = random.Random(seed)
    state = deal(RULES, DealCode("MM", 1, "N", seed + 1))
    for _ in range(80):
        moves = state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        assert parse_move(format_move(move), RULES) == move
        state = state.apply(move)
        assert Counter(state.all_cards()) == Counter(ALL_CARDS * 2)


@pytest.mark.slow
def test_the_solvers_line_wins_in_the_engine_eight_suits_home() -> None:
    state = deal(RULES, DealCode("MM", 1, "N", 3))
    found = solve_state(state, 20_000)
    assert found.winnable is True
    homes = [move for move in found.moves if move.dest.kind == "foundation"]
    assert len(homes) == 8 and all(move.count == 13 for move in homes)
    for move in found.moves:
        state = state.apply(move)
    assert state.won and state.score == 1040 and state.outcome == "won"


def test_the_last_suit_home_wins_and_the_table_says_so() -> None:
    state = position(SPADES, home=(13, 26, 26, 26))
    table = solitaire_of(RULES)
    whole = table.tap_move(state, "column:1")
    assert whole == parse_move("c1-hSx13", RULES)
    won = state.apply(whole)
    assert won.won and table.status(won) == "won"
    assert table.size(won, "foundation:S") == 26


POOL = pool.load_pool(GAME)
SIZE = 25
"""Codes Mrs Mop's shipped pool holds at least (src/cardems/mrs_mop/pool.txt)."""
DAY = datetime.date(2026, 12, 1)


def test_mrs_mops_pool_loads_and_holds_only_mrs_mop_codes_won_within_the_budget() -> None:
    assert GAME.pool and len(POOL) >= SIZE
    assert all((code.game, code.variant) == ("MM", "N") for code in POOL)
    assert all(0 < nodes <= SOLVE_NODES for nodes in POOL.values())
    text = pool.pool_resource(GAME).read_text(encoding="ascii")
    assert pool.format_pool(pool.parse_pool(text)) == text  # sorted, one line a code


@pytest.mark.slow
def test_two_pool_codes_are_won_by_the_solver_in_the_positions_the_pool_says() -> None:
    for code in random.Random(7).sample(sorted(POOL, key=str), 2):
        state = deal(GAME.rules, code)
        found = solve_state(state, node_limit=POOL[code])
        assert found.winnable is True and found.nodes == POOL[code], code
        for move in found.moves:
            state = state.apply(move)
        assert state.won


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any search fails the test: a pool's deals are drawn without one."""

    def refuse(*args: object, **kwargs: object) -> Any:
        raise AssertionError("searched")

    monkeypatch.setattr("cardems.kit.building.solver.solve_state", refuse)
    monkeypatch.setattr(BuildGame, "solve_position", refuse)


@pytest.mark.usefixtures("no_search")
def test_the_days_winnable_and_level_deals_come_from_the_pool_without_a_search() -> None:
    week = [GAME.daily_code(DAY + datetime.timedelta(days=n)) for n in range(7)]
    assert all(code in POOL for code in week) and len(set(week)) >= 4
    assert type(GAME)().daily_code(DAY) == week[0]  # the same for every process
    assert all(GAME.random_code("N", winnable=True) in POOL for _ in range(5))
    for level in ("easy", "medium", "hard"):
        third = pool.level_pool(POOL, level)
        for _ in range(3):
            code = GAME.new_code("N", winnable=True, options={DIFFICULTY.name: level})
            assert code in third, (level, code)
    drawn = [GAME.random_code("N", winnable=False) for _ in range(5)]
    assert any(code not in POOL for code in drawn)  # a random deal is any deal
