"""The registry: the one place that lists the games of this installation.

Adding a game is its package plus one line in :data:`GAME_MODULES`. Each module named
there defines ``GAME``, an object satisfying :class:`~cardems.core.game.Game`; its
module must import quickly (solvers and bots load when first used), because every
command and every server start reads the catalogue.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util

from cardems.core.game import Game
from cardems.family import GameFamily
from cardems.i18n.markers import N_

GAME_MODULES: tuple[str, ...] = (
    "cardems.heart_to_heart.game",
    "cardems.seahaven.game",
    "cardems.freecell.game",
    "cardems.hearts.game",
    "cardems.klondike.game",
    "cardems.spider.game",
    "cardems.pyramid.game",
    "cardems.tripeaks.game",
    "cardems.golf.game",
    "cardems.black_hole.game",
    "cardems.all_in_a_row.game",
    "cardems.aces_up.game",
    "cardems.gaps.game",
    "cardems.accordion.game",
    "cardems.beleaguered_castle.game",
    "cardems.streets_and_alleys.game",
    "cardems.eight_off.game",
    "cardems.king_albert.game",
    "cardems.fortunes_favor.game",
    "cardems.bakers_dozen.game",
    "cardems.spanish_patience.game",
    "cardems.fan.game",
    "cardems.somerset.game",
    "cardems.raglan.game",
    "cardems.flower_garden.game",
    "cardems.simple_simon.game",
    "cardems.yukon.game",
    "cardems.russian_solitaire.game",
    "cardems.canfield.game",
    "cardems.mrs_mop.game",
)
"""One line per game, in the order the home page lists them."""


class UnknownGame(LookupError):
    """A game name or code prefix that no registered game has."""


class Unsupported(LookupError):
    """A request a game does not support, e.g. solving Hearts; the message says why."""


@functools.cache
def games() -> tuple[Game, ...]:
    """Every registered game, in catalogue order."""
    return tuple(importlib.import_module(module).GAME for module in GAME_MODULES)


def families() -> tuple[GameFamily, ...]:
    """The code families of every registered game."""
    return tuple(game.family for game in games())


def find_family(key: str) -> GameFamily | None:
    """The family whose code prefix (``SH``) or slug (``seahaven``) is ``key``."""
    for family in families():
        if key in (family.prefix, family.name):
            return family
    return None


def game_for(key: str) -> Game:
    """The game named by slug (``seahaven``) or code prefix (``SH``, any case)."""
    for game in games():
        if key in (game.family.name, game.family.prefix) or key.upper() == game.family.prefix:
            return game
    known = ", ".join(family.name for family in families())
    raise UnknownGame(f"unknown game {key!r}: known are {known}")


COMPILED = N_("Solvers: the compiled search is in use for %(games)s.")
FALLBACK = N_(
    "Solvers: %(games)s use the Python search, as the C extension was not built when"
    " Cardems was installed (no C compiler?): the same results, more slowly."
)


def compiled_games() -> tuple[list[str], list[str]]:
    """Titles of the games whose solvers run compiled, and of those that fell back to
    Python because an extension of theirs was not built."""
    compiled: list[str] = []
    fallback: list[str] = []
    for game in games():
        if game.compiled_modules:
            built = all(importlib.util.find_spec(name) for name in game.compiled_modules)
            (compiled if built else fallback).append(game.family.title)
    return compiled, fallback


def compiled_note() -> str | None:
    """One line saying which search is in use (said once, when the server starts)."""
    compiled, fallback = compiled_games()
    if fallback:
        return FALLBACK % {"games": ", ".join(fallback)}
    return COMPILED % {"games": ", ".join(compiled)} if compiled else None
