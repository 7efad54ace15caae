"""Today's deal: one deal per game per day, the same for every player.

A day and a game seed a :class:`~cardems.rng.SplitMix64` stream (the date's ISO text
and the game's slug folded in as :func:`~cardems.rng.deal_seed` folds a code's prefix);
each game draws candidate deals from that stream until one suits (a winnable one where
the game can tell, see :meth:`cardems.core.base.GameBase.daily_code`). Nothing here
reads a clock: callers pass the day (UTC, see :func:`today`).
"""

from __future__ import annotations

import datetime

from cardems.rng import SplitMix64, deal_seed

DAILY_SALT = 20261201
"""Mixed into every day's seed so that a day's stream differs from any deal's own."""


def daily_stream(game: str, day: datetime.date) -> SplitMix64:
    """The day's generator for ``game`` (its slug): the same numbers for everyone."""
    return SplitMix64(deal_seed(f"{day.isoformat()} {game}", day.toordinal(), DAILY_SALT))


def today() -> datetime.date:
    """The current day in UTC: the day's deal changes at midnight UTC everywhere."""
    return datetime.datetime.now(datetime.UTC).date()
