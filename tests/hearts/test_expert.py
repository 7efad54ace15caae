"""The expert's settings, its belief about hidden hands, and how it scores a round."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardems.cards import parse_cards
from cardems.dealcode import DealCode
from cardems.hearts.arena import arena_bot, research_settings
from cardems.hearts.bots import make_bot
from cardems.hearts.bots.belief import Belief
from cardems.hearts.bots.expert import ExpertBot, ExpertSettings, Research, parse_settings
from cardems.hearts.bots.inference import (
    GENERIC,
    HEURISTIC,
    misses,
    past_checks,
    round_agreement,
    seat_agreement,
)
from cardems.hearts.core import mask_of_cards
from cardems.hearts.rules import Match
from cardems.hearts.view import SeatView, view

from .helpers import assert_deal_fits, bot_views


def test_the_products_bot_names_set_its_level_alone() -> None:
    assert parse_settings("expert") == ExpertSettings()
    assert parse_settings("expert:worlds=60:budget=50:endgame=2") == ExpertSettings(
        worlds=60, budget_ms=50.0, endgame=2
    )
    bot = make_bot("expert:worlds=60", 3)
    assert isinstance(bot, ExpertBot) and bot.name == "expert:worlds=60"
    assert bot.research == Research()  # research switches are never the product's
    for name in ("expert:moon=2", "expert:moves=0", "expertise", "expert:worlds=0"):
        with pytest.raises(ValueError):
            make_bot(name)


def test_research_switches_are_the_arenas() -> None:
    settings, research = research_settings("expert:worlds=60:miss=0.1:infer=0:bonus=0")
    assert settings == ExpertSettings(worlds=60)
    assert research == Research(miss_weight=0.1, infer=False, moon_bonus=0.0)
    assert research_settings("expert:generic=0:moon=2:late=99:gpass=0")[1] == Research(
        generic=0, moon=2, defend_late=99, generic_pass=False
    )
    bot = arena_bot("expert:moves=0:endgame=0", 1)
    assert isinstance(bot, ExpertBot) and bot.name == "expert:moves=0:endgame=0"
    assert bot.research.moves == 0 and bot.horizon == 0
    assert arena_bot("rules").name == "rules"  # every product name too


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("expert:depth=3", "unknown expert option"),
        ("expert:moon=", "unknown expert option"),
        ("expert:worlds=", "unknown expert option"),
        ("expert:worlds=many", "unknown expert option"),
        ("expert:miss=many", "needs a number"),
        ("expert:moon=1.5", "needs a whole number"),
        ("expert:infer=2", "needs 0 or 1"),
    ],
)
def test_bad_settings_are_refused(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        arena_bot(name)


def _first_round_views(number: int, others: str = "medium") -> list[SeatView]:
    """Every decision of seat 0 (a medium bot) in the first round of match ``number``."""
    decisions = bot_views(number, ("medium", others, others, others))
    return [seat_view for _, seat_view in decisions if seat_view.seat == 0]


@pytest.mark.slow
def test_moved_deals_keep_sizes_voids_and_passed_cards() -> None:
    for number in range(3):
        belief = Belief(
            random.Random(number), miss_weight=0.05, infer=True, sampling_share=0.4, moves=10
        )
        for seat_view in _first_round_views(number):
            deals = belief.deals(seat_view, 40, 1.0)
            assert deals and all(weight == 1.0 for weight, _ in deals)
            for _, hands in deals:
                assert_deal_fits(seat_view, hands)


def test_one_belief_asked_by_two_seats_deals_each_its_own_unseen_cards() -> None:
    """A belief keeps deals from one decision to the next in a round; asked in turn by
    two seats (one bot object playing both), each is dealt deals of its own seat."""
    belief = Belief(random.Random(3), miss_weight=0.05, infer=True, sampling_share=0.4, moves=0)
    asked = [v for _, v in bot_views(3) if v.seat in (1, 2)][:12]
    for seat_view in asked:
        for _, hands in belief.deals(seat_view, 20, 0.05):
            assert_deal_fits(seat_view, hands)


@pytest.mark.slow
def test_moves_find_deals_that_explain_the_play() -> None:
    """Late in a round few fresh deals explain medium play; moved deals mostly do."""
    explained = {}
    for moves in (0, 10):
        belief = Belief(
            random.Random(5), miss_weight=0.05, infer=True, sampling_share=0.4, moves=moves
        )
        total = 0
        for seat_view in _first_round_views(5)[:9]:
            checks = past_checks(seat_view)
            deals = belief.deals(seat_view, 60, 1.0)
            total += sum(misses(hands, checks, 99) == 0 for _, hands in deals)
        explained[moves] = total
    assert explained[10] > 1.5 * explained[0]


def _last_trick_view(others: str) -> SeatView:
    """Seat 0's view in the last trick of the first round."""
    return _first_round_views(4, others)[-1]


def test_round_agreement_counts_the_plays_that_were_the_heuristics() -> None:
    medium_view = _last_trick_view("medium")
    choices, agreed = round_agreement(medium_view) or (0, -1)
    assert choices > 10 and agreed == choices
    easy_view = _last_trick_view("easy")
    choices, agreed = round_agreement(easy_view) or (0, -1)
    assert choices > 10 and 0 < agreed < 0.8 * choices
    assert round_agreement(_first_round_views(4)[3]) is None  # not the last trick yet


def test_the_expert_learns_how_far_to_trust_its_model_of_the_others() -> None:
    bot = ExpertBot(0)
    assert bot.miss_weight() == Research().miss_weight  # nothing seen yet
    seat_view = _last_trick_view("medium")
    bot.choose_play(seat_view)
    bot.choose_play(seat_view)  # each round counts once
    found = round_agreement(seat_view)
    assert found and found[0] > 10 and bot.seen == found
    bot.seen = (100, 100)
    assert bot.miss_weight() == Research().miss_weight
    bot.seen = (100, 80)
    assert bot.miss_weight() == pytest.approx(0.125)
    bot.seen = (100, 46)
    assert bot.miss_weight() == 1.0


def test_the_expert_fits_a_model_to_each_seat() -> None:
    bot = ExpertBot(0)
    assert bot.policies() == (HEURISTIC,) * 4
    # Generic play (the rules bot is close to it) agrees more with the generic player.
    bot.fit = [(0, 0, 0), (30, 20, 27), (30, 25, 24), (5, 1, 5)]
    assert bot.policies() == (HEURISTIC, GENERIC, HEURISTIC, HEURISTIC)  # 5: too few
    assert bot.model_share() == (65, 27 + 25 + 1)
    assert bot.miss_weight() == pytest.approx((1 - 53 / 65) / (2 * 53 / 65))
    assert ExpertBot(0, research=Research(model=0)).policies() == (HEURISTIC,) * 4
    # A round against rules bots: each seat's counts, learnt once.
    seat_view = _last_trick_view("rules")
    bot = ExpertBot(0)
    bot.choose_play(seat_view)
    bot.choose_play(seat_view)
    found = seat_agreement(seat_view)
    assert found and bot.fit == found and found[0] == (0, 0, 0)
    assert sum(f[0] for f in found) > 10 and sum(f[2] for f in found) > sum(f[1] for f in found)


def test_the_expert_passes_for_the_moon_only_against_predictable_players() -> None:
    hand = mask_of_cards(parse_cards("AH KH QH JH TH 9H AS KS AD KD 2C 3C 4D"))
    match = Match.new(DealCode("HT", 1, "N", 4))
    passing = replace(view(match, 0), hand_mask=hand)
    research = Research(pass_budget_ms=200)
    wary = ExpertBot(1, research=research).choose_pass(passing)
    trusting = ExpertBot(1, research=research)
    trusting.seen = (100, 100)
    keeps = trusting.choose_pass(passing)
    assert wary & mask_of_cards(parse_cards("AS KS"))
    assert not keeps & mask_of_cards(parse_cards("AH KH QH AS KS"))


@pytest.mark.slow
def test_an_oracle_searches_the_true_deal_the_arena_shows_it() -> None:
    from cardems.hearts.arena import play_match

    assert research_settings("expert:oracle=1:podds=0:passw=1:psearch=0")[1] == Research(
        oracle=True, pass_odds=False, pass_weight=1.0, pass_search=False
    )
    oracle = arena_bot("expert:oracle=1", 1)
    plain = ExpertBot.from_name("expert", 1)
    shown: list[tuple[int, ...]] = []

    searched: list[int] = []

    class Spy(ExpertBot):
        def see(self, hands: tuple[int, ...]) -> None:
            shown.append(hands)
            super().see(hands)

        def choose_play(self, view: SeatView) -> int:
            card = super().choose_play(view)
            searched.append(self.searched)
            return card

    spy = Spy(2, ExpertSettings(worlds=20), Research(oracle=True))
    records = play_match(DealCode("HT", 1, "N", 4), [spy, plain, plain, oracle], max_rounds=1)
    assert len(records[0].hand_scores) == 1 and len(shown) == 13  # before each of its cards
    assert all(hands[0].bit_count() == 13 - k for k, hands in enumerate(shown))
    assert max(searched) == 1  # the one true deal, whenever it had a choice
    # Not an oracle: shown hands are ignored.
    plain.see(shown[0])
    assert plain._true_hands is None
