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
from collections.abc import Iterable

from cardems.kit import verdict
from cardems.kit.spaces.declare import SpacesRules
from cardems.kit.spaces.engine import (
    REDEAL,
    SPACE,
    Grid,
    Move,
    SpacesState,
    fills,
    moved,
    redealt,
    row_run,
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


Verdict = verdict.Verdict[Move]
"""The family's verdict (:class:`cardems.kit.verdict.Verdict`)."""


def pairs_at(rules: SpacesRules, grid: Grid, edges: Iterable[int]) -> int:
    """How many of ``edges`` (place ``e`` beside place ``e - 1`` of its row) join a card
    to the card one rank below it of its suit."""
    return sum(
        1 for e in edges if e % rules.columns and grid[e] != SPACE and grid[e - 1] == grid[e] - 1
    )


def promise(in_place: int, pairs: int, redeals: int) -> int:
    """How near a position looks to a win (see the module docstring)."""
    return 3 * in_place + pairs + REDEAL_WORTH * redeals


def key_of(rules: SpacesRules, grid: Grid, redeals: int) -> tuple[bytes, int]:
    """The transposition key: with no redeal left, the rows in sorted order."""
    if redeals:
        return grid, redeals
    columns = rules.columns
    rows = sorted(grid[i : i + columns] for i in range(0, rules.places, columns))
    return b"".join(rows), 0


Node = tuple[int, tuple[int, int], Grid, int, int, tuple[int, ...], int]
"""The parent's index, the move from its layout, the layout, the redeals left and done,
each row's run and the pairs in order (kept to score a child from its parent's)."""


def solve(state: SpacesState, nodes: int = NODES) -> Verdict:
    """The verdict from ``state`` within ``nodes`` positions expanded."""
    rules = state.rules
    columns = rules.columns
    won = rules.rows * (columns - 1)
    every_edge = range(1, rules.places)
    lengths = runs(rules, state.grid)
    pairs = pairs_at(rules, state.grid, every_edge)
    found: list[Node] = [(-1, (0, 0), state.grid, state.redeals, state.dealt, lengths, pairs)]
    seen = {key_of(rules, state.grid, state.redeals)}
    heap = [(-promise(sum(lengths), pairs, state.redeals), 0)]
    deals: dict[tuple[bytes, int], Grid] = {}
    expanded = 0

    def line(index: int) -> tuple[Move, ...]:
        moves = []
        while index > 0:
            parent, (source, target), *_ = found[index]
            moves.append(Move(source, target, columns))
            index = parent
        return tuple(reversed(moves))

    if sum(lengths) == won:
        return Verdict(True, (), 0)
    while heap:
        _, newest = heapq.heappop(heap)
        index = -newest  # among equal promise, the newest first
        expanded += 1
        if expanded > nodes:
            return Verdict(None, None, expanded - 1)
        _, _, grid, redeals, dealt, lengths, pairs = found[index]
        children: list[tuple[Grid, tuple[int, int], int]] = [
            (moved(grid, source, target), (source, target), redeals)
            for source, target in fills(rules, grid)
        ]
        if redeals:
            kept = b"".join(grid[r * columns : r * columns + n] for r, n in enumerate(lengths))
            memo = (kept + bytes(lengths), dealt)
            if memo not in deals:
                deals[memo] = redealt(rules, grid, state.seed, state.number, dealt + 1)
            children.append((deals[memo], (REDEAL, REDEAL), redeals - 1))
        for child, move, left in children:
            key = key_of(rules, child, left)
            if key in seen:
                continue
            seen.add(key)
            source, target = move
            if source == REDEAL:  # a new layout: score it whole
                child_lengths, grown = runs(rules, child), pairs_at(rules, child, every_edge)
            else:  # one card moved: only its two places and their rows change
                edges = {e for e in (source, source + 1, target, target + 1) if e < rules.places}
                grown = pairs - pairs_at(rules, grid, edges) + pairs_at(rules, child, edges)
                changed = list(lengths)
                for row in {source // columns, target // columns}:
                    changed[row] = row_run(rules, child, row)
                child_lengths = tuple(changed)
            found.append((index, move, child, left, dealt + (left < redeals), child_lengths, grown))
            in_place = sum(child_lengths)
            if in_place == won:
                return Verdict(True, line(len(found) - 1), expanded)
            heapq.heappush(heap, (-promise(in_place, grown, left), 1 - len(found)))
    return Verdict(False, None, expanded)


hint_verdict = solve
"""A hint's search: the full one (within :data:`NODES`)."""
