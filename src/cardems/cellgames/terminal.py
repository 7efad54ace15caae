"""The cell games in a terminal (``cardems play``): moves as ``c3-c7``, hints by the solver."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardems.cellgames.notation import format_move, parse_move
from cardems.core.game import State
from cardems.core.terminal import UNDECIDED_HINT
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_

MOVES_HELP = N_(
    "moves: c3-c7 column to column (c3-c7x3 a run of 3), c1-f2 to a free cell, f2-hS to"
    " a foundation; places c1…, f1…, hS hH hD hC"
)
HINT_SECONDS = 10.0


@dataclass(frozen=True)
class CellTextPlay:
    """``cardems play`` for a game of columns, cells and foundations."""

    game: Any
    """The :class:`~cardems.cellgames.game.CellGame`."""
    moves_help: str = MOVES_HELP

    @property
    def title(self) -> str:
        return str(self.game.family.title)

    def start(self, code: DealCode) -> State[Any]:
        return self.game.deal(code)  # type: ignore[no-any-return]

    def parse(self, text: str, state: State[Any]) -> Any:
        return parse_move(text, len(state.columns))  # type: ignore[attr-defined]

    def show(self, code: DealCode, state: State[Any]) -> str:
        return str(self.game.render_position(code, state))

    def hint(self, state: State[Any]) -> str | None:
        verdict = self.game.solve_position(state, HINT_SECONDS)
        if verdict.winnable is None:
            return UNDECIDED_HINT
        return format_move(verdict.moves[0]) if verdict.winnable and verdict.moves else None

    def score(self, state: State[Any]) -> tuple[int, int]:
        return state.score, state.moves  # type: ignore[attr-defined]
