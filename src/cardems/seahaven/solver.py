"""Exact Seahaven Towers solver under Cardems' rules (group moves up to
(free cells + 1) × 2^(empty columns), the destination empty column not counted).

A best-first search over positions (most promising first by :func:`_score`: cards home,
how deep the next card of each suit lies, cards above a lower card of their suit, free
space) with a transposition table. It is *exact*: it answers "winnable" with a solution,
"not winnable" only after every position reachable under the pruning rules below has been
searched, and "undecided" when a node or time budget runs out.
Every pruning rule keeps at least one winning line when there is one:

- Cards that can go to their foundation go at once (safe in Seahaven: only the next lower
  card of the same suit could ever be built on them, and it is home already). Cards are
  never taken back from the foundations (for the same reason it never helps).
- Runs move whole: a part of a run could only go onto the card right under it, so only
  the maximal same-suit run at the top of a column moves to another column; a king-led run
  goes to an empty column only if something lies under it. A column that is one king-led
  run (the king at the bottom) is taken apart into the cells only when all of it fits
  there at once (to empty the column): parking part of it earlier frees nothing, since its
  top card takes only the card that was on it, so that line can wait.
- A run of ``m >= 2`` cards goes into the cells only whole, as one step of ``m`` moves,
  when it fits: a card in a cell above its parent is undone by the rule below, and
  parking part of a run then moving the rest as a group is never possible when moving
  the whole run as a group is not (each parked card lowers the group limit by
  2^(empty columns) >= 1 and the group by only 1).
- A cell card whose parent (same suit, one rank higher) tops a column goes onto it at
  once: the position after that move has one more free cell and can do everything the
  position before could (a move of the parent becomes a move of the parent with the card
  on it, which the extra free cell always allows).
- One empty cell and one empty column stand for all of them; cells are never swapped.
- The transposition table keys positions up to the order of columns and of cells.

States are compact: each column a ``bytes`` of card ordinals (0–51, ``suit * 13 + rank - 1``),
cells a tuple of ordinals (-1 when empty), foundations as heights.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field

from cardems.seahaven.rules import Move, Place, SeahavenState

EMPTY = -1
KING = 12  # rank - 1 of a king

Cols = tuple[bytes, ...]
Cells = tuple[int, ...]
Found = tuple[int, ...]
RawMove = tuple[str, int, str, int, int]
"""(source kind, index, destination kind, index, count); kinds ``c`` column, ``f`` cell,
``h`` foundation (index = suit)."""


@dataclass
class SolveResult:
    """``winnable`` True (``moves`` is a winning line), False (proved), or None (budget)."""

    winnable: bool | None
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def _settle(
    cols: Cols, cells: Cells, found: Found, path: list[RawMove]
) -> tuple[Cols, Cells, Found]:
    """Make the forced moves (recording them): every card that can go home goes, and every
    cell card whose parent (same suit, one higher) tops a column goes onto it."""
    tops = {col[-1]: i for i, col in enumerate(cols) if col}
    if not any(top % 13 == found[top // 13] for top in tops) and not any(
        card != EMPTY
        and (card % 13 == found[card // 13] or (card + 1 in tops and card % 13 != KING))
        for card in cells
    ):
        return cols, cells, found
    col_list = list(cols)
    cell_list = list(cells)
    heights = list(found)
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(col_list):
            while col:
                card = col[-1]
                suit = card // 13
                if card % 13 != heights[suit]:
                    break
                heights[suit] += 1
                col = col[:-1]
                path.append(("c", i, "h", suit, 1))
                moved = True
            col_list[i] = col
        tops = {col[-1]: i for i, col in enumerate(col_list) if col}
        for i, card in enumerate(cell_list):
            if card == EMPTY:
                continue
            if card % 13 == heights[card // 13]:
                heights[card // 13] += 1
                cell_list[i] = EMPTY
                path.append(("f", i, "h", card // 13, 1))
                moved = True
            elif card % 13 != KING and card + 1 in tops:
                j = tops.pop(card + 1)
                col_list[j] = col_list[j] + bytes((card,))
                tops[card] = j
                cell_list[i] = EMPTY
                path.append(("f", i, "c", j, 1))
                moved = True
    return tuple(col_list), tuple(cell_list), tuple(heights)


def _key(cols: Cols, cells: Cells) -> bytes:
    return b"\xff".join(sorted(cols)) + b"\xfe" + bytes(sorted(c for c in cells if c != EMPTY))


def _run(col: bytes) -> int:
    """Length of the same-suit run at the top of a column."""
    n = len(col)
    m = 1
    while m < n and col[n - m - 1] == col[n - m] + 1 and col[n - m] % 13 != KING:
        m += 1
    return m


def _children(cols: Cols, cells: Cells) -> list[list[RawMove]]:
    """Candidate moves, most promising first (forced moves are made by _settle); each is a
    list of moves: parking a run in the cells is one step of several moves."""
    free_cells = [i for i, card in enumerate(cells) if card == EMPTY]
    free = len(free_cells)
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
    to_column: list[list[RawMove]] = []
    kings: list[list[RawMove]] = []
    to_cell: list[list[RawMove]] = []
    for i, col in enumerate(cols):
        if not col:
            continue
        m = _run(col)
        bottom = col[-m]
        if bottom % 13 == KING:
            if m == len(col):
                # a settled king-led column: taking it apart only helps to empty it
                if m <= free:
                    to_cell.append([("c", i, "f", free_cells[k], 1) for k in range(m)])
                continue
            if empty_col >= 0 and m <= (free + 1) << (empties - 1):
                kings.append([("c", i, "c", empty_col, m)])
        else:
            dest = tops.get(bottom + 1)
            if dest is not None and m <= (free + 1) << empties:
                to_column.append([("c", i, "c", dest, m)])
        if m <= free:
            to_cell.append([("c", i, "f", free_cells[k], 1) for k in range(m)])
    for i, card in enumerate(cells):
        if card == EMPTY:
            continue
        if card % 13 == KING and empty_col >= 0:
            kings.append([("f", i, "c", empty_col, 1)])
    if len(to_cell) > 1:
        to_cell.sort(key=lambda step: _dig_cost(cols[step[0][1]]))
    return to_column + kings + to_cell


def _dig_cost(col: bytes) -> int:
    """How deep the lowest-ranked card of a column lies (fewer cards to move out first)."""
    lowest = min(range(len(col)), key=lambda k: col[k] % 13)
    return len(col) - lowest


def _apply(cols: Cols, cells: Cells, move: RawMove) -> tuple[Cols, Cells]:
    skind, si, dkind, di, count = move
    col_list = list(cols)
    cell_list = list(cells)
    if skind == "c":
        moving = cols[si][-count:]
        col_list[si] = cols[si][:-count]
    else:
        moving = bytes((cells[si],))
        cell_list[si] = EMPTY
    if dkind == "c":
        col_list[di] = col_list[di] + moving
    else:
        cell_list[di] = moving[0]
    return tuple(col_list), tuple(cell_list)


def _encode(state: SeahavenState) -> tuple[Cols, Cells, Found]:
    cols = tuple(bytes(card.ordinal for card in pile) for pile in state.columns)
    cells = tuple(EMPTY if card is None else card.ordinal for card in state.cells)
    return cols, cells, tuple(state.foundations)


def _to_move(raw: RawMove) -> Move:
    skind, si, dkind, di, count = raw
    kinds = {"c": "column", "f": "cell", "h": "foundation"}
    return Move(Place(kinds[skind], si), Place(kinds[dkind], di), count)


def _column_penalty(col: bytes, found: Found) -> int:
    """How much a column hides: 3 per card above the next card of a suit to go home, 8 per
    card lying above a lower card of its own suit."""
    penalty = 0
    lowest = [99, 99, 99, 99]
    depth = len(col)
    for card in col:
        depth -= 1
        suit = card // 13
        rank = card % 13
        if rank == found[suit]:
            penalty += 3 * depth
        if lowest[suit] < rank:
            penalty += 8
        elif rank < lowest[suit]:
            lowest[suit] = rank
    return penalty


def _score(cols: Cols, cells: Cells, found: Found, cache: dict[tuple[bytes, Found], int]) -> int:
    """Lower is more promising: cards home, next cards shallow, cards in order, space free."""
    penalty = 0
    empty = 0
    for col in cols:
        if not col:
            empty += 1
            continue
        value = cache.get((col, found))
        if value is None:
            value = cache[col, found] = _column_penalty(col, found)
        penalty += value
    home = found[0] + found[1] + found[2] + found[3]
    return -10 * home + penalty - 3 * (cells.count(EMPTY) + 2 * empty)


def _quiet(cols: Cols, cells: Cells, found: Found, step: list[RawMove]) -> bool:
    """True when no forced move can follow ``step`` from a settled position: only the new
    tops of the columns it touched can go home or take a cell card, and only a card it
    parked can find its parent on a column."""
    for skind, si, dkind, di, _ in step:
        if dkind == "f":
            parent = cells[di] + 1
            if parent % 13 and any(col and col[-1] == parent for col in cols):
                return False
        for kind, index in ((skind, si), (dkind, di)):
            if kind != "c" or not cols[index]:
                continue
            top = cols[index][-1]
            if top % 13 == found[top // 13] or (top % 13 and top - 1 in cells):
                return False
    return True


def solve_state(
    state: SeahavenState, *, node_limit: int | None = None, time_limit: float | None = None
) -> SolveResult:
    """Decide ``state``: a winning line, a proof that none exists, or undecided (budget)."""
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    first: list[RawMove] = []
    cols, cells, found = _settle(*_encode(state), first)
    root = _key(cols, cells)
    parents: dict[bytes, tuple[bytes, list[RawMove]] | None] = {root: None}
    counter = 0
    cache: dict[tuple[bytes, Found], int] = {}
    heap = [(_score(cols, cells, found, cache), counter, root, cols, cells, found)]
    nodes = 0
    while heap:
        _, _, key, cols, cells, found = heapq.heappop(heap)
        if sum(found) == 52:
            return SolveResult(True, _line(parents, key, first), nodes, _since(started))
        nodes += 1
        if node_limit is not None and nodes > node_limit:
            return SolveResult(None, [], nodes, _since(started))
        if deadline is not None and nodes & 255 == 0 and time.perf_counter() > deadline:
            return SolveResult(None, [], nodes, _since(started))
        for step in _children(cols, cells):
            path = list(step)
            new_cols, new_cells = cols, cells
            for move in step:
                new_cols, new_cells = _apply(new_cols, new_cells, move)
            new_found = found
            if not _quiet(new_cols, new_cells, found, step):
                new_cols, new_cells, new_found = _settle(new_cols, new_cells, found, path)
            new_key = _key(new_cols, new_cells)
            if new_key in parents:
                continue
            parents[new_key] = (key, path)
            counter += 1
            priority = _score(new_cols, new_cells, new_found, cache)
            heapq.heappush(heap, (priority, counter, new_key, new_cols, new_cells, new_found))
    return SolveResult(False, [], nodes, _since(started))


def _line(
    parents: dict[bytes, tuple[bytes, list[RawMove]] | None], key: bytes, first: list[RawMove]
) -> list[Move]:
    steps: list[list[RawMove]] = []
    link = parents[key]
    while link is not None:
        key, path = link
        steps.append(path)
        link = parents[key]
    raw = first + [move for path in reversed(steps) for move in path]
    return [_to_move(move) for move in raw]


def _since(started: float) -> float:
    return time.perf_counter() - started


def progress_possible(state: SeahavenState, limit: int) -> bool | None:
    """Whether moves between columns and cells can reach a position where a card can go
    home: True, False (every such position searched), or None past ``limit`` positions.

    The search uses the solver's move rules, which keep every such position reachable (the
    pruning arguments in the module docstring hold for reaching any position from which a
    card can go home, as they do for winning)."""
    forced: list[RawMove] = []
    cols, cells, found = _settle(*_encode(state), forced)
    if any(move[2] == "h" for move in forced):
        return True
    seen = {_key(cols, cells)}
    stack = [(cols, cells)]
    while stack:
        cols, cells = stack.pop()
        for step in _children(cols, cells):
            new_cols, new_cells = cols, cells
            for move in step:
                new_cols, new_cells = _apply(new_cols, new_cells, move)
            forced = []
            new_cols, new_cells, _ = _settle(new_cols, new_cells, found, forced)
            if any(move[2] == "h" for move in forced):
                return True
            key = _key(new_cols, new_cells)
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                stack.append((new_cols, new_cells))
    return False
