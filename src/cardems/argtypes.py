"""Values of command-line options, read strictly: ``type=`` functions for argparse.

Each refuses what it cannot read with one plain sentence (argparse prints it after the
option's name), so ``--port 99999`` or ``--deals -3`` stop before any work is done.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from cardems.i18n.markers import N_
from cardems.numbers import MAX_DIGITS, read_number

NOT_WHOLE = N_("expected a whole number, got '%(text)s'")
OUT_OF_RANGE = N_("expected a whole number from %(low)d to %(high)d, got '%(text)s'")
TOO_SMALL = N_("expected a whole number of at least %(low)d, got '%(text)s'")
NOT_SECONDS = N_("expected a positive number of seconds, got '%(text)s'")


def whole(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """A reader of whole numbers (ASCII digits, as :mod:`cardems.numbers` reads them)
    from ``low`` to ``high`` (either bound may be open)."""

    def read(text: str) -> int:
        value = read_number(text, signed=True)
        if value is None:
            raise argparse.ArgumentTypeError(NOT_WHOLE % {"text": text})
        if high is not None and low is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(
                OUT_OF_RANGE % {"low": low, "high": high, "text": text}
            )
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(TOO_SMALL % {"low": low, "text": text})
        return value

    read.__name__ = "whole number"  # argparse names the type in its own messages
    return read


positive = whole(1)
"""A count of at least one: deals, hands, workers, jobs."""

port = whole(1, 65535)
"""A TCP port."""


def seconds(text: str) -> float:
    """A finite number of seconds above zero (``0.5``, ``10``)."""
    try:
        value = float(text) if text.isascii() and len(text) <= MAX_DIGITS + 2 else math.nan
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(NOT_SECONDS % {"text": text})
    return value
