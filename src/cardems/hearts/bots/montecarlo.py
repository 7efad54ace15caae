"""Reference bot: textbook perfect-information Monte Carlo (PIMC).

Written from the textbook method, not from the expert: for each decision, deal the cards
the seat cannot see into ``worlds`` hands consistent with its view (hand sizes, the suits
each seat has shown it lacks, and the cards it passed, which the receiver still holds
unless played), then for every legal card finish the round in each world with a simple
fixed policy for all four seats and play the card with the lowest mean score (an
opponent's moon counts 26). No inference from the others' play, no moon hunting. It
passes by a textbook rule: the Q♠, A♠, K♠ unless well guarded, then the highest hearts
and cards of its shortest side suit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from cardems.hearts.bots import bot_options
from cardems.hearts.core import FULL_DECK, HEART_MASK, QS_BIT, SUIT_MASKS
from cardems.hearts.fast import core
from cardems.hearts.playout import finish_round, round_score
from cardems.hearts.rules import Phase
from cardems.hearts.view import SeatView

QUEEN = 10  # the Q♠'s compact index
SPADE_HONOURS = 0b111 << 10  # Q♠ K♠ A♠


def textbook_pass(hand: int) -> int:
    """Three cards: spade honours when fewer than four spades below the queen, then
    the highest hearts and the highest cards of the shortest non-spade suits."""
    low_spades = (hand & SUIT_MASKS[0] & ((1 << QUEEN) - 1)).bit_count()
    scored: list[tuple[float, int]] = []
    for c in range(52):
        if not hand >> c & 1:
            continue
        suit, rank = divmod(c, 13)
        if suit == 0:
            value = 50.0 + rank if c >= QUEEN and low_spades < 4 else rank - 20.0
        elif suit == 1:
            value = 2.0 * rank
        else:
            length = (hand & SUIT_MASKS[suit]).bit_count()
            value = rank + (12.0 if length <= 3 else 0.0) - length
        scored.append((value, c))
    scored.sort(reverse=True)
    return (1 << scored[0][1]) | (1 << scored[1][1]) | (1 << scored[2][1])


LEAD_ORDER = ((SUIT_MASKS[3], 39), (SUIT_MASKS[2], 26), (SUIT_MASKS[0], 0), (SUIT_MASKS[1], 13))
"""Suit masks and their first card's index, in the order ties between leads go: ♣ ♦ ♠ ♥."""
DISCARD_ORDER = ((SUIT_MASKS[0], 0), (SUIT_MASKS[2], 26), (SUIT_MASKS[3], 39))
"""The same for discards of a side suit's top card: ♠ ♦ ♣."""


def simple_card(hand: int, legal: int, trick: list[int]) -> int:
    """The play-out policy: duck under the winner when possible (the highest such card),
    otherwise the lowest card (the highest but the Q♠ when last to play); when void, dump
    the Q♠, then the highest heart, then the highest card by rank (♠ ♦ ♣ on ties); lead
    the lowest card by rank (♣ ♦ ♠ ♥ on ties)."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    if not trick:
        best, rank = -1, 13
        for mask, first in LEAD_ORDER:
            mine = legal & mask
            if mine:
                low = (mine & -mine).bit_length() - 1
                if low - first < rank:
                    best, rank = low, low - first
        return best
    led = trick[0] // 13
    follow = legal & SUIT_MASKS[led]
    if follow:
        win = trick[0]
        for c in trick:
            if c > win and c // 13 == led:
                win = c
        below = follow & ((1 << win) - 1)
        if below:
            return below.bit_length() - 1
        if len(trick) == 3:
            safe = follow & ~QS_BIT
            return (safe or follow).bit_length() - 1
        return (follow & -follow).bit_length() - 1
    if legal & QS_BIT:
        return QUEEN
    hearts = legal & HEART_MASK
    if hearts:
        return hearts.bit_length() - 1
    best, rank = -1, -1
    for mask, first in DISCARD_ORDER:
        mine = legal & mask
        if mine:
            top = mine.bit_length() - 1
            if top - first > rank:
                best, rank = top, top - first
    return best


def py_play_out(
    hands: list[int], leader: int, trick: list[int], done: int, broken: bool, points: list[int]
) -> list[int]:
    """Finish the round with :func:`simple_card` for every seat; raw points per seat
    (compiled as :func:`play_out` where :mod:`cardems.hearts.fast` has the core)."""
    return finish_round(
        hands,
        leader,
        trick,
        done,
        broken,
        points,
        0,
        lambda seat, hand, legal, trick, played, points: simple_card(hand, legal, trick),
    )


play_out: Callable[[list[int], int, list[int], int, bool, list[int]], list[int]] = py_play_out
if core is not None:
    play_out = core.simple_rollout


def sample_world(view: SeatView, rng: random.Random) -> list[int]:
    """The other seats' hands, consistent with the view (this seat's own left empty).
    Cards are placed most-constrained first, each with a seat chosen at random among
    those that may hold it and have room; a dead end restarts, and after many dead ends
    the shown voids are ignored."""
    seat = view.seat
    unseen = FULL_DECK & ~view.hand_mask & ~view.played_mask
    hands = [0, 0, 0, 0]
    if view.passed_mask and view.phase is Phase.PLAYING and view.direction.offset:
        hands[view.pass_to] = view.passed_mask & unseen
    free = [c for c in range(52) if (unseen & ~hands[view.pass_to]) >> c & 1]
    start = hands[:]
    for attempt in range(60):
        hands = start[:]
        room = [view.hand_sizes[s] - hands[s].bit_count() if s != seat else 0 for s in range(4)]
        strict = attempt < 50

        def eligible(c: int, room: list[int] = room, strict: bool = strict) -> list[int]:
            return [
                s
                for s in range(4)
                if room[s] > 0 and (not strict or not view.voids[s] >> (c // 13) & 1)
            ]

        rng.shuffle(free)
        order = sorted(free, key=lambda c: len(eligible(c)))
        ok = True
        for c in order:
            seats = eligible(c)
            if not seats:
                ok = False
                break
            s = rng.choice(seats)
            hands[s] |= 1 << c
            room[s] -= 1
        if ok:
            return hands
    raise AssertionError("no deal fits the view")


class TextbookBot:
    """A reference bot that passes by :func:`textbook_pass` and searches its card only
    when it has a choice (:meth:`search`)."""

    def choose_pass(self, view: SeatView) -> int:
        """The textbook pass."""
        return textbook_pass(view.hand_mask)

    def choose_play(self, view: SeatView) -> int:
        """Its only legal card, else the card :meth:`search` picks."""
        legal = view.legal_mask
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        return self.search(view, legal)

    def search(self, view: SeatView, legal: int) -> int:
        """The card to play among ``legal`` (two cards or more)."""
        raise NotImplementedError


class MonteCarloBot(TextbookBot):
    """PIMC over ``worlds`` sampled deals with a simple play-out policy."""

    name = "montecarlo"

    def __init__(self, seed: int = 0, worlds: int = 30) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds

    @classmethod
    def from_name(cls, name: str, seed: int = 0) -> MonteCarloBot:
        """``montecarlo`` or ``montecarlo:worlds=N``."""
        options = bot_options(name, {"worlds": (int, 1, math.inf)})
        bot = cls(seed, int(options.get("worlds", 30)))
        bot.name = name
        return bot

    def search(self, view: SeatView, legal: int) -> int:
        """The legal card with the lowest mean play-out score over the sampled worlds."""
        seat = view.seat
        cards = [c for c in range(52) if legal >> c & 1]
        totals = dict.fromkeys(cards, 0.0)
        broken = view.hearts_broken
        for _ in range(self.worlds):
            world = sample_world(view, self.rng)
            for c in cards:
                hands = world[:]
                hands[seat] = view.hand_mask & ~(1 << c)
                points = play_out(
                    hands,
                    view.leader,
                    [*view.trick, c],
                    len(view.tricks),
                    broken or 13 <= c < 26,
                    list(view.round_points),
                )
                totals[c] += round_score(points, seat)
        ties = {c: self.rng.random() for c in cards}
        return min(cards, key=lambda c: (totals[c], ties[c]))
