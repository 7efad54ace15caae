"""Layouts where cards lie over others (the Pyramid family: Pyramid, Heart to Heart,
TriPeaks): who covers whom, as the bit masks the rules and solvers use.

Positions are 1-based; bit ``p - 1`` of a mask stands for position ``p``. A card is
*free* once every card covering it is gone.
"""

from __future__ import annotations


class Covers:
    """The masks of a layout given ``covered_by[i]``, the positions covering ``i + 1``."""

    def __init__(self, covered_by: tuple[tuple[int, ...], ...]) -> None:
        self.count = len(covered_by)
        self.full = (1 << self.count) - 1
        """Every position."""
        self.cover: tuple[int, ...] = tuple(sum(1 << (p - 1) for p in c) for c in covered_by)
        """``cover[i]``: the cards covering position ``i + 1``."""
        below = [0] * self.count
        for i in reversed(range(self.count)):  # a card's covers are numbered after it
            for p in covered_by[i]:
                if p - 1 <= i:
                    raise ValueError(f"position {i + 1} is covered by {p}, not numbered after it")
                below[i] |= 1 << (p - 1) | below[p - 1]
        self.below: tuple[int, ...] = tuple(below)
        """``below[i]``: every card that must go before position ``i + 1`` is free (its
        covers, their covers, …)."""
        self.reachable: dict[int, int] = self._reachable()
        """The free cards of every removed-cards mask a game can reach (the cards removed
        always include every card over each of them)."""

    def free_of(self, removed: int) -> int:
        """The free positions once the cards of ``removed`` are gone (any mask)."""
        mask = 0
        for i in range(self.count):
            if not removed >> i & 1 and not self.cover[i] & ~removed:
                mask |= 1 << i
        return mask

    def free(self, removed: int) -> int:
        """:meth:`free_of`, looked up for the masks a game reaches."""
        mask = self.reachable.get(removed)
        return self.free_of(removed) if mask is None else mask

    def comparable(self, a: int, b: int) -> bool:
        """Whether positions ``a`` and ``b`` can never be free at the same time."""
        return bool(self.below[a - 1] >> (b - 1) & 1 or self.below[b - 1] >> (a - 1) & 1)

    def _reachable(self) -> dict[int, int]:
        table = {0: self.free_of(0)}
        stack = [0]
        while stack:
            removed = stack.pop()
            free = table[removed]
            while free:
                low = free & -free
                free ^= low
                if (bigger := removed | low) not in table:
                    table[bigger] = self.free_of(bigger)
                    stack.append(bigger)
        return table
