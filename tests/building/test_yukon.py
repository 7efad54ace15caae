"""Yukon, Russian Solitaire and the two family features they brought to the build family:
columns dealt with face-down cards under face-up ones (``Tableau.down``: a column's top
card turns face up by itself, a face-down card never moves, is never shown, and is
spoken as "face-down card") and any face-up cards moving together (``Group.FACE_UP``:
a card moves with every card on it, in sequence or not, when it builds where it goes)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardems.cards import ALL_CARDS, Card
from cardems.cellgames.notation import format_move
from cardems.core.game import TableSettings
from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.kit.building import (
    BuildRules,
    DeclarationError,
    Empty,
    Group,
    Tableau,
    declare,
)
from cardems.kit.building.engine import BuildState, deal, parse_move
from cardems.kit.building.solitaire import solitaire_of
from cardems.kit.building.solver import progress_possible, solve_state
from cardems.russian_solitaire.game import RULES as RUSSIAN
from cardems.yukon.game import RULES

BEHIND = ((), (), (), (), (), ())
"""Six empty columns beside the one a position names."""


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(token) for token in text.split())


def position(columns: tuple[tuple[Card, ...], ...], down: tuple[int, ...]) -> BuildState:
    return BuildState(RULES, columns, (), down=down)


def test_the_seeds_deal_seven_columns_the_first_of_one_card_the_others_five_face_up() -> None:
    """PySolFC's Yukon: columns 2 to 7 are dealt 1 to 6 cards face down, 5 face up on them."""
    state = deal(RULES, DealCode("YU", 1, "N", 617))
    assert [len(pile) for pile in state.columns] == [1, 6, 7, 8, 9, 10, 11]
    assert state.down == (0, 1, 2, 3, 4, 5, 6)
    assert [len(pile) - down for pile, down in zip(state.columns, state.down, strict=True)] == [
        1,
        *(5,) * 6,
    ]
    assert " ".join(str(pile[-1]) for pile in state.columns) == "AC 5D KD 3D KC 6S 2C"
    assert Counter(state.all_cards()) == Counter(ALL_CARDS)
    same = deal(RUSSIAN, DealCode("RU", 1, "N", 617))
    assert same.down == state.down and [len(p) for p in same.columns] == [1, 6, 7, 8, 9, 10, 11]


def test_any_face_up_card_moves_with_the_cards_on_it_in_sequence_or_not() -> None:
    state = position((cards("9C 7H 2D JC"), cards("QS 8S"), *BEHIND[:5]), (1, 1, 0, 0, 0, 0, 0))
    move = parse_move("c1-c2x3", RULES)  # 7H 2D JC onto 8S: 7H builds, the rest rides along
    assert state.refusal(move) is None and move in state.legal_moves()
    after = state.apply(move)
    assert after.columns[1] == cards("QS 8S 7H 2D JC") and after.down == (0, 1, 0, 0, 0, 0, 0)
    assert state.refusal(parse_move("c1-c2x2", RULES)) == (
        "Must be the other colour and exactly one rank lower"
    )
    assert state.refusal(parse_move("c1-c2x4", RULES)) == "A face-down card cannot move"
    assert solitaire_of(RULES).free(state, "column:1") == 3


def test_the_top_card_turns_face_up_and_an_empty_column_takes_only_a_king() -> None:
    state = position((cards("4D KH QC"), cards("5H 2S"), *BEHIND[:5]), (1, 1, 0, 0, 0, 0, 0))
    assert state.refusal(parse_move("c1-c3", RULES)) == "An empty column takes only a king"
    king = parse_move("c1-c3x2", RULES)  # the king and the queen on it
    assert state.refusal(king) is None
    after = state.apply(king)
    assert after.columns[0] == cards("4D") and after.down == (0, 1, 0, 0, 0, 0, 0)
    assert state.refusal(parse_move("c1-c3x3", RULES)) == "A face-down card cannot move"
    table = solitaire_of(RULES)
    assert table.move_for(state, "column:1", "column:3", None) == king  # the king leads


def test_russian_solitaire_builds_in_the_same_suit() -> None:
    state = BuildState(RUSSIAN, (cards("7H 2D"), cards("8S"), cards("8H"), *BEHIND[:4]), ())
    assert state.refusal(parse_move("c1-c2x2", RUSSIAN)) == (
        "Must be the same suit and exactly one rank lower"
    )
    assert state.refusal(parse_move("c1-c3x2", RUSSIAN)) is None


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            BuildRules("Toy", Tableau((13, 13, 13, 13), down=(3, 13, 0, 0))),
            "Toy: column 2: 13 of its 13 cards dealt face down, its top card not face up",
        ),
        (
            BuildRules("Toy", Tableau((13, 13, 13, 13, 0), empty=Empty.NONE, down=(0,) * 4 + (1,))),
            "Toy: column 5: is dealt empty and may never be filled",
        ),
        (
            BuildRules("Toy", Tableau((26, 26, 0), down=(1, 2, 1))),
            "Toy: column 3: 1 of its 0 cards dealt face down, its top card not face up",
        ),
        (
            BuildRules("Toy", Tableau((13, 13, 13, 13), down=(1, 2))),
            "Toy: tableau: face-down counts for 2 of 4 columns",
        ),
    ],
)
def test_a_declaration_dealing_face_down_cards_it_cannot_hold_is_refused(
    rules: BuildRules, message: str
) -> None:
    with pytest.raises(DeclarationError) as refused:
        declare(rules)
    assert str(refused.value) == message and "\n" not in message


def test_existing_declarations_keep_their_open_deal() -> None:
    open_game = declare(BuildRules("Toy", Tableau((13,) * 4), group=Group.FACE_UP))
    state = deal(open_game, DealCode("SA", 1, "N", 5))
    assert state.down == () and state.position == (state.columns, state.cells, state.foundations)
    assert solitaire_of(open_game).free(state, "column:1") == 13  # every card is face up


@pytest.mark.parametrize("seed", range(3))
def test_random_play_conserves_cards_turns_tops_and_round_trips_moves(seed: int) -> None:
    rng = random.Random(seed)
    state = deal(RULES, DealCode("YU", 1, "N", seed + 1))
    for _ in range(150):
        moves = state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        assert parse_move(format_move(move), RULES) == move
        state = state.apply(move)
        assert Counter(state.all_cards()) == Counter(ALL_CARDS)
        for pile, down in zip(state.columns, state.down, strict=True):
            assert down < len(pile) or down == 0  # a top card is always face up


@pytest.mark.parametrize("name", ["yukon", "russian-solitaire"])
def test_the_view_never_shows_a_face_down_card_and_says_face_down(name: str) -> None:
    game: Any = game_for(name)
    code = game.code_for(f"{game.family.prefix}1-N-AAAAATJ")
    table: Any = game.new_table(code, TableSettings(), {}, lambda: 0)
    view = game.label(table.view(), "en")
    hidden = table.hidden_cards()
    assert len(hidden) == 21
    column = next(pile for pile in view["piles"] if pile["target"] == "column:7")
    assert [card["card"] for card in column["cards"][:6]] == [None] * 6
    assert column["cards"][0]["label"] == "face-down card, Column 7, covered"
    assert all(card["card"] not in hidden for pile in view["piles"] for card in pile["cards"])
    shown = game.text_play().show(code, table.state)
    assert "##" in shown and not any(card in shown for card in hidden)
    assert "[" in game.render(code) and game.describe(code)["down"] == [0, 1, 2, 3, 4, 5, 6]


def test_the_solvers_line_wins_in_the_engine_knowing_the_face_down_cards() -> None:
    state = deal(RULES, DealCode("YU", 1, "N", 2))
    found = solve_state(state, 20_000)
    assert found.winnable is True
    for move in found.moves:
        state = state.apply(move)  # raises IllegalMove if the solver strays from the rules
    assert state.won and state.score == 520 and state.down == (0,) * 7


def test_a_russian_deal_without_a_win_is_proved_lost_and_the_table_says_stuck() -> None:
    state = deal(RUSSIAN, DealCode("RU", 1, "N", 102))
    found = solve_state(state, 20_000)
    assert found.winnable is False and found.nodes < 100
    assert solve_state(state, found.nodes - 1).winnable is None  # one position short
    # every line left: c4-c2x2, c2-c3x3, c7-c5 and what follows turn no card and send
    # none home
    assert progress_possible(state, 2_000) is False and solitaire_of(RUSSIAN).stuck(state)
    assert not solitaire_of(RULES).stuck(deal(RULES, DealCode("YU", 1, "N", 2)))
