"""The spaces family's solver: winnable?, a winning line, bounded by positions.

A best-first search over positions (the layout and the redeals left), the most promising
first, each position expanded once (a transposition table), bounded by the positions
expanded and never by the clock. A position's promise: three points a card in place
(in its row's run from the left), one a card lying right of the card one rank below it
of its suit (a pair the runs will take whole), and :data:`REDEAL_WORTH` a redeal left
(so a redeal is spent only once the deal at hand has nothing better). The redeal is a
move like the others: its shuffle is a function of the code and of the cards gathered,
so the search knows what it deals (the player sees it only once it is made). With no
redeal left the rows are interchangeable and a position is its rows in sorted order.

"Not winnable" only once every position reachable is expanded; past ``nodes`` the
answer is undecided.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from cardems.kit.spaces.declare import RANKS, SpacesRules
from cardems.kit.spaces.engine import (
    REDEAL,
    SPACE,
    Grid,
    Move,
    SpacesState,
    fills,
    moved,
    redealt,
    runs,
)

NODES = 60_000
"""Positions a verdict may expand (``cardems solve``, ``analyze``, hints and Winnable?)."""
WINNABLE_NODES = 6_000
"""Positions a winnable-only deal or a level's deal may take to be proved winnable: a
deal past it is passed over."""
DAILY_NODES = 2_500
"""Positions the day's deal may take to be proved winnable (the day's first home page
waits for it)."""
REDEAL_WORTH = 8
"""A redeal left is worth this many points of promise (best of 2, 4, 8, 12 and 20 on
deals 1000-1049 at 5,000 positions: 37 won, against 32-36)."""


@dataclass(frozen=True)
class Verdict:
    """``winnable`` (None: undecided within the budget), a winning line, the positions
    expanded."""

    winnable: bool | None
    line: tuple[Move, ...] | None
    nodes: int


def promise(rules: SpacesRules, grid: Grid, redeals: int) -> int:
    """How near ``grid`` looks to a win (see the module docstring)."""
    columns = rules.columns
    pairs = 0
    for i in range(rules.places):
        card = grid[i]
        if card != SPACE and i % columns and grid[i - 1] == card - 1 and card % RANKS > 1:
            pairs += 1
    return 3 * sum(runs(rules, grid)) + pairs + REDEAL_WORTH * redeals


def key_of(rules: SpacesRules, grid: Grid, redeals: int) -> tuple[bytes, int]:
    """The transposition key: with no redeal left, the rows in sorted order."""
    if redeals:
        return grid, redeals
    columns = rules.columns
    rows = sorted(grid[i : i + columns] for i in range(0, rules.places, columns))
    return b"".join(rows), 0


def solve(state: SpacesState, nodes: int = NODES) -> Verdict:
    """The verdict from ``state`` within ``nodes`` positions expanded."""
    rules = state.rules
    won = rules.rows * (rules.columns - 1)
    # a node: (parent index, move from the parent's layout, layout, redeals left, done)
    found: list[tuple[int, tuple[int, int], Grid, int, int]] = [
        (-1, (0, 0), state.grid, state.redeals, state.dealt)
    ]
    seen = {key_of(rules, state.grid, state.redeals)}
    heap = [(-promise(rules, state.grid, state.redeals), 0)]
    deals: dict[tuple[Grid, int], Grid] = {}
    expanded = 0

    def line(index: int) -> tuple[Move, ...]:
        moves = []
        while index > 0:
            parent, (source, target), *_ = found[index]
            moves.append(Move(source, target, rules.columns))
            index = parent
        return tuple(reversed(moves))

    if sum(runs(rules, state.grid)) == won:
        return Verdict(True, (), 0)
    while heap:
        _, newest = heapq.heappop(heap)
        index = -newest  # among equal promise, the newest first
        expanded += 1
        if expanded > nodes:
            return Verdict(None, None, expanded - 1)
        _, _, grid, redeals, dealt = found[index]
        children = [(moved(grid, s, t), (s, t), redeals, dealt) for s, t in fills(rules, grid)]
        if redeals:
            lengths = runs(rules, grid)
            kept = b"".join(
                grid[r * rules.columns : r * rules.columns + n] for r, n in enumerate(lengths)
            )
            memo = (kept + bytes(lengths), dealt)
            if memo not in deals:
                deals[memo] = redealt(rules, grid, state.seed, state.number, dealt + 1)
            children.append((deals[memo], (REDEAL, REDEAL), redeals - 1, dealt + 1))
        for child, move, left, done in children:
            key = key_of(rules, child, left)
            if key in seen:
                continue
            seen.add(key)
            found.append((index, move, child, left, done))
            if sum(runs(rules, child)) == won:
                return Verdict(True, line(len(found) - 1), expanded)
            heapq.heappush(heap, (-promise(rules, child, left), 1 - len(found)))
    return Verdict(False, None, expanded)
