"""The project's own pseudo-random generator and Fisher–Yates shuffle.

Deals must stay the same forever, so nothing here depends on :mod:`random`, whose
output Python does not promise to keep. The generator is SplitMix64 (Steele, Lea and
Flood, 2014): a 64-bit state advanced by the golden-ratio increment and finalised by
two xor-shift-multiply rounds. It is small, fast and passes BigCrush.

A deal's seed is derived from its code (see :func:`deal_seed`); the single project
constant :data:`DEAL_SALT` is documented there.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15

DEAL_SALT = 45713
"""The one tuning constant of the deal generator, mixed into every seed.

It is the smallest non-negative integer for which ``HH1-N-AAAAAAM`` deals the rules'
worked example (10♥ at position 1, 4♥ at the tip, A♥ on the waste, the 9th card drawn
is a 4♥) and is winnable, as the seeds' example game is. ``scripts/find_deal_salt.py``
finds it again from scratch; golden tests pin the resulting layouts.
"""


class SplitMix64:
    """SplitMix64 generator: ``next_u64`` and unbiased ``below``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``, by rejection (no modulo bias)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % bound


def fisher_yates(items: MutableSequence[T], rng: SplitMix64) -> None:
    """Shuffle ``items`` in place (Durstenfeld's Fisher–Yates, from the end down)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def deal_seed(prefix: str, number: int, salt: int = DEAL_SALT) -> int:
    """The 64-bit seed of deal ``number`` of the deal family ``prefix`` (e.g. ``"HH1-N"``).

    The prefix's bytes are folded in with the SplitMix64 finaliser, then the salt and the
    deal number: ``seed = mix(mix(...mix(salt ^ b0)... ^ bk) ^ number)``.
    """
    state = salt & MASK64
    for byte in prefix.upper().encode("ascii"):
        state = SplitMix64(state ^ byte).next_u64()
    return SplitMix64(state ^ number).next_u64()


def shuffled(items: list[T], prefix: str, number: int, salt: int = DEAL_SALT) -> list[T]:
    """A shuffled copy of ``items`` for deal ``number`` of family ``prefix``."""
    deck = list(items)
    fisher_yates(deck, SplitMix64(deal_seed(prefix, number, salt)))
    return deck
