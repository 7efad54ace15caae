"""Canfield on the build family, and the three family features it needs: a reserve pile
(``ReservePile``: face down but its top card, which alone plays; it fills an empty column
at once, as PySolFC's Canfield ``fillStack`` does), foundations built up from the rank of
a dealt card (``Foundations(base=Base.DEALT)``, wrapping K–A) and ``Group.COLUMN`` (one
card or the whole column, as PySolFC's ``Canfield_AC_RowStack`` accepts): bad
declarations refused in one line, the golden layout of a fixed code, the rules checked
move by move, the view that never shows a hidden reserve card, the notation, and the
generic solver's lines replayed by the engine."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardems.canfield.game import RULES as CANFIELD
from cardems.cards import Card
from cardems.cellgames.notation import MoveParseError, format_move
from cardems.core.game import TableSettings
from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.kit.building import (
    Base,
    Build,
    BuildRules,
    DeclarationError,
    Empty,
    Foundations,
    ReservePile,
    Stock,
    Suits,
    Tableau,
    declare,
)
from cardems.kit.building.engine import (
    DRAW,
    FROM_BASE,
    RESERVE_PILE,
    RESERVE_PLACE,
    WHOLE_COLUMN,
    BuildState,
    deal,
    parse_move,
)
from cardems.kit.building.solver import solve_state
from cardems.streets_and_alleys.game import RULES as STREETS

GOLDEN = "CF1-N-AAAAAAB"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def cf(
    columns: str, reserve: str = "", found: tuple[int, ...] = (1, 0, 0, 0), base: int = 4
) -> Any:
    """A Canfield position: columns by ``|``, the reserve bottom→top, foundation heights."""
    piles = tuple(cards(text) for text in columns.split("|"))
    heights = (found[0], found[1], found[2], found[3])
    return BuildState(
        CANFIELD, piles, (), heights, stock=cards("2C 3C"), reserve=cards(reserve), base=base
    )


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            BuildRules(
                "Toy",
                Tableau((1,) * 4, empty=Empty.KINGS),
                stock=Stock(draw=3),
                reserve=ReservePile(13),
            ),
            "Toy: reserve: fills empty columns at once, yet they take kings",
        ),
        (
            BuildRules(
                "Toy",
                Tableau((1,) * 4),
                stock=Stock(draw=1, fill_columns=True),
                reserve=ReservePile(13),
            ),
            "Toy: reserve: fills empty columns, and so does the waste",
        ),
        (
            BuildRules(
                "Toy",
                Tableau((1,) * 4, aces_home=True),
                foundations=Foundations(base=Base.DEALT),
                stock=Stock(draw=3),
            ),
            "Toy: foundations: start from a dealt card's rank, yet aces start home",
        ),
        (
            BuildRules(
                "Toy",
                Tableau((13,) * 3 + (12,)),
                foundations=Foundations(whole_suits=True, base=Base.DEALT),
                build=Build(suits=Suits.SAME),
            ),
            "Toy: foundations: start from a dealt card's rank, yet take whole suits",
        ),
        (
            BuildRules("Toy", Tableau((10,) * 4), reserve=ReservePile(13)),
            "Toy: tableau: the deal lays out 53 cards, the deck has 52",
        ),
    ],
)
def test_a_reserve_pile_or_a_dealt_base_that_contradicts_itself_is_refused_in_one_line(
    rules: BuildRules, message: str
) -> None:
    with pytest.raises(DeclarationError) as refused:
        declare(rules)
    assert str(refused.value) == message and "\n" not in message


def test_the_golden_deal_lays_a_base_a_reserve_four_columns_and_the_stock() -> None:
    game: Any = game_for("canfield")
    layout = game.describe(game.code_for(GOLDEN))
    assert layout["columns"] == [["5H"], ["5S"], ["KC"], ["6C"]]
    assert layout["foundations"] == {"S": "4S", "H": None, "D": None, "C": None}
    assert layout["reserve"] == [
        "JH",
        "5C",
        "AS",
        "9D",
        "AC",
        "7S",
        "AD",
        "QH",
        "8D",
        "TD",
        "9C",
        "8S",
        "9S",
    ]
    assert layout["stock"][:4] == ["6D", "2H", "2S", "KH"] and len(layout["stock"]) == 34
    assert layout["waste"] == []
    text = game.render_position(game.code_for(GOLDEN), game.deal(game.code_for(GOLDEN)))
    assert text.splitlines()[1:3] == [
        "stock: 34 cards    waste: -- (0 cards)    reserve: 9S (13 cards)",
        "foundations (S H D C): 4S -- -- --",
    ]


def test_foundations_build_up_from_the_base_and_wrap_from_king_to_ace() -> None:
    state = cf("5S|4H|KS|AS", "2D", found=(10, 0, 0, 0))  # 4S … KS home
    assert state.foundation_top(0) == Card.parse("KS")
    assert state.refusal(parse_move("c2-hH", CANFIELD)) is None  # 4H: the base rank
    assert state.refusal(parse_move("c4-hS", CANFIELD)) is None  # AS on KS: wraps
    assert state.refusal(parse_move("c1-hS", CANFIELD)) == FROM_BASE
    assert state.refusal(parse_move("r-hD", CANFIELD)) == FROM_BASE  # 2D before 4D
    after = state.apply(parse_move("c4-hS", CANFIELD))
    assert after.foundation_top(0) == Card.parse("AS") and after.score == 10
    assert sorted(c.ordinal for c in after.all_cards()) == sorted(
        c.ordinal for c in state.all_cards()
    )


def test_columns_build_down_in_alternate_colours_wrapping_and_move_one_card_or_all() -> None:
    state = cf("KD AS|QS JH|9C 8D 7S|2H", "3D 5C")
    assert state.refusal(parse_move("c1-c2", CANFIELD)) is not None  # AS on JH
    assert state.refusal(parse_move("c4-c1", CANFIELD)) is not None  # 2H on AS: up
    wrapped = cf("AS|KH|5D|6D", "3D 5C")
    assert wrapped.refusal(parse_move("c2-c1", CANFIELD)) is None  # KH on AS: wraps
    assert state.refusal(parse_move("c3-c4x2", CANFIELD)) == WHOLE_COLUMN  # part of a run
    assert state.refusal(parse_move("c2-c4", CANFIELD)) is not None
    whole = cf("QS JH|KD|9C|2H", "3D 5C")
    assert whole.refusal(parse_move("c1-c2x2", CANFIELD)) is None  # the whole column
    moves = [format_move(move) for move in whole.legal_moves()]
    assert "c1-c2x2" in moves and not [m for m in moves if m.endswith("x3")]


def test_the_reserve_plays_its_top_card_takes_none_and_fills_an_empty_column_at_once() -> None:
    state = cf("5S|QS|9C|2H", "7D 8H JD")
    assert state.cards_at(RESERVE_PLACE) == cards("JD")
    assert state.refusal(parse_move("c1-r", CANFIELD)) == RESERVE_PILE
    after = state.apply(parse_move("r-c2", CANFIELD))  # JD on QS
    assert after.columns[1] == cards("QS JD") and after.reserve == cards("7D 8H")
    emptied = after.apply(parse_move("c1-hS", CANFIELD))  # 5S home: the 8H fills column 1
    assert emptied.columns[0] == cards("8H") and emptied.reserve == cards("7D")
    last = cf("5S|QS|9C|2H", "", found=(1, 0, 0, 0)).apply(parse_move("c1-hS", CANFIELD))
    assert last.columns[0] == () and last.refusal(parse_move("c2-c1", CANFIELD)) is None


def test_the_notation_reads_the_reserve_only_where_there_is_one() -> None:
    move = parse_move("r-c3", CANFIELD)
    assert move.source == RESERVE_PLACE and format_move(move) == "r-c3"
    with pytest.raises(MoveParseError):
        parse_move("r-c3", STREETS)


def test_the_view_never_carries_a_reserve_card_under_its_top_nor_a_stock_card() -> None:
    game = game_for("canfield")
    code = game.code_for(GOLDEN)
    table: Any = game.new_table(code, TableSettings(), {}, lambda: 0)
    state: Any = game.deal(code)
    view = json.dumps(table.view())
    hidden = [str(card) for card in (*state.stock, *state.reserve[:-1])]
    assert len(hidden) == 46 and not [card for card in hidden if f'"{card}"' in view]
    assert '"9S"' in view
    assert table.hidden_cards() == frozenset(hidden)
    piles = {pile["target"]: pile for pile in game.label(table.view(), "en")["piles"]}
    assert piles["reserve"]["label"] == "Reserve, 13 cards, 9 of spades"


def test_random_play_keeps_every_card_once_and_its_moves_round_trip() -> None:
    rng = random.Random(5)
    state = deal(CANFIELD, DealCode("CF", 1, "N", 7))
    for _ in range(200):
        assert sorted(card.ordinal for card in state.all_cards()) == list(range(52))
        moves = state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        assert parse_move(format_move(move), CANFIELD) == move
        state = state.apply(move)


@pytest.mark.parametrize("number", [6, 132])
def test_the_solvers_line_wins_in_the_engine_from_a_dealt_base(number: int) -> None:
    state: Any = game_for("canfield").deal(DealCode("CF", 1, "N", number))
    found = solve_state(state, 5_000)
    assert found.winnable is True
    for move in found.moves:
        state = state.apply(move)
    assert state.won and state.score == 510


def test_a_deal_the_search_proves_lost() -> None:
    state: Any = game_for("canfield").deal(DealCode("CF", 1, "N", 112))
    found = solve_state(state, 5_000)
    assert found.winnable is False and found.nodes < 100
    assert state.apply(DRAW).stock == state.stock[:-3]


def test_canfields_pool_holds_canfield_codes_and_gives_the_days_deal_without_a_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import datetime

    from cardems.kit.building import pool
    from cardems.kit.building.game import SOLVE_NODES, BuildGame
    from cardems.kit.building.solver import solve_state

    game = game_for("canfield")
    codes = pool.load_pool(game)
    assert len(codes) >= 30 and all(code.game == "CF" for code in codes)
    assert all(0 < nodes <= SOLVE_NODES for nodes in codes.values())
    easiest = min(codes, key=codes.__getitem__)  # the solver wins it in the positions noted
    found = solve_state(game.deal(easiest), node_limit=codes[easiest])
    assert found.winnable is True and found.nodes == codes[easiest]

    def refuse(*args: object, **kwargs: object) -> Any:
        raise AssertionError("searched")

    monkeypatch.setattr("cardems.kit.building.solver.solve_state", refuse)
    monkeypatch.setattr(BuildGame, "solve_position", refuse)
    days = [datetime.date(2027, 1, 1) + datetime.timedelta(days=n) for n in range(5)]
    assert all(game.daily_code(day) in codes for day in days)
    assert game.random_code("N", winnable=True) in codes
