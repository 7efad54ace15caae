"""The engine's legal moves, over random play of every game the family's declarations play:
exactly the moves :func:`~cardems.kit.building.engine.check_move` accepts (its quick tests
skip only refused moves), each once."""

from __future__ import annotations

import random

import pytest

from cardems.cellgames.notation import Move, Place
from cardems.core.registry import games
from cardems.dealcode import DealCode
from cardems.kit.building.engine import DRAW, RESERVE_PLACE, WASTE, BuildState, check_move, deal
from cardems.kit.building.game import Declared

CODES = [
    DealCode(game.family.prefix, game.family.versions[-1], variant, 0)
    for game in games()
    if isinstance(game, Declared)
    for variant in game.family.variants
]


def accepted(state: BuildState) -> set[Move]:
    """Every move from every pile to every pile that ``check_move`` accepts."""
    piles = [Place("column", i) for i in range(len(state.columns))]
    piles += [Place("cell", i) for i in range(len(state.cells))]
    piles += [Place("foundation", i) for i in range(4)]
    sources = [*piles, WASTE, RESERVE_PLACE]
    moves = {
        Move(source, dest, count)
        for source in sources
        if state.cards_at(source)
        for dest in piles
        for count in range(1, len(state.cards_at(source)) + 1)
    }
    moves.add(DRAW)
    return {move for move in moves if check_move(state, move) is None}


@pytest.mark.slow
@pytest.mark.parametrize("code", CODES, ids=str)
def test_the_legal_moves_are_the_moves_the_rules_accept(code: DealCode) -> None:
    game = next(game for game in games() if game.family.prefix == code.game)
    assert isinstance(game, Declared)
    state = deal(game.rules_for(code), code)
    rng = random.Random(str(code))
    for _ in range(40):
        moves = state.legal_moves()
        assert len(moves) == len(set(moves)) and set(moves) == accepted(state)
        if not moves:
            break
        state = state.apply(rng.choice(moves))
