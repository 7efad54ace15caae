"""The shortest win of a cell game's position (FreeCell, Baker's Game, Seahaven), in the
moves the player's counter counts: every move one, a sequence moved together one, each
card's move home one (the table's automatic moves home included).

A* over the family's compact states (:mod:`cardems.cellgames.solver`) with every move
the exact solver tries, which keeps a shortest line: one free cell and one empty column
stand for all (positions are told apart up to the order of columns and of cells), a
whole column never goes into another empty one (that changes nothing), and a take-back
from a foundation (Seahaven) never shortens a win, as the card would go home again.
Safe cards go home at once, each move counted (:func:`cardems.cellgames.solver._settle`):
a safe card can never take another card, so sending it home sooner never lengthens a
line.

The bound (:func:`_column_bound`) adds two disjoint kinds of move, so it never
overestimates, and no move lowers it by more than the move costs (so it is consistent
and no position is reopened):

* one move home for each card not home;
* for each column, the fewest moves that can take its *blocked* cards off it, a blocked
  card being one above a lower card of its suit (see :func:`_column_bound` for the
  proof): such a card must leave the column by a move that is not home before the lower
  card can go home, and one move takes cards from one column only, and only a run.

Positions from which some card can provably never go home are pruned (:func:`dead`,
Seahaven's rules only, where an empty column takes only a king); each such rule is argued
sound in its docstring and tested against an exhaustive search on small endgames.

Each position is expanded once, the first time it leaves the queue (the bound being
consistent, by the fewest moves). Memory is bounded by :data:`ENTRIES`; past it, or past
the time or node budget, the search stops with no proof, and the par is the exact
solver's line, "best known" (:class:`Par`).

The search is compiled (``_bestfirst.c``'s ``Shortest``, where it was built): the same
moves, bound and queue order as :func:`_py_shortest`, its reference and fallback (the
tests compare their lengths, and both with breadth-first search on small positions).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Generator
from typing import NamedTuple

from cardems.cellgames.notation import Move
from cardems.cellgames.piles import Piles
from cardems.cellgames.solver import (
    COMPILED,
    FITS,
    KING,
    WON,
    Cols,
    Found,
    Outcome,
    RawMove,
    Rules,
    Search,
    State,
    _child,
    _children,
    _encode,
    _key,
    _line,
    _settle,
    _started,
    path_to,
    solve_state,
)

if COMPILED:
    from cardems.cellgames._bestfirst import Shortest as CompiledShortest

ENTRIES = 16_000_000
"""The most entries (positions expanded and queued) one search may hold: compiled, about
250 bytes an expanded position with its queued children, so about 1.2 GB at most (some
300 bytes an entry in Python); past it the par is left "best known"."""

MAX_MOVES = 255
"""Lines longer than this are not searched (the compiled queue keeps a line's moves in a
byte); real wins take 50 to 130."""

SLICE = 4096
"""Positions the search expands between two looks at the clock and the memory."""


class Par(NamedTuple):
    """A position's par: the moves of the shortest win (``proven``) or of the best line
    known (not proven); ``moves`` None when no win is known (``proven``: none exists)."""

    moves: int | None
    proven: bool
    line: list[Move]
    nodes: int


def par(
    state: Piles, rules: Rules, *, time_limit: float | None = None, node_limit: int | None = None
) -> Par:
    """The shortest win of ``state`` when the search ends within the budgets, else the
    exact solver's line within what is left of ``time_limit`` (not proven)."""
    started = time.perf_counter()
    found = shortest(state, rules, time_limit=time_limit, node_limit=node_limit)
    if found.proven:
        return found
    left = None if time_limit is None else max(1.0, time_limit - (time.perf_counter() - started))
    result = solve_state(state, rules, time_limit=left)
    if result.winnable is False:
        return Par(None, True, [], found.nodes)
    if not result.winnable:
        return Par(None, False, [], found.nodes)
    return Par(len(result.moves), False, result.moves, found.nodes)


def shortest(
    state: Piles, rules: Rules, *, time_limit: float | None = None, node_limit: int | None = None
) -> Par:
    """A* from ``state``: the shortest win (proven), proof that none exists (``moves``
    None, proven), or nothing proven when a budget runs out."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    start = _settle(*_encode(state), rules.by_suit, None)
    search: Search = (
        CompiledShortest(*start, rules) if COMPILED else _started(_py_shortest(start, rules))
    )
    nodes = 0
    while True:
        budget = SLICE if node_limit is None else min(SLICE, node_limit - nodes)
        if budget <= 0:
            return Par(None, False, [], nodes)
        outcome, used, held = search.send(budget)
        nodes += used
        if outcome is False:
            return Par(None, True, [], nodes)
        if outcome is not None:
            line = _line(state, rules, outcome)
            return Par(len(line), True, line, nodes)
        if held > ENTRIES or (deadline is not None and time.perf_counter() > deadline):
            return Par(None, False, [], nodes)


def _py_shortest(start: State, rules: Rules) -> Generator[Outcome, int, None]:
    """A* from the settled ``start``; sent a budget of positions, it answers an
    :data:`~cardems.cellgames.solver.Outcome` (the line without the safe moves home that
    follow each move, as the compiled search's). A child's cost is its move and the safe
    moves home after it; the queue takes the lowest bound first, then the deeper."""
    by_suit = rules.by_suit
    bound = _Bound(rules)
    budget = yield None, 0, 1
    first = bound(*start)
    if first is None:
        yield False, 0, 0
        return
    links: dict[bytes, tuple[bytes, RawMove] | None] = {}
    heap: list[tuple[int, int, int, bytes | None, RawMove | None, State]] = [
        (first, 0, 0, None, None, start)
    ]
    counter = 0
    used = 0
    while heap:
        if used >= budget:
            budget = yield None, used, len(links) + len(heap)
            used = 0
        _, minus_g, _, parent, move, state = heapq.heappop(heap)
        cols, cells, found = state
        key = _key(cols, cells)
        if key in links:
            continue
        links[key] = None if parent is None or move is None else (parent, move)
        used += 1
        if found == WON:
            yield path_to(links, key), used, len(links) + len(heap)
            return
        g = -minus_g
        home = sum(found)
        for child_move in _children(cols, cells, found, rules):
            new = _child(cols, cells, found, child_move, by_suit)
            cost = 1 + sum(new[2]) - home - (child_move[2] == "h")
            if g + cost > MAX_MOVES or _key(new[0], new[1]) in links:
                continue
            left = bound(*new)
            if left is None:
                continue
            counter += 1
            heapq.heappush(heap, (g + cost + left, -(g + cost), counter, key, child_move, new))
    yield False, used, len(links)


class _Bound:
    """The A* bound (see the module docstring), with each column's part worked out once;
    None for a position :func:`dead` proves lost."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.fits = FITS[rules.by_suit]
        self.blocked: dict[bytes, int] = {}

    def __call__(self, cols: Cols, cells: bytes, found: Found) -> int | None:
        if self.rules.kings_only and dead(cols, cells, self.rules.cells):
            return None
        blocked = self.blocked
        total = len(cells)
        for col in cols:
            value = blocked.get(col)
            if value is None:
                if len(blocked) > 500_000:
                    blocked.clear()
                value = blocked[col] = _column_bound(col, self.fits)
            total += value
        return total


def _column_bound(col: bytes, fits: list[bytes]) -> int:
    """The column's cards (one move home each), plus the fewest moves that can take its
    blocked cards (above a lower card of their suit) off it: one, plus one for each two
    blocked cards in a row, bottom to top, with a card between them, or the upper of them,
    that does not lie in sequence on the card under it.

    Why no line takes them off in fewer: cards leave a column from the top, so when a card
    first leaves, the cards of the column under it have never left, and the move that
    takes it takes the cards of the column above it that are still there: the first moves
    off the column cut its cards (these bottom to top) into runs, each moved at once, and
    a move of several cards moves a sequence, so each run is in sequence. A blocked card
    cannot go home first (a lower card of its suit lies under it), so its run leaves by a
    move that is not home; two blocked cards with a break between them lie in different
    runs. Consistency: a move off the column leaves a bottom part of it whose blocked
    cards are the same as before, and takes away one run in sequence, so this part drops
    by one at most; cards put on a column and safe cards going home (never blocked) do
    not lower it."""
    lowest = [13, 13, 13, 13]
    runs = 0
    broken = True  # a break since the last blocked card (or none yet)
    below = -1
    for card in col:
        suit, rank = divmod(card, 13)
        if below >= 0 and not fits[card][below]:
            broken = True
        if rank > lowest[suit]:
            if broken:
                runs += 1
                broken = False
        else:
            lowest[suit] = rank
        below = card
    return len(col) + runs


def dead(cols: Cols, cells: bytes, cell_count: int) -> bool:
    """Whether some card can provably never go home, under Seahaven's rules (building by
    suit, only a king into an empty column), with ``cell_count`` free cells in all.

    The rule: in one column, a card ``x`` (not a king) lies above a lower card of its
    suit, and ``x``'s successor (the one card ``x`` may lie on) lies under it too but not
    right under it; with the cards above ``x`` that are *parked by x* (not kings, their
    successor and a lower card of their suit both under ``x``) and the cards in cells
    parked by ``x`` too, more cards than there are cells.

    Why such a position is lost: when ``x`` leaves its column it cannot go home (a lower
    card of its suit is under it), nor onto a column (its successor is covered by
    ``x``), nor into an empty column (it is not a king, nor, since the card right under it
    is not its successor, inside a run led by one), so it goes alone into a cell. Each
    card parked by ``x`` above ``x`` must leave before ``x``, and for the same reasons
    into a cell; once in a cell, a parked card may leave it only home (a lower card of its
    suit lies under ``x``), onto its successor (under ``x``) or into an empty column (it is
    not a king): none of these can happen while ``x`` is in place, as the cards under
    ``x`` do not change before ``x`` leaves. So when ``x`` leaves, every card parked by it
    is in a cell, and no cell is left for ``x``: the lower card under ``x`` never goes
    home. (Cards taken back from the foundations change none of this: the successor of
    a card not home is not home.)"""
    for col in cols:
        where = {card: at for at, card in enumerate(col)}
        lowest = [13, 13, 13, 13]  # the lowest rank of each suit under position j
        for j, x in enumerate(col):
            suit, rank = divmod(x, 13)
            successor = where.get(x + 1, j) if rank < KING else j
            if rank < KING and lowest[suit] < rank and successor < j - 1:
                parked = 1 + sum(_parked(card, where, lowest, j) for card in col[j + 1 :])
                parked += sum(_parked(card, where, lowest, j) for card in cells)
                if parked > cell_count:
                    return True
            lowest[suit] = min(lowest[suit], rank)
    return False


def _parked(card: int, where: dict[int, int], lowest: list[int], j: int) -> bool:
    """Whether ``card`` (not a king) can leave a cell only once the card at position ``j``
    of its column has left: its successor and a lower card of its suit lie under ``j``."""
    suit, rank = divmod(card, 13)
    return rank < KING and lowest[suit] < rank and where.get(card + 1, j) < j
