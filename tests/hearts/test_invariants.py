"""Random play against an independent restatement of the rules, and view secrecy."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cards import Card, Rank, Suit
from cardems.dealcode import DealCode
from cardems.hearts.core import FULL_DECK, cards_of, to_card
from cardems.hearts.rules import Match, Phase, Round, deal_for_round
from cardems.hearts.view import view

from .helpers import random_step

QS = Card(Rank.QUEEN, Suit.SPADES)


def scores(card: Card) -> bool:
    return card.suit is Suit.HEARTS or card == QS


def reference_legal(rnd: Round, seat: int) -> set[Card]:
    """The rules page's play rules restated over Card objects and the trick history."""
    hand = set(rnd.hand(seat))
    played_before = [to_card(c) for t in rnd.tricks for c in t.cards]
    broken = any(c.suit is Suit.HEARTS for c in played_before)
    first = not rnd.tricks
    if not rnd.trick:
        if first:
            return {c for c in hand if c == Card(Rank.TWO, Suit.CLUBS)}
        if not broken and any(c.suit is not Suit.HEARTS for c in hand):
            return {c for c in hand if c.suit is not Suit.HEARTS}
        return hand
    led = to_card(rnd.trick[0]).suit
    follow = {c for c in hand if c.suit is led}
    if follow:
        return follow
    if first and any(not scores(c) for c in hand):
        return {c for c in hand if not scores(c)}
    return hand


def reference_winner(leader: int, cards: tuple[int, ...]) -> int:
    led = to_card(cards[0]).suit
    best = max(
        (k for k in range(4) if to_card(cards[k]).suit is led),
        key=lambda k: to_card(cards[k]).rank.trick_strength(),
    )
    return (leader + best) % 4


@pytest.mark.slow
def test_random_hands_keep_every_rule_and_conserve_the_cards() -> None:
    rng = random.Random(20261129)
    hands_played = 0
    for number in range(1500):
        rnd = Round.deal(deal_for_round(DealCode("HT", 1, "N", number), 0), number % 4)
        while rnd.phase is Phase.PASSING:
            seat = next(s for s in range(4) if not rnd.passes[s])
            rnd = rnd.pass_cards(seat, rng.sample(rnd.hand(seat), 3))
        while rnd.phase is Phase.PLAYING:
            seat = rnd.to_play
            assert seat is not None
            legal = rnd.legal_plays(seat)
            assert legal and set(legal) == reference_legal(rnd, seat)
            for other in range(4):
                if other != seat:
                    assert rnd.legal_plays(other) == []
            hands = rnd.hands
            assert sum(h.bit_count() for h in hands) + rnd.played_mask.bit_count() == 52
            assert hands[0] | hands[1] | hands[2] | hands[3] | rnd.played_mask == FULL_DECK
            illegal = set(rnd.hand(seat)) - set(legal)
            if illegal:
                card = rng.choice(sorted(illegal, key=lambda c: c.ordinal))
                assert rnd.refusal(seat, card) is not None
            trick_count = len(rnd.tricks)
            rnd = rnd.play(seat, rng.choice(legal))
            if len(rnd.tricks) > trick_count:
                last = rnd.tricks[-1]
                assert last.winner == reference_winner(last.leader, last.cards)
                assert rnd.phase is Phase.DONE or rnd.to_play == last.winner
        assert len(rnd.tricks) == 13 and all(h == 0 for h in rnd.hands)
        assert sum(rnd.raw_points) == 26
        hands_played += 1
    assert hands_played == 1500


def _view_cards(seat_view: object) -> set[Card]:
    from cardems.hearts.view import SeatView

    assert isinstance(seat_view, SeatView)
    cards = set(seat_view.hand) | set(seat_view.passed) | set(seat_view.received)
    cards |= set(seat_view.legal) | set(cards_of(seat_view.played_mask))
    cards |= {to_card(c) for c in seat_view.trick}
    for trick in seat_view.tricks:
        cards |= {to_card(c) for c in trick.cards}
    for mask in seat_view.taken:
        cards |= set(cards_of(mask))
    return cards


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**30), st.integers(0, 2**30), st.integers(0, 600))
def test_no_view_shows_another_seats_hidden_card(number: int, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    match = Match.new(DealCode("HT", 1, "N", number))
    for _ in range(steps):
        if match.over:
            break
        match = random_step(match, rng)
    rnd = match.round
    public = rnd.played_mask
    for seat in range(4):
        seat_view = view(match, seat)
        assert seat_view.hand_mask == rnd.hands[seat]
        passed = rnd.passes[seat]
        received = rnd.passes[rnd.passer(seat)] if rnd.phase is not Phase.PASSING else 0
        allowed = set(cards_of(rnd.hands[seat] | passed | received | public))
        assert _view_cards(seat_view) <= allowed
        # The view holds the same information whatever the other hands are: no field
        # beyond those checked above carries a card.
        assert seat_view.hand_sizes == tuple(h.bit_count() for h in rnd.hands)
        if seat_view.to_play == seat:
            assert set(seat_view.legal) == set(rnd.legal_plays(seat))
        json = seat_view.to_json()
        shown = {Card.parse(t) for t in json["hand"] + json["passed"] + json["received"]}
        shown |= {Card.parse(t) for t in json["trick"] + json["legal"]}
        shown |= {Card.parse(t) for tr in json["tricks"] for t in tr["cards"]}
        assert shown <= allowed


def test_fast_playouts_follow_the_same_rules_as_the_round() -> None:
    from cardems.hearts.playout import position_of_deal, random_playout

    rng = random.Random(77)
    for number in range(300):
        rnd = Round.deal(deal_for_round(DealCode("HT", 1, "N", number), 3), 3)
        draws = [rng.random() for _ in range(52)]
        feed = iter(draws)
        points = random_playout(position_of_deal(list(rnd.hands)), feed.__next__)
        # Replay the same choices on the reference rules: the j-th legal card, low first.
        for value in draws:
            seat = rnd.to_play
            assert seat is not None
            legal = rnd.legal_mask(seat)
            index = [i for i in range(52) if legal >> i & 1][int(value * legal.bit_count())]
            rnd = rnd.play(seat, to_card(index))
        assert rnd.phase is Phase.DONE
        assert list(rnd.raw_points) == points
