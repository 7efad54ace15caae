"""Deal the cards a seat cannot see, consistently with everything it knows.

Known: its own hand, every card played, the suits each seat has shown it lacks, how many
cards each seat holds, and the cards it passed (still with their receiver unless played).
Suits with the fewest possible holders are dealt first, each card to a seat chosen in
proportion to the room left in its hand (times the card's odds there, where the passes
gave some: :mod:`cardems.hearts.bots.pass_odds`), retrying on a dead end. Only the stream's floats
are drawn, so that on a :class:`~cardems.hearts.splitmix.SplitMix` stream the compiled
core (:mod:`cardems.hearts.fast`) deals the very same hands.
"""

from __future__ import annotations

import random

from cardems.hearts.bots.pass_odds import Odds
from cardems.hearts.core import FULL_DECK, SUIT_MASKS, bits
from cardems.hearts.fast import core
from cardems.hearts.rules import Phase
from cardems.hearts.splitmix import SplitMix
from cardems.hearts.view import SeatView

TRIES = 30
"""Dead ends before the shown voids are ignored."""


class Knowledge:
    """What a view says about the hidden hands, prepared once per decision."""

    __slots__ = ("fixed", "hand_sizes", "odds", "seat", "suits", "voids")

    def __init__(self, view: SeatView, odds: Odds | None = None) -> None:
        seat = view.seat
        self.odds = odds
        """Each card's odds in each seat (``4 * card + seat``), or ``None``: room alone."""
        self.seat = seat
        unseen = FULL_DECK & ~view.hand_mask & ~view.played_mask
        fixed = [0, 0, 0, 0]
        if view.passed_mask and view.phase is Phase.PLAYING:
            fixed[view.pass_to] = view.passed_mask & unseen
        self.fixed = fixed
        self.hand_sizes = list(view.hand_sizes)
        self.voids = list(view.voids)
        free = unseen & ~fixed[view.pass_to] if fixed[view.pass_to] else unseen
        groups = []
        for suit in range(4):
            cards = free & SUIT_MASKS[suit]
            holders = tuple(s for s in range(4) if s != seat and not self.voids[s] >> suit & 1)
            if cards:
                groups.append((len(holders), cards, holders))
        groups.sort(key=lambda g: g[0])
        self.suits = [(cards, holders) for _, cards, holders in groups]
        """Each suit's unseen cards not known to be held (a mask), and the seats that may
        hold them; the fewest holders first."""

    def sample(self, rng: random.Random, tries: int = TRIES) -> list[int]:
        """Four hands: the seat's own is left empty for the caller to fill (compiled on
        a :class:`SplitMix` stream where :mod:`cardems.hearts.fast` has the core)."""
        if core is not None and isinstance(rng, SplitMix):
            hands, rng.state = core.sample(
                self.fixed, self.hand_sizes, self.suits, self.seat, tries, self.odds, rng.state
            )
            if hands is None:
                raise AssertionError("no consistent deal")
            return hands
        return self.py_sample(rng, tries)

    def py_sample(self, rng: random.Random, tries: int = TRIES) -> list[int]:
        """:meth:`sample` in Python: the reference and the fallback."""
        seat = self.seat
        odds = self.odds
        rand = rng.random
        for attempt in range(tries + 1):
            hands = self.fixed[:]
            room = [self.hand_sizes[s] - hands[s].bit_count() for s in range(4)]
            room[seat] = 0
            ok = True
            for cards, holders in self.suits:
                if attempt == tries:  # last resort: ignore shown voids
                    holders = tuple(s for s in range(4) if s != seat)
                order = list(bits(cards))
                for i in range(len(order) - 1, 0, -1):  # Fisher–Yates on floats
                    j = int(rand() * (i + 1))
                    order[i], order[j] = order[j], order[i]
                for c in order:
                    shares = [room[s] * odds[4 * c + s] if odds else room[s] for s in holders]
                    total = sum(shares)
                    if total <= 0:
                        ok = False
                        break
                    pick = rand() * total
                    for s, share in zip(holders, shares, strict=True):
                        pick -= share
                        if pick < 0 and room[s] > 0:
                            break
                    else:
                        s = next(h for h in holders if room[h] > 0)
                    hands[s] |= 1 << c
                    room[s] -= 1
                if not ok:
                    break
            if ok:
                return hands
        raise AssertionError("no consistent deal")
