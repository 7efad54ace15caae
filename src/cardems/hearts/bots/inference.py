"""How well a sampled deal explains what the other seats played.

The expert models each other seat as playing roughly like the heuristic, or like the
generic strong player (:func:`~cardems.hearts.bots.rollout.generic_card`) when that
seat's plays this match agreed with it more (see :func:`seat_agreement`). For a sampled
deal it replays the round so far and counts the others' plays their model would not have
made from the hands that deal gives them (the belief,
:mod:`cardems.hearts.bots.belief`, weighs each deal by a factor per miss).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import NamedTuple

from cardems.hearts.bots.heuristic import choose_card, pass_scores
from cardems.hearts.bots.passing import generic_pass_scores
from cardems.hearts.bots.rollout import generic_card
from cardems.hearts.core import FULL_DECK, POINTS, bits, legal_mask
from cardems.hearts.fast import core
from cardems.hearts.rules import PassDirection, Trick
from cardems.hearts.view import SeatView

IMPOSSIBLE = 1_000
HEURISTIC, GENERIC = 0, 1
"""The models of a seat's play: the medium heuristic's card, or the generic player's."""
Policies = tuple[int, int, int, int]


class Check(NamedTuple):
    """One past decision of another seat, with the public state before it."""

    seat: int
    card: int
    later: int
    """Cards that seat played from this decision on (added back to its hand)."""
    trick: tuple[int, ...]
    played: int
    points: tuple[int, ...]
    led: int
    first: bool
    broken: bool
    policy: int = HEURISTIC
    """The model of that seat's play (:data:`HEURISTIC` or :data:`GENERIC`)."""


def past_checks(view: SeatView, policies: Policies = (HEURISTIC,) * 4) -> list[Check]:
    """The other seats' plays this round, in order, with what they knew before each, to
    be judged by ``policies[seat]``."""
    plays: list[tuple[int, int, tuple[int, ...], int, tuple[int, ...], bool, bool]] = []
    played = 0
    points = [0, 0, 0, 0]
    broken = False
    tricks = [(t.leader, t.cards, t.winner) for t in view.tricks]
    tricks.append((view.leader, view.trick, -1))
    for number, (leader, cards, winner) in enumerate(tricks):
        for k, card in enumerate(cards):
            seat = (leader + k) % 4
            plays.append((seat, card, cards[:k], played, tuple(points), number == 0, broken))
            played |= 1 << card
            if 13 <= card < 26:
                broken = True
        if winner >= 0:
            points[winner] += sum(POINTS[c] for c in cards)
    checks: list[Check] = []
    later = [0, 0, 0, 0]
    for seat, card, trick, before, pts, first, brk in reversed(plays):
        later[seat] |= 1 << card
        if seat != view.seat:
            led = trick[0] // 13 if trick else -1
            checks.append(
                Check(seat, card, later[seat], trick, before, pts, led, first, brk, policies[seat])
            )
    checks.reverse()
    return checks


def model_card(check: Check, hand: int, legal: int, policy: int) -> int:
    """The card ``policy`` plays at ``check``'s decision from ``hand``."""
    if policy == GENERIC:
        return generic_card(check.seat, hand, legal, check.trick, check.played, check.points)
    return choose_card(check.seat, hand, legal, check.trick, check.played, check.points)


def py_misses(hands: list[int], checks: list[Check], limit: int) -> int:
    """How many of ``checks`` their seat's model contradicts in ``hands`` (stops past
    ``limit``); :data:`IMPOSSIBLE` if one of them was not a legal play there."""
    count = 0
    for check in checks:
        hand = hands[check.seat] | check.later
        legal = legal_mask(hand, check.led, check.first, check.broken)
        if not legal >> check.card & 1:
            return IMPOSSIBLE  # the play would have broken the rules in this deal
        if not legal & (legal - 1):
            continue
        if model_card(check, hand, legal, check.policy) != check.card:
            count += 1
            if count > limit:
                break
    return count


misses: Callable[[list[int], list[Check], int], int] = py_misses
"""The same, compiled where :mod:`cardems.hearts.fast` has the core."""
if core is not None:
    misses = core.misses


class PassCheck(NamedTuple):
    """What the pass this seat received tells of its passer's hand."""

    passer: int
    played: int
    """Cards the passer played this round."""
    got: int
    """Cards it got from this seat (its hand before the pass is then known in every
    deal)."""
    gave: int
    """The three cards it gave this seat."""
    model: int
    """The passer's model: :data:`HEURISTIC` passes like the heuristic, :data:`GENERIC`
    like :func:`~cardems.hearts.bots.passing.generic_pass`."""


def pass_check(view: SeatView, models: Policies = (HEURISTIC,) * 4) -> PassCheck | None:
    """For an across pass, what the passer's pass tells, to be judged by
    ``models[passer]``; ``None`` otherwise (a pass left or right tells through
    :mod:`cardems.hearts.bots.pass_odds`)."""
    if view.direction is not PassDirection.ACROSS or not view.received_mask:
        return None
    passer = view.pass_from
    played = played_by(view, passer)
    return PassCheck(passer, played, view.passed_mask, view.received_mask, models[passer])


def played_by(view: SeatView, seat: int) -> int:
    """The cards ``seat`` played this round."""
    played = 0
    for trick in (*view.tricks, Trick(view.leader, view.trick, -1)):
        for k, card in enumerate(trick.cards):
            if (trick.leader + k) % 4 == seat:
                played |= 1 << card
    return played


def py_pass_miss(hands: list[int], check: PassCheck) -> int:
    """How many cards of the passer's hand before the pass its model would have passed
    before the lowest of those it gave: 0 when the model passes exactly what it gave."""
    passer, played, got, gave, model = check
    before = (hands[passer] | played | gave) & ~got
    scores = generic_pass_scores(before) if model == GENERIC else pass_scores(before)
    lowest = min((score, c) for score, c in scores if gave >> c & 1)
    return sum(1 for score, c in scores if (score, c) > lowest and not gave >> c & 1)


pass_miss: Callable[[list[int], PassCheck], int] = py_pass_miss
"""The same, compiled where :mod:`cardems.hearts.fast` has the core."""
if core is not None:
    pass_miss = core.pass_miss


Agreement = list[tuple[int, int, int]]
"""Per seat: its plays with a choice, how many were the heuristic's card, how many the
generic player's."""


def round_agreement(view: SeatView) -> tuple[int, int] | None:
    """In the last trick of a round: how many of the others' plays this round offered a
    choice, and how many of them were the heuristic's card (see :func:`seat_agreement`).
    ``None`` before the last trick."""
    found = seat_agreement(view)
    if found is None:
        return None
    return sum(f[0] for f in found), sum(f[1] for f in found)


def seat_agreement(view: SeatView) -> Agreement | None:
    """In the last trick of a round: each seat's plays this round with a choice and how
    many of them each model made. Every card but the others' last ones is public by
    then; those are placed the way that explains the play best. ``None`` before the last
    trick."""
    if len(view.tricks) != 12:
        return None
    checks = past_checks(view)
    holders = [s for s in range(4) if s != view.seat and view.hand_sizes[s]]
    unseen = list(bits(FULL_DECK & ~view.hand_mask & ~view.played_mask))
    best: Agreement | None = None
    for cards in permutations(unseen):
        if any(view.voids[s] >> (c // 13) & 1 for s, c in zip(holders, cards, strict=True)):
            continue
        hands = [0, 0, 0, 0]
        for s, c in zip(holders, cards, strict=True):
            hands[s] = 1 << c
        found = _agreement(hands, checks)
        if found and (best is None or _hits(found) > _hits(best)):
            best = found
    return best


def _hits(found: Agreement) -> tuple[int, int]:
    return sum(f[1] for f in found), sum(f[2] for f in found)


def _agreement(hands: list[int], checks: list[Check]) -> Agreement | None:
    """Per seat: plays with a choice, and how many each model makes; ``None`` if one of
    the plays is illegal in ``hands``."""
    counts = [[0, 0, 0] for _ in range(4)]
    for check in checks:
        hand = hands[check.seat] | check.later
        legal = legal_mask(hand, check.led, check.first, check.broken)
        if not legal >> check.card & 1:
            return None
        if legal & (legal - 1):
            count = counts[check.seat]
            count[0] += 1
            count[1] += model_card(check, hand, legal, HEURISTIC) == check.card
            count[2] += model_card(check, hand, legal, GENERIC) == check.card
    return [(a, b, c) for a, b, c in counts]
