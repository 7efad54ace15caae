"""The build family's one solver: any declaration, winnable with a winning line, proved
lost, or undecided within a budget of positions expanded (never the clock's verdict).

A best-first search (most promising first by :func:`_score`: cards home, how deep the
next card of each suit lies, cards lying on a lower card of their suit, free space) over
compact positions: each column a ``bytes`` of card ordinals (0–51, ``suit * 13 + rank -
1``), the cells a ``bytes`` with 255 for an empty cell, the foundations as heights.

It is exact — "not winnable" only once every position reachable under these rules has
been expanded — because it prunes only what cannot lose a win:

- The columns of a declaration are alike (the rules never tell one from another) and so
  are the cells: the transposition key sorts both, and one empty column and one free
  cell stand for all of them.
- A card whose every possible builder is home goes home at once (:func:`_safe`): nothing
  could ever be placed on it, so it only stands in the way.
- A whole column never moves into an empty one (the same position again).
- Two decks' identical cards are the same byte: positions that differ only by which of
  the two lies where are one key.

With ``whole_suits`` no card goes home alone, so none is safe: a whole suit on top of a
column goes home as one move among the others (searched first, by its score, but never
forced: a part of it may still serve as a place for another run). The score then counts
the breaks in the columns (a card not lying on the next higher card of its suit) instead
of how deep the next card of each suit lies.

Every other legal move of the engine is searched, so the search's moves are the
engine's: a winning line replays there move for move (the tests check).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise

from cardems.cellgames.notation import Move, Place
from cardems.kit.building.declare import BuildRules, Empty, Group
from cardems.kit.building.engine import BuildState, _fits

NODES = 200_000
"""The default budget of a verdict, in positions expanded."""

EMPTY = 255
Cols = tuple[bytes, ...]
Found = tuple[int, int, int, int]
Raw = tuple[str, int, str, int, int]
"""(source kind, index, destination kind, index, count): kinds ``c`` column, ``f`` cell,
``h`` foundation (index = suit)."""


@dataclass
class SolveResult:
    """``winnable`` True (``moves`` is a winning line), False (proved), or None (budget)."""

    winnable: bool | None
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    clocked: bool = False
    """Undecided because a wall-clock cap ran out, not the budget: never a verdict."""


@dataclass(frozen=True)
class _Tables:
    fits: tuple[bytes, ...]
    """``fits[card][below]``: 1 when ``card`` may lie on ``below``."""
    builders: tuple[tuple[int, ...], ...]
    """For each card, the cards that may lie on it."""
    empty: Empty
    group: Group
    refill: bool
    whole_suits: bool = False
    """Foundations take only a whole suit from a column (no card goes home alone)."""
    cards: int = 52
    """The cards home in a won position (104 with two decks)."""


@cache
def _tables(rules: BuildRules) -> _Tables:
    fits = _fits(rules)
    rows = tuple(bytes(1 if b in fits[c] else 0 for b in range(52)) for c in range(52))
    builders = tuple(tuple(x for x in range(52) if c in fits[x]) for c in range(52))
    return _Tables(
        rows,
        builders,
        rules.tableau.empty,
        rules.group,
        rules.cells.refill,
        rules.foundations.whole_suits,
        rules.cards,
    )


def _safe(card: int, found: list[int] | Found, tables: _Tables) -> bool:
    """Whether ``card`` may go home now and nothing could ever build on it."""
    suit, rank = divmod(card, 13)
    if rank != found[suit] or tables.whole_suits:
        return False
    return all(found[x // 13] > x % 13 for x in tables.builders[card])


def _settle(
    cols: Cols, cells: bytes, found: Found, tables: _Tables, path: list[Raw]
) -> tuple[Cols, bytes, Found]:
    """Send every safe card home, recording the moves in ``path``."""
    if tables.whole_suits:
        return cols, cells, found  # no card goes home alone
    col_list, cell_list, heights = list(cols), bytearray(cells), list(found)
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(col_list):
            while col and _safe(col[-1], heights, tables):
                heights[col[-1] // 13] += 1
                path.append(("c", i, "h", col[-1] // 13, 1))
                col = col[:-1]
                col_list[i] = col
                moved = True
        for i, card in enumerate(cell_list):
            if card != EMPTY and _safe(card, heights, tables):
                heights[card // 13] += 1
                path.append(("f", i, "h", card // 13, 1))
                cell_list[i] = EMPTY
                moved = True
    return tuple(col_list), bytes(cell_list), (heights[0], heights[1], heights[2], heights[3])


def _key(cols: Cols, cells: bytes) -> bytes:
    return b"\xff".join(sorted(cols)) + b"\xfe" + bytes(sorted(cells))


def _run(col: bytes, fits: tuple[bytes, ...]) -> int:
    n, m = len(col), 1
    while m < n and fits[col[n - m]][col[n - m - 1]]:
        m += 1
    return m if n else 0


def _moving(col: bytes, tables: _Tables) -> int:
    """The top cards of ``col`` that may move together, free space aside (the engine's
    :func:`~cardems.kit.building.engine.moving_length`)."""
    if tables.group is not Group.SUIT_RUN:
        return _run(col, tables.fits)
    n, m = len(col), 1
    fits = tables.fits
    while m < n and fits[col[n - m]][col[n - m - 1]] and col[n - m] // 13 == col[n - m - 1] // 13:
        m += 1
    return m if n else 0


def _whole_suit(col: bytes) -> int | None:
    """The suit of a whole suit (king down to ace) on top of ``col``, or None."""
    if len(col) < 13:
        return None
    king = col[-13]
    if king % 13 != 12 or col[-13:] != bytes(range(king, king - 13, -1)):
        return None
    return king // 13


def _limit(tables: _Tables, free: int, empty: int) -> int:
    """The most cards that may move together (the destination is not an empty column)."""
    if tables.group is Group.ONE:
        return 1
    if tables.group in (Group.RUN, Group.SUIT_RUN):
        return 52
    if tables.group is Group.CELLS:
        return free + 1
    return (free + 1) << empty


def _children(cols: Cols, cells: bytes, found: Found, tables: _Tables) -> Iterator[Raw]:
    """Every move worth searching (see the module docstring)."""
    fits = tables.fits
    free = cells.count(EMPTY)
    empties = [i for i, col in enumerate(cols) if not col]
    empty_to = empties[0] if empties and tables.empty is not Empty.NONE else None
    n_empty = len(empties)
    singles_home = not tables.whole_suits
    for i, card in enumerate(cells):  # cells: home, onto a column, into an empty column
        if card == EMPTY:
            continue
        if singles_home and card % 13 == found[card // 13]:
            yield ("f", i, "h", card // 13, 1)
        for j, col in enumerate(cols):
            if col and fits[card][col[-1]]:
                yield ("f", i, "c", j, 1)
        if empty_to is not None and (tables.empty is Empty.ANY or card % 13 == 12):
            yield ("f", i, "c", empty_to, 1)
    cell_to = cells.index(EMPTY) if free and tables.refill else None
    for i, col in enumerate(cols):
        if not col:
            continue
        top = col[-1]
        if singles_home:
            if top % 13 == found[top // 13]:
                yield ("c", i, "h", top // 13, 1)
        else:
            suit = _whole_suit(col)
            if suit is not None:
                yield ("c", i, "h", suit, 13)
        run = _moving(col, tables)
        most = min(run, _limit(tables, free, n_empty))
        for j, other in enumerate(cols):
            if j == i or not other:
                continue
            for count in range(1, most + 1):
                if fits[col[-count]][other[-1]]:
                    yield ("c", i, "c", j, count)
        if empty_to is not None:
            into = min(run, _limit(tables, free, n_empty - 1 if n_empty else 0))
            for count in range(1, into + 1):
                lead = col[-count]
                if count < len(col) and (tables.empty is Empty.ANY or lead % 13 == 12):
                    yield ("c", i, "c", empty_to, count)
        if cell_to is not None:
            yield ("c", i, "f", cell_to, 1)


def _apply(cols: Cols, cells: bytes, found: Found, move: Raw) -> tuple[Cols, bytes, Found]:
    kind, i, dest, j, count = move
    col_list, cell_list, heights = list(cols), bytearray(cells), list(found)
    if kind == "c":
        moving = col_list[i][-count:]
        col_list[i] = col_list[i][:-count]
    else:
        moving = bytes((cell_list[i],))
        cell_list[i] = EMPTY
    if dest == "c":
        col_list[j] = col_list[j] + moving
    elif dest == "f":
        cell_list[j] = moving[0]
    else:
        heights[j] += count
    return tuple(col_list), bytes(cell_list), (heights[0], heights[1], heights[2], heights[3])


class _Breaks(dict[bytes, int]):
    """Per column, how many of its cards do not lie on the next higher card of their suit
    (kept): the moves a whole suit still waits for."""

    def __missing__(self, col: bytes) -> int:
        breaks = sum(1 for a, b in pairwise(col) if b != a - 1 or a % 13 == 0)
        if len(self) < 1 << 20:
            self[col] = breaks
        return breaks


_BREAKS = _Breaks()


class _Buried(dict[bytes, int]):
    """Per column, how many of its cards lie on a lower card of their suit (kept)."""

    def __missing__(self, col: bytes) -> int:
        lowest = [99, 99, 99, 99]
        buried = 0
        for card in col:
            suit, rank = divmod(card, 13)
            if rank > lowest[suit]:
                buried += 1
            else:
                lowest[suit] = rank
        if len(self) < 1 << 20:
            self[col] = buried
        return buried


_BURIED = _Buried()


def _score(cols: Cols, cells: bytes, found: Found, tables: _Tables) -> int:
    """Higher is more promising: cards home, the next card of each suit near its column's
    top, few cards lying on a lower card of their suit, free cells and empty columns (with
    ``whole_suits``: suits home, few breaks in the columns, empty columns)."""
    if tables.whole_suits:
        breaks = sum(_BREAKS[col] for col in cols)
        empty = cols.count(b"") if tables.empty is not Empty.NONE else 0
        return 20 * sum(found) - 40 * breaks + 4 * cells.count(EMPTY) + 10 * empty
    depth = 0
    for suit in range(4):
        if found[suit] < 13:
            card = suit * 13 + found[suit]
            for col in cols:
                at = col.find(card)
                if at >= 0:
                    depth += len(col) - 1 - at
                    break
    buried = sum(_BURIED[col] for col in cols)
    free = cells.count(EMPTY)
    empty = cols.count(b"") if tables.empty is not Empty.NONE else 0
    return 20 * sum(found) - 4 * depth - 10 * buried + 4 * free + 20 * empty


def encode(state: BuildState) -> tuple[Cols, bytes, Found]:
    cols = tuple(bytes(card.ordinal for card in pile) for pile in state.columns)
    cells = bytes(EMPTY if card is None else card.ordinal for card in state.cells)
    return cols, cells, state.foundations


def solve_state(
    state: BuildState, node_limit: int | None = NODES, time_limit: float | None = None
) -> SolveResult:
    """Search ``state`` within ``node_limit`` positions expanded; ``time_limit`` is only a
    cap for a person waiting (past it: undecided, ``clocked``)."""
    tables = _tables(state.rules)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    start_path: list[Raw] = []
    start = _settle(*encode(state), tables, start_path)
    start_key = _key(start[0], start[1])
    links: dict[bytes, tuple[bytes, tuple[Raw, ...]] | None] = {start_key: None}
    queue: list[tuple[int, int, bytes, Cols, bytes, Found]] = []
    counter = 0
    heapq.heappush(queue, (0, counter, start_key, *start))
    nodes = 0
    while queue:
        _, _, key, cols, cells, found = heapq.heappop(queue)
        if sum(found) == tables.cards:
            return SolveResult(True, _line(state, start_path, links, key), nodes)
        if node_limit is not None and nodes >= node_limit:
            return SolveResult(None, nodes=nodes)
        if deadline is not None and nodes % 1024 == 0 and time.monotonic() > deadline:
            return SolveResult(None, nodes=nodes, clocked=True)
        nodes += 1
        for raw in _children(cols, cells, found, tables):
            path = [raw]
            child = _settle(*_apply(cols, cells, found, raw), tables, path)
            child_key = _key(child[0], child[1])
            if child_key in links:
                continue
            links[child_key] = (key, tuple(path))
            counter += 1
            score = _score(*child, tables)
            heapq.heappush(queue, (-score, counter, child_key, *child))
    return SolveResult(False, nodes=nodes)


def _line(
    state: BuildState,
    start_path: list[Raw],
    links: dict[bytes, tuple[bytes, tuple[Raw, ...]] | None],
    key: bytes,
) -> list[Move]:
    """The engine's moves from ``state`` to the position of ``key``."""
    steps: list[tuple[Raw, ...]] = []
    link = links[key]
    while link is not None:
        parent, raws = link
        steps.append(raws)
        link = links[parent]
    raw_line = start_path + [raw for raws in reversed(steps) for raw in raws]
    kinds = {"c": "column", "f": "cell", "h": "foundation"}
    return [Move(Place(kinds[a], i), Place(kinds[b], j), n) for a, i, b, j, n in raw_line]


def _pieces(cols: Cols) -> int:
    """How many runs of one suit, in sequence, the columns hold (a won table holds none)."""
    return sum(_BREAKS[col] + 1 for col in cols if col)


def progress_possible(state: BuildState, limit: int) -> bool | None:
    """Whether some line of moves between columns and cells leads to a card that may go
    home: True, False (every such position seen) or None (past ``limit`` positions).

    With ``whole_suits`` a line that leaves fewer runs of one suit in the columns is
    progress too: a won table has none, so from a position where no line lowers their
    count (or sends a suit home) the deal can no longer be won, and a line that joins two
    runs ends the search long before a whole suit lies ready."""
    tables = _tables(state.rules)
    start = encode(state)
    pieces = _pieces(start[0]) if tables.whole_suits else None
    seen = {_key(start[0], start[1])}
    frontier = [start]
    while frontier:
        cols, cells, found = frontier.pop()
        for raw in _children(cols, cells, found, tables):
            if raw[2] == "h":
                return True
            child = _apply(cols, cells, found, raw)
            if pieces is not None and _pieces(child[0]) < pieces:
                return True
            key = _key(child[0], child[1])
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                frontier.append(child)
    return False
