"""The pyramid's geometry: rows, which cards cover which, and the masks the solver uses.

Positions are numbered 1–28 row by row from the top (1 is the apex, 22–28 the bottom
row). The card at row ``r``, index ``k`` (both from 0) is covered by the cards at row
``r + 1``, indexes ``k`` and ``k + 1``. Internally the solver uses 0-based indices
(``position - 1``) and bit masks (bit ``position - 1``).
"""

from __future__ import annotations

from cardems.kit.covers import Covers

ROWS = 7
POSITION_COUNT = 28
POSITIONS = tuple(range(1, POSITION_COUNT + 1))

ROW: tuple[int, ...] = tuple(row + 1 for row in range(ROWS) for _ in range(row + 1))
"""``ROW[i]``: the row (1–7) of position ``i + 1``."""

INDEX_IN_ROW: tuple[int, ...] = tuple(k for row in range(ROWS) for k in range(row + 1))
"""``INDEX_IN_ROW[i]``: the place (0 = leftmost) of position ``i + 1`` in its row."""


def position_of(row: int, index: int) -> int:
    """The position (1-based) of the card at ``row`` (1–7) and ``index`` (0-based)."""
    return (row - 1) * row // 2 + index + 1


COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    ()
    if ROW[i] == ROWS
    else (position_of(ROW[i] + 1, INDEX_IN_ROW[i]), position_of(ROW[i] + 1, INDEX_IN_ROW[i] + 1))
    for i in range(POSITION_COUNT)
)
"""``COVERED_BY[i]``: the positions of the two cards covering position ``i + 1``."""

COVERING = Covers(COVERED_BY)
FULL_MASK = COVERING.full
COVER_MASK = COVERING.cover
"""``COVER_MASK[i]``: bit mask of the cards covering position ``i + 1``."""
BELOW_MASK = COVERING.below
"""``BELOW_MASK[i]``: every card that must go before position ``i + 1`` is free."""
FREE = COVERING.reachable
"""Free-cards mask of every reachable removed-cards mask (1,430 of them)."""
free_mask = COVERING.free
"""Bit mask of the free positions when the cards in ``removed`` are gone."""
comparable = COVERING.comparable
"""Whether positions ``a`` and ``b`` (1-based) can never be free at the same time."""
