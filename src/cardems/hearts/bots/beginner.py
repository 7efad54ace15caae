"""Beginner: plain play with the mistakes new Hearts players make, each now and then.

Its habits are sound: it follows low when it can duck, drops the Q♠ under the A♠/K♠,
leads cards likely to lose and keeps points from a seat they would put past the match's
target (100 unless chosen) while another leads the match. But, each with its own chance
(:class:`Habits`), it passes its highest cards whatever the suit, does not count the
cards played, forgets who showed a void, takes early tricks with high cards "to get rid
of them", throws the Q♠ or hearts on any trick, leads high cards (its A♠/K♠ wherever the
Q♠ may be), keeps its high cards when void — and it never defends against a moon.
Against three ``easy`` it takes 1.18 times their points a hand (``cardems arena --league
--bots beginner,easy,medium,rules`` from HT1-N-AAAACAA, 1,864 paired hands).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardems.hearts.bots import heuristic
from cardems.hearts.core import (
    CLUBS,
    DIAMONDS,
    FULL_DECK,
    HEART_MASK,
    HEARTS,
    POINTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    bits,
    highest,
    lowest,
    mask_of,
)
from cardems.hearts.view import SeatView

AK_SPADES = 0b11 << 11
EARLY = 6
"""Tricks in which it likes to win with its high cards."""


@dataclass(frozen=True, slots=True)
class Habits:
    """The chance of each mistake, drawn at each decision where it could be made (none is
    certain, so that it is no caricature)."""

    pass_high: float = 0.8
    """Passes its three highest cards, whatever the suit (keeping a short Q♠)."""
    no_count: float = 0.8
    """Plays as if every card not in its hand or the trick were still out."""
    no_voids: float = 0.7
    """Leads as if nobody had shown a void."""
    win_early: float = 0.4
    """Follows with its highest card (not the Q♠) in the first :data:`EARLY` tricks."""
    dump_any: float = 0.7
    """When void, throws the Q♠ or its highest heart, whoever takes the trick."""
    queen_first: float = 0.6
    """Plays the Q♠ on a spade trick before the last seat, hoping someone goes higher."""
    keep_high: float = 0.6
    """When void without points to throw, throws its lowest card and keeps its aces."""
    spade_lead: float = 0.5
    """Leads its A♠ or K♠ (not holding the Q♠), wherever the Q♠ is."""
    lead_high: float = 0.3
    """Leads its highest card."""


class BeginnerBot:
    """A new player: plain habits and human mistakes (:class:`Habits`), seeded."""

    name = "beginner"

    def __init__(self, seed: int = 0, habits: Habits = Habits()) -> None:
        self.rng = random.Random(seed)
        self.habits = habits

    def _slips(self, chance: float) -> bool:
        return self.rng.random() < chance

    def choose_pass(self, view: SeatView) -> int:
        """Its three highest cards, or else the medium bot's pass."""
        hand = view.hand_mask
        if self._slips(self.habits.pass_high):
            ranked = sorted(bits(hand), key=lambda c: (c % 13, self.rng.random()), reverse=True)
            return mask_of(ranked[:3])
        return heuristic.choose_pass(hand, self.rng.random)

    def choose_play(self, view: SeatView) -> int:
        """A legal card: the sensible one unless a mistake is drawn."""
        legal = view.legal_mask
        if not legal & (legal - 1):
            return highest(legal)
        seen = mask_of(view.trick) if self._slips(self.habits.no_count) else view.played_mask
        out = FULL_DECK & ~view.hand_mask & ~seen  # what it believes the others may hold
        if not view.trick:
            return self._lead(view, legal, out)
        led = view.led_suit
        win = max(c for c in view.trick if c // 13 == led)
        follow = legal & SUIT_MASKS[led]
        if follow:
            return self._follow(view, follow, win, out)
        return self._discard(view, legal, win, out)

    def _lead(self, view: SeatView, legal: int, out: int) -> int:
        """A card likely to lose the trick, in a suit nobody is known to lack."""
        hand = view.hand_mask
        honours = legal & AK_SPADES
        if honours and not hand & QS_BIT and self._slips(self.habits.spade_lead):
            return highest(honours)
        if self._slips(self.habits.lead_high):
            return max(bits(legal), key=lambda c: (c % 13, self.rng.random()))
        voids = 0
        if not self._slips(self.habits.no_voids):
            for seat, lacks in enumerate(view.voids):
                voids |= lacks if seat != view.seat else 0
        best, best_value = -1, 1e9
        for suit in range(4):
            mine = legal & SUIT_MASKS[suit]
            if not mine:
                continue
            others = out & SUIT_MASKS[suit]
            card, value = heuristic.low_lead(mine, others)
            if voids >> suit & 1 and others & ((1 << card) - 1):
                value += 12.0  # a seat without the suit throws its points on the winner
            if suit == SPADES and hand & QS_BIT:
                value += 6.0
            if suit == SPADES and card > QUEEN_OF_SPADES and out & QS_BIT:
                value += 20.0
            if suit == HEARTS:
                value += 1.0
            value += 0.01 * self.rng.random()
            if value < best_value:
                best, best_value = card, value
        return best

    def _follow(self, view: SeatView, follow: int, win: int, out: int) -> int:
        """Its lowest card when it can duck, else a card that takes the trick safely."""
        plain = follow & ~QS_BIT
        last = len(view.trick) == 3
        if follow & QS_BIT and not last and self._slips(self.habits.queen_first):
            return QUEEN_OF_SPADES
        early = len(view.tricks) < EARLY
        if early and plain >> (win + 1) and self._slips(self.habits.win_early):
            return highest(plain)
        if follow & QS_BIT and win > QUEEN_OF_SPADES:
            return QUEEN_OF_SPADES
        if follow & ((1 << win) - 1):
            return lowest(follow)
        if view.led_suit == SPADES and out & QS_BIT and plain & ~AK_SPADES:
            return highest(plain & ~AK_SPADES)
        return highest(plain or follow) if last else lowest(follow)

    def _discard(self, view: SeatView, legal: int, win: int, out: int) -> int:
        """The Q♠, else A♠/K♠ while the Q♠ is out, else a high heart or the highest card
        of a short suit; no points for a seat they would put past the target while
        another seat leads the match."""
        points = legal & (HEART_MASK | QS_BIT)
        if points and self._slips(self.habits.dump_any):
            return QUEEN_OF_SPADES if points & QS_BIT else highest(points & HEART_MASK)
        safe = legal & ~(HEART_MASK | QS_BIT)
        if safe and not points and self._slips(self.habits.keep_high):
            return min(bits(safe), key=lambda c: (c % 13, self.rng.random()))
        winner = (view.leader + view.trick.index(win)) % 4
        so_far = [t + r for t, r in zip(view.totals, view.round_points, strict=True)]
        dumped = sum(POINTS[c] for c in view.trick) + (13 if points & QS_BIT else 1)
        behind = so_far[view.seat] > min(so_far)
        if safe and behind and so_far[winner] + dumped >= view.options.target:
            legal = safe
        if legal & QS_BIT:
            return QUEEN_OF_SPADES
        if out & QS_BIT and legal & AK_SPADES:
            return highest(legal & AK_SPADES)
        hearts = legal & HEART_MASK
        if hearts and (highest(hearts) % 13 >= 7 or not legal & ~HEART_MASK):
            return highest(hearts)
        best, best_value = -1, -1e9
        for suit in (SPADES, DIAMONDS, CLUBS):
            mine = legal & SUIT_MASKS[suit]
            if mine:
                length = (view.hand_mask & SUIT_MASKS[suit]).bit_count()
                value = highest(mine) % 13 + (3 if length <= 2 else 0) + 0.01 * self.rng.random()
                if value > best_value:
                    best, best_value = highest(mine), value
        return best
