"""Today's deal: one deal per game per day, the same for every player.

A day and a game seed a :class:`~cardems.rng.SplitMix64` stream (the date's ISO text
and the game's slug folded in as :func:`~cardems.rng.deal_seed` folds a code's prefix);
each game draws candidate deals from that stream until one suits (a winnable one where
the game can tell, see :meth:`cardems.core.base.GameBase.daily_code`). Nothing here
reads a clock: callers pass the day (UTC, see :func:`today`).

A game whose code names hidden cards (one played against opponents: Hearts's names
every hand) mixes the server's secret into the stream (:func:`daily_secret`, from the
database's own random secret, shared by its workers, never sent to a client): the day
and the public salt no longer tell its deal, which a player could otherwise deal at
home and play with every hand seen (and replay the bots, seeded as the server seeds
them). The deal is still the same for every player of that server; each match's
commitment (:mod:`cardems.hearts.fairness`) shows it fixed before play. A solitaire's
day's deal stays the same on every server, so results compare: what its code names is
on the table anyway (its deal number is shown), so it hides nothing.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac

from cardems.rng import SplitMix64, deal_seed

DAILY_SALT = 20261201
"""Mixed into every day's seed so that a day's stream differs from any deal's own."""


def daily_stream(game: str, day: datetime.date, secret: bytes = b"") -> SplitMix64:
    """The day's generator for ``game`` (its slug): the same numbers for everyone (of
    the server whose :func:`daily_secret` is ``secret``, when given)."""
    mixed = f" {hashlib.sha256(secret).hexdigest()}" if secret else ""
    return SplitMix64(deal_seed(f"{day.isoformat()} {game}{mixed}", day.toordinal(), DAILY_SALT))


def daily_secret(database_secret: bytes) -> bytes:
    """The secret a server mixes into the day's deals of games with hidden cards, from
    its database's own (:meth:`cardems.store.Store.secret`)."""
    return hmac.new(database_secret, b"cardems daily deals", hashlib.sha256).digest()


def today() -> datetime.date:
    """The current day in UTC: the day's deal changes at midnight UTC everywhere."""
    return datetime.datetime.now(datetime.UTC).date()
