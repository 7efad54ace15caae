"""A pairs game in a terminal (``cardems play``): moves in the family's notation, the
layout drawn beside the numbers of its places, hints by the game's decision."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardems.core.game import State
from cardems.dealcode import DealCode
from cardems.kit.pairs.engine import PairsState
from cardems.kit.pairs.text import render_state

if TYPE_CHECKING:
    from cardems.kit.pairs.game import PairsGame


class PairsTextPlay:
    """``cardems play`` for a pairs game with its ``title`` and ``moves_help``."""

    def __init__(self, game: PairsGame, title: str, moves_help: str) -> None:
        self.game = game
        self.title = title
        self.moves_help = moves_help
        self.solitaire = game.solitaire()

    def start(self, code: DealCode) -> State[Any]:
        state: State[Any] = self.game.deal(code)
        return state

    def parse(self, text: str, state: State[Any]) -> Any:
        return self.solitaire.state.move.parse(text)

    def show(self, code: DealCode, state: State[Any]) -> str:
        assert isinstance(state, PairsState)
        places = self.solitaire.look.places
        return render_state(state, places, show_stock=False, numbered=True)

    def hint(self, state: State[Any]) -> str | None:
        line = self.game.decision(state)[1]
        return str(line[0]) if line else None

    def score(self, state: State[Any]) -> tuple[int, int]:
        assert isinstance(state, PairsState)
        return state.score, state.moves
