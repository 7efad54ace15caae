"""The moon defence's evidence (bots/moon.py) and the expert's kept run for the moon."""

from __future__ import annotations

from cardems.cards import parse_cards
from cardems.hearts.bots.moon import moon_threat
from cardems.hearts.rules import Round
from cardems.hearts.view import view

from .helpers import hands_from


def play(rnd: Round, plays: str) -> Round:
    seat = rnd.to_play
    for card in parse_cards(plays):
        assert seat is not None
        rnd = rnd.play(seat, card)
        seat = rnd.to_play
    return rnd


def test_the_defence_wakes_on_a_runners_evidence_not_on_a_count() -> None:
    hands = hands_from(
        "2C 6C 7C 3H 2S 3S 4S 5S 6S 7S 8S 9S TS",
        "AC KC QC AH KH QH JS QS KS AS 2D 3D 4D",
        "3C 2H 4H 6H 7H 8H 9H TH JH 5D 6D 7D 8D",
    )
    rnd = Round.deal(hands, 3)  # a hold round: South leads the 2♣
    rnd = play(rnd, "2C AC 3C 4C")  # West wins, no points
    assert moon_threat(view(rnd, 0)) == -1
    rnd = play(rnd, "KC 2H 5C 6C")  # West takes North's heart: every point, one trick
    assert rnd.taken[1] and moon_threat(view(rnd, 0)) == -1
    rnd = play(rnd, "AH 4H 5H 3H")  # West leads its A♥ and takes the trick: a runner
    for seat in (0, 2, 3):
        assert moon_threat(view(rnd, seat)) == 1
    assert moon_threat(view(rnd, 1)) == -1  # never oneself
    rnd = play(rnd, "QC 6H 8C 7C")  # West takes a third trick with points: still
    assert moon_threat(view(rnd, 0)) == 1
