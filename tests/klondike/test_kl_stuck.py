"""Klondike's "stuck": no sequence of moves turns a card, plays one from the waste or
sends one home beyond those there — moves that only go round do not keep a game going."""

from __future__ import annotations

from tests.klondike.positions import laid

from cardems.cards import Card
from cardems.dealcode import DealCode
from cardems.klondike.declared import KlondikeBoard
from cardems.klondike.declared import board as deal
from cardems.klondike.rules import Rules


def card(text: str) -> int:
    return Card.parse(text).ordinal


def position(foundations: tuple[int, int, int, int]) -> KlondikeBoard:
    """Seven columns of a face-down card under a face-up one: 8♥ on the first (7♣ from the
    clubs' foundation can go on it and back), kings and low hearts elsewhere."""
    columns = [("AS", "8H"), ("2S", "KS"), ("3S", "KH"), ("4S", "KD"), ("5S", "KC")]
    columns += [("7S", "2H"), ("8S", "3H")]
    return KlondikeBoard(
        laid(
            Rules.of("D3"),
            tuple((card(down), card(up)) for down, up in columns),
            (1,) * 7,
            (),
            (),
            foundations,
        )
    )


def test_a_card_that_only_goes_from_its_foundation_and_back_is_stuck() -> None:
    state = position((0, 0, 0, 7))
    assert [str(move) for move in state.legal_moves()] == ["FC>1"]
    assert state.outcome == "stuck"
    down = state.apply(state.legal_moves()[0])  # the 7♣ can still go home: not over
    assert down.outcome is None
    assert [str(move) for move in down.legal_moves()] == ["1>F"]
    assert down.apply(down.legal_moves()[0]).outcome == "stuck"


def test_a_move_that_leads_to_progress_is_not_stuck() -> None:
    state = position((0, 1, 0, 7))  # the ace of hearts home: the 2♥ can follow
    assert state.outcome is None


def test_the_deal_and_a_won_game_are_not_stuck() -> None:
    start = deal(DealCode.parse("KL1-D1-AAAAAAA"))
    assert start.outcome is None and start.progress == 0
    won = KlondikeBoard(laid(Rules.of("D1"), ((),) * 7, (0,) * 7, (), (), (13, 13, 13, 13)))
    assert won.outcome == "won" and won.progress == 52 - 7 + 52
