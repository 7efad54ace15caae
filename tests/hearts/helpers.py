"""Shared helpers for the Hearts tests: deals from text and random play."""

from __future__ import annotations

import random

from cardems.cards import parse_cards
from cardems.hearts.core import FULL_DECK, mask_of_cards
from cardems.hearts.rules import Hands, Match, Phase, Round


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
