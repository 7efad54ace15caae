"""The registry: the one place that lists the games of this installation.

Adding a game is its package plus one line in :data:`GAME_MODULES`. Each module named
there defines ``GAME``, an object satisfying :class:`~cardems.core.game.Game`; its
module must import quickly (solvers and bots load when first used), because every
command and every server start reads the catalogue.
"""

from __future__ import annotations

import functools
import importlib

from cardems.core.game import Game
from cardems.dealcode import GameFamily

GAME_MODULES: tuple[str, ...] = (
    "cardems.heart_to_heart.game",
    "cardems.seahaven.game",
    "cardems.freecell.game",
    "cardems.hearts.game",
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
