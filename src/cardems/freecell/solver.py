"""Exact FreeCell (and Baker's Game) solver under Cardems' rules: sequences move as one
when they fit (free cells + 1) × 2^(empty columns), the destination empty column not
counted; cards never leave the foundations.

Best-first searches over positions (most promising first by :func:`_score`: cards home,
how deep the next card of each suit lies, cards above a lower card of their suit, broken
sequences, free space), one per weighting of :data:`PROFILES`, each with its own queue and
transposition table, taking turns (which weighting finds a line fast differs from deal to
deal, so a portfolio cuts the slow tail). It is *exact*: "winnable" comes with
a solution, "not winnable" only once every position reachable under the rules below has
been searched, and "undecided" when a node or time budget runs out. The rules keep every
position reachable by single-card moves (a move of a sequence is a shortcut for moves
of one card each), so no winning line is lost:

- Safe cards go home at once (:func:`cardems.freecell.rules.is_safe_home`).
- A card may go to any free cell or any empty column: the cells are kept sorted and the
  transposition key sorts the columns, so one cell and one empty column stand for all.
- Every other legal move is searched: each size of sequence onto a column that takes it
  or into an empty column (not a whole column into another empty one), each card into a
  cell, and each card home.

States are compact: each column a ``bytes`` of card ordinals (0–51, ``suit * 13 + rank - 1``,
suits S H D C), the cells a sorted ``bytes`` of the cards they hold, foundations as heights.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import Literal

from cardems.freecell.rules import CELLS, FreeCellState, Move, Place

Cols = tuple[bytes, ...]
Found = tuple[int, int, int, int]
RawMove = tuple[str, int, str, int, int]
"""(source kind, index, destination kind, index, count); kinds ``c`` column, ``f`` cell
(index = the card, as cells are kept sorted), ``h`` foundation (index = suit)."""

RED = (False, True, True, False)


def _parents(by_suit: bool) -> list[tuple[int, ...]]:
    """For each card, the cards it may lie on in a column."""
    table: list[tuple[int, ...]] = []
    for card in range(52):
        suit, rank = divmod(card, 13)
        if rank == 12:
            table.append(())
        elif by_suit:
            table.append((card + 1,))
        else:
            table.append(tuple(s * 13 + rank + 1 for s in range(4) if RED[s] != RED[suit]))
    return table


PARENTS = {False: _parents(False), True: _parents(True)}


def _fits(by_suit: bool) -> list[bytes]:
    table = []
    for card in range(52):
        row = bytearray(52)
        for parent in PARENTS[by_suit][card]:
            row[parent] = 1
        table.append(bytes(row))
    return table


FITS = {False: _fits(False), True: _fits(True)}
"""``FITS[by_suit][card][below]``: 1 when ``card`` may lie on ``below``."""


OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))
"""The suits of the other colour, by suit index."""


@dataclass
class SolveResult:
    """``winnable`` True (``moves`` is a winning line), False (proved), or None (budget)."""

    winnable: bool | None
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def _safe(card: int, found: list[int] | Found, by_suit: bool) -> bool:
    suit, rank = divmod(card, 13)
    if rank != found[suit]:
        return False
    if by_suit or rank <= 1:
        return True
    a, b = OPPOSITE[suit]
    return found[a] >= rank and found[b] >= rank


def _settle(
    cols: Cols, cells: bytes, found: Found, by_suit: bool, path: list[RawMove] | None
) -> tuple[Cols, bytes, Found]:
    """Send every safe card home (recording the moves in ``path`` when given)."""
    if not any(col and _safe(col[-1], found, by_suit) for col in cols) and not any(
        _safe(card, found, by_suit) for card in cells
    ):
        return cols, cells, found
    col_list = list(cols)
    cell_list = list(cells)
    heights = list(found)
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(col_list):
            while col and _safe(col[-1], heights, by_suit):
                card = col[-1]
                heights[card // 13] += 1
                col = col[:-1]
                if path is not None:
                    path.append(("c", i, "h", card // 13, 1))
                moved = True
            col_list[i] = col
        for card in list(cell_list):
            if _safe(card, heights, by_suit):
                heights[card // 13] += 1
                cell_list.remove(card)
                if path is not None:
                    path.append(("f", card, "h", card // 13, 1))
                moved = True
    return tuple(col_list), bytes(cell_list), (heights[0], heights[1], heights[2], heights[3])


def _key(cols: Cols, cells: bytes) -> bytes:
    return b"\xff".join(sorted(cols)) + b"\xfe" + cells


def _run(col: bytes, fits: list[bytes]) -> int:
    """Length of the movable sequence at the top of a column."""
    n = len(col)
    m = 1
    while m < n and fits[col[n - m]][col[n - m - 1]]:
        m += 1
    return m


RUNS: dict[bool, dict[bytes, int]] = {False: {}, True: {}}
""":func:`_run` of the columns met lately, by column (cleared when it grows large)."""


def _children(cols: Cols, cells: bytes, found: Found, by_suit: bool) -> Iterator[RawMove]:
    """Every move the search tries (see the module docstring), the likeliest first."""
    fits = FITS[by_suit]
    parents = PARENTS[by_suit]
    runs = RUNS[by_suit]
    if len(runs) > 200_000:
        runs.clear()
    free = CELLS - len(cells)
    empty_col = -1
    empties = 0
    tops: dict[int, int] = {}
    for i, col in enumerate(cols):
        if col:
            tops[col[-1]] = i
        else:
            empties += 1
            if empty_col < 0:
                empty_col = i
    limit = (free + 1) << empties
    limit_empty = (free + 1) << (empties - 1) if empties else 0
    later: list[RawMove] = []
    for card in cells:
        if card % 13 == found[card // 13]:
            yield ("f", card, "h", card // 13, 1)
        for parent in parents[card]:
            dest = tops.get(parent)
            if dest is not None:
                yield ("f", card, "c", dest, 1)
        if empty_col >= 0:
            later.append(("f", card, "c", empty_col, 1))
    for i, col in enumerate(cols):
        if not col:
            continue
        top = col[-1]
        if top % 13 == found[top // 13]:
            yield ("c", i, "h", top // 13, 1)
        m = runs.get(col, 0)
        if not m:
            m = runs[col] = _run(col, fits)
        for k in range(1, min(m, limit) + 1):
            for parent in parents[col[-k]]:
                dest = tops.get(parent)
                if dest is not None:
                    yield ("c", i, "c", dest, k)
        if empty_col >= 0:
            for k in range(min(m, limit_empty, len(col) - 1), 0, -1):
                later.append(("c", i, "c", empty_col, k))
        if free:
            later.append(("c", i, "f", top, 1))
    yield from later


def _apply(cols: Cols, cells: bytes, found: Found, move: RawMove) -> tuple[Cols, bytes, Found]:
    skind, si, dkind, di, count = move
    col_list = list(cols)
    if skind == "c":
        moving = cols[si][-count:]
        col_list[si] = cols[si][:-count]
    else:
        moving = bytes((si,))
        cells = cells.replace(moving, b"")
    if dkind == "c":
        col_list[di] = col_list[di] + moving
    elif dkind == "f":
        cells = bytes(sorted(cells + moving))
    else:
        heights = list(found)
        heights[di] += 1
        found = (heights[0], heights[1], heights[2], heights[3])
    return tuple(col_list), cells, found


def _encode(state: FreeCellState) -> tuple[Cols, bytes, Found]:
    cols = tuple(bytes(card.ordinal for card in pile) for pile in state.columns)
    cells = bytes(sorted(card.ordinal for card in state.cells if card is not None))
    f = state.foundations
    return cols, cells, (f[0], f[1], f[2], f[3])


Weights = tuple[int, int, int, int, int, int]
"""(card home, card above the next card of a suit to go home, card above a lower card of
its suit, card out of sequence, card in a cell, empty column)."""

PROFILES: tuple[Weights, ...] = ((12, 3, 4, 2, 8, 16), (20, 6, 2, 0, 10, 16), (12, 2, 6, 2, 8, 16))
"""The search's heuristics, each with its own queue (see :func:`solve_state`), in the
order that solved deals 1-400 in the fewest positions (median and p95) among the
weightings tried, each search alone capped at 4,000 positions."""

ORDER: dict[bool, dict[bytes, tuple[int, int]]] = {False: {}, True: {}}
""":func:`_disorder` of the columns met lately, by column (cleared when it grows large)."""


def _disorder(col: bytes, fits: list[bytes]) -> tuple[int, int]:
    """The cards of a column lying above a lower card of their own suit, and the cards not
    in sequence with the card under them."""
    lower = breaks = 0
    lowest = [99, 99, 99, 99]
    below = -1
    for card in col:
        suit, rank = divmod(card, 13)
        if lowest[suit] < rank:
            lower += 1
        elif rank < lowest[suit]:
            lowest[suit] = rank
        if below >= 0 and not fits[card][below]:
            breaks += 1
        below = card
    return lower, breaks


Values = dict[Found, dict[bytes, int]]
"""A search's weighted column values (:func:`_column_value`), by foundations and column."""


def _column_value(col: bytes, found: Found, fits: list[bytes], weights: Weights) -> int:
    """A column's part of :func:`_score` (an empty one counts against it): how much it
    hides, by the depths of the next cards of the suits to go home and its disorder."""
    if not col:
        return -weights[5]
    order = ORDER[fits is FITS[True]]
    known = order.get(col)
    if known is None:
        if len(order) > 200_000:
            order.clear()
        known = order[col] = _disorder(col, fits)
    top = len(col) - 1
    depths = 0
    for suit in range(4):
        height = found[suit]
        if height < 13:
            at = col.find(suit * 13 + height)
            if at >= 0:
                depths += top - at
    return weights[1] * depths + weights[2] * known[0] + weights[3] * known[1]


def _score(
    cols: Cols,
    cells: bytes,
    found: Found,
    fits: list[bytes],
    weights: Weights,
    values: dict[bytes, int],
) -> int:
    """Lower is more promising: cards home, next cards shallow, cards in order, space free.
    ``values`` caches the columns' parts under ``found``."""
    total = 0
    for col in cols:
        value = values.get(col)
        if value is None:
            value = values[col] = _column_value(col, found, fits, weights)
        total += value
    home = found[0] + found[1] + found[2] + found[3]
    return total + weights[4] * len(cells) - weights[0] * home


def _child(
    cols: Cols, cells: bytes, found: Found, move: RawMove, by_suit: bool
) -> tuple[Cols, bytes, Found]:
    """The settled position after ``move`` from a settled one. Only a move home (the
    foundations change) or the card a move from a column uncovers can let a card go home
    safely: every other top card and cell card was not safe before and still is not."""
    new = _apply(cols, cells, found, move)
    if move[2] == "h":
        return _settle(*new, by_suit, None)
    if move[0] == "c":
        col = new[0][move[1]]
        if col:
            card = col[-1]
            if card % 13 == found[card // 13] and _safe(card, found, by_suit):
                return _settle(*new, by_suit, None)
    return new


SLICE = 256
"""Positions each search expands before the next one takes its turn."""


def solve_state(
    state: FreeCellState, *, node_limit: int | None = None, time_limit: float | None = None
) -> SolveResult:
    """Decide ``state``: a winning line, a proof that none exists, or undecided (budget).

    One best-first search per heuristic of :data:`PROFILES`, each with its own queue and
    transposition table, taking turns of :data:`SLICE` positions: which heuristic finds a
    line fast differs from deal to deal. Each search expands each position it reaches
    once, so the first one to run out of positions proves the deal not winnable."""
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    by_suit = state.by_suit
    start = _settle(*_encode(state), by_suit, None)
    searches = [_search(start, by_suit, weights) for weights in PROFILES]
    for search in searches:
        next(search)
    nodes = 0
    while True:
        for search in searches:
            budget = SLICE
            if node_limit is not None:
                budget = min(budget, node_limit - nodes)
            if budget <= 0:
                return SolveResult(None, [], nodes, _since(started))
            outcome, used = search.send(budget)
            nodes += used
            if outcome is not None:
                if outcome is False:
                    return SolveResult(False, [], nodes, _since(started))
                return SolveResult(True, _line(state, outcome), nodes, _since(started))
            if deadline is not None and time.perf_counter() > deadline:
                return SolveResult(None, [], nodes, _since(started))


Outcome = tuple[list[RawMove] | Literal[False] | None, int]
"""What a search answers after a turn: the moves of a win from the start (before the
safe moves home that follow each), False once exhausted, or None; and the positions it
expanded."""


def _search(
    start: tuple[Cols, bytes, Found], by_suit: bool, weights: Weights
) -> Generator[Outcome, int, None]:
    """One best-first search by ``weights``; sent a budget of positions, it answers an
    :data:`Outcome`. Each position keeps the key it was reached from and the move."""
    fits = FITS[by_suit]
    cols, cells, found = start
    root = _key(cols, cells)
    parents: dict[bytes, tuple[bytes, RawMove] | None] = {root: None}
    expanded: set[bytes] = set()
    counter = 0
    values: Values = {found: {}}
    heap = [(_score(cols, cells, found, fits, weights, values[found]), counter, root, *start)]
    push, pop = heapq.heappush, heapq.heappop
    w_cell = weights[4]
    budget = yield None, 0
    used = 0
    while heap:
        if used >= budget:
            budget = yield None, used
            used = 0
            if sum(map(len, values.values())) > 300_000:
                values.clear()
        score, _, key, cols, cells, found = pop(heap)
        if key in expanded:
            continue
        expanded.add(key)
        used += 1
        if found == (13, 13, 13, 13):
            line: list[RawMove] = []
            link = parents[key]
            while link is not None:
                key, move = link
                line.append(move)
                link = parents[key]
            line.reverse()
            yield line, used
            return
        here = values.get(found)
        if here is None:
            here = values[found] = {}
        for move in _children(cols, cells, found, by_suit):
            new = _child(cols, cells, found, move, by_suit)
            new_cols, new_cells, new_found = new
            new_key = b"\xff".join(sorted(new_cols)) + b"\xfe" + new_cells  # _key, inlined
            if new_key in parents:
                continue
            parents[new_key] = (key, move)
            counter += 1
            if new_found is found:  # the score changes by the columns the move changed
                priority = score + w_cell * (len(new_cells) - len(cells))
                for index in (move[1] if move[0] == "c" else -1, move[3] if move[2] == "c" else -1):
                    if index >= 0:
                        col = new_cols[index]
                        value = here.get(col)
                        if value is None:
                            value = here[col] = _column_value(col, found, fits, weights)
                        before = here.get(cols[index])
                        if before is None:
                            before = here[cols[index]] = _column_value(
                                cols[index], found, fits, weights
                            )
                        priority += value - before
            else:
                there = values.get(new_found)
                if there is None:
                    there = values[new_found] = {}
                priority = _score(*new, fits, weights, there)
            push(heap, (priority, counter, new_key, *new))
    yield False, used


def _line(state: FreeCellState, line: list[RawMove]) -> list[Move]:
    """The moves of a search's winning ``line`` from ``state``, each followed by the safe
    moves home it allows, with real cells."""
    by_suit = state.by_suit
    raw: list[RawMove] = []
    current = _settle(*_encode(state), by_suit, raw)
    for move in line:
        raw.append(move)
        current = _settle(*_apply(*current, move), by_suit, raw)
    return _to_moves(state, raw)


def _to_moves(state: FreeCellState, raw: list[RawMove]) -> list[Move]:
    """Raw moves (cells named by card) as moves between numbered cells, checked legal."""
    from cardems.freecell.rules import apply_move

    moves = []
    for skind, si, dkind, di, count in raw:
        if skind == "c":
            source = Place("column", si)
        else:
            source = Place("cell", [c and c.ordinal for c in state.cells].index(si))
        if dkind == "c":
            dest = Place("column", di)
        elif dkind == "f":
            dest = Place("cell", state.cells.index(None))
        else:
            dest = Place("foundation", di)
        move = Move(source, dest, count)
        state = apply_move(state, move)
        moves.append(move)
    return moves


def _since(started: float) -> float:
    return time.perf_counter() - started


def progress_possible(state: FreeCellState, limit: int) -> bool | None:
    """Whether moves between columns and cells can reach a position where a card can go
    home: True, False (every such position searched), or None past ``limit`` positions."""
    by_suit = state.by_suit
    cols, cells, found = _encode(state)
    seen: set[bytes] = set()
    stack = [(cols, cells)]
    while stack:
        cols, cells = stack.pop()
        for move in _children(cols, cells, found, by_suit):
            if move[2] == "h":
                return True
            new_cols, new_cells, _ = _apply(cols, cells, found, move)
            key = _key(new_cols, new_cells)
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                stack.append((new_cols, new_cells))
    return False
