"""Where the passes sent the cards: each unseen card's odds of being in each seat's hand.

A plain deal of the unseen cards puts a card in each hand in proportion to the room left
there. But every seat passed by some rule, and rules move the same cards: a seat that
passes left sends its Q♠, A♠/K♠ and high hearts to its left, so after a pass left those
cards sit more often one seat on (the seat this seat got its cards from holds the Q♠ in
about half the deals where this seat never saw it, a plain deal says a third). And the
passer to this seat gave what it gave: had its rule wanted to pass a card more than the
lowest of those, it would have.

The odds come from play-outs of the pass alone: deal the cards this seat did not hold
before the pass (the passer to it holding the cards it gave), let every other seat pass
by its model (:data:`~cardems.hearts.bots.inference.HEURISTIC` or
:data:`~cardems.hearts.bots.inference.GENERIC`), weigh the passer's hand by
``pass_weight`` per card its model would rather have passed
(:func:`~cardems.hearts.bots.inference.pass_miss`), and count where each card ends. A
card's odds in a seat are that share over a plain deal's; the sampler
(:mod:`cardems.hearts.bots.sampling`) deals each card in proportion to room times odds.
An across pass is judged exactly on each deal instead (the passer's hand before the pass
is known there), so its odds come from the two other seats' pass alone.
"""

from __future__ import annotations

import random

from cardems.hearts.bots.heuristic import choose_pass
from cardems.hearts.bots.inference import (
    GENERIC,
    PassCheck,
    Policies,
    pass_miss,
    played_by,
)
from cardems.hearts.bots.passing import generic_pass
from cardems.hearts.core import FULL_DECK, bits
from cardems.hearts.rules import PassDirection
from cardems.hearts.view import SeatView

Odds = list[float]
"""For card ``c`` and seat ``s``, its odds at ``4 * c + s`` (1.0 where nothing is known)."""
SIMULATIONS = 600
"""Passes played out per round (about 30 ms of Python once a round)."""
BOUNDS = (0.25, 4.0)
"""Odds are kept within these: a few hundred play-outs do not tell rarer cases apart."""


def card_odds(
    view: SeatView,
    models: Policies,
    rng: random.Random,
    pass_weight: float,
    simulations: int = SIMULATIONS,
) -> Odds | None:
    """Each card's odds in each seat after this round's passes (see the module), or
    ``None`` in a round without a pass or before it."""
    if view.direction is PassDirection.HOLD or not view.received_mask:
        return None
    seat, offset, passer = view.seat, view.direction.offset, view.pass_from
    across = view.direction is PassDirection.ACROSS
    received, passed = view.received_mask, view.passed_mask
    mine = (view.hand_mask | played_by(view, seat)) & ~received | passed
    pool = list(bits(FULL_DECK & ~mine & ~received))
    counts = [0.0] * 208
    rand = rng.random
    for _ in range(simulations):
        for i in range(len(pool) - 1, 0, -1):  # Fisher–Yates on floats
            j = int(rand() * (i + 1))
            pool[i], pool[j] = pool[j], pool[i]
        before = [0, 0, 0, 0]
        before[seat] = mine
        before[passer] = received
        k = 0
        for s in range(4):
            if s != seat:
                need = 13 - before[s].bit_count()
                for c in pool[k : k + need]:
                    before[s] |= 1 << c
                k += need
        gives = [0, 0, 0, 0]
        weight = 1.0
        for s in range(4):
            if s == seat:
                gives[s] = passed
            elif s == passer:
                gives[s] = received
                if not across:
                    check = PassCheck(s, 0, 0, received, models[s])
                    weight *= pass_weight ** pass_miss(before, check)
            else:
                gives[s] = (
                    generic_pass(before[s]) if models[s] == GENERIC else choose_pass(before[s])
                )
        for s in range(4):
            if s != seat:
                for c in bits(before[s] & ~gives[s] | gives[(s - offset) & 3]):
                    counts[4 * c + s] += weight
    receiver = view.pass_to
    room = [0 if s == seat else 10 if s == receiver else 13 for s in range(4)]
    unseen = sum(room)
    low, high = BOUNDS
    odds = [1.0] * 208
    for c in pool:
        total = sum(counts[4 * c : 4 * c + 4])
        if not total:
            continue
        for s in range(4):
            if room[s]:
                share = counts[4 * c + s] / total
                odds[4 * c + s] = min(high, max(low, share * unseen / room[s]))
    return odds
