"""Progress of long commands (arena, league, analyze) on stderr.

On a terminal a live bar (tqdm) with the rate and the time left; anywhere else — a log
file, a pipe, CI — one plain line every ``every`` seconds and a last one at the end, so
logs hold whole lines and no carriage returns.
"""

from __future__ import annotations

import sys
import time
from typing import IO, Any

from tqdm import tqdm


class Progress:
    """Counts ``total`` units of work; ``advance`` after each one finishes."""

    def __init__(
        self,
        desc: str,
        total: int,
        unit: str,
        *,
        enabled: bool = True,
        stream: IO[str] | None = None,
        every: float = 10.0,
    ) -> None:
        self.desc, self.total, self.unit = desc, total, unit
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.every = every
        self.done = 0
        self.figures = ""
        self.shown = -1
        self.started = self.last = time.monotonic()
        live = enabled and self.stream.isatty()
        self.bar: Any = (
            tqdm(total=total, desc=desc, unit=f" {unit}", file=self.stream, dynamic_ncols=True)
            if live
            else None
        )

    def advance(self, count: int = 1, **figures: object) -> None:
        """``count`` more units done; ``figures`` (e.g. ``winnable=12``) are shown beside."""
        self.done += count
        self.figures = ", ".join(f"{name} {value}" for name, value in figures.items())
        if self.bar is not None:
            self.bar.set_postfix_str(self.figures, refresh=False)
            self.bar.update(count)
        elif self.enabled and time.monotonic() - self.last >= self.every:
            self.last = time.monotonic()
            self._line()

    def line(self) -> str:
        """The state as one line: done of total, rate, time spent and left, figures."""
        spent = time.monotonic() - self.started
        rate = self.done / spent if spent > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else None
        parts = [
            f"{self.desc}: {self.done}/{self.total} {self.unit}",
            f"{rate:.2f} {self.unit}/s",
            f"{tqdm.format_interval(spent)} spent",
        ]
        if left is not None and self.done < self.total:
            parts.append(f"{tqdm.format_interval(left)} left")
        if self.figures:
            parts.append(self.figures)
        return ", ".join(parts)

    def _line(self) -> None:
        if self.shown != self.done:
            self.shown = self.done
            print(self.line(), file=self.stream, flush=True)

    def close(self) -> None:
        """End the bar, or print the last line."""
        if self.bar is not None:
            self.bar.close()
        elif self.enabled:
            self._line()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
