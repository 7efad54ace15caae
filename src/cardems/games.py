"""The registry of games as the CLI and the web app see them.

Each game package provides an adapter module (``cardems.<game>.adapter``) exposing
``ADAPTER``, an object satisfying :class:`GameAdapter`. Adapters are imported lazily so
that ``cardems deal HH1-…`` does not load the Hearts bots.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from cardems.dealcode import FAMILIES, FAMILIES_BY_NAME, DealCode, GameFamily

ADAPTER_MODULES: dict[str, str] = {
    "HH": "cardems.heart_to_heart.adapter",
    "SH": "cardems.seahaven.adapter",
    "HT": "cardems.hearts.adapter",
}


class GameAdapter(Protocol):
    """What the CLI and the web app need from a game, keyed by deal codes."""

    family: GameFamily

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A fresh deal of ``variant``; only winnable ones when asked."""
        ...

    def describe(self, code: DealCode) -> dict[str, Any]:
        """The initial layout as JSON-ready data (``code`` and ``game`` keys first)."""
        ...

    def render(self, code: DealCode) -> str:
        """The initial layout as text for a terminal."""
        ...

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """Solver result as JSON-ready data: ``code``, ``winnable``, ``moves``, ``length``."""
        ...


class UnknownGame(LookupError):
    """A game name or code prefix without an adapter."""


class Unsupported(LookupError):
    """A request a game does not support, e.g. solving Hearts; the message says why."""


def adapter_for(game: str) -> GameAdapter:
    """The adapter for a game given by name (``seahaven``) or prefix (``SH``)."""
    family = FAMILIES_BY_NAME.get(game) or FAMILIES.get(game.upper())
    if family is None:
        known = ", ".join(sorted(FAMILIES_BY_NAME))
        raise UnknownGame(f"unknown game {game!r}: known are {known}")
    module_name = ADAPTER_MODULES.get(family.prefix)
    if module_name is None:
        raise UnknownGame(f"{family.title} is not available in this version of Cardems")
    adapter: GameAdapter = importlib.import_module(module_name).ADAPTER
    return adapter


def available_games() -> list[GameFamily]:
    """The games this installation can deal."""
    return [FAMILIES[prefix] for prefix in ADAPTER_MODULES]
