"""SplitMix64: the random stream the Python and the compiled search share.

:class:`SplitMix` is a :class:`random.Random` whose floats come from Steele, Lea and
Flood's SplitMix64 (one 64-bit word of state), so that the compiled core
(:mod:`cardems.hearts._core`) can take its state, draw the same numbers the Python code
would, and hand the state back: both paths then make the same random choices.
"""

from __future__ import annotations

import random

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
TWO_TO_MINUS_53 = 1.0 / (1 << 53)


class SplitMix(random.Random):
    """A seeded stream of floats in [0, 1): the top 53 bits of each SplitMix64 output."""

    state: int

    def seed(self, a: object = None, version: int = 2) -> None:
        """Start from the whole number ``a`` (its low 64 bits; ``None`` is 0)."""
        if a is None:
            a = 0
        if not isinstance(a, int):
            raise TypeError(f"a SplitMix seed is a whole number, not {a!r}")
        self.state = a & MASK64

    def random(self) -> float:
        """The next float."""
        self.state = z = (self.state + GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return ((z ^ (z >> 31)) >> 11) * TWO_TO_MINUS_53
