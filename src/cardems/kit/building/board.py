"""A position of the build family's engine read as a game's own engine read it: cards as
numbers (``copy * 52 + ordinal``: a one-deck game's card is its ordinal, a copy of a
two-deck or one-suit game's face counts 52 more a copy), for a game of the family that
keeps its own notation, search or table (Klondike, Spider: their ``declared.py``)."""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass
from typing import Any

from cardems.cards import Card
from cardems.cellgames.notation import Move
from cardems.kit.building.engine import BuildState


def compiled_search(module: str) -> Any:
    """The C extension of a game's own search (``cardems.spider._solver``), or None when
    it was not built (the game's Python search then runs)."""
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


def number(card: Card) -> int:
    """A card as a number: its ordinal, plus 52 for each copy of its face before it."""
    return getattr(card, "copy", 0) * 52 + card.ordinal


@dataclass(frozen=True)
class BuildBoard:
    """The family engine's state, its cards read as numbers; a game's board adds its
    notation, words and counters."""

    state: BuildState

    @functools.cached_property
    def columns(self) -> tuple[tuple[int, ...], ...]:
        """Each column's cards, bottom → top."""
        return tuple(tuple(map(number, pile)) for pile in self.state.columns)

    @functools.cached_property
    def stock(self) -> tuple[int, ...]:
        """The stock's cards, the next turned or dealt first."""
        return tuple(map(number, reversed(self.state.stock)))

    @property
    def down(self) -> tuple[int, ...]:
        """How many cards of each column lie face down."""
        return self.state.down

    @property
    def moves(self) -> int:
        """The moves played, the stock's too."""
        return self.state.moves

    @property
    def score(self) -> int:
        """The score the declaration counts."""
        return self.state.score

    @property
    def won(self) -> bool:
        """Every card home."""
        return self.state.won


@dataclass(frozen=True)
class Found:
    """A game's own search's answer in the family's terms (what
    :meth:`~cardems.kit.building.game.Declared.solve_position` returns): the verdict (None:
    undecided), the winning line in the family's notation, the positions expanded."""

    winnable: bool | None
    moves: list[Move]
    nodes: int
    clocked: bool = False
