"""Placement help frames exactly the cards the rules let move home or onto another column,
in every game of the family, along random play."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.core.history import History
from cardems.dealcode import DealCode
from cardems.freecell.table import FreeCellTable
from cardems.kit import SolitaireTable
from cardems.seahaven.table import SeahavenTable

TABLES: dict[str, type[SolitaireTable[Any, Any]]] = {"FC": FreeCellTable, "SH": SeahavenTable}
VARIANTS = {"FC": ["N", "B"], "SH": ["C4", "C2", "C1"]}


def framed(table: SolitaireTable[Any, Any]) -> set[tuple[str, int]]:
    """(pile, depth from the top) of the cards the view frames."""
    return {
        (pile["target"], depth)
        for pile in table.view()["piles"]
        for depth, card in enumerate(reversed(pile["cards"]), 1)
        if card["framed"]
    }


def by_the_rules(table: SolitaireTable[Any, Any]) -> set[tuple[str, int]]:
    """What a tap would move from each column or cell to a foundation or another column,
    asked of the rules (a whole column is not moved into an empty one)."""
    state, solitaire = table.state, table.solitaire
    targets = solitaire.declaration.targets
    sources = [t for t in targets if t.startswith(("column", "cell"))]
    dests = [t for t in targets if t.startswith(("column", "foundation"))]
    found = set()
    for source in sources:
        for dest in dests:
            if dest == source:
                continue
            move = solitaire.move_for(state, source, dest, None)
            if move is None or state.refusal(move) is not None:
                continue
            whole = move.count == solitaire.size(state, source) and source.startswith("column")
            if whole and not solitaire.size(state, dest) and dest.startswith("column"):
                continue
            found.add((source, move.count))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(TABLES))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_the_framed_cards_are_the_ones_the_rules_let_move(game: str, data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from(VARIANTS[game]))
    code = DealCode(game, 1, variant, data.draw(st.integers(1, 2**31 - 1)))
    table = TABLES[game](code)
    state = table.state
    for _ in range(data.draw(st.integers(0, 40))):
        assert framed(table) == by_the_rules(table)
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(data.draw(st.sampled_from(moves)))
        table.history = History(state)
    assert framed(table) == by_the_rules(table)
