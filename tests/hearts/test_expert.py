"""The expert's settings, its belief about hidden hands, and how it scores a round."""

from __future__ import annotations

import random

import pytest

from cardems.dealcode import DealCode
from cardems.hearts.bots import make_bot
from cardems.hearts.bots.belief import Belief
from cardems.hearts.bots.expert import ExpertSettings, _score, parse_settings
from cardems.hearts.bots.inference import misses, past_checks
from cardems.hearts.core import FULL_DECK, SUIT_MASKS, cards_of, to_card
from cardems.hearts.rules import Match, Phase
from cardems.hearts.view import SeatView, view


def test_settings_come_from_the_bot_name() -> None:
    assert parse_settings("expert") == ExpertSettings()
    settings = parse_settings("expert:worlds=60:miss=0.1:infer=0:bonus=0")
    assert settings == ExpertSettings(worlds=60, miss_weight=0.1, infer=False, moon_bonus=0.0)
    assert make_bot("expert:moves=0").name == "expert:moves=0"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("expert:depth=3", "unknown expert option"),
        ("expert:worlds=", "unknown expert option"),
        ("expert:worlds=many", "needs a number"),
    ],
)
def test_bad_settings_are_refused(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_settings(name)


def test_a_round_scores_its_own_moon_as_the_bonus_and_anothers_as_26() -> None:
    assert _score([3, 10, 13, 0], 1, 26.0) == 10
    assert _score([0, 26, 0, 0], 1, 26.0) == -26
    assert _score([0, 26, 0, 0], 2, 26.0) == 26


def _medium_views(number: int, seat: int) -> list[SeatView]:
    """Every decision of ``seat`` in the first round, medium bots in every seat."""
    medium = make_bot("medium")
    match = Match.new(DealCode("HT", 1, "N", number))
    out = []
    while not match.history:
        rnd = match.round
        if rnd.phase is Phase.PASSING:
            for s in range(4):
                match = match.pass_cards(s, cards_of(medium.choose_pass(view(match, s))))
            continue
        turn = rnd.to_play
        assert turn is not None
        seat_view = view(match, turn)
        if turn == seat:
            out.append(seat_view)
        match = match.play(turn, to_card(medium.choose_play(seat_view)))
    return out


def test_moved_deals_keep_sizes_voids_and_passed_cards() -> None:
    for number in range(3):
        belief = Belief(
            random.Random(number), miss_weight=0.05, infer=True, sampling_share=0.4, moves=10
        )
        for seat_view in _medium_views(number, 0):
            deals = belief.deals(seat_view, 40, 1.0)
            assert deals and all(weight == 1.0 for weight, _ in deals)
            kept = seat_view.passed_mask & ~seat_view.played_mask
            for _, hands in deals:
                hands = hands[:]
                hands[0] = seat_view.hand_mask
                assert [h.bit_count() for h in hands] == list(seat_view.hand_sizes)
                assert (
                    hands[0] | hands[1] | hands[2] | hands[3] | seat_view.played_mask == FULL_DECK
                )
                for other in range(4):
                    for suit in range(4):
                        if seat_view.voids[other] >> suit & 1:
                            assert not hands[other] & SUIT_MASKS[suit]
                assert hands[seat_view.pass_to] & kept == kept


def test_moves_find_deals_that_explain_the_play() -> None:
    """Late in a round few fresh deals explain medium play; moved deals mostly do."""
    explained = {}
    for moves in (0, 10):
        belief = Belief(
            random.Random(5), miss_weight=0.05, infer=True, sampling_share=0.4, moves=moves
        )
        total = 0
        for seat_view in _medium_views(5, 0)[:9]:
            checks = past_checks(seat_view)
            deals = belief.deals(seat_view, 60, 1.0)
            total += sum(misses(hands, checks, 99) == 0 for _, hands in deals)
        explained[moves] = total
    assert explained[10] > 1.5 * explained[0]
