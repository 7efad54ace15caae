"""The moon defence's evidence (bots/moon.py), the expert's kept run for the moon and its
stopper heart."""

from __future__ import annotations

import pytest

from cardems.cards import parse_cards
from cardems.hearts.arena import research_settings
from cardems.hearts.bots.expert import (
    ExpertBot,
    ExpertSettings,
    Research,
    drops_stopper,
    hearts_above,
    shot_open,
    takes_from_runner,
)
from cardems.hearts.bots.moon import moon_threat
from cardems.hearts.core import mask_of_cards
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


def mask(text: str) -> int:
    return mask_of_cards(parse_cards(text))


def card(text: str) -> int:
    return mask(text).bit_length() - 1


def test_a_shot_is_open_while_every_point_is_one_other_seats() -> None:
    assert shot_open((0, 0, 0, 0), 0)
    assert shot_open((0, 5, 0, 0), 0)
    assert not shot_open((0, 5, 1, 0), 0)  # two seats have points
    assert not shot_open((1, 0, 0, 0), 0)  # its own points stop every other seat
    assert not shot_open((0, 26, 0, 0), 0)


def test_the_hearts_out_above_a_hands_highest_heart() -> None:
    out = mask("AH KH JH 9H 4H")
    assert hearts_above(mask("QH TH 7H 2H"), out) == 2
    assert hearts_above(mask("TH 7H"), out) == 3
    assert hearts_above(mask("5H 3H"), mask("9H 2H")) == 1
    assert hearts_above(0, out) == 13  # no heart


def test_the_last_stopper_is_not_thrown_away() -> None:
    hand = mask("QH TH 7H 3H 2H 9C 7S")
    out = mask("AH KH JH 9H")
    diamond = (card("AD"), card("2D"))
    assert drops_stopper(hand, card("QH"), diamond, out)  # a discard on a diamond
    assert not drops_stopper(hand, card("TH"), diamond, out)  # not a stopper
    assert not drops_stopper(hand | mask("KH"), card("QH"), diamond, mask("AH"))  # K♥ stays
    assert not drops_stopper(hand, card("QH"), (card("5H"),), out)  # following hearts
    assert drops_stopper(hand, card("QH"), (), out)  # led under the A♥ and K♥
    assert not drops_stopper(hand, card("QH"), (), mask("JH 9H"))  # led, it wins
    assert not drops_stopper(hand, card("QH"), diamond, mask("AH KH QS JS 9S"))  # none
    # The 9♥ wins a 6♥ led, the 5♥ would not (code 20104, round 10).
    assert drops_stopper(mask("9H 5H 3H"), card("9H"), (card("9S"),), mask("6H 2H"))
    assert not drops_stopper(mask("9H 5H 3H"), card("5H"), (card("9S"),), mask("6H 2H"))
    # The 8♥ is as good as the Q♥ with the 9♥ to the J♥ played (code 20101, round 8).
    assert not drops_stopper(mask("QH 8H 4H"), card("QH"), (card("3C"),), mask("AH 2H"))


def test_taking_a_trick_from_the_runner() -> None:
    # West (1) led the 6♥ and wins so far; North (0) plays second.
    trick = (card("6H"),)
    assert takes_from_runner(card("7H"), trick, 1, 1)
    assert not takes_from_runner(card("3H"), trick, 1, 1)  # under
    assert not takes_from_runner(card("7H"), trick, 1, 2)  # not the runner's trick
    assert not takes_from_runner(card("7H"), trick, 1, -1)  # nobody runs
    clubs = (card("5C"), card("9C"))  # East (2) wins with the 9♣, no points
    assert not takes_from_runner(card("TC"), clubs, 1, 2)
    assert takes_from_runner(card("TC"), (*clubs, card("2H")), 1, 2)


def test_the_expert_keeps_its_stopper_heart_at_its_first_discard() -> None:
    """North, void in diamonds, discards on West's A♦ before anyone has points. By its
    play-outs alone (``stopper=0``), where nobody runs, its Q♥ is the heart to dump; as
    the last heart that could stop a moon it is kept (a moon made on the expert this
    way: code 20100, round 6, against three montecarlo bots)."""
    hands = hands_from(
        "2C 5C 6C 7C 8C 9C 7S TS QH TH 7H 3H 2H",
        "AC 3C AD KD QD JD TD 9D 8D AS KS 2S 3S",
        "4C KC 2D 3D 4D 5D 6D 7D 4S 5S 6S 8S 9S",
    )
    seat_view = view(play(Round.deal(hands, 3), "2C AC 4C TC AD 2D QC"), 0)
    settings = ExpertSettings(worlds=200, budget_ms=10_000)  # ends by its deals
    queen = card("QH")
    for seed in (0, 3):
        old = ExpertBot(seed, settings, Research(infer=False, stopper=0)).evaluate(seat_view)
        new = ExpertBot(seed, settings, Research(infer=False, stopper=1)).evaluate(seat_view)
        assert old.best == queen
        assert new.best != queen
        assert new.mean(queen) == pytest.approx(old.mean(queen) + 1)
        assert new.mean(new.best) == pytest.approx(old.mean(new.best))
    assert research_settings("expert:stopper=0")[1] == Research(stopper=0)
