"""Easy: sensible habits, no memory — ducks low, dumps high, sometimes plays at random."""

from __future__ import annotations

import random

from cardems.hearts.core import HEART_MASK, QS_BIT, QUEEN_OF_SPADES, SUIT_MASKS
from cardems.hearts.view import SeatView


class EasyBot:
    """Passes its three highest cards; follows with its lowest card, discards its highest."""

    name = "easy"

    def __init__(self, seed: int = 0, blunder: float = 0.15) -> None:
        self.rng = random.Random(seed)
        self.blunder = blunder

    def choose_pass(self, view: SeatView) -> int:
        """The three highest cards (hearts first among equals)."""
        cards = [c for c in range(52) if view.hand_mask >> c & 1]
        cards.sort(key=lambda c: (c % 13, c // 13 == 1), reverse=True)
        return (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2])

    def choose_play(self, view: SeatView) -> int:
        """Lowest card when leading or following, highest (Q♠ first) when discarding."""
        legal = view.legal_mask
        cards = [c for c in range(52) if legal >> c & 1]
        if len(cards) > 1 and self.rng.random() < self.blunder:
            return self.rng.choice(cards)
        if not view.trick:
            return min(cards, key=lambda c: (c % 13, self.rng.random()))
        if legal & SUIT_MASKS[view.led_suit]:
            return cards[0]
        if legal & QS_BIT:
            return QUEEN_OF_SPADES
        hearts = legal & HEART_MASK
        if hearts:
            return hearts.bit_length() - 1
        return max(cards, key=lambda c: c % 13)
