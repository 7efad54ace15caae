"""Heart to Heart in a terminal (``cardems play``): moves as ``D``, ``R``, ``12+25``,
``25+W``; the heart drawn beside the numbers of its places."""

from __future__ import annotations

from typing import Any

from cardems.core.game import State
from cardems.dealcode import DealCode
from cardems.heart_to_heart.rules import HeartState, deal, parse_moves
from cardems.heart_to_heart.table import PLACES
from cardems.i18n.markers import N_
from cardems.kit.pairs.ranks import hint
from cardems.kit.pairs.text import render_state

MOVES_HELP = N_("moves: D draw, R recycle, 12+25 pair two positions, 25+W pair with the waste")


class HeartTextPlay:
    """``cardems play`` for Heart to Heart."""

    title = N_("Heart to Heart")
    moves_help = MOVES_HELP

    def start(self, code: DealCode) -> State[Any]:
        return deal(code)

    def parse(self, text: str, state: State[Any]) -> Any:
        return parse_moves([text])[0]

    def show(self, code: DealCode, state: State[Any]) -> str:
        assert isinstance(state, HeartState)
        return render_state(state, PLACES, show_stock=False, numbered=True)

    def hint(self, state: State[Any]) -> str | None:
        assert isinstance(state, HeartState)
        move = hint(state)
        return None if move is None else str(move)

    def score(self, state: State[Any]) -> tuple[int, int]:
        assert isinstance(state, HeartState)
        return state.score, state.moves
