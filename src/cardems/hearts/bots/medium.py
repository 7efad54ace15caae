"""Medium: the heuristic of :mod:`cardems.hearts.bots.heuristic`, with card counting.

Ties between equally good cards are broken at random (seeded), so that it is not
perfectly predictable; ``medium:noise=p`` also plays a random legal card with
probability ``p`` (a weaker, noisier opponent for the league).
"""

from __future__ import annotations

import random

from cardems.hearts.bots import bot_options, heuristic
from cardems.hearts.view import SeatView


class MediumBot:
    """Passes for voids and to shed danger; ducks and dumps the Q♠; defends the moon."""

    name = "medium"

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.noise = noise

    @classmethod
    def from_name(cls, name: str, seed: int = 0) -> MediumBot:
        """``medium`` or ``medium:noise=p`` with ``0 <= p <= 1``."""
        options = bot_options(name, {"noise": (float, 0.0, 1.0)})
        bot = cls(seed, options.get("noise", 0.0))
        bot.name = name
        return bot

    def choose_pass(self, view: SeatView) -> int:
        """Q♠ unless well guarded, A♠/K♠ when short, high hearts, short suits."""
        return heuristic.choose_pass(view.hand_mask, self.rng.random)

    def choose_play(self, view: SeatView) -> int:
        """The heuristic's card for this view (or, with noise, sometimes any legal card)."""
        legal = view.legal_mask
        if self.noise and legal & (legal - 1) and self.rng.random() < self.noise:
            cards = [c for c in range(52) if legal >> c & 1]
            return self.rng.choice(cards)
        return heuristic.choose_card(
            view.seat,
            view.hand_mask,
            legal,
            view.trick,
            view.played_mask,
            view.round_points,
            jitter=self.rng.random,
        )
