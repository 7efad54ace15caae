"""Discard-family positions as JSON-ready data and as text, and ``cardems play``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardems.core.game import State
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.discard.declare import DiscardRules
from cardems.kit.discard.engine import DiscardState, card_text, deal, parse_move

MOVES_HELP = N_(
    "Moves: D deals a card onto each pile, 3 discards the top card of pile 3, 31 moves"
    " it to the empty pile 1."
)


def layout_data(state: DiscardState) -> dict[str, Any]:
    """``piles`` (bottom → top), ``stock`` (dealt first first) and ``discarded``."""
    return {
        "piles": [[card_text(card) for card in pile] for pile in state.piles],
        "stock": [card_text(card) for card in state.stock],
        "discarded": [card_text(card) for card in state.discarded],
    }


def render_state(state: DiscardState) -> str:
    """The piles side by side, numbered, then the stock and the discards."""
    height = max(map(len, state.piles), default=0)
    lines = ["   ".join(f"{i + 1:>2}" for i in range(len(state.piles)))]
    for row in range(height):
        cells = [card_text(pile[row]) if row < len(pile) else "  " for pile in state.piles]
        lines.append("   ".join(cells).rstrip())
    lines.append(f"stock: {len(state.stock)}   discarded: {len(state.discarded)}")
    return "\n".join(lines)


@dataclass(frozen=True)
class DiscardTextPlay:
    """What ``cardems play`` needs of a discard-family game."""

    rules: DiscardRules
    title: str

    @property
    def moves_help(self) -> str:
        return MOVES_HELP

    def start(self, code: DealCode) -> State[Any]:
        return deal(self.rules, code)

    def parse(self, text: str, state: State[Any]) -> Any:
        return parse_move(text, self.rules.piles)

    def show(self, code: DealCode, state: State[Any]) -> str:
        assert isinstance(state, DiscardState)
        return f"{code}  {self.rules.game}\n{render_state(state)}"

    def hint(self, state: State[Any]) -> str | None:
        from cardems.core.terminal import UNDECIDED_HINT
        from cardems.kit.discard.solver import solve

        assert isinstance(state, DiscardState)
        verdict = solve(state)
        if verdict.winnable is None:
            return UNDECIDED_HINT
        return str(verdict.line[0]) if verdict.line else None

    def score(self, state: State[Any]) -> tuple[int, int]:
        assert isinstance(state, DiscardState)
        return state.score, state.moves
