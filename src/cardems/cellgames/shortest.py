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

The bound (:class:`_Bound`, after Paul & Helmert's deadlock analysis, 2016, counted in
runs as the counter counts a sequence moved together as one move) adds disjoint kinds of
move, so it never overestimates (it is admissible):

* one move home for each card not home;
* for each column, the fewest moves that can take its *blocked* cards off it, a blocked
  card being one above a lower card of its suit (proof in :func:`_column_part`): such a
  card must leave the column by a move that is not home before the lower card can go
  home, and one move takes cards off one column only, and only a run;
* one move for each pair of stretches in sequence of two columns (pairs sharing no
  stretch) holding two cards that block each other in a cycle (:func:`_cycles`): one of
  them must leave by a move that is not home, in a run of its own.

Positions from which some card can provably never go home are pruned (:func:`dead`,
Seahaven's rules only, where an empty column takes only a king); each such rule is argued
sound in its docstring and tested against an exhaustive search on small endgames.

A position is expanded when it leaves the queue, and again if it leaves it later reached
in fewer moves (the cycles' part may drop by two in one move, so the bound is not always
consistent); the first win to leave the queue is a shortest one. Memory is bounded by
:data:`ENTRIES`; past it, or past the time or node budget, the search stops with no
proof, and the par is the exact solver's line, "best known" (:class:`Par`).

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
    NODES,
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
    solve_state,
)

if COMPILED:
    from cardems.cellgames._bestfirst import Shortest as CompiledShortest

ENTRIES = 16_000_000
"""The most entries (positions expanded and queued) one search may hold. Compiled, an
expanded position takes about 172 bytes (its state, key, link and table slot) and a
queued one 24: on FreeCell deals a fifth to a third of the entries are expanded, about
1 GB at the ceiling, and 2.8 GB if all were (some 300 bytes an entry in Python); past it
the par is left "best known", never a par that is not proven."""

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
    clocked: bool = False
    """Not proven because the wall-clock cap ran out (never stored as a par)."""


def par(
    state: Piles, rules: Rules, *, time_limit: float | None = None, node_limit: int | None = None
) -> Par:
    """The shortest win of ``state`` when the A* search ends within ``node_limit``
    positions, else the exact solver's line within its own budget of
    :data:`~cardems.cellgames.solver.NODES` (not proven). ``time_limit`` is only a
    wall-clock cap for a person waiting: past it the answer is not proven and ``clocked``
    (the exact solver gets what is left of it, at least a second)."""
    started = time.perf_counter()
    found = shortest(state, rules, time_limit=time_limit, node_limit=node_limit)
    if found.proven:
        return found
    left = None if time_limit is None else max(1.0, time_limit - (time.perf_counter() - started))
    result = solve_state(state, rules, node_limit=NODES, time_limit=left)
    clocked = found.clocked or result.clocked
    if result.winnable is False:
        return Par(None, True, [], found.nodes)
    if not result.winnable:
        return Par(None, False, [], found.nodes, clocked)
    return Par(len(result.moves), False, result.moves, found.nodes, clocked)


def shortest(
    state: Piles, rules: Rules, *, time_limit: float | None = None, node_limit: int | None = None
) -> Par:
    """A* from ``state``: the shortest win (proven), proof that none exists (``moves``
    None, proven), or nothing proven when a budget runs out."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    start = _settle(*_encode(state), rules.by_suit, None)
    search: Search = (
        CompiledShortest(start, rules) if COMPILED else _started(_py_shortest(start, rules))
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
        if held > ENTRIES:
            return Par(None, False, [], nodes)
        if deadline is not None and time.perf_counter() > deadline:
            return Par(None, False, [], nodes, clocked=True)


def _py_shortest(start: State, rules: Rules) -> Generator[Outcome, int, None]:
    """A* from the settled ``start``; sent a budget of positions, it answers an
    :data:`~cardems.cellgames.solver.Outcome` (the line without the safe moves home that
    follow each move, as the compiled search's). A child's cost is its move and the safe
    moves home after it; the queue takes the lowest bound first, then the deeper. A
    position reached again in fewer moves than when it was expanded is expanded again
    (the bound is admissible, not always consistent), as a new node: the lines through
    its first expansion stay as they were."""
    by_suit = rules.by_suit
    bound = _Bound(rules)
    budget = yield None, 0, 1
    first = bound(*start)
    if first is None:
        yield False, 0, 0
        return
    links: list[tuple[int, RawMove | None]] = []  # by node: its parent node and move
    closed: dict[bytes, int] = {}  # the fewest moves each expanded position was reached in
    heap: list[tuple[int, int, int, int, RawMove | None, State]] = [(first, 0, 0, -1, None, start)]
    counter = 0
    used = 0
    while heap:
        if used >= budget:
            budget = yield None, used, len(links) + len(heap)
            used = 0
        _, minus_g, _, parent, move, state = heapq.heappop(heap)
        g = -minus_g
        cols, cells, found = state
        key = _key(cols, cells)
        if closed.get(key, MAX_MOVES + 1) <= g:
            continue
        closed[key] = g
        node = len(links)
        links.append((parent, move))
        used += 1
        if found == WON:
            yield _path(links, node), used, len(links) + len(heap)
            return
        home = sum(found)
        for child_move in _children(cols, cells, found, rules):
            new = _child(cols, cells, found, child_move, by_suit)
            cost = g + 1 + sum(new[2]) - home - (child_move[2] == "h")
            if cost > MAX_MOVES or closed.get(_key(new[0], new[1]), MAX_MOVES + 1) <= cost:
                continue
            left = bound(*new)
            if left is None:
                continue
            counter += 1
            heapq.heappush(heap, (cost + left, -cost, counter, node, child_move, new))
    yield False, used, len(links)


def _path(links: list[tuple[int, RawMove | None]], node: int) -> list[RawMove]:
    """The moves from the start to ``node``."""
    line = []
    while links[node][0] >= 0:
        node, move = links[node]
        assert move is not None
        line.append(move)
    line.reverse()
    return line


Candidate = tuple[int, int, tuple[int, ...]]
"""A card of a column that is not blocked and would need a run of its own to leave by a
move that is not home: its suit, rank, and the lowest rank of each suit under it."""

Group = tuple[Candidate, ...]
"""A column's candidates that lie in one stretch of cards in sequence (one run may take
them all); runs taking cards of two groups are two."""

MATCHING_CALLS = 256
"""The most steps :func:`_matching` takes looking for more pairs than its first greedy
answer; any set of pairs is a lower bound, so stopping early only weakens it (the
compiled search stops at the same step, so both bound the same)."""


class _Bound:
    """The A* bound (see the module docstring), with each column's part worked out once;
    None for a position :func:`dead` proves lost."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.fits = FITS[rules.by_suit]
        self.parts: dict[bytes, tuple[int, tuple[Group, ...]]] = {}

    def __call__(self, cols: Cols, cells: bytes, found: Found) -> int | None:
        parts = self.parts
        if len(parts) > 500_000:
            parts.clear()
        total = len(cells)
        candidates = []
        for col in cols:
            part = parts.get(col)
            if part is None:
                part = parts[col] = _column_part(col, self.fits)
            total += part[0]
            candidates.append(part[1])
        total += _cycles(candidates)
        if self.rules.kings_only and dead(cols, cells, self.rules.cells):
            return None
        return total


def _cycles(columns: list[tuple[Group, ...]]) -> int:
    """Pairs of groups (:data:`Group`) of different columns, sharing no group, that each
    hold a *cycle*: a card ``x`` of one above a card of the suit of a card ``w`` of the
    other, lower than ``w``, and ``w`` above a card of ``x``'s suit lower than ``x`` (the
    most :func:`_matching` finds).

    One of ``x`` and ``w`` must leave its column by a move that is not home: if both went
    home from where they are, ``w`` would be home before the card of ``x``'s suit under it
    leaves, so before ``x`` is home, so before the card under ``x`` leaves, which must be
    home before ``w``. That move takes a run holding no blocked card and no card of another
    group (:func:`_column_part`): one more than :func:`_column_part` counts. The pairs share
    no group, so these runs are all different (a move takes cards off one column only, and
    a run lies in one group). Groups rather than whole columns, and the most pairs rather
    than those taken greedily, gave a stronger bound in most positions along solvers'
    lines of FreeCell deals 1001-1020."""
    groups = [group for col in columns for group in col][:64]
    owner = [i for i, col in enumerate(columns) for _ in col][:64]
    partners = [0] * len(groups)
    for a, first in enumerate(groups):
        for b in range(a + 1, len(groups)):
            if owner[a] != owner[b] and _cycle(first, groups[b]):
                partners[a] |= 1 << b
                partners[b] |= 1 << a
    return _matching(partners, (1 << len(groups)) - 1, [MATCHING_CALLS])


def _matching(partners: list[int], left: int, calls: list[int]) -> int:
    """Pairs of groups in ``left`` (a bit each) sharing none, two paired when each is in
    the other's ``partners``: the lowest group of ``left`` with a partner in it is paired
    with each of them in turn, then left unpaired, whichever gives more, until ``calls[0]``
    steps are spent (the first answer is then the greedy one, improved where it could)."""
    calls[0] -= 1
    while left and not partners[(left & -left).bit_length() - 1] & left:
        left &= left - 1  # the lowest group has no partner left: it stays unpaired
    if not left:
        return 0
    i = (left & -left).bit_length() - 1
    rest = left & ~(1 << i)
    most = 0
    others = partners[i] & rest
    while others:
        j = others & -others
        most = max(most, 1 + _matching(partners, rest & ~j, calls))
        if calls[0] <= 0:
            return most
        others &= others - 1
    return max(most, _matching(partners, rest, calls))


def _cycle(first: Group, second: Group) -> bool:
    """Whether a card of ``first`` and one of ``second`` block each other (:func:`_cycles`)."""
    for x_suit, x_rank, under_x in first:
        for w_suit, w_rank, under_w in second:
            if under_w[x_suit] < x_rank and under_x[w_suit] < w_rank:
                return True
    return False


def _column_part(col: bytes, fits: list[bytes]) -> tuple[int, tuple[Group, ...]]:
    """The column's cards (one move home each), plus the fewest moves that can take its
    blocked cards (above a lower card of their suit) off it: one, plus one for each two
    blocked cards in a row, bottom to top, with a card between them, or the upper of them,
    that does not lie in sequence on the card under it; and its :data:`Candidate` cards,
    in :data:`Group` s bottom to top.

    Why no line takes them off in fewer: cards leave a column from the top, so when a card
    first leaves, the cards of the column under it have never left, and the move that
    takes it takes the cards of the column above it that are still there: the first moves
    off the column cut its cards (these bottom to top) into runs, each moved at once, and
    a move of several cards moves a sequence, so each run is in sequence. A blocked card
    cannot go home first (a lower card of its suit lies under it), so its run leaves by a
    move that is not home; two blocked cards with a break between them lie in different
    runs. A candidate is a card not blocked with a break between it and the nearest
    blocked card under it, and between it and the nearest above (where there are): were
    it to leave by a move that is not home, its run would be one more."""
    lowest = [13, 13, 13, 13]
    under: list[tuple[int, ...]] = []
    blocked: list[bool] = []
    breaks = [0]  # breaks[k]: how many of the first k + 1 cards do not lie in sequence
    for k, card in enumerate(col):
        suit, rank = divmod(card, 13)
        if k:
            breaks.append(breaks[-1] + (not fits[card][col[k - 1]]))
        under.append(tuple(lowest))
        blocked.append(rank > lowest[suit])
        lowest[suit] = min(lowest[suit], rank)
    runs = 0
    last = -1  # the last blocked card's position
    for k, is_blocked in enumerate(blocked):
        if is_blocked:
            if last < 0 or breaks[k] > breaks[last]:
                runs += 1
            last = k
    groups: list[list[Candidate]] = []
    group_break = -1
    below = -1
    above = [-1] * len(col)  # the nearest blocked card above each position
    for k in range(len(col) - 1, -1, -1):
        above[k] = below
        if blocked[k]:
            below = k
    below = -1
    for k, card in enumerate(col):
        if blocked[k]:
            below = k
            continue
        if below >= 0 and breaks[k] == breaks[below]:
            continue
        if above[k] >= 0 and breaks[above[k]] == breaks[k]:
            continue
        if not groups or breaks[k] != group_break:
            groups.append([])
            group_break = breaks[k]
        groups[-1].append((card // 13, card % 13, under[k]))
    return len(col) + runs, tuple(tuple(group) for group in groups)


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
