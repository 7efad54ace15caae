"""``cardems play`` for a family whose solver answers a verdict with a winning line (the
discard, row and spaces families): written once, given the family's deal, move parser,
text rendering and search."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardems.core.game import State
from cardems.core.terminal import UNDECIDED_HINT
from cardems.dealcode import DealCode


@dataclass(frozen=True)
class VerdictTextPlay:
    """What ``cardems play`` needs (:class:`~cardems.core.terminal.TextPlay`), from the
    family's functions; a position has ``score`` and ``moves``."""

    title: str
    """The game's name (marked)."""
    heading: str
    """What the position's text starts with after the code: the declaration's name."""
    moves_help: str
    """How moves are written (marked)."""
    deal: Callable[[DealCode], Any]
    parse_move: Callable[[str], Any]
    """A move from its text; ValueError with a player-facing message."""
    render: Callable[[Any], str]
    search: Callable[[Any], Any]
    """The hint's search: an answer with ``winnable`` and ``line``."""

    def start(self, code: DealCode) -> State[Any]:
        return self.deal(code)  # type: ignore[no-any-return]

    def parse(self, text: str, state: State[Any]) -> Any:
        return self.parse_move(text)

    def show(self, code: DealCode, state: State[Any]) -> str:
        return f"{code}  {self.heading}\n{self.render(state)}"

    def hint(self, state: State[Any]) -> str | None:
        verdict = self.search(state)
        if verdict.winnable is None:
            return UNDECIDED_HINT
        return str(verdict.line[0]) if verdict.line else None

    def score(self, state: State[Any]) -> tuple[int, int]:
        return state.score, state.moves  # type: ignore[attr-defined]
