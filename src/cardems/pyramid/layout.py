"""The pyramid's geometry: rows, which cards cover which, and the masks the solver uses.

Positions are numbered 1–28 row by row from the top (1 is the apex, 22–28 the bottom
row). The card at row ``r``, index ``k`` (both from 0) is covered by the cards at row
``r + 1``, indexes ``k`` and ``k + 1``. Internally the solver uses 0-based indices
(``position - 1``) and bit masks (bit ``position - 1``).
"""

from __future__ import annotations

ROWS = 7
POSITION_COUNT = 28
POSITIONS = tuple(range(1, POSITION_COUNT + 1))
FULL_MASK = (1 << POSITION_COUNT) - 1

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

COVER_MASK: tuple[int, ...] = tuple(sum(1 << (p - 1) for p in cover) for cover in COVERED_BY)
"""``COVER_MASK[i]``: bit mask of the cards covering position ``i + 1``."""


def _cone(index: int) -> int:
    mask = 0
    for p in COVERED_BY[index]:
        mask |= 1 << (p - 1) | _cone(p - 1)
    return mask


BELOW_MASK: tuple[int, ...] = tuple(_cone(i) for i in range(POSITION_COUNT))
"""``BELOW_MASK[i]``: every card that must go before position ``i + 1`` is free."""


def comparable(a: int, b: int) -> bool:
    """Whether positions ``a`` and ``b`` (1-based) can never be free at the same time."""
    return bool(BELOW_MASK[a - 1] >> (b - 1) & 1 or BELOW_MASK[b - 1] >> (a - 1) & 1)


def _free_mask(removed: int) -> int:
    mask = 0
    for i in range(POSITION_COUNT):
        if not removed >> i & 1 and not COVER_MASK[i] & ~removed:
            mask |= 1 << i
    return mask


def _reachable() -> dict[int, int]:
    """Free cards of every removed-cards mask a game can reach (1,430 of them: a removed
    card's covers are always removed too)."""
    table = {0: _free_mask(0)}
    stack = [0]
    while stack:
        removed = stack.pop()
        free = table[removed]
        while free:
            low = free & -free
            free ^= low
            bigger = removed | low
            if bigger not in table:
                table[bigger] = _free_mask(bigger)
                stack.append(bigger)
    return table


FREE: dict[int, int] = _reachable()
"""Free-cards mask of every reachable removed-cards mask."""


def free_mask(removed: int) -> int:
    """Bit mask of the free positions when the cards in ``removed`` are gone."""
    mask = FREE.get(removed)
    return _free_mask(removed) if mask is None else mask
