"""The game clock of the info bar: it starts at the first move and stops at the end.

Time is read from an injectable clock so tests and replays control it. A timer can be
saved (``to_dict``) and resumed later; time while the game was closed does not count.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class GameTimer:
    """Elapsed playing time: ``start`` (idempotent), ``stop``, ``elapsed``."""

    accumulated: float = 0.0
    running_since: float | None = None
    stopped: bool = False
    clock: Callable[[], float] = field(default=time.monotonic, repr=False, compare=False)

    def start(self) -> None:
        """Start or resume counting; does nothing if already running or stopped for good."""
        if self.running_since is None and not self.stopped:
            self.running_since = self.clock()

    def pause(self) -> None:
        """Stop counting for now (the game was closed); ``start`` resumes."""
        if self.running_since is not None:
            self.accumulated += self.clock() - self.running_since
            self.running_since = None

    def stop(self) -> None:
        """Stop for good: the game is won or lost."""
        self.pause()
        self.stopped = True

    def elapsed(self) -> float:
        """Seconds played so far."""
        running = 0.0 if self.running_since is None else self.clock() - self.running_since
        return self.accumulated + running

    def to_dict(self) -> dict[str, float | bool]:
        """Saved form: elapsed seconds and whether the clock had stopped for good."""
        return {"elapsed": self.elapsed(), "stopped": self.stopped}

    @classmethod
    def from_dict(
        cls, data: dict[str, float | bool], clock: Callable[[], float] = time.monotonic
    ) -> GameTimer:
        """Restore a saved timer, paused; the next move (``start``) resumes it."""
        return cls(accumulated=float(data["elapsed"]), stopped=bool(data["stopped"]), clock=clock)
