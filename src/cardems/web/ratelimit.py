"""A per-player token bucket: a simple bound on the rate of requests."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

KEYS = 10_000
"""The most buckets kept: past it the least recently used one is dropped (a key
unseen that long has refilled its bucket anyway, or is an attacker's rotating one)."""


class RateLimiter:
    """Allow ``burst`` requests at once and ``rate`` per second on average, per key."""

    def __init__(
        self,
        rate: float,
        burst: int,
        clock: Callable[[], float] = time.monotonic,
        keys: int = KEYS,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.keys = keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, key: str) -> bool:
        """Take one token from ``key``'s bucket; False when it is empty."""
        now = self.clock()
        tokens, then = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        allowed = tokens >= 1
        self._buckets[key] = (tokens - 1 if allowed else tokens, now)
        self._buckets.move_to_end(key)
        while len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)
        return allowed
