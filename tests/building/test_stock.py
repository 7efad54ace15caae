"""The build family's stock and waste (``Stock``): bad declarations refused in one line,
the draw, the waste's card, the columns and the waste filled by the table itself (as
PySolFC's Fortune's Favor fills them), redeals, the notation, the view that never shows a
stock card, and the generic solver's lines replayed by the engine."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardems.cards import Card
from cardems.cellgames.notation import MoveParseError, format_move
from cardems.core.game import TableSettings
from cardems.core.history import IllegalMove
from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.fortunes_favor.game import RULES as FORTUNES_FAVOR
from cardems.kit.building import (
    UNLIMITED,
    Build,
    BuildRules,
    DeclarationError,
    Empty,
    Stock,
    Suits,
    Tableau,
    declare,
)
from cardems.kit.building.engine import (
    DRAW,
    STOCK_EMPTY,
    TO_WASTE,
    BuildState,
    deal,
    parse_move,
)
from cardems.kit.building.solver import solve_state
from cardems.streets_and_alleys.game import RULES as STREETS

REDEALING = declare(
    BuildRules(
        "Toy",
        Tableau((4,) * 7),
        build=Build(suits=Suits.ALTERNATE),
        stock=Stock(draw=3, redeals=UNLIMITED),
    )
)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            BuildRules("Toy", Tableau((4,) * 7)),
            "Toy: tableau: the deal lays out 28 cards of 52, and no stock (draw 0) takes the rest",
        ),
        (
            BuildRules("Toy", Tableau((7,) * 4 + (6,) * 4), stock=Stock(redeals=2)),
            "Toy: stock: turns no card (draw 0), yet redeals or fills a pile",
        ),
        (
            BuildRules("Toy", Tableau((4,) * 7), stock=Stock(draw=4)),
            "Toy: stock: turns 4 cards at a time (1 to 3)",
        ),
        (
            BuildRules("Toy", Tableau((7,) * 4 + (6,) * 4), stock=Stock(draw=1)),
            "Toy: stock: is dealt no card: the deal lays out the whole deck",
        ),
        (
            BuildRules("Toy", Tableau((4,) * 7), stock=Stock(draw=1, redeals=-2)),
            "Toy: stock: -2 redeals (0 or more, or UNLIMITED)",
        ),
        (
            BuildRules(
                "Toy",
                Tableau((4,) * 7, empty=Empty.KINGS),
                stock=Stock(draw=1, fill_columns=True),
            ),
            "Toy: tableau: empty columns take the waste's card, yet kings",
        ),
    ],
)
def test_a_stock_that_contradicts_itself_is_refused_in_one_line(
    rules: BuildRules, message: str
) -> None:
    with pytest.raises(DeclarationError) as refused:
        declare(rules)
    assert str(refused.value) == message and "\n" not in message


def test_fortunes_favor_deals_aces_home_twelve_cards_and_turns_the_stocks_first() -> None:
    game = game_for("fortunes-favor")
    layout = game.describe(game.code_for("FF1-N-AAAAATJ"))
    assert " ".join(column[0] for column in layout["columns"]) == (
        "2D 5H 4C 4D 6H TH KD 2S 8H 3C 3H 4H"
    )
    assert all(len(column) == 1 for column in layout["columns"])
    assert layout["foundations"] == {"S": "AS", "H": "AH", "D": "AD", "C": "AC"}
    assert layout["waste"] == ["7C"] and len(layout["stock"]) == 35
    assert layout["stock"][:3] == ["5D", "3S", "9H"]  # the next cards turned, in order
    dealt = [card for column in layout["columns"] for card in column]
    dealt += [*layout["stock"], *layout["waste"]]
    assert len(set(dealt)) == 48 and not any(card.startswith("A") for card in dealt)


def ff(columns: str, stock: str = "", waste: str = "", found: tuple[int, ...] = (1,) * 4) -> Any:
    piles = tuple(cards(text) for text in columns.split("|"))
    heights = (found[0], found[1], found[2], found[3])
    return BuildState(
        FORTUNES_FAVOR, piles, (), heights, stock=cards(stock)[::-1], waste=cards(waste)
    )


def test_a_draw_turns_the_stocks_top_card_onto_the_waste() -> None:
    state = ff("|".join(["KS"] * 12), stock="5C 9H", waste="2D")
    after = state.apply(DRAW)
    assert after.waste == cards("2D 5C") and after.stock == cards("9H")
    assert after.apply(DRAW).stock == () and after.moves == 1
    assert after.position != state.position and after.placement != state.placement


def test_an_emptied_column_takes_the_wastes_card_and_an_emptied_waste_the_stocks() -> None:
    # PySolFC's Fortune's Favor (fillStack): a row left empty takes the waste's top card,
    # and a waste left empty takes the talon's next card.
    state = ff("2S|KH|QH|JH|TH|9H|8H|7H|6H|5H|4H|3H", stock="QC 4D", waste="9C")
    after = state.apply(parse_move("c1-hS", FORTUNES_FAVOR))
    assert after.columns[0] == cards("9C")
    assert after.waste == cards("QC") and after.stock == cards("4D")
    assert after.score == 10 and after.foundations == (2, 1, 1, 1)


def test_with_the_stock_and_the_waste_empty_a_column_stays_empty_and_takes_any_card() -> None:
    state = ff("2S|KH|QH|JH|TH|9H|8H|7H|6H|5H|4H|3H")
    after = state.apply(parse_move("c1-hS", FORTUNES_FAVOR))
    assert after.columns[0] == ()
    assert after.apply(parse_move("c2-c1", FORTUNES_FAVOR)).columns[0] == cards("KH")
    assert after.refusal(DRAW) == STOCK_EMPTY


def test_the_wastes_card_builds_down_in_suit_and_goes_home() -> None:
    state = ff("2S|KH|QH|JH|TH|9H|8H|7H|6H|5H|4H|3H", stock="5D", waste="7C 2H")
    assert state.refusal(parse_move("w-c3", FORTUNES_FAVOR)) is not None  # 2H on QH
    home = state.apply(parse_move("w-hH", FORTUNES_FAVOR))
    assert home.waste == cards("7C") and home.foundations == (1, 2, 1, 1)
    assert state.refusal(parse_move("c3-w", FORTUNES_FAVOR)) == TO_WASTE
    assert state.refusal(parse_move("w-s", FORTUNES_FAVOR)) == TO_WASTE


def test_a_redeal_turns_the_waste_over_into_the_stock_in_its_first_order() -> None:
    state = BuildState(REDEALING, ((),) * 7, (), (13, 13, 13, 0), stock=cards("4C 3C 2C AC"))
    turned = state.apply(DRAW)
    assert turned.waste == cards("AC 2C 3C") and turned.stock == cards("4C")
    emptied = turned.apply(DRAW)
    again = emptied.apply(DRAW)
    assert again.stock == cards("4C 3C 2C AC") and again.waste == () and again.passes == 1
    once = BuildState(FORTUNES_FAVOR, ((),) * 12, (), (13, 13, 13, 12), waste=cards("KC"))
    assert once.refusal(DRAW) == STOCK_EMPTY


@pytest.mark.parametrize("text", ["s-w", "w-c12", "w-hS", "c3-c7"])
def test_the_stocks_moves_parse_and_format_round_trip(text: str) -> None:
    assert format_move(parse_move(text, FORTUNES_FAVOR)) == text


def test_a_game_without_a_stock_reads_no_stock_move() -> None:
    with pytest.raises(MoveParseError):
        parse_move("s-w", STREETS)


def test_the_view_never_carries_a_stock_card_nor_a_waste_card_under_the_top() -> None:
    game = game_for("fortunes-favor")
    code = game.code_for("FF1-N-AAAAATJ")
    table: Any = game.new_table(code, TableSettings(), {}, lambda: 0)
    table.act(("tap", "stock"))
    state: Any = game.deal(code).apply(DRAW)
    view = json.dumps(table.view())
    hidden = [str(card) for card in (*state.stock, *state.waste[:-1])]
    assert len(hidden) == 35 and not [card for card in hidden if f'"{card}"' in view]
    assert f'"{state.waste[-1]}"' in view
    assert table.hidden_cards() == frozenset(hidden)
    piles = {pile["target"]: pile for pile in game.label(table.view(), "en")["piles"]}
    assert piles["stock"]["label"] == "Stock, 34 cards"
    assert piles["waste"]["label"].startswith("Waste, 2 cards, ")


@pytest.mark.parametrize("number", [1, 2, 3, 10])
def test_the_solvers_line_wins_in_the_engine(number: int) -> None:
    game = game_for("fortunes-favor")
    state: Any = game.deal(DealCode("FF", 1, "N", number))
    found = solve_state(state, 20_000)
    assert found.winnable is True
    for move in found.moves:
        state = state.apply(move)
    assert state.won and state.score == 480  # the waste's cards home count too


def test_an_illegal_stock_move_raises() -> None:
    state = ff("|".join(["KS"] * 12))
    with pytest.raises(IllegalMove):
        state.apply(DRAW)


def test_unlimited_redeals_lose_a_deal_only_by_exhausting_its_positions() -> None:
    # Drawing three at a time, the ace of clubs is always the first of a turn, never on
    # top: however often the waste is turned over, it never plays (the redeals counted
    # in the search's key would make every pass a new position, and never a proof).
    columns = tuple((Card.parse(f"{rank}C"),) for rank in "2345678")
    stock = cards("KC QC JC TC 9C AC")
    state = BuildState(REDEALING, columns, (), (13, 13, 13, 0), stock=stock)
    found = solve_state(state, 20_000)
    assert found.winnable is False and found.nodes < 100
    won = BuildState(REDEALING, columns, (), (13, 13, 13, 0), stock=cards("KC QC JC AC 9C TC"))
    assert solve_state(won, 20_000).winnable is True


def test_the_text_shows_the_stocks_count_and_the_wastes_top_card_only() -> None:
    game: Any = game_for("fortunes-favor")
    code = game.code_for("FF1-N-AAAAATJ")
    state: Any = game.deal(code).apply(DRAW)
    text = game.render_position(code, state)
    assert text.splitlines()[1] == "stock: 34 cards    waste: 5D (2 cards)"
    assert not [card for card in (*state.stock, *state.waste[:-1]) if str(card) in text]


@pytest.mark.parametrize("rules", [FORTUNES_FAVOR, REDEALING], ids=["fortunes-favor", "redeals"])
def test_random_play_keeps_every_card_once_and_its_moves_round_trip(rules: BuildRules) -> None:
    rng = random.Random(3)
    state = deal(rules, DealCode("FF", 1, "N", 5))
    for _ in range(150):
        assert sorted(card.ordinal for card in state.all_cards()) == list(range(52))
        moves = state.legal_moves()
        if not moves:
            break
        for move in moves:
            assert parse_move(format_move(move), rules) == move
        state = state.apply(rng.choice(moves))
    assert state.moves > 30
