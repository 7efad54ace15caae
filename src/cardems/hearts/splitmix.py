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


def next_state(state: int) -> int:
    """The state after one draw."""
    return (state + GOLDEN) & MASK64


def output(state: int) -> int:
    """The 64-bit number drawn on reaching ``state``."""
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class SplitMix(random.Random):
    """A seeded stream of floats in [0, 1): the top 53 bits of each SplitMix64 output."""

    state: int

    def seed(self, a: object = None, version: int = 2) -> None:
        """Start from ``a`` (an int; anything else is hashed as :class:`random.Random` does)."""
        self.state = (a if isinstance(a, int) else hash(a)) & MASK64

    def random(self) -> float:
        """The next float."""
        self.state = state = (self.state + GOLDEN) & MASK64
        return (output(state) >> 11) * (1.0 / (1 << 53))
