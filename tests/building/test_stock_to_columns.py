"""The build family's stock that deals onto the columns (``Stock.to_columns``, Spider's
rule): bad declarations refused in one line, a tap dealing one card face up onto each of
the first columns (onto fewer when the stock runs out), the deal refused while a column
is empty where the declaration says so (PySolFC's Spider and Spiderette; its Scorpion
deals onto an empty column), the table's stock with no waste and no card shown, and the
generic solver dealing the stock as one of its moves, the columns told apart by place."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.building.toys import SCORPION_LIKE, SPIDERETTE_LIKE

from cardems.cards import Card
from cardems.cellgames.notation import Place
from cardems.core.history import IllegalMove
from cardems.kit.building import (
    Build,
    BuildRules,
    DeclarationError,
    Stock,
    Suits,
    Tableau,
    declare,
)
from cardems.kit.building.engine import (
    DRAW,
    NO_DEAL_ON_EMPTY,
    STOCK_EMPTY,
    BuildState,
    parse_move,
)
from cardems.kit.building.solitaire import DEAL_HINT, solitaire_of
from cardems.kit.building.solver import solve_state


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def suit(letter: str, ranks: str = "KQJT98765432A") -> tuple[Card, ...]:
    return tuple(Card.parse(rank + letter) for rank in ranks)


@pytest.mark.parametrize(
    ("stock", "message"),
    [
        (Stock(draw=1, to_columns=8), "Toy: stock: deals onto 8 columns (1 to 7)"),
        (
            Stock(draw=3, to_columns=3),
            "Toy: stock: deals onto the columns, so turns no waste (draw 1, no redeal)",
        ),
        (
            Stock(draw=1, redeals=1, to_columns=3),
            "Toy: stock: deals onto the columns, so turns no waste (draw 1, no redeal)",
        ),
        (
            Stock(draw=1, deal_on_empty=False),
            "Toy: stock: deals onto no column, yet may not deal onto an empty one",
        ),
        (
            Stock(to_columns=3),
            "Toy: stock: turns no card (draw 0), yet redeals or fills a pile",
        ),
    ],
)
def test_a_stock_dealing_onto_columns_that_contradicts_itself_is_refused(
    stock: Stock, message: str
) -> None:
    deal = Tableau((4,) * 7) if stock.draw else Tableau((7,) * 4 + (6,) * 4)
    rules = BuildRules("Toy", deal, Build(Suits.SAME), stock=stock)
    with pytest.raises(DeclarationError) as refused:
        declare(rules)
    assert str(refused.value) == message


def test_a_tap_deals_the_stocks_top_card_onto_the_first_column_and_so_on() -> None:
    columns = (cards("5S"), (), cards("9H 8H"), cards("KC"), (), (), ())
    state = BuildState(
        SCORPION_LIKE, columns, (), (13, 0, 0, 0), stock=cards("2D QC 4H"), down=(0,) * 7
    )
    assert DRAW in state.legal_moves()  # Scorpion deals onto an empty column too
    after = state.apply(DRAW)
    assert after.columns[:4] == (cards("5S 4H"), cards("QC"), cards("9H 8H 2D"), cards("KC"))
    assert after.stock == () and after.waste == ()
    assert DRAW not in after.legal_moves() and after.refusal(DRAW) == STOCK_EMPTY
    with pytest.raises(IllegalMove):
        after.apply(DRAW)


def test_the_stock_deals_onto_fewer_columns_when_it_runs_out_and_keeps_backs_down() -> None:
    columns = (cards("2H KS"), *((card,) for card in cards("QS JS TS 9S 8S 7S")))
    state = BuildState(
        SPIDERETTE_LIKE, columns, (), stock=cards("AD 2D 3D"), down=(1, 0, 0, 0, 0, 0, 0)
    )
    after = state.apply(DRAW)
    assert [len(pile) for pile in after.columns] == [3, 2, 2, 1, 1, 1, 1]
    assert after.columns[0][-1] == Card.parse("3D") and after.down == state.down


def test_a_stock_that_may_not_deal_onto_an_empty_column_waits_for_every_column() -> None:
    columns = (cards("5S"), (), cards("9H"), cards("KC"), cards("2C"), cards("3C"), cards("4C"))
    state = BuildState(SPIDERETTE_LIKE, columns, (), stock=cards("2D") * 7, down=(0,) * 7)
    assert state.refusal(DRAW) == NO_DEAL_ON_EMPTY
    assert DRAW not in state.legal_moves()
    filled = BuildState(SPIDERETTE_LIKE, (*columns[:1], cards("QD"), *columns[2:]), (), down=())
    assert filled.refusal(DRAW) is not None  # no stock at all: still no deal
    ready = BuildState(
        SPIDERETTE_LIKE, (*columns[:1], cards("QD"), *columns[2:]), (), stock=cards("2D") * 7
    )
    assert ready.refusal(DRAW) is None


def test_the_solver_deals_the_stock_onto_the_column_that_needs_its_card() -> None:
    # Spades K..2 wait in column 2 for the ace, which the stock deals onto column 1: the
    # 2 of spades and the cards on it must move onto the ace there. Column 1 and column
    # 5 look alike before the deal and differ after it: the search tells them apart.
    columns = (
        cards("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"),
        suit("S", "KQJT98765432"),
        suit("D"),
        suit("C"),
        cards("AH"),
        (),
        (),
    )
    state = BuildState(SCORPION_LIKE, columns, (), stock=cards("AS"), down=(0,) * 7)
    found = solve_state(state)
    assert found.winnable is True
    assert DRAW in found.moves
    after = state
    for move in found.moves:
        after = after.apply(move)
    assert after.won


def test_a_deal_that_waits_for_every_column_is_lost_where_dealing_at_once_wins() -> None:
    # Spades K J 9 7 5 3 alone in columns 2-7, column 1 empty, the other spades in the
    # stock: a card moved into column 1 empties its own, so the stock never deals where
    # it must wait for every column; dealt at once, each card lands on the one above it.
    columns = ((), *(cards(f"{rank}S") for rank in "KJ9753"))
    stock = cards("2S 4S 6S 8S TS QS AS")
    waiting = BuildState(SPIDERETTE_LIKE, columns, (), (0, 13, 13, 13), stock=stock)
    assert solve_state(waiting).winnable is False
    eager = declare(replace(SPIDERETTE_LIKE, stock=Stock(draw=1, to_columns=7)))
    dealt = BuildState(eager, columns, (), (0, 13, 13, 13), stock=stock)
    found = solve_state(dealt)
    assert found.winnable is True and found.moves[0] == DRAW


def test_the_table_has_a_stock_and_no_waste_and_never_shows_a_stock_card() -> None:
    solitaire = solitaire_of(SCORPION_LIKE)
    names = [pile.kind for pile in solitaire.declaration.piles]
    assert "stock" in names and "waste" not in names
    columns = (cards("5S"), (), cards("9H"), cards("KC"), (), (), ())
    state = BuildState(SCORPION_LIKE, columns, (), stock=cards("2D QC 4H"), down=(0,) * 7)
    assert solitaire.cards(state, "stock") == (None, None, None)
    assert solitaire.size(state, "stock") == 3
    assert solitaire.tap_move(state, "stock") == DRAW
    play = solitaire.play(state, DRAW)
    assert (play.source, play.target, play.count, play.card) == ("stock", "column:1", 3, None)
    assert solitaire.hint_words(state, DRAW, "en") == DEAL_HINT
    assert parse_move("s-w", SCORPION_LIKE) == DRAW
    assert parse_move("c1-c2", SCORPION_LIKE).dest == Place("column", 1)
