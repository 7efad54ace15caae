"""The coach: after a round, the expert's evaluation of every card one seat played.

For each of the seat's plays in a finished round, the expert
(:class:`~cardems.hearts.bots.expert.ExpertBot`) is shown the seat's view at that moment
— never the hidden hands: it samples deals consistent with that view, as when it plays —
and plays every distinct legal card out over the same deals. A card's expected points
are its mean simulated score (a moon of the seat's own counts −26, another's 26); the
card the expert prefers scores lowest, so the cost of the card played, its expected
points less the preferred card's, is never negative. A forced card, or one played once
every point is out, costs nothing and is not searched. Each note carries reasons drawn
from facts of the position the seat could see (:class:`Reason`).

The search is deterministic for a seed: it stops at a number of deals, not at a CPU
budget (a budget per decision, :data:`SAFETY_MS`, only guards against a stalled machine).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from cardems.hearts.bots.expert import ExpertBot, ExpertSettings, Research
from cardems.hearts.core import (
    ACE_OF_SPADES,
    FULL_DECK,
    KING_OF_SPADES,
    MOON_POINTS,
    POINTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    bits,
    to_card,
)
from cardems.hearts.rules import PassDirection, Phase, Round
from cardems.hearts.view import SeatView, view

THRESHOLD = 0.5
"""Costs below this many points are not worth a word."""
SAFETY_MS = 500.0
"""CPU time per decision after which the search stops early (never reached normally)."""
SETTINGS = ExpertSettings(budget_ms=SAFETY_MS)
"""The expert as the coach runs it: its deals (1,000 compiled, 150 in Python), searched
to the last one, each solved exactly for the expert's last tricks (its ``endgame``) …"""
RESEARCH = Research(sampling_share=0.0, moon=2)
"""… and a run for the moon weighed while the seat holds every point taken and a high
heart."""
RUNNER_FROM = 4
"""Points one other seat must hold alone before the coach names it as running."""
MOST_REASONS = 3


@dataclass(frozen=True, slots=True)
class Reason:
    """A fact of the position that explains a cost: ``key`` names it (see the keys
    below), the other fields are its parameters."""

    key: str
    seats: tuple[int, ...] = ()
    suit: int = -1
    num: int = 0
    cards: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form: cards as codes (``"QS"``), the suit as its letter."""
        return {
            "key": self.key,
            "seats": list(self.seats),
            "suit": "SHDC"[self.suit] if self.suit >= 0 else None,
            "num": self.num,
            "cards": [str(to_card(c)) for c in self.cards],
        }


# The reasons' keys.
RUNNER = "runner"  # seats[0] had taken every point so far (num of them)
LAST_TOOK = "last_took"  # you played last and took num points
SAFE_WIN = "safe_win"  # you played last, no points: cards[0] could take it safely
POINTS_IN = "points_in"  # the trick already held num points
SHED = "shed"  # the trick held no points yet: a chance to get rid of cards[0]
UNDER = "under"  # cards[0] would have stayed under cards[1]
NO_FOLLOW = "no_follow"  # you could not follow suit: a chance to get rid of cards[0]
FIRST_TRICK = "first_trick"  # no points could fall on the first trick
HEARTS_BROKEN = "hearts_broken"  # hearts were broken: you could lead cards[0]
BOSS = "boss"  # no card still out could beat cards[0] (a lead)
NONE_OUT = "none_out"  # no other card of suit was still out (a lead)
QUEEN_OUT = "queen_out"  # the Q♠ was still out
QUEEN_PASSED = "queen_passed"  # seats[0] held the Q♠: you passed it
QUEEN_CATCH = "queen_catch"  # cards[0] (the A♠ or K♠) could catch the Q♠ later
VOIDS = "voids"  # seats were void in suit


@dataclass(frozen=True, slots=True)
class Note:
    """One play of the seat, judged."""

    trick: int
    """The trick's number, from 0."""
    played: int
    best: int
    """The card the expert prefers (``played`` itself when it costs nothing)."""
    cost: float
    """Expected points lost by ``played`` against ``best`` (≥ 0)."""
    expected: tuple[tuple[int, float], ...]
    """Each legal card and its expected points (empty when nothing was searched)."""
    reasons: tuple[Reason, ...]
    deals: int
    """Deals searched (0: forced, or nothing left to score)."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form (the trick numbered from 1, the cost to two places)."""
        return {
            "trick": self.trick + 1,
            "card": str(to_card(self.played)),
            "best": str(to_card(self.best)),
            "cost": round(self.cost, 2),
            "reasons": [reason.to_json() for reason in self.reasons],
        }


def decisions(rnd: Round, seat: int) -> Iterator[tuple[SeatView, int]]:
    """The view of ``seat`` before each of its plays in the finished ``rnd``, and the card
    it played (the round replayed from its deal and passes)."""
    state = Round.deal(rnd.dealt, rnd.number, rnd.dealer, options=rnd.options)
    if rnd.direction is not PassDirection.HOLD and state.phase is Phase.PASSING:
        for passer in range(4):
            state = state.pass_cards(passer, [to_card(c) for c in bits(rnd.passes[passer])])
    for trick in rnd.tricks:
        for k, card in enumerate(trick.cards):
            player = (trick.leader + k) % 4
            if player == seat:
                yield view(state, seat), card
            state = state.play(player, to_card(card))


def coach_round(
    rnd: Round,
    seat: int = 0,
    *,
    seed: int = 0,
    settings: ExpertSettings = SETTINGS,
    research: Research = RESEARCH,
) -> list[Note]:
    """A note on each of ``seat``'s plays in the finished ``rnd``, by one expert seeded
    with ``seed`` that follows the round as the seat saw it."""
    expert = ExpertBot(seed, settings, research)
    notes = []
    for seen, played in decisions(rnd, seat):
        legal = seen.legal_mask
        if not legal & (legal - 1) or sum(seen.round_points) == MOON_POINTS:
            notes.append(Note(len(seen.tricks), played, played, 0.0, (), (), 0))
            continue
        evaluation = expert.evaluate(seen)
        best = evaluation.best
        cost = max(0.0, evaluation.mean(played) - evaluation.mean(best))
        if not cost:
            best = played
        expected = tuple((c, evaluation.mean(c)) for c in bits(legal)) if evaluation.weight else ()
        note = Note(len(seen.tricks), played, best, cost, expected, (), expert.searched)
        if cost > 0:
            note = replace(note, reasons=reasons(seen, played, best))
        notes.append(note)
    return notes


def costly(notes: list[Note], threshold: float = THRESHOLD) -> list[Note]:
    """The notes whose card cost at least ``threshold`` points."""
    return [note for note in notes if note.cost >= threshold]


def reasons(seen: SeatView, played: int, best: int) -> tuple[Reason, ...]:
    """Facts of the position ``seen`` that tell ``played`` from ``best``: only what the
    seat knew then (its hand and passes, the cards played, shown voids, points taken)."""
    seat = seen.seat
    trick = seen.trick
    led = seen.led_suit
    suit = led if trick else played // 13
    later = tuple((seat + k) % 4 for k in range(1, 4 - len(trick)))
    top = max((c for c in trick if c // 13 == led), default=-1)

    def takes(card: int) -> bool:
        """Whether ``card`` beats the trick so far (a lead may win: not known)."""
        return bool(trick) and card // 13 == led and card > top

    found: list[Reason] = []
    total = sum(seen.round_points)
    for other in range(4):
        if other != seat and total >= RUNNER_FROM and seen.round_points[other] == total:
            found.append(Reason(RUNNER, seats=(other,), num=total))
    in_trick = sum(POINTS[c] for c in trick)
    last = len(trick) == 3
    if last and takes(played) and not takes(best) and in_trick + POINTS[played]:
        found.append(Reason(LAST_TOOK, num=in_trick + POINTS[played]))
    elif last and takes(best) and not takes(played) and not in_trick + POINTS[best]:
        found.append(Reason(SAFE_WIN, cards=(best,)))
    elif takes(played) and not takes(best):
        if in_trick:
            found.append(Reason(POINTS_IN, num=in_trick))
        found.append(Reason(UNDER, cards=(best, top)))
    elif takes(best) and not takes(played) and not in_trick:
        found.append(Reason(SHED, cards=(best,)))
    if trick and played // 13 != led:
        found.append(Reason(NO_FOLLOW, cards=(best,)))
    if trick and not seen.tricks and best // 13 == led and best > played:
        found.append(Reason(FIRST_TRICK))
    if not trick and seen.hearts_broken and best // 13 == 1 and played // 13 != 1:
        found.append(Reason(HEARTS_BROKEN, cards=(best,)))
    unseen = FULL_DECK & ~seen.hand_mask & ~seen.played_mask
    high_spades = (KING_OF_SPADES, ACE_OF_SPADES)
    if best in high_spades and played not in high_spades and unseen & QS_BIT:
        found.append(Reason(QUEEN_CATCH, cards=(best,)))

    def boss(card: int) -> bool:
        """Whether ``card`` beats every card of its suit still out (some are)."""
        out = unseen & SUIT_MASKS[card // 13]
        return bool(out) and card > out.bit_length() - 1

    if not trick and boss(played) and not boss(best):
        found.append(Reason(BOSS, cards=(played,)))
    if not trick and not unseen & SUIT_MASKS[suit]:
        found.append(Reason(NONE_OUT, suit=suit))
    may_win = not trick or (takes(played) and not last)
    if may_win and played != QUEEN_OF_SPADES:
        void = tuple(s for s in later if seen.voids[s] >> suit & 1)
        if unseen & QS_BIT and (suit == 0 or void):  # it may fall on this trick
            if seen.passed_mask & QS_BIT:
                found.append(Reason(QUEEN_PASSED, seats=(seen.pass_to,)))
            else:
                found.append(Reason(QUEEN_OUT))
        if void:
            found.append(Reason(VOIDS, seats=void, suit=suit))
    return tuple(found[:MOST_REASONS])
