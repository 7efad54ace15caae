"""Placement help frames exactly the cards the rules let move home or onto another column,
in every game of the family, along random play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardems.cellgames.notation import Place
from cardems.cellgames.table import CellTable
from cardems.core.history import History
from cardems.dealcode import DealCode
from cardems.freecell.table import FreeCellTable
from cardems.seahaven.table import SeahavenTable

TABLES: dict[str, type[CellTable]] = {"FC": FreeCellTable, "SH": SeahavenTable}  # type: ignore[type-arg]
VARIANTS = {"FC": ["N", "B"], "SH": ["C4", "C2", "C1"]}


def by_the_rules(table: CellTable) -> set[tuple[Place, int]]:  # type: ignore[type-arg]
    """What the view frames when every candidate move is asked of the rules: its quick
    ``builds_on`` test, which skips most of them, switched off."""
    table.builds_on = lambda state, card, below: True  # type: ignore[method-assign]
    try:
        return table._framed()
    finally:
        del table.builds_on


@pytest.mark.parametrize("game", sorted(TABLES))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_the_framed_cards_are_the_ones_the_rules_let_move(game: str, data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from(VARIANTS[game]))
    code = DealCode(game, 1, variant, data.draw(st.integers(1, 2**31 - 1)))
    table = TABLES[game](code)
    state = table.state
    for _ in range(data.draw(st.integers(0, 40))):
        assert table._framed() == by_the_rules(table)
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(data.draw(st.sampled_from(moves)))
        table.history = History(state)
    assert table._framed() == by_the_rules(table)
