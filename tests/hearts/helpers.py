"""Shared helpers for the Hearts tests: deals from text and random play."""

from __future__ import annotations

import random

from cardems.cards import parse_cards
from cardems.dealcode import DealCode
from cardems.hearts.bots import make_bot
from cardems.hearts.core import FULL_DECK, SUIT_MASKS, cards_of, mask_of_cards, to_card
from cardems.hearts.rules import Hands, Match, Phase, Round
from cardems.hearts.view import SeatView, view


def hands_from(*texts: str) -> Hands:
    """Four hands from text; a missing fourth hand gets every remaining card."""
    masks = [mask_of_cards(parse_cards(text)) for text in texts]
    if len(masks) == 3:
        masks.append(FULL_DECK & ~(masks[0] | masks[1] | masks[2]))
    a, b, c, d = masks
    return (a, b, c, d)


def random_step(match: Match, rng: random.Random) -> Match:
    """One random action: a seat's pass while passing, else a random legal card."""
    rnd = match.round
    if rnd.phase is Phase.PASSING:
        seat = next(s for s in range(4) if not rnd.passes[s])
        return match.pass_cards(seat, rng.sample(rnd.hand(seat), 3))
    seat = rnd.to_play
    assert seat is not None
    return match.play(seat, rng.choice(match.legal_plays(seat)))


def random_round(rnd: Round, rng: random.Random) -> list[Round]:
    """Every state of ``rnd`` played out at random, the first and last included."""
    states = [rnd]
    while rnd.phase is not Phase.DONE:
        if rnd.phase is Phase.PASSING:
            seat = next(s for s in range(4) if not rnd.passes[s])
            rnd = rnd.pass_cards(seat, rng.sample(rnd.hand(seat), 3))
        else:
            seat = rnd.to_play
            assert seat is not None
            rnd = rnd.play(seat, rng.choice(rnd.legal_plays(seat)))
        states.append(rnd)
    return states


def bot_views(
    number: int, names: tuple[str, ...] = ("medium",) * 4
) -> list[tuple[Match, SeatView]]:
    """Every card decision of the first round of match ``number``, bot ``names[seat]`` in
    each seat (seeded by its seat): the match before it and the deciding seat's view."""
    bots = [make_bot(name, seat) for seat, name in enumerate(names)]
    match = Match.new(DealCode("HT", 1, "N", number))
    out = []
    while not match.history:
        rnd = match.round
        if rnd.phase is Phase.PASSING:
            for seat in range(4):
                match = match.pass_cards(seat, cards_of(bots[seat].choose_pass(view(match, seat))))
            continue
        seat = rnd.to_play
        assert seat is not None
        seat_view = view(match, seat)
        out.append((match, seat_view))
        match = match.play(seat, to_card(bots[seat].choose_play(seat_view)))
    return out


def assert_deal_fits(seat_view: SeatView, hands: list[int]) -> None:
    """``hands`` (the seat's own left empty) could be the table's: sizes, every unseen card
    dealt once, shown voids, and the seat's passed cards with their receiver."""
    seat = seat_view.seat
    assert hands[seat] == 0
    hands = hands[:]
    hands[seat] = seat_view.hand_mask
    assert [h.bit_count() for h in hands] == list(seat_view.hand_sizes)
    assert hands[0] | hands[1] | hands[2] | hands[3] | seat_view.played_mask == FULL_DECK
    assert sum(h.bit_count() for h in hands) == 52 - seat_view.played_mask.bit_count()
    for other in range(4):
        for suit in range(4):
            if seat_view.voids[other] >> suit & 1:
                assert not hands[other] & SUIT_MASKS[suit]
    kept = seat_view.passed_mask & ~seat_view.played_mask
    if seat_view.direction.offset:
        assert hands[seat_view.pass_to] & kept == kept
