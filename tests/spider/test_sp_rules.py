"""Spider rules, as its declaration of the build family plays them: the deal, moves, runs
going off, the stock, score, notation."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.core.history import History, IllegalMove
from cardems.dealcode import DealCode
from cardems.kit.building.board import number
from cardems.kit.building.engine import unshuffled
from cardems.spider.declared import (
    ONE_HIGHER,
    ONE_SUIT,
    RULES,
    SpiderBoard,
    board_of,
    deal,
)
from cardems.spider.rules import (
    Move,
    MoveParseError,
    SpiderState,
    card_id,
    card_text,
    format_moves,
    parse_moves,
)

GOLDEN = {
    "SP1-S1-AAAAAAA": (
        "KS KS 2S AS JS JS 9S 3S 5S KS",
        "TS 8S 8S AS 4S TS JS 9S 4S 7S",
    ),
    "SP1-S2-AAAAAAB": (
        "3H 6H JH 3S TS 3S TH KH KS 6S",
        "TH 8H 5S 7H TS 5H AH 2S 2H 9H",
    ),
    "SP1-S4-AAAAAAC": (
        "7D 8D AD 9D QC 5S AC 4S 7H 4H",
        "2S 2H TC 6H KC 4D 6H 9S 9S 5D",
    ),
}


def tops(state: SpiderBoard) -> str:
    return " ".join(card_text(column[-1]) for column in state.columns)


@pytest.mark.parametrize("code", GOLDEN)
def test_golden_deals(code: str) -> None:
    """The deal generator never changes: face-up cards and the first deal of the stock."""
    state = deal(DealCode.parse(code))
    face_up, first_deal = GOLDEN[code]
    assert tops(state) == face_up
    assert " ".join(card_text(card) for card in state.stock[:10]) == first_deal


@pytest.mark.parametrize("variant", ["S1", "S2", "S4"])
def test_the_deal_shape_and_the_cards(variant: str) -> None:
    state = deal(DealCode("SP", 1, variant, 7))
    assert [len(column) for column in state.columns] == [6] * 4 + [5] * 6
    assert state.down == (5,) * 4 + (4,) * 6
    assert len(state.stock) == 50 and state.score == 500
    deck = [number(card) for card in unshuffled(RULES[variant])]
    faces = Counter(card_text(card) for card in deck)
    assert len(faces) == 13 * int(variant[1]) and set(faces.values()) == {8 // int(variant[1])}
    assert len({card_id(card) for card in deck}) == 104


def column_state(*columns: str, stock: str = "", down: tuple[int, ...] = ()) -> SpiderBoard:
    """A position from columns written bottom → top (physical copies numbered in turn)."""
    seen: Counter[str] = Counter()

    def numbered(text: str) -> int:
        from cardems.cards import Card

        ordinal = Card.parse(text).ordinal
        seen[text] += 1
        return (seen[text] - 1) * 52 + ordinal

    piles = [tuple(numbered(t) for t in c.split()) for c in columns]
    piles += [()] * (10 - len(piles))
    return board_of(
        SpiderState(
            tuple(piles),
            down or (0,) * 10,
            tuple(numbered(t) for t in stock.split()),
        )
    )


def test_a_card_goes_on_one_rank_higher_whatever_its_suit() -> None:
    state = column_state("9H", "8S", "7D", *["KC"] * 7)
    assert state.refusal(Move(1, 0, 1)) is None
    assert state.refusal(Move(2, 0, 1)) == ONE_HIGHER
    after = state.apply(Move(1, 0, 1))
    assert [card_text(c) for c in after.columns[0]] == ["9H", "8S"]
    assert after.score == 499 and after.moves == 1


def test_only_a_run_of_one_suit_moves_together() -> None:
    state = column_state("9H 8S", "9S 8S", "", *["KC"] * 7)
    assert state.refusal(Move(0, 2, 2)) == ONE_SUIT
    assert state.refusal(Move(1, 2, 2)) is None
    assert state.run_length(0) == 1 and state.run_length(1) == 2


def test_a_full_run_goes_off_and_the_card_below_turns_up() -> None:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    state = column_state("5H " + run, "AS", *["KC"] * 8, down=(1,) + (0,) * 9)
    after = state.apply(Move(1, 0, 1))
    assert after.runs == (0,) and after.score == 500 - 1 + 100
    assert [card_text(c) for c in after.columns[0]] == ["5H"] and after.down[0] == 0


def test_the_stock_deals_one_card_a_column_but_not_onto_an_empty_column() -> None:
    stock = " ".join(["2D"] * 10)
    state = column_state(*["KC"] * 9, "", stock=stock)
    assert state.refusal(Move.deal()) == "Fill every empty column before dealing"
    full = column_state(*["KC"] * 10, stock=stock)
    after = full.apply(Move.deal())
    assert all(len(column) == 2 for column in after.columns) and not after.stock
    assert after.refusal(Move.deal()) == "The stock is empty"


def test_refusals_raise_and_change_nothing() -> None:
    state = deal(DealCode("SP", 1, "S4", 3))
    with pytest.raises(IllegalMove):
        state.apply(Move(0, 0, 1))
    assert state == deal(DealCode("SP", 1, "S4", 3))


@pytest.mark.parametrize("text", ["D", "3>7", "3:4>7", "10:13>1"])
def test_moves_round_trip(text: str) -> None:
    assert str(Move.parse(text)) == text


def test_move_input_is_lenient_and_bad_input_is_one_clear_line() -> None:
    assert parse_moves(["d, 3:1>7"]) == [Move.deal(), Move(2, 6, 1)]
    assert Move.parse(" 3 : 1 > 7 ") == Move(2, 6, 1)
    for bad in ["", "3>", "0>1", "3>11", "3:0>2", "3:14>2", "x" * 99, "3:>4"]:
        with pytest.raises(MoveParseError) as error:
            Move.parse(bad)
        assert "\n" not in str(error.value) and len(str(error.value)) < 80


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["S1", "S2", "S4"]),
    st.integers(0, 10**6),
    st.lists(st.integers(0, 10**6), max_size=60),
)
def test_random_play_keeps_the_cards_and_undo_restores(
    variant: str, number: int, choices: list[int]
) -> None:
    """Cards are conserved, face-down cards never lie above face-up ones, the notation of
    every move played round-trips, and undo walks back to exactly the same positions."""
    state = deal(DealCode("SP", 1, variant, number))
    history: History[SpiderBoard] = History(state, limit=100)
    seen = [state]
    for choice in choices:
        moves = state.legal_moves()
        if not moves:
            break
        move = moves[choice % len(moves)]
        assert parse_moves([format_moves([move])]) == [move]
        state = state.apply(move)
        history.push(state)
        seen.append(state)
        cards = [c for column in state.columns for c in column] + list(state.stock)
        assert len(cards) + 13 * len(state.runs) == 104 and len(set(cards)) == len(cards)
        assert all(d < len(c) or d == 0 for c, d in zip(state.columns, state.down, strict=True))
    for earlier in reversed(seen[:-1]):
        assert history.undo() == earlier
