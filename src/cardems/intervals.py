"""The confidence interval every analysis prints beside a winnable share."""

from __future__ import annotations

import math

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of the share ``successes / trials``;
    ``(0, 1)`` when there are no trials. It always holds the share itself."""
    if not trials:
        return 0.0, 1.0
    share = successes / trials
    centre = share + z * z / (2 * trials)
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    low, high = (centre - spread) / scale, (centre + spread) / scale
    return max(0.0, min(low, share)), min(1.0, max(high, share))  # rounding aside
