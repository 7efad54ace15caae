"""Shared helpers for the Heart to Heart tests."""

from __future__ import annotations

from cardems.dealcode import DealCode
from cardems.heart_to_heart.rules import HeartState, deal

EXAMPLE = DealCode.parse("HH1-N-AAAAAAM")


def example() -> HeartState:
    """The rules' worked example deal."""
    return deal(EXAMPLE)


def state_of(
    heart: dict[int, int], stock: tuple[int, ...] = (), waste: tuple[int, ...] = ()
) -> HeartState:
    """A hand-made position: ``heart`` maps positions to ranks, others are empty."""
    return HeartState(tuple(heart.get(p, 0) for p in range(1, 26)), stock, waste)
