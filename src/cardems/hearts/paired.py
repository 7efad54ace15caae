"""Estimates over duplicate blocks: ratios of sums with standard errors clustered by block.

A block is one match code played by every seating (see :mod:`cardems.hearts.league`);
the hands of a block share their deals, so they are not independent, but blocks are.
Every figure of the league is a ratio of two sums over blocks — a paired difference
per hand is ``Σ(a - b) / Σ hands``, a paired ratio ``Σ a / Σ b`` — and its standard error
comes from the blocks' residuals (the delta method for a ratio estimator).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardems.intervals import Z95


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure and its standard error."""

    value: float
    se: float

    @property
    def low(self) -> float:
        """The lower end of its 95 % interval."""
        return self.value - Z95 * self.se

    @property
    def high(self) -> float:
        """The upper end of its 95 % interval."""
        return self.value + Z95 * self.se


def ratio_of_sums(pairs: Sequence[tuple[float, float]]) -> Estimate:
    """``Σ u / Σ v`` over blocks ``(u, v)``, with the standard error
    ``sqrt(K / (K - 1) · Σ (u - R v)²) / |Σ v|`` of ``K`` independent blocks (``nan`` with
    fewer than two blocks or ``Σ v = 0``)."""
    total_v = sum(v for _, v in pairs)
    if not pairs or not total_v:
        return Estimate(math.nan, math.nan)
    value = sum(u for u, _ in pairs) / total_v
    count = len(pairs)
    if count < 2:
        return Estimate(value, math.nan)
    spread = sum((u - value * v) ** 2 for u, v in pairs)
    return Estimate(value, math.sqrt(count / (count - 1) * spread) / abs(total_v))


def paired_difference(blocks: Sequence[tuple[float, float, int]]) -> Estimate:
    """Mean of ``a - b`` per hand over blocks ``(a points, b points, hands)`` where ``a``
    and ``b`` played the same deals from the same seats."""
    return ratio_of_sums([(a - b, hands) for a, b, hands in blocks])


def log_estimate(ratio: Estimate) -> Estimate:
    """``log`` of a positive ratio and its standard error (``se / ratio``)."""
    if not ratio.value > 0:
        return Estimate(math.nan, math.nan)
    return Estimate(math.log(ratio.value), ratio.se / ratio.value)
