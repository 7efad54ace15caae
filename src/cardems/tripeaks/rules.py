"""TriPeaks positions on the waste family's engine: the deal, a position from its parts."""

from __future__ import annotations

from collections.abc import Sequence

from cardems.dealcode import DealCode
from cardems.kit.waste import engine
from cardems.kit.waste.engine import Rules, WasteState, rules_of
from cardems.tripeaks.game import DECLARATION


def rules(wrap: bool = True) -> Rules:
    """TriPeaks' rules with or without the K–A wrap."""
    return rules_of(DECLARATION, "W" if wrap else "N")


def position(
    peaks: Sequence[int], stock: Sequence[int], waste: Sequence[int], wrap: bool = True
) -> WasteState:
    """The position of ``peaks`` (28 cards or GONE), ``stock`` and ``waste``."""
    return WasteState(rules(wrap), tuple(peaks), tuple(stock), tuple(waste))


def initial_state(deck: Sequence[int], wrap: bool = True) -> WasteState:
    """The starting position for a shuffled deck of the 52 ordinals."""
    return engine.initial_state(rules(wrap), deck)


def deal(code: DealCode) -> WasteState:
    """The starting position of ``code``."""
    return engine.deal(DECLARATION, code)


def parse_moves(texts: Sequence[str]) -> list[engine.Move]:
    """Moves in TriPeaks' notation (``D``, ``12``)."""
    return rules().parse_moves(texts)
