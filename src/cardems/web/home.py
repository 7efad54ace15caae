"""What the home page shows of each game: today's deal, its miniature, the player's streaks.

Every game is asked through its declaration's hooks (``daily_code``, ``miniature``,
``par``, ``deal_name``); nothing here names a game. The day's deals and pictures are the
same for every player, so :func:`daily_deal` makes each once a day (UTC) per process and
:class:`DailyDeals` keeps them: after the first request of the day the home page only
reads memory.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from cardems.core import kinds
from cardems.core.daily import today
from cardems.core.game import Game
from cardems.dealcode import DealCode
from cardems.family import Variant
from cardems.i18n.markers import N_

TODAY = "today"
"""The deal part of the address of today's deal: ``/play/<game>/today``. The home page
links there rather than to the code, which names every hand of a game with opponents."""


@dataclass(frozen=True)
class DailyDeal:
    """One game's deal of the day, as the home page shows it."""

    game: Game
    code: DealCode
    name: str
    """How its table names it (``#617``), or "" for a game whose code names hidden hands."""
    par: int | None
    miniature: Markup
    """The deal's table in miniature (trusted SVG made by the game)."""
    path: str = TODAY
    """The deal part of its address: :data:`TODAY`, or ``today-s4`` for a variant's."""
    words: str = ""
    """The marked words of a variant's link (the first variant's: "Today's deal")."""
    more: tuple[DailyDeal, ...] = ()
    """The day's deals of the game's :attr:`~cardems.core.game.Game.daily_variants`."""


MADE: dict[tuple[str, datetime.date, bytes], DailyDeal] = {}
"""Every day's deal made by this process, by game, day and secret (the oldest dropped
past :data:`KEPT`): every server of one process, as a test's, shares them."""
KEPT = 1024


def daily_deal(game: Game, day: datetime.date, secret: bytes = b"") -> DailyDeal:
    """``game``'s deal of ``day`` (``secret``: the server's :func:`daily_secret`, for a
    game with opponents, which alone mixes it), with its par and its miniature."""
    key = (game.family.name, day, secret)
    made = MADE.get(key)
    if made is None:
        code = game.daily_code(day, secret)
        made = shown(
            game,
            code,
            miniature=Markup(game.miniature(code)),
            more=tuple(variant_deal(game, variant, day) for variant in game.daily_variants),
        )
        MADE[key] = made
        if len(MADE) > KEPT:
            del MADE[next(iter(MADE))]
    return made


def variant_deal(game: Game, variant: Variant, day: datetime.date) -> DailyDeal:
    """``game``'s deal of ``day`` in ``variant`` (one of its ``daily_variants``)."""
    return shown(
        game,
        game.variant_daily_code(variant.letters, day),
        miniature=Markup(""),  # the home page draws the first variant's deal alone
        path=variant_path(variant.letters),
        words=variant.label,
    )


def shown(game: Game, code: DealCode, **more: Any) -> DailyDeal:
    """A day's deal of ``game`` as the home page shows it: its name (none for a game
    whose code names hidden hands) and par, with ``more`` of :class:`DailyDeal`."""
    name = "" if game.opponents else game.deal_name(code)
    return DailyDeal(game=game, code=code, name=name, par=game.par(code), **more)


def variant_path(letters: str) -> str:
    """The deal part of the address of a variant's day's deal: ``today-s4``."""
    return f"{TODAY}-{letters.lower()}"


class DailyDeals:
    """Every game's deal of the day, made at the day's first request and kept until the
    next day (thread-safe: made once even when requests arrive together)."""

    def __init__(
        self,
        games: Sequence[Game],
        clock: Callable[[], datetime.date] = today,
        secret: bytes = b"",
    ) -> None:
        self._games = tuple(games)
        self._clock = clock
        self._secret = secret
        self._lock = threading.Lock()
        self._day: datetime.date | None = None
        self._deals: tuple[DailyDeal, ...] = ()

    def deals(self) -> tuple[DailyDeal, ...]:
        """Today's deals, in the games' order."""
        day = self._clock()
        with self._lock:
            if day != self._day:
                self._deals = tuple(
                    daily_deal(game, day, self._secret if game.opponents else b"")
                    for game in self._games
                )
                self._day = day
            return self._deals

    def deal_of(self, game: Game, path: str = TODAY) -> DailyDeal | None:
        """``game``'s deal of today at ``path`` (:data:`TODAY`, or a variant's: see
        :func:`variant_path`); None for a path it has no deal at."""
        deal = next(deal for deal in self.deals() if deal.game.family == game.family)
        return next((each for each in (deal, *deal.more) if each.path == path.lower()), None)


def streaks(blocks: Sequence[dict[str, Any]]) -> dict[str, tuple[int, int]]:
    """``{game: (current, best)}`` win streaks from the statistics blocks of
    :func:`cardems.web.api.statistics`: the best of the game's variants, for the games
    the player has finished at least once."""
    found: dict[str, tuple[int, int]] = {}
    for block in blocks:
        values = block["values"]
        if not values.get("played") or "current_streak" not in values:
            continue
        current, best = int(values["current_streak"] or 0), int(values["best_streak"] or 0)
        was = found.get(block["game"], (0, 0))
        found[block["game"]] = (max(was[0], current), max(was[1], best))
    return found


GROUPED_ABOVE = 10
"""Past this many games the home page groups them by kind (:mod:`cardems.core.kinds`);
up to it one list reads at a glance."""
RECENT = 4
"""How many of the games played last the home page puts first, beside the starred ones."""
# TRANSLATORS: the home page's first group: the games the player starred or played last.
YOURS = N_("Your games")
# TRANSLATORS: the home page's group of every other game, when they are not grouped by kind.
ALL_GAMES = N_("All games")


@dataclass(frozen=True)
class HomeGroup:
    """A heading of the home page and the games under it."""

    title: str
    """A marked message (:data:`YOURS`, a kind, :data:`ALL_GAMES`)."""
    deals: tuple[DailyDeal, ...]
    mine: bool = False


def home_groups(
    deals: Sequence[DailyDeal],
    favourites: Sequence[str],
    recent: Sequence[str],
    grouped_above: int = GROUPED_ABOVE,
) -> list[HomeGroup]:
    """The home page's groups: the player's games first (``favourites`` in the order
    starred, then the last played of ``recent`` up to :data:`RECENT`), then every other
    game, by kind when there are more than ``grouped_above`` games. Each game is shown
    once; slugs of games this server does not offer are passed over."""
    by_name = {deal.game.family.name: deal for deal in deals}
    starred = [name for name in favourites if name in by_name]
    played = [name for name in recent if name in by_name and name not in starred][:RECENT]
    mine = tuple(by_name[name] for name in (*starred, *played))
    others = [deal for deal in deals if deal not in mine]
    groups = [HomeGroup(YOURS, mine, mine=True)] if mine else []
    if len(deals) <= grouped_above:
        return [*groups, HomeGroup(ALL_GAMES if mine else "", tuple(others))] if others else groups
    grouped = kinds.by_kind(others, lambda deal: deal.game.kind)
    return groups + [HomeGroup(kind, tuple(members)) for kind, members in grouped]
