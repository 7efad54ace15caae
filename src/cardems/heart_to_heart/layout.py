"""The heart's geometry: rows, x-coordinates, which cards cover which.

Positions are numbered 1–25 row by row from the top, left to right; 25 is the tip.
Rows hold 4, 6, 5, 4, 3, 2, 1 cards. x-coordinates are in card widths, in half-card
steps (see the rules page): a card at ``x`` in row ``r`` is covered by the cards of row ``r + 1``
at ``x - 0.5`` and ``x + 0.5`` that exist. Internally the solver uses 0-based indices
(``position - 1``) and bit masks (bit ``position - 1``).
"""

from __future__ import annotations

from cardems.kit.covers import Covers

ROW_SIZES = (4, 6, 5, 4, 3, 2, 1)
POSITION_COUNT = 25
POSITIONS = tuple(range(1, POSITION_COUNT + 1))
TIP = 25

_ROW_X2 = (  # x-coordinates doubled, so that half-card steps are integers
    (1, 3, 7, 9),
    (0, 2, 4, 6, 8, 10),
    (1, 3, 5, 7, 9),
    (2, 4, 6, 8),
    (3, 5, 7),
    (4, 6),
    (5,),
)

ROW: tuple[int, ...] = tuple(row + 1 for row, xs in enumerate(_ROW_X2) for _ in xs)
"""``ROW[i]``: the row (1–7) of position ``i + 1``."""

X: tuple[float, ...] = tuple(x2 / 2 for xs in _ROW_X2 for x2 in xs)
"""``X[i]``: the x-coordinate (card widths) of position ``i + 1``."""

COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    tuple(j + 1 for j in range(POSITION_COUNT) if ROW[j] == ROW[i] + 1 and abs(X[j] - X[i]) == 0.5)
    for i in range(POSITION_COUNT)
)
"""``COVERED_BY[i]``: the positions (1-based) of the cards covering position ``i + 1``."""

COVERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in POSITIONS if i + 1 in COVERED_BY[p - 1]) for i in range(POSITION_COUNT)
)
"""``COVERS[i]``: the positions that the card at position ``i + 1`` covers."""

COVERING = Covers(COVERED_BY)
COVER_MASK = COVERING.cover
"""``COVER_MASK[i]``: bit mask of the cards covering position ``i + 1``."""
BELOW_MASK = COVERING.below
"""``BELOW_MASK[i]``: every card that must go before position ``i + 1`` can be played
(its covers, their covers, …, down to the tip)."""
FULL_MASK = COVERING.full
AVAILABLE = COVERING.reachable
"""Available-cards mask of every reachable removed-cards mask (623 of them)."""
available_mask = COVERING.free
"""Bit mask of the available positions when the cards in ``removed`` are gone."""
comparable = COVERING.comparable
"""Whether positions ``a`` and ``b`` can never be available at the same time."""
