"""What a deal code's game letters stand for (imported by the registry and by the deal
codes alike, so that neither needs the other to load first)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameFamily:
    """What a deal code's game letters stand for: each game declares one (its ``GAME``)."""

    prefix: str
    name: str
    title: str
    variants: tuple[str, ...]
    payload_width: int
    versions: tuple[int, ...] = (1,)

    @property
    def max_number(self) -> int:
        """The largest deal number the payload width can hold."""
        return int(32**self.payload_width) - 1
