"""The build family's declarations, engine and generic solver, over every declared game:
bad declarations refused in one line, notation round-trips, cards conserved, undo exact,
the solver's lines replayed by the engine, its losses proved only by exhausting."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardems.bakers_dozen.game import RULES as BAKERS
from cardems.beleaguered_castle.game import RULES as CASTLE
from cardems.cards import ALL_CARDS, Rank
from cardems.cellgames.notation import MoveParseError, format_move
from cardems.dealcode import DealCode
from cardems.eight_off.game import RULES as EIGHT_OFF
from cardems.fan.game import RULES as FAN
from cardems.kit.building import (
    Build,
    BuildRules,
    Cells,
    DeclarationError,
    Empty,
    Group,
    Tableau,
    declare,
)
from cardems.kit.building.engine import BuildState, deal, parse_move
from cardems.kit.building.solver import solve_state
from cardems.spanish_patience.game import RULES as SPANISH
from cardems.streets_and_alleys.game import RULES as STREETS

FREECELL = declare(
    BuildRules("FreeCell", Tableau((7,) * 4 + (6,) * 4), Build(), Group.SUPERMOVE, Cells(4))
)
GAMES = {"SA": STREETS, "EO": EIGHT_OFF, "FC": FREECELL, "BD": BAKERS, "SN": SPANISH, "FN": FAN}


def code(prefix: str, number: int) -> DealCode:
    return DealCode(prefix, 1, "N", number)


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            BuildRules("Toy", Tableau((7,) * 8)),
            "Toy: tableau: the deal lays out 56 cards, the deck has 52",
        ),
        (
            BuildRules("Toy", Tableau((6,) * 8), cells=Cells(2, 3)),
            "Toy: cells: 3 cards dealt into 2 cells",
        ),
        (
            BuildRules("Toy", Tableau((13, 13, 13, 13, 0), empty=Empty.NONE)),
            "Toy: column 5: is dealt empty and may never be filled",
        ),
        (
            BuildRules("Toy", Tableau((13,) * 4), group=Group.CELLS),
            "Toy: cells: moves of cells need free cells",
        ),
        (BuildRules("Toy", Tableau((2,) * 25 + (1, 1))), "Toy: tableau: 27 columns (1 to 26)"),
        (
            BuildRules("Toy", Tableau((6,) * 8), cells=Cells(6, 4, refill=False)),
            "Toy: reserve: 4 cards dealt into 6 places",
        ),
        (
            BuildRules("Toy", Tableau((13,) * 4, empty=Empty.KINGS), group=Group.SUPERMOVE),
            "Toy: cells: supermoves with no free cell need columns that take any card",
        ),
        (
            BuildRules("Toy", Tableau((6,) * 8), group=Group.SUPERMOVE, cells=Cells(4, 4, False)),
            "Toy: reserve: supermoves would pass cards through it, and it takes none",
        ),
    ],
)
def test_a_declaration_that_contradicts_itself_is_refused_in_one_line(
    rules: BuildRules, message: str
) -> None:
    with pytest.raises(DeclarationError) as refused:
        declare(rules)
    assert str(refused.value) == message and "\n" not in message


def test_streets_and_alleys_deals_every_card_and_the_same_cards_forever() -> None:
    state = deal(STREETS, code("SA", 617))
    assert [len(pile) for pile in state.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert " ".join(str(pile[0]) for pile in state.columns) == "8D 2S TH AH 9H 5S 4S 9D"
    assert Counter(state.all_cards()) == Counter(ALL_CARDS)


def test_eight_off_fills_four_of_its_eight_cells() -> None:
    state = deal(EIGHT_OFF, code("EO", 617))
    assert [str(card) for card in state.cells[:4]] == ["2D", "6S", "3H", "QS"]
    assert state.cells[4:] == (None,) * 4
    assert " ".join(str(pile[0]) for pile in state.columns) == "KS JS QD 3S AC 7D 5D 2S"


def test_bakers_dozen_puts_each_columns_kings_under_its_other_cards() -> None:
    plain = deal(declare(BuildRules("Plain", Tableau((4,) * 13))), code("BD", 617))
    state = deal(BAKERS, code("BD", 617))
    assert [len(pile) for pile in state.columns] == [4] * 13
    moved = 0
    for before, after in zip(plain.columns, state.columns, strict=True):
        kings = [card for card in before if card.rank == Rank.KING]
        others = [card for card in before if card.rank != Rank.KING]
        assert list(after) == kings + others  # the kings under, both orders kept
        moved += after != before
    assert moved == 4  # deal 617: four columns had a king above another card
    assert " ".join(str(pile[0]) for pile in state.columns) == (
        "KD 5D 8H AH KH QH AS 9S KS KC 6S 8D 9D"
    )


def test_an_emptied_column_of_bakers_dozen_is_never_filled() -> None:
    state = deal(BAKERS, code("BD", 617))
    rng = random.Random(3)
    while all(state.columns) and state.legal_moves():
        state = state.apply(rng.choice(state.legal_moves()))
    empty = next(i for i, pile in enumerate(state.columns) if not pile)
    source = next(i for i, pile in enumerate(state.columns) if pile)
    move = parse_move(f"c{source + 1}-c{empty + 1}", BAKERS)
    assert state.refusal(move) == "An empty column stays empty in this game"
    assert not [m for m in state.legal_moves() if m.dest.index == empty and m.dest.kind == "column"]


def test_eighteen_columns_parse_and_format_round_trip() -> None:
    state = deal(FAN, code("FN", 617))
    assert [len(pile) for pile in state.columns] == [3] * 17 + [1]
    for text in ("c18-c10", "c9-c18", "c18-hS", "c17-c1"):
        assert format_move(parse_move(text, FAN)) == text
    with pytest.raises(MoveParseError) as refused:
        parse_move("c19-c1", FAN)
    assert "places are c1-c18" in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("prefix", sorted(GAMES))
@pytest.mark.parametrize("seed", range(3))
def test_random_play_conserves_cards_undoes_exactly_and_round_trips_moves(
    prefix: str, seed: int
) -> None:
    rules = GAMES[prefix]
    rng = random.Random(seed)
    state = deal(rules, code(prefix, seed + 1))
    line = [state]
    for _ in range(80):
        moves = state.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        assert parse_move(format_move(move), rules) == move
        state = state.apply(move)
        line.append(state)
        assert Counter(state.all_cards()) == Counter(ALL_CARDS)
        home = sum(state.foundations) - sum(line[0].foundations)
        assert state.score == rules.home_points * home
    assert line[0] == deal(rules, code(prefix, seed + 1))  # states are immutable


@pytest.mark.parametrize(
    ("text", "why"),
    [("c9-c1", "c1-c8"), ("f9-c1", "f1-f8"), ("c1-c2x1", "2 or more"), ("c01-c2", "c1-c8")],
)
def test_a_move_text_that_does_not_fit_the_table_is_refused(text: str, why: str) -> None:
    with pytest.raises(MoveParseError, match=why):
        parse_move(text, EIGHT_OFF)


def test_refusals_say_the_declared_rule() -> None:
    state = deal(STREETS, code("SA", 617))
    # column 1's top card is 9C, column 2's 5H: 9C does not go onto 5H
    assert state.refusal(parse_move("c1-c2", STREETS)) == "Must be exactly one rank lower"
    assert state.refusal(parse_move("c1-c2x2", STREETS)) == (
        "Only one card moves at a time in this game"
    )
    eight = deal(EIGHT_OFF, code("EO", 617))
    assert eight.refusal(parse_move("c1-f1", EIGHT_OFF)) == "A free cell holds one card"


@pytest.mark.parametrize(("prefix", "number"), [("SA", 1), ("EO", 1), ("EO", 2), ("FC", 1)])
def test_the_solvers_line_wins_in_the_engine(prefix: str, number: int) -> None:
    rules = GAMES[prefix]
    state = deal(rules, code(prefix, number))
    found = solve_state(state, 50_000)
    assert found.winnable is True
    for move in found.moves:
        state = state.apply(move)  # raises IllegalMove if the solver strays from the rules
    assert state.won and state.outcome == "won"


def test_a_lost_deal_is_proved_only_by_exhausting_its_positions() -> None:
    state = deal(CASTLE, code("BC", 16))
    found = solve_state(state, 50_000)
    assert found.winnable is False and found.nodes < 50_000
    assert solve_state(state, found.nodes - 1).winnable is None  # one position short


def test_a_reserve_gives_cards_and_takes_none() -> None:
    from cardems.king_albert.game import RULES as ALBERT

    state = deal(ALBERT, code("KA", 617))
    assert [len(pile) for pile in state.columns] == list(range(1, 10))
    played = next(m for m in state.legal_moves() if m.source.kind == "cell")
    after = state.apply(played)
    back = parse_move(f"c{played.dest.index + 1}-f{played.source.index + 1}", ALBERT)
    assert after.refusal(back) == "The reserve takes no card: its cards only leave"
    assert not [m for m in after.legal_moves() if m.dest.kind == "cell"]


@pytest.mark.slow
@pytest.mark.parametrize("number", [1, 617, 11982])
def test_freecell_declared_plays_exactly_freecells_moves(number: int) -> None:
    """The declaration engine holds FreeCell's rules: the same legal moves and the same
    positions as FreeCell's own engine along random games, each until no move is left (a
    port's first check)."""
    from cardems.freecell.rules import deal as freecell_deal

    for seed in range(8):
        _random_freecell_game(freecell_deal(DealCode("FC", 1, "N", number)), seed)


def _random_freecell_game(own: Any, seed: int) -> None:
    rng = random.Random(seed)
    declared = BuildState(FREECELL, own.columns, own.cells)
    for _ in range(200):
        moves = own.legal_moves()
        assert sorted(map(format_move, declared.legal_moves())) == sorted(map(format_move, moves))
        if not moves:
            break
        move = rng.choice(moves)
        own, declared = own.apply(move), declared.apply(move)
        assert declared.position == own.position and declared.score == own.score


def test_freecell_declared_is_won_where_freecells_search_wins() -> None:
    from cardems.freecell.rules import layout

    for number in (1, 2, 3):
        declared = BuildState(FREECELL, layout(number), (None,) * 4)
        assert solve_state(declared, 50_000).winnable is True


def test_with_no_free_cell_a_supermove_doubles_with_each_empty_column() -> None:
    """Somerset (PySolFC's SuperMoveAC_RowStack, no free cell): 2^(empty columns) cards,
    an empty destination not counted; the solver searches the same moves."""
    from cardems.cards import parse_cards
    from cardems.kit.building.solver import _children, _tables, encode
    from cardems.somerset.game import RULES as SOMERSET

    run, jack, ten = tuple(parse_cards("TS 9H 8C 7D 6S")), parse_cards("JD"), parse_cards("TC")
    rest = [card for card in ALL_CARDS if card not in run + tuple(jack + ten)]
    columns = [run, tuple(jack), tuple(ten), (), ()] + [tuple(rest[i::5]) for i in range(5)]
    state = BuildState(SOMERSET, tuple(columns), ())
    assert Counter(state.all_cards()) == Counter(ALL_CARDS)
    assert state.refusal(parse_move("c1-c3x4", SOMERSET)) is None  # two empty columns: 4
    assert state.refusal(parse_move("c1-c2x5", SOMERSET)) == (
        "Too many cards: at most 4 can move together now"
    )
    assert state.refusal(parse_move("c1-c4x2", SOMERSET)) is None  # one empty column left
    assert state.refusal(parse_move("c1-c4x3", SOMERSET)) is not None
    assert {m.count for m in state.legal_moves() if m.dest.index == 2} == {4}
    assert not [m for m in state.legal_moves() if m.source.index == 0 and m.dest.index == 1]
    raws = set(_children(*encode(state), _tables(SOMERSET)))
    assert ("c", 0, "c", 2, 4) in raws and ("c", 0, "c", 1, 5) not in raws


def test_a_reserve_wider_than_the_columns_wraps_in_rows_as_wide_as_them() -> None:
    """Flower Garden's 16 bouquet cards beside 6 columns: the board stays 6 cards wide (a
    phone shows them as large as the columns allow), no two piles overlap, the columns
    lie under the last row; a reserve no wider than its columns keeps one top row."""
    from cardems.flower_garden.game import RULES as GARDEN
    from cardems.king_albert.game import RULES as ALBERT
    from cardems.kit.building.solitaire import solitaire_of

    table = solitaire_of(GARDEN)
    state = deal(GARDEN, code("FG", 617))
    targets = [f"cell:{n}" for n in range(1, 17)] + [f"foundation:{s}" for s in "SHDC"]
    targets += [f"column:{n}" for n in range(1, 7)]
    spots = {target: table.place(state, target) for target in targets}
    board = table.board(state)
    assert board["width"] == 6 * 108 - 8
    corners = {(spot["x"], spot["y"]) for spot in spots.values()}
    assert len(corners) == len(targets)  # no two piles at one place (cards 100 × 140)
    assert all(x % 108 == 0 and x + 100 <= board["width"] for x, _ in corners)
    top = min(spots[f"column:{n}"]["y"] for n in range(1, 7))
    assert all(spots[t]["y"] + 140 < top for t in targets if not t.startswith("column"))
    assert board["height"] >= top + 140
    albert = solitaire_of(ALBERT)
    start = deal(ALBERT, code("KA", 617))
    assert albert.board(start)["width"] == 11 * 108 - 8
    assert albert.place(start, "column:1")["y"] == 180
    assert albert.place(start, "cell:7") == {"x": 6 * 108, "y": 0}
