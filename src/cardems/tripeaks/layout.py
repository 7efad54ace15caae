"""The three peaks' geometry: rows, x-coordinates, which cards cover which.

Positions are numbered 1–28 row by row from the top, left to right: 1–3 are the peaks'
tips, 4–9 the second row (two per peak), 10–18 the third (three per peak) and 19–28 the
bottom row, face up from the start. x-coordinates are in half-card steps: the card at
``x`` in a row is covered by the two cards of the row below at ``x - 1`` and ``x + 1``.
A card is face up exactly when nothing covers it any more. Internally 0-based indices
(``position - 1``) and bit masks (bit ``position - 1``) are used.
"""

from __future__ import annotations

POSITION_COUNT = 28
POSITIONS = tuple(range(1, POSITION_COUNT + 1))
FULL_MASK = (1 << POSITION_COUNT) - 1

_ROW_X2: tuple[tuple[int, ...], ...] = (
    (3, 9, 15),
    (2, 4, 8, 10, 14, 16),
    (1, 3, 5, 7, 9, 11, 13, 15, 17),
    tuple(range(0, 20, 2)),
)

ROW: tuple[int, ...] = tuple(row + 1 for row, xs in enumerate(_ROW_X2) for _ in xs)
"""``ROW[i]``: the row (1–4) of position ``i + 1``."""

X2: tuple[int, ...] = tuple(x2 for xs in _ROW_X2 for x2 in xs)
"""``X2[i]``: the x-coordinate of position ``i + 1`` in half-card steps (0–18)."""

COVERED_BY: tuple[tuple[int, ...], ...] = tuple(
    tuple(j + 1 for j in range(POSITION_COUNT) if ROW[j] == ROW[i] + 1 and abs(X2[j] - X2[i]) == 1)
    for i in range(POSITION_COUNT)
)
"""``COVERED_BY[i]``: the positions (1-based) of the two cards covering position ``i + 1``
(none for the bottom row)."""

COVER_MASK: tuple[int, ...] = tuple(sum(1 << (p - 1) for p in covered) for covered in COVERED_BY)
"""``COVER_MASK[i]``: bit mask of the cards covering position ``i + 1``."""

PEAKS = (1, 2, 3)
"""The tips: a peak is cleared when its tip goes (everything under it has gone first)."""

PEAK_BONUS = (15, 15, 30)
"""Points for the first, second and third peak cleared."""


def uncovered_mask(present: int) -> int:
    """The positions of ``present`` (a mask of the cards still there) that nothing covers."""
    mask = 0
    for i in range(POSITION_COUNT):
        if present >> i & 1 and not COVER_MASK[i] & present:
            mask |= 1 << i
    return mask
