"""The expert's pass search."""

from __future__ import annotations

import random

import pytest

from cardems.cards import parse_cards
from cardems.hearts.bots.heuristic import choose_pass
from cardems.hearts.bots.passing import generic_pass, pass_candidates, search_pass
from cardems.hearts.core import mask_of_cards
from cardems.hearts.playout import round_score


def m(text: str) -> int:
    return mask_of_cards(parse_cards(text))


HAND = m("QS 3S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C AC")


def test_candidates_are_three_of_the_likeliest_cards_the_heuristic_pass_first() -> None:
    candidates = pass_candidates(HAND, 5)
    assert candidates[0] == choose_pass(HAND)
    assert len(candidates) == len(set(candidates)) == 10
    assert all(c.bit_count() == 3 and c & ~HAND == 0 for c in candidates)


def test_round_score_counts_the_moon() -> None:
    assert round_score([3, 10, 13, 0], 1) == 10
    assert round_score([0, 26, 0, 0], 1) == 0
    assert round_score([0, 26, 0, 0], 1, 26) == -26
    assert round_score([0, 26, 0, 0], 2) == 26


def test_search_passes_an_unguarded_queen_and_is_reproducible() -> None:
    one = search_pass(0, HAND, 1, random.Random(4), budget=10.0, max_worlds=40)
    two = search_pass(0, HAND, 1, random.Random(4), budget=10.0, max_worlds=40)
    assert one == two and one in pass_candidates(HAND, 5)
    assert one & m("QS")


MOON_HAND = m("AH KH QH JH TH 9H AS KS AD KD 2C 3C 4D")


def test_moon_candidates_keep_the_high_cards() -> None:
    candidates = pass_candidates(MOON_HAND, 5, 6)
    assert len(candidates) == len(set(candidates)) == 10 + 20
    assert m("2C 3C 4D") in candidates


def test_search_keeps_a_hand_that_shoots_the_moon() -> None:
    chosen = search_pass(
        0, MOON_HAND, 1, random.Random(1), moon_pool=6, moon_bonus=26, budget=10.0, max_worlds=40
    )
    assert not chosen & m("AH KH QH AS KS")
    assert choose_pass(MOON_HAND) & m("AS KS")  # the heuristic would give them away


@pytest.mark.parametrize(
    ("hand", "passed"),
    [
        ("AS KS QS 3S 2H 9H AH 4D 5D 2C 7C 8C 9C", "QS KS AS"),  # short spades: the honours
        ("2S 4S QS 3S 5S 9H AH KH 4D 5D 2C 7C AC", "AH KH AC"),  # a guarded queen stays
        ("3S 4S 8S 3H 5H 6H 7H 9D TD 8D QC KC AC", "QC KC AC"),  # a void in clubs
    ],
)
def test_generic_pass_sheds_spade_honours_high_hearts_and_short_suits(
    hand: str, passed: str
) -> None:
    assert generic_pass(m(hand)) == m(passed)


def test_the_search_assuming_nothing_starts_from_the_generic_pass() -> None:
    candidates = pass_candidates(HAND, 5, generic=True)
    assert candidates[0] == generic_pass(HAND)
    assert len(candidates) == len(set(candidates)) == 10
    one = search_pass(0, HAND, 1, random.Random(4), budget=10.0, max_worlds=40, generic=True)
    two = search_pass(0, HAND, 1, random.Random(4), budget=10.0, max_worlds=40, generic=True)
    assert one == two and one in candidates and one & m("QS")
    # A margin no pass can save keeps the generic pass.
    kept = search_pass(
        0, HAND, 1, random.Random(4), budget=10.0, max_worlds=40, generic=True, margin=26.0
    )
    assert kept == generic_pass(HAND)


def test_the_expert_searches_its_pass_against_an_unknown_field() -> None:
    from cardems.dealcode import DealCode
    from cardems.hearts.bots.expert import ExpertBot, Research
    from cardems.hearts.rules import Match
    from cardems.hearts.view import view

    seat_view = view(Match.new(DealCode("HT", 1, "N", 5)), 0)
    plain = ExpertBot(1, research=Research(pass_search=False)).choose_pass(seat_view)
    assert plain == generic_pass(seat_view.hand_mask)
    searched = ExpertBot(1, research=Research(pass_margin=26.0))
    assert searched.choose_pass(seat_view) == plain
