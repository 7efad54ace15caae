"""Evidence that another seat is shooting the moon, from what the table has seen.

A fixed count (wake when one seat holds every point taken and at least ``n``) wakes
either too late for a run that started early or too often for a seat that took one
unlucky Q♠. The evidence here is what a runner does and others do not: one seat holds
every point taken while points are still out, and it has pressed for them — it led a
heart, or won a trick with a high heart of its own, or took points in two tricks or
more.
"""

from __future__ import annotations

from cardems.hearts.core import POINTS
from cardems.hearts.view import SeatView

HIGH_HEART = 13 + 9
"""The J♥: a heart this high winning its own trick is a runner's card."""


def moon_threat(view: SeatView) -> int:
    """The other seat the evidence says is running for the moon, or -1."""
    points = view.round_points
    total = sum(points)
    if not 0 < total < 26:
        return -1
    runner = next((s for s in range(4) if points[s] == total), -1)
    if runner in (-1, view.seat):
        return -1
    point_tricks = 0
    for trick in view.tricks:
        if trick.winner != runner:
            continue
        if any(POINTS[c] for c in trick.cards):
            point_tricks += 1
        own = trick.cards[(runner - trick.leader) % 4]
        if trick.leader == runner and 13 <= trick.cards[0] < 26:
            return runner  # it led a heart
        if 13 <= trick.cards[0] < 26 and HIGH_HEART <= own < 26:
            return runner  # it won a heart trick with a high heart of its own
    return runner if point_tricks >= 2 else -1
