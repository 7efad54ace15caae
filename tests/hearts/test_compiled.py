"""The compiled Hearts core makes the same decisions as the Python reference: every
policy's card on seeded positions, whole play-outs, random streams, deal checks, and the
search bots' cards built on them."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardems.dealcode import DealCode
from cardems.hearts import fast
from cardems.hearts.bots import (
    belief,
    expert,
    heuristic,
    inference,
    make_bot,
    montecarlo,
    passing,
    rollout,
    sampling,
)
from cardems.hearts.bots.expert import ExpertBot, ExpertSettings, Research
from cardems.hearts.bots.inference import GENERIC, HEURISTIC, pass_check, past_checks
from cardems.hearts.bots.montecarlo import MonteCarloBot
from cardems.hearts.bots.pass_odds import card_odds
from cardems.hearts.bots.sampling import Knowledge
from cardems.hearts.core import cards_of, to_card
from cardems.hearts.playout import Position, position_of_deal, random_playout
from cardems.hearts.rules import Match, Phase
from cardems.hearts.splitmix import SplitMix
from cardems.hearts.view import SeatView, view

from .helpers import assert_deal_fits, bot_views

pytestmark = pytest.mark.skipif(
    not fast.COMPILED, reason="the compiled core was not built (no C compiler)"
)
core = fast.core

POINT_SPREADS = (
    [0, 0, 0, 0],
    [1, 0, 0, 0],
    [0, 4, 0, 0],
    [0, 0, 14, 0],
    [2, 3, 0, 8],
    [0, 0, 0, 13],
)
"""Points taken, put on positions to wake every moon branch of the policies."""


def positions(seed: int, rounds: int) -> Iterator[Position]:
    """Every position of ``rounds`` deals, played by a random mix of policies."""
    rng = random.Random(seed)
    for _ in range(rounds):
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for k, card in enumerate(deck):
            hands[k & 3] |= 1 << card
        pos = position_of_deal(hands)
        played = 0
        while pos.tricks_done < 13:
            yield pos.copy()
            seat, legal = pos.to_play, pos.legal()
            if rng.random() < 0.5:
                card = heuristic.choose_card(
                    seat, pos.hands[seat], legal, pos.trick, played, pos.points
                )
            else:
                card = rng.choice([c for c in range(52) if legal >> c & 1])
            played |= 1 << card
            pos.play(card)


def played_of(pos: Position) -> int:
    """Every card gone from the hands (the trick's included)."""
    return ((1 << 52) - 1) & ~(pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3])


def test_splitmix_is_the_published_stream() -> None:
    # SplitMix64 from seed 0: the reference implementation's first outputs.
    rand = SplitMix(0)
    draws = [rand.random() for _ in range(2)]
    assert draws == [(0xE220A8397B1DCDAF >> 11) / 2**53, (0x6E789E6AA1B965F4 >> 11) / 2**53]
    with pytest.raises(TypeError, match="whole number"):
        SplitMix("seed")


def test_every_policy_chooses_the_same_card() -> None:
    compared = 0
    for pos in positions(1, 40):
        seat, hand, legal = pos.to_play, pos.hands[pos.to_play], pos.legal()
        played = played_of(pos)
        for points in (pos.points, *POINT_SPREADS):
            assert core.simple_card(hand, legal, pos.trick) == montecarlo.simple_card(
                hand, legal, pos.trick
            )
            for defend_from in (1, 3, 14):
                assert core.generic_card(
                    seat, hand, legal, pos.trick, played, points, defend_from
                ) == rollout.generic_card(seat, hand, legal, pos.trick, played, points, defend_from)
            for shoot, runner, wary in (
                (True, -1, False),
                (False, -1, False),
                (True, seat, False),
                (True, (seat + 1) & 3, True),
                (True, (seat + 2) & 3, False),
            ):
                assert core.heuristic_card(
                    seat, hand, legal, pos.trick, played, points, shoot, runner, wary
                ) == heuristic.choose_card(
                    seat, hand, legal, pos.trick, played, points, shoot, runner, None, wary
                )
            compared += 1
    assert compared > 10_000


@pytest.mark.slow
def test_play_outs_end_with_the_same_points() -> None:
    for pos in list(positions(2, 30))[::3]:
        played = played_of(pos)
        args = (pos.leader, pos.trick, pos.tricks_done, pos.broken)
        for points in (pos.points, *POINT_SPREADS[:3]):
            assert core.simple_rollout(pos.hands, *args, points) == montecarlo.py_play_out(
                pos.hands[:], *args[:1], pos.trick[:], *args[2:], points[:]
            )
            for runner, wary in ((-1, False), (pos.leader, False), (pos.leader, True)):
                assert core.heuristic_rollout(
                    pos.hands, *args, points, played, runner, wary
                ) == rollout.py_heuristic_rollout(
                    pos.hands[:],
                    pos.leader,
                    pos.trick[:],
                    *args[2:],
                    points[:],
                    played,
                    runner,
                    wary,
                )
            for defender, runner, late, look in (
                (-1, -1, 14, False),
                (0, -1, 14, False),
                (1, -1, 5, False),
                (0, 2, 14, False),
                (0, -1, 14, True),
                (-1, -1, 5, True),
            ):
                assert core.generic_rollout(
                    pos.hands, *args, points, played, defender, runner, late, look
                ) == rollout.py_generic_rollout(
                    pos.hands[:],
                    pos.leader,
                    pos.trick[:],
                    *args[2:],
                    points[:],
                    played,
                    defender,
                    runner,
                    late,
                    look,
                )


def test_random_play_outs_draw_the_same_stream() -> None:
    for number, pos in enumerate(list(positions(3, 10))[::4]):
        state = 12345 + number * 2**40
        points, after = core.random_rollout(
            pos.hands, pos.leader, pos.trick, pos.tricks_done, pos.broken, pos.points, state
        )
        rand = SplitMix(state)
        assert points == random_playout(pos.copy(), rand.random)
        assert after == rand.state
    for policy in (rollout.RANDOM, rollout.SIMPLE, rollout.HEURISTIC, rollout.GENERIC):
        assert core.play_hands(300, 99, policy) == rollout.py_play_hands(300, 99, policy)
        totals, _ = core.play_hands(300, 99, policy)
        assert sum(totals) == 300 * 26


def test_sampled_deals_are_the_same_and_fit_the_view() -> None:
    compared = with_odds = 0
    for number in (3, 8, 21):
        names = ("medium", "rules", "montecarlo", "easy")
        for k, (_, seat_view) in enumerate(bot_views(number, names)[::2]):
            # Every other view by the cards' odds after the passes, where there are some.
            odds = card_odds(seat_view, (GENERIC,) * 4, SplitMix(k), 0.3, 50) if k & 1 else None
            with_odds += odds is not None
            knowledge = Knowledge(seat_view, odds)
            compiled, python = SplitMix(number), SplitMix(number)
            for _ in range(20):
                hands = knowledge.sample(compiled)
                assert hands == knowledge.py_sample(python)
                assert compiled.state == python.state
                assert_deal_fits(seat_view, hands)
                compared += 1
            # Dead ends all the way: the last attempt ignores the shown voids.
            assert knowledge.sample(compiled, 0) == knowledge.py_sample(python, 0)
    assert compared > 500 and with_odds > 5


def test_deal_checks_count_the_same_misses() -> None:
    rng = random.Random(4)
    compared = 0
    for number in (3, 8):
        for k, (_, seat_view) in enumerate(
            bot_views(number, ("medium", "montecarlo", "medium", "rules"))
        ):
            # Each seat's model in turn: the heuristic, or the generic player.
            policies = (k & 1, k >> 1 & 1, k >> 2 & 1, k >> 3 & 1)
            checks = past_checks(seat_view, policies)
            knowledge = Knowledge(seat_view)
            for _ in range(5):
                hands = knowledge.sample(rng)
                for limit in (0, 2, 99):
                    assert core.misses(hands, checks, limit) == inference.py_misses(
                        hands, checks, limit
                    )
                    compared += 1
    assert compared > 1000


def _across_views(number: int) -> list[SeatView]:
    """Every view of seat 0 in the third round of match ``number`` (passing across),
    medium bots in every seat."""
    bot = make_bot("medium")
    match = Match.new(DealCode("HT", 1, "N", number))
    views = []
    while match.round.number < 3:
        rnd = match.round
        if rnd.phase is Phase.PASSING:
            for seat in range(4):
                match = match.pass_cards(seat, cards_of(bot.choose_pass(view(match, seat))))
            continue
        seat = rnd.to_play
        assert seat is not None
        if rnd.number == 2 and seat == 0:
            views.append(view(match, 0))
        match = match.play(seat, to_card(bot.choose_play(view(match, seat))))
    return views


def test_pass_misses_are_the_same() -> None:
    rng = random.Random(6)
    for _ in range(3000):
        cards = rng.sample(range(52), 29)
        gave = sum(1 << c for c in cards[:3])
        got = rng.choice((0, sum(1 << c for c in cards[3:6])))
        passer_cards = cards[6:16] if got else cards[3:13]
        played = sum(1 << c for c in passer_cards[: rng.randrange(10)])
        hands = [0, 0, 0, 0]
        hands[2] = sum(1 << c for c in passer_cards) & ~played | got
        check = inference.PassCheck(2, played, got, gave, rng.choice((HEURISTIC, GENERIC)))
        assert core.pass_miss(hands, check) == inference.py_pass_miss(hands, check)
    # A pass is exactly the model's: no miss, compiled or not.
    hand = sum(1 << c for c in rng.sample(range(52), 13))
    gave = heuristic.choose_pass(hand)
    check = inference.PassCheck(1, 0, 0, gave, HEURISTIC)
    assert core.pass_miss([0, hand & ~gave, 0, 0], check) == 0


def test_moved_deals_are_the_same() -> None:
    compared = 0
    for number in (2, 7):
        for k, seat_view in enumerate(_across_views(number)[2::3]):
            odds = card_odds(seat_view, (HEURISTIC,) * 4, SplitMix(k), 0.3, 50) if k & 1 else None
            knowledge = Knowledge(seat_view, odds)
            checks = past_checks(seat_view)
            passed = pass_check(seat_view)
            assert passed is not None
            for weight in (0.05, 0.5):
                walker = belief._Walker(seat_view, knowledge, checks, passed, weight, SplitMix(1))
                deals = [knowledge.py_sample(SplitMix(k)) for k in range(30)]
                fresh = [hands[:] for hands in deals]
                moved = walker.walk([hands[:] for hands in deals], 10, 1e9)
                state = walker.rng.state
                walker.rng = SplitMix(1)
                assert moved == walker.py_walk(deals, 10, 1e9)
                assert state == walker.rng.state
                compared += 1
                # The moves moved cards (the Python walk moved ``deals`` in place).
                assert any(hands != dealt for (_, hands), dealt in zip(moved, fresh, strict=True))
    assert compared >= 8


def test_bad_input_is_refused_with_a_clear_error() -> None:
    with pytest.raises(ValueError, match="expected 4 masks"):
        core.simple_rollout([0, 0, 0], 0, [], 0, False, [0, 0, 0, 0])
    with pytest.raises(ValueError, match="out of range"):
        core.generic_card(0, 1, 1, [52], 0, [0, 0, 0, 0])
    with pytest.raises(ValueError, match="more than 52 cards"):
        core.heuristic_rollout([1 << 60, 0, 0, 0], 0, [], 0, False, [0] * 4, 0)
    with pytest.raises(TypeError, match="10-tuple"):
        core.misses([0, 0, 0, 0], [(1, 2)], 3)
    with pytest.raises(TypeError, match="suit group"):
        core.sample([0] * 4, [13] * 4, [(1,)], 0, 3, None, 0)
    with pytest.raises(ValueError, match="208 floats"):
        core.sample([0] * 4, [13] * 4, [(7, (1, 2, 3))], 0, 3, [1.0] * 52, 0)
    with pytest.raises(ValueError, match="positive"):
        core.sample([0] * 4, [13] * 4, [(7, (1, 2, 3))], 0, 3, [0.0] * 208, 0)
    with pytest.raises(TypeError, match="5-tuple"):
        core.pass_miss([0, 0, 0, 0], (1, 0, 0))
    # No room for the cards: no deal, and the sampler says so.
    assert core.sample([0] * 4, [0] * 4, [(7, (1, 2, 3))], 0, 2, None, 5)[0] is None


@pytest.fixture
def python_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search bots on the Python reference alone."""
    monkeypatch.setattr(expert, "generic_rollout", rollout.py_generic_rollout)
    monkeypatch.setattr(expert, "heuristic_rollout", rollout.py_heuristic_rollout)
    monkeypatch.setattr(passing, "heuristic_rollout", rollout.py_heuristic_rollout)
    monkeypatch.setattr(belief, "misses", inference.py_misses)
    monkeypatch.setattr(montecarlo, "play_out", montecarlo.py_play_out)
    monkeypatch.setattr(sampling, "core", None)
    monkeypatch.setattr(belief, "core", None)
    monkeypatch.setattr(belief, "pass_miss", inference.py_pass_miss)


FRESH = Research(sampling_share=0.0)
"""No time for fresh deals: both paths then search the same deals."""


def _cards(names: tuple[str, ...], bot: str, settings: ExpertSettings | None) -> list[int]:
    """The cards ``bot`` (one per seat, seeded) chooses at every decision of two rounds."""
    chosen = []
    for number in (11, 12):
        bots = {
            seat: ExpertBot(seat, settings, FRESH) if bot == "expert" else MonteCarloBot(seat, 20)
            for seat in range(4)
        }
        for _, seat_view in bot_views(number, names)[::3]:
            chosen.append(bots[seat_view.seat].choose_play(seat_view))
    return chosen


@pytest.mark.slow
@pytest.mark.parametrize("field", ["medium", "montecarlo"])
def test_the_expert_plays_the_same_cards_compiled_or_not(
    field: str, request: pytest.FixtureRequest
) -> None:
    # A budget that never runs out: both paths then search the same deals.
    settings = ExpertSettings(worlds=40, budget_ms=1e6)
    names = ("medium", field, field, field)
    compiled = _cards(names, "expert", settings)
    request.getfixturevalue("python_only")
    assert _cards(names, "expert", settings) == compiled


@pytest.mark.slow
def test_the_expert_explains_an_across_pass_the_same_way_compiled_or_not(
    request: pytest.FixtureRequest,
) -> None:
    settings = ExpertSettings(worlds=40, budget_ms=1e6)
    views = _across_views(4)[::2]
    compiled = [ExpertBot(1, settings, FRESH).choose_play(seat_view) for seat_view in views]
    request.getfixturevalue("python_only")
    assert [ExpertBot(1, settings, FRESH).choose_play(seat_view) for seat_view in views] == compiled


@pytest.mark.slow
def test_the_montecarlo_bot_plays_the_same_cards_compiled_or_not(
    request: pytest.FixtureRequest,
) -> None:
    names = ("medium", "rules", "medium", "rules")
    compiled = _cards(names, "montecarlo", None)
    request.getfixturevalue("python_only")
    assert _cards(names, "montecarlo", None) == compiled
