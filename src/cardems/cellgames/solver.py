"""Exact solver for the FreeCell family under Cardems' rules, the rules as parameters
(:class:`Rules`): FreeCell (building by alternate colours, any card into an empty
column), Baker's Game (by suit) and Seahaven Towers (by suit, ten columns, one to four
cells, only kings into empty columns). Sequences move as one when they fit (free cells
+ 1) × 2^(empty columns), the destination empty column not counted.

Cards never come back from the foundations in a search: in FreeCell the rules forbid it,
and where building is by suit (Seahaven lets a player take a card back) a card home could
only take the next lower card of its suit, which is home before it, so a take-back never
opens a line that was not there.

Best-first searches over positions (most promising first by :func:`_score`: cards home,
how deep the next card of each suit lies, cards above a lower card of their suit, broken
sequences, free space), one per weighting of :data:`PROFILES`, each with its own queue and
transposition table, taking turns (which weighting finds a line fast differs from deal to
deal, so a portfolio cuts the slow tail). On a hard deal (past :data:`LATE` positions) a
randomized depth-first dive joins them: where every best-first order loses its way in
millions of positions, a dive restarted with new seeds finds a line in thousands.

It is *exact*: "winnable" comes with a solution, "not winnable" only once every position
reachable under the rules below has been searched, and "undecided" when a node, time or
memory budget runs out. The rules keep every position reachable by single-card moves (a
move of a sequence is a shortcut for moves of one card each), so no winning line is lost:

- Safe cards go home at once: by suit every card that may go home, by colours one whose
  two cards of the other colour one rank lower are home (or an ace or a two).
- A card may go to any free cell or any empty column that takes it: the cells are kept
  sorted and the transposition key sorts the columns, so one cell and one empty column
  stand for all.
- Every other legal move is searched: each size of sequence onto a column that takes it
  or into an empty column (not a whole column into another empty one), each card into a
  cell, and each card home.

States are compact: each column a ``bytes`` of card ordinals (0–51, ``suit * 13 + rank - 1``,
suits S H D C), the cells a sorted ``bytes`` of the cards they hold, foundations as heights.
A child waits in the queue as (parent, move, score); it is built and looked up in the
table only when it leaves the queue, and most never do. Memory is bounded by
:data:`ENTRIES` (a deal past it is undecided, never lost).

The best-first search is also compiled (``_bestfirst.c``, built with the package where a C
compiler is; :data:`COMPILED`), for every :class:`Rules`: the same search, position for
position and move for move (the tests compare the two), about 20 times faster.
:func:`_py_search` is its reference and the fallback.
"""

from __future__ import annotations

import gc
import heapq
import random
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Protocol

from cardems.cellgames.notation import Move, Place
from cardems.cellgames.piles import CellRules, Piles
from cardems.core.search import line_back

try:  # the best-first search compiled (built with the package where a C compiler is)
    from cardems.cellgames._bestfirst import Search as CompiledSearch

    COMPILED = True
except ImportError:  # pragma: no cover - the same search in Python, about 20 times slower
    COMPILED = False

Cols = tuple[bytes, ...]
Found = tuple[int, int, int, int]
RawMove = tuple[str, int, str, int, int]
"""(source kind, index, destination kind, index, count); kinds ``c`` column, ``f`` cell
(index = the card, as cells are kept sorted), ``h`` foundation (index = suit)."""

RED = (False, True, True, False)
KING = 12
MAX_COLUMNS = 10
MAX_CELLS = 4


class Rules(NamedTuple):
    """The rules that tell the games of the family apart, as the searches take them."""

    columns: int
    """How many columns (8 in FreeCell, 10 in Seahaven), at most :data:`MAX_COLUMNS`."""
    cells: int
    """How many free cells, 1 to :data:`MAX_CELLS`."""
    by_suit: bool
    """Cards build down by suit (Baker's Game, Seahaven), else by alternate colours."""
    kings_only: bool
    """Only a king, or a sequence led by one, may go into an empty column (Seahaven)."""


def rules_of(state: CellRules) -> Rules:
    """The rules of a state that carries them (FreeCell's, Baker's Game's, Seahaven's
    with the state's free cells), as the searches take them."""
    return Rules(len(state.columns), len(state.cells), state.by_suit, state.kings_only)


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
    clocked: bool = False
    """Undecided because the wall-clock cap ran out (a waiting person's answer, "still
    searching"), not the node budget: never to be stored as a verdict."""


def _safe(card: int, found: list[int] | Found, by_suit: bool) -> bool:
    suit, rank = divmod(card, 13)
    if rank != found[suit]:
        return False
    if by_suit or rank <= 1:
        return True
    a, b = OPPOSITE[suit]
    return found[a] >= rank and found[b] >= rank


def _settle(
    cols: Cols,
    cells: bytes,
    found: Found,
    by_suit: bool,
    path: list[RawMove] | None,
) -> tuple[Cols, bytes, Found]:
    """Send every safe card home (recording the moves in ``path`` when given)."""
    col_list = list(cols)
    cell_list = list(cells)
    heights = list(found)
    changed = False
    moved = True
    while moved:
        moved = False
        for i, col in enumerate(col_list):
            while col:
                card = col[-1]
                suit = card // 13
                if card % 13 != heights[suit] or not _safe(card, heights, by_suit):
                    break
                heights[suit] += 1
                col = col[:-1]
                col_list[i] = col
                if path is not None:
                    path.append(("c", i, "h", suit, 1))
                moved = True
        for card in cell_list:
            suit = card // 13
            if card % 13 == heights[suit] and _safe(card, heights, by_suit):
                heights[suit] += 1
                cell_list.remove(card)
                if path is not None:
                    path.append(("f", card, "h", suit, 1))
                moved = True
                break
        changed = changed or moved
    if not changed:
        return cols, cells, found
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


def _room(cols: Cols, free: int) -> tuple[dict[int, int], int, int, int]:
    """Each column's top card → the column, the first empty column (-1 if none), and the
    longest sequence that may move onto a column and into an empty one."""
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
    return tops, empty_col, limit, limit >> 1 if empties else 0


def _children(cols: Cols, cells: bytes, found: Found, rules: Rules) -> Iterator[RawMove]:
    """Every move the search tries (see the module docstring), the likeliest first; the
    search itself makes the same moves inline, each with its score."""
    by_suit, kings_only = rules.by_suit, rules.kings_only
    fits = FITS[by_suit]
    parents = PARENTS[by_suit]
    runs = RUNS[by_suit]
    if len(runs) > 200_000:
        runs.clear()
    free = rules.cells - len(cells)
    tops, empty_col, limit, limit_empty = _room(cols, free)
    later: list[RawMove] = []
    for card in cells:
        if card % 13 == found[card // 13]:
            yield ("f", card, "h", card // 13, 1)
        for parent in parents[card]:
            dest = tops.get(parent)
            if dest is not None:
                yield ("f", card, "c", dest, 1)
        if empty_col >= 0 and (not kings_only or card % 13 == KING):
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
                if not kings_only or col[-k] % 13 == KING:
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


def _encode(state: Piles) -> tuple[Cols, bytes, Found]:
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

Disorder = tuple[int, int, int, int, int, int]
"""A column's cards lying above a lower card of their own suit, its cards not in sequence
with the card under them, and the lowest rank (0-12, 99 for none) of each suit in it."""

ORDER: dict[bool, dict[bytes, Disorder]] = {False: {}, True: {}}
""":func:`_disorder` of the columns met lately, by column (cleared when it grows large)."""

NO_DISORDER: Disorder = (0, 0, 99, 99, 99, 99)


def _disorder(col: bytes, fits: list[bytes], order: dict[bytes, Disorder]) -> Disorder:
    """The :data:`Disorder` of ``col``, extended card by card from its longest prefix in
    ``order`` (a column grows from one met before); worked out from the bottom, it stores
    every prefix too (the column will be dug down through them)."""
    n = len(col)
    start = n - 1
    while start > 0:
        known = order.get(col[:start])
        if known is not None:
            break
        start -= 1
    else:
        known = NO_DISORDER
    lower, breaks, *lowest = known
    below = col[start - 1] if start else -1
    for at in range(start, n):
        card = col[at]
        suit, rank = divmod(card, 13)
        if lowest[suit] < rank:
            lower += 1
        elif rank < lowest[suit]:
            lowest[suit] = rank
        if below >= 0 and not fits[card][below]:
            breaks += 1
        below = card
        if not start:
            order[col[: at + 1]] = (lower, breaks, lowest[0], lowest[1], lowest[2], lowest[3])
    if start:
        order[col] = (lower, breaks, lowest[0], lowest[1], lowest[2], lowest[3])
    return order[col]


class Disorders(dict[bytes, int]):
    """A search's weighted disorder of each column met, worked out on first use and the same
    under any foundations: its cards above a lower card of their suit and its cards out of
    sequence (:func:`_disorder`); an empty column counts against a position."""

    def __init__(self, fits: list[bytes], weights: Weights) -> None:
        super().__init__()
        self[b""] = -weights[5]
        self.fits = fits
        self.order = ORDER[fits is FITS[True]]
        self.w_lower, self.w_break = weights[2], weights[3]

    def __missing__(self, col: bytes) -> int:
        known = self.order.get(col)
        if known is None:
            if len(self.order) > 200_000:
                self.order.clear()
            known = _disorder(col, self.fits, self.order)
        value = self[col] = self.w_lower * known[0] + self.w_break * known[1]
        return value


def _score(cols: Cols, cells: bytes, found: Found, weights: Weights, disorders: Disorders) -> int:
    """Lower is more promising: cards home, next cards shallow (how many cards lie on the
    next card of each suit to go home), cards in order, space free."""
    depths = 0
    for suit, height in enumerate(found):
        if height < 13:
            card = suit * 13 + height
            for col in cols:
                at = col.find(card)
                if at >= 0:
                    depths += len(col) - 1 - at
                    break
    home = found[0] + found[1] + found[2] + found[3]
    total = sum(map(disorders.__getitem__, cols)) + weights[1] * depths
    return total + weights[4] * len(cells) - weights[0] * home


def _child(
    cols: Cols, cells: bytes, found: Found, move: RawMove, by_suit: bool
) -> tuple[Cols, bytes, Found]:
    """The settled position after ``move`` from a settled one (see :func:`_unsettles`)."""
    new = _apply(cols, cells, found, move)
    return _settle(*new, by_suit, None) if _unsettles(cols, cells, found, move, by_suit) else new


def _unsettles(cols: Cols, cells: bytes, found: Found, move: RawMove, by_suit: bool) -> bool:
    """Whether :func:`_settle` has work after ``move`` from a settled position: a card may
    go home safely only after a move home (the foundations change) or off a safe card
    (every other top card and cell card was not safe before and still is not)."""
    skind, si, dkind, _, count = move
    if dkind == "h":
        return True
    if skind == "c" and len(cols[si]) > count:
        under = cols[si][-count - 1]
        return under % 13 == found[under // 13] and _safe(under, found, by_suit)
    return False


SLICE = 256
"""Positions each search expands before the next one takes its turn."""

DIVE_SLICE = 32
"""Positions the dive (:func:`_dive`, in Python, some 30 times the cost of a compiled
position) expands in its turn: an eighth of a best-first search's turn, so that on a lost
deal, which every search must exhaust, the dive does not cost most of the proof (#11982:
1.6 s of CPU with a full turn, most of it the dive's, against 0.5 s)."""

NODES = 2_000_000
"""The default budget of a verdict, in positions expanded by all the searches together: a
deal past it is undecided. Every verdict printed, stored or shown is bounded by positions,
not seconds, so it is the same on a busy machine as on an idle one (issue 45)."""

ENTRIES = 8_000_000
"""The most entries (positions in the searches' tables and queues) one solve may hold,
about 200 bytes each with the caches, so about 1.6 GB. Past half of it, only the search that has
expanded the most positions goes on (the others are dropped with their memory, and
one search alone still proves a deal lost by running out); past all of it, the deal
is left undecided."""


def solve_state(
    state: Piles,
    rules: Rules,
    *,
    node_limit: int | None = NODES,
    time_limit: float | None = None,
    alone: int = 0,
) -> SolveResult:
    """Decide ``state``: a winning line, a proof that none exists, or undecided (budget).

    The verdict is bounded by ``node_limit`` positions (:data:`NODES` unless given; None:
    no bound but memory), so the same budget gives the same answer whatever the machine's
    load. ``time_limit`` is only a wall-clock cap for a person waiting for the answer: when
    it runs out first the answer is undecided with ``clocked`` set, never a verdict.

    One best-first search per heuristic of :data:`PROFILES`, each with its own queue and
    transposition table, taking turns of :data:`SLICE` positions: which heuristic finds a
    line fast differs from deal to deal. Each search expands each position it reaches
    once, so the first one to run out of positions proves the deal not winnable. The
    first search expands ``alone`` positions before the others join it: where many deals
    are lost, a proof by one search costs a third of a proof by three taking turns.

    The cyclic garbage collector is paused meanwhile: the searches make no cycles, and its
    passes over their millions of queued tuples would free nothing."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return _solve(state, rules, node_limit, time_limit, alone)
    finally:
        if paused:
            gc.enable()


def _solve(
    state: Piles, rules: Rules, node_limit: int | None, time_limit: float | None, alone: int
) -> SolveResult:
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    start = _settle(*_encode(state), rules.by_suit, None)
    searches = [_best_first(start, rules, PROFILES[0])]
    expanded = [0]
    held = [0]
    nodes = 0
    diving = False
    dive: Search | None = None
    while True:
        if len(expanded) == 1 and nodes >= alone:  # past ``alone``: the others join
            searches += [_best_first(start, rules, weights) for weights in PROFILES[1:]]
            expanded += [0] * (len(PROFILES) - 1)
            held += [0] * (len(PROFILES) - 1)
        if not diving and nodes >= LATE:  # a hard deal: a dive joins the searches
            diving = True
            dive = _started(_dive(start, rules))
            searches.append(dive)
            expanded.append(0)
            held.append(0)
        for index, search in enumerate(searches):
            budget = DIVE_SLICE if search is dive else SLICE
            if node_limit is not None:
                budget = min(budget, node_limit - nodes)
            if budget <= 0:
                return SolveResult(None, [], nodes, _since(started))
            outcome, used, held[index] = search.send(budget)
            nodes += used
            expanded[index] += used
            if outcome is not None:
                if outcome is False:
                    return SolveResult(False, [], nodes, _since(started))
                return SolveResult(True, _line(state, rules, outcome), nodes, _since(started))
            if deadline is not None and time.perf_counter() > deadline:
                return SolveResult(None, [], nodes, _since(started), clocked=True)
        if sum(held) > ENTRIES:
            return SolveResult(None, [], nodes, _since(started))
        if len(searches) > 1 + diving and sum(held) > ENTRIES // 2:
            best = expanded[: len(PROFILES)]
            keep = [best.index(max(best))] + ([len(searches) - 1] if diving else [])
            searches = [searches[i] for i in keep]
            expanded = [expanded[i] for i in keep]
            held = [held[i] for i in keep]


Outcome = tuple[list[RawMove] | Literal[False] | None, int, int]
"""What a search answers after a turn: the moves of a win from the start (before the
safe moves home that follow each), False once exhausted, or None; the positions it
expanded; and the entries it holds (positions in its table and in its queue)."""


State = tuple[Cols, bytes, Found]
Node = tuple[bytes, Cols, bytes, Found]
"""An expanded position: its key and its state."""
Entry = tuple[int, Node | None, RawMove | None, State | None]
"""A queued position: its score times :data:`TIE` plus a tie-break (first queued first),
the position it comes from and the move, and the position itself when built early."""

TIE = 1 << 32
WON = (13, 13, 13, 13)


class Search(Protocol):
    """A search that takes turns: sent a budget of positions, it answers an :data:`Outcome`."""

    def send(self, budget: int, /) -> Outcome: ...


def _best_first(start: State, rules: Rules, weights: Weights) -> Search:
    """One best-first search by ``weights``: the compiled one where it was built, else
    :func:`_py_search`. Both expand the same positions in the same order (tested)."""
    if COMPILED:
        return CompiledSearch(start, rules, weights)
    return _started(_py_search(start, rules, weights))


def _started(search: Generator[Outcome, int, None]) -> Generator[Outcome, int, None]:
    """A generator search run to its first ``yield``, ready to be sent budgets."""
    next(search)
    return search


# Every move a search may queue, made once and shared by every queue (a queued move costs a
# pointer, and queuing one builds no tuple). A sequence has 13 cards at most.
BETWEEN = [
    [[("c", i, "c", d, k) for k in range(14)] for d in range(MAX_COLUMNS)]
    for i in range(MAX_COLUMNS)
]
"""``BETWEEN[column][to][size]``."""
CELL_TO = [[("f", card, "c", d, 1) for d in range(MAX_COLUMNS)] for card in range(52)]
"""``CELL_TO[card][column]``."""
CELL_HOME = [("f", card, "h", card // 13, 1) for card in range(52)]
"""``CELL_HOME[card]``."""
HOME = [[("c", i, "h", suit, 1) for suit in range(4)] for i in range(MAX_COLUMNS)]
"""``HOME[column][suit]``."""
INTO_CELL = [[("c", i, "f", card, 1) for card in range(52)] for i in range(MAX_COLUMNS)]
"""``INTO_CELL[column][card]``."""


Shape = tuple[int, tuple[int, ...], bytes, int]
"""A sequence that may leave a column: its size, the cards it may lie on, the sequence
itself, and what its leaving changes of the column's weighted disorder."""


NO_SHAPE: Shape = (0, (), b"", 0)


def _shape(
    col: bytes, fits: list[bytes], parents_of: list[tuple[int, ...]], here: Disorders
) -> list[Shape]:
    """The :data:`Shape` of each sequence at the top of ``col``, shortest first: a search
    meets each column many times, and works these out once."""
    was = here[col]
    shapes = []
    for k in range(1, _run(col, fits) + 1):
        rest = col[:-k]
        shapes.append((k, parents_of[col[-k]], col[-k:], here[rest] - was))
    return shapes


def _py_search(start: State, rules: Rules, weights: Weights) -> Generator[Outcome, int, None]:
    """One best-first search by ``weights``; sent a budget of positions, it answers an
    :data:`Outcome`. Children are queued as (parent, move) with their score worked out from
    the parent's and the columns the move changes; a child is built, keyed and checked
    against the transposition table only when it leaves the queue. A move that lets a
    card go home (foundations change) is built at once, as its whole score changes."""
    by_suit, kings_only = rules.by_suit, rules.kings_only
    fits = FITS[by_suit]
    parents_of = PARENTS[by_suit]
    w_cell = weights[4]
    w_depth = weights[1]
    here = Disorders(fits, weights)
    shapes: dict[bytes, list[Shape]] = {}

    def full(new: State) -> int:
        return _score(*new, weights, here) * TIE

    parents: dict[bytes, tuple[bytes, RawMove] | None] = {}
    heap: list[Entry] = [(full(start), None, None, start)]
    counter = 0
    push, pop = heapq.heappush, heapq.heappop
    budget = yield None, 0, 1
    used = 0
    while heap:
        if used >= budget:
            budget = yield None, used, len(parents) + len(heap)
            used = 0
            if len(here) > 300_000:
                here = Disorders(fits, weights)
            if len(shapes) > 200_000:
                shapes.clear()
        packed, parent, move, new = pop(heap)
        if new is None:
            assert parent is not None and move is not None
            new = _child(parent[1], parent[2], parent[3], move, by_suit)
        cols, cells, found = new
        key = b"\xff".join(sorted(cols)) + b"\xfe" + cells
        if key in parents:
            continue
        parents[key] = None if parent is None or move is None else (parent[0], move)
        used += 1
        if found == WON:
            yield line_back(parents, key), used, len(parents) + len(heap)
            return
        score = (packed >> 32) * TIE
        node = (key, cols, cells, found)
        holds = [0] * len(cols)  # next cards to go home, by column
        for suit, height in enumerate(found):
            if height < 13:
                card = suit * 13 + height
                for i, col in enumerate(cols):
                    if card in col:
                        holds[i] += 1
                        break
        free = rules.cells - len(cells)
        tops, empty_col, limit, limit_empty = _room(cols, free)
        later: list[tuple[int | None, RawMove, Shape]] = []  # queued last: into an empty
        # column or a cell, with their score if it is known, else their sequence's shape
        cell_in = w_cell * TIE
        for card in cells:
            suit = card // 13
            if card % 13 == found[suit]:
                raw = CELL_HOME[card]
                built = _child(cols, cells, found, raw, by_suit)
                counter += 1
                push(heap, (full(built) + counter, node, raw, built))
            for parent_card in parents_of[card]:
                dest = tops.get(parent_card)
                if dest is not None:
                    raw = CELL_TO[card][dest]
                    counter += 1
                    below = cols[dest]
                    gain = here[below + bytes((card,))] - here[below] + w_depth * holds[dest]
                    push(heap, (score - cell_in + gain * TIE + counter, node, raw, None))
            if empty_col >= 0 and (not kings_only or card % 13 == KING):
                gain = here[bytes((card,))] - here[b""]
                later.append((score - cell_in + gain * TIE, CELL_TO[card][empty_col], NO_SHAPE))
        for i, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            suit = top // 13
            if top % 13 == found[suit]:
                raw = HOME[i][suit]
                built = _child(cols, cells, found, raw, by_suit)
                counter += 1
                push(heap, (full(built) + counter, node, raw, built))
            shape = shapes.get(col)
            if shape is None:
                shape = shapes[col] = _shape(col, fits, parents_of, here)
            held = holds[i]
            for k, onto, run, lost in shape:
                if k > limit:
                    break
                for parent_card in onto:
                    dest = tops.get(parent_card)
                    if dest is None:
                        continue
                    raw = BETWEEN[i][dest][k]
                    counter += 1
                    if _unsettles(cols, cells, found, raw, by_suit):
                        built = _child(cols, cells, found, raw, by_suit)
                        push(heap, (full(built) + counter, node, raw, built))
                    else:
                        below = cols[dest]
                        deeper = holds[dest] - held
                        for moved in run:
                            if moved % 13 == found[moved // 13]:
                                deeper += 1
                        gain = lost + here[below + run] - here[below] + w_depth * k * deeper
                        push(heap, (score + gain * TIE + counter, node, raw, None))
            if empty_col >= 0:
                for k in range(min(len(shape), limit_empty, len(col) - 1), 0, -1):
                    if not kings_only or col[-k] % 13 == KING:
                        later.append((None, BETWEEN[i][empty_col][k], shape[k - 1]))
            if free:
                later.append((None, INTO_CELL[i][top], shape[0]))
        for known, raw, shaped in later:
            counter += 1
            if known is not None:
                push(heap, (known + counter, node, raw, None))
                continue
            if _unsettles(cols, cells, found, raw, by_suit):
                built = _child(cols, cells, found, raw, by_suit)
                push(heap, (full(built) + counter, node, raw, built))
                continue
            k, _, run, lost = shaped
            deeper = -holds[raw[1]]
            for moved in run:
                if moved % 13 == found[moved // 13]:
                    deeper += 1
            gain = lost + w_depth * k * deeper
            if raw[2] == "f":
                gain += w_cell
            else:
                gain += here[run] - here[b""]
            push(heap, (score + gain * TIE + counter, node, raw, None))
    yield False, used, len(parents)


LATE = 20_000
"""Positions the best-first searches expand before a dive (:func:`_dive`) joins them."""

RESTART = 20_000
"""Positions a dive tries before it starts again with another seed."""

NOISE = 50
"""How far a dive's random shake may move a position's score (a card home weighs 12–20)."""


def _dive(start: State, rules: Rules) -> Generator[Outcome, int, None]:
    """Randomized depth-first searches for the deals on which the best-first ones lose
    their way: from each position, the unseen children in the order of their score
    (by the next weighting of :data:`PROFILES`) shaken by up to :data:`NOISE`, deepest
    first; after :data:`RESTART` positions it starts again with the next seed. Answers as
    :func:`_py_search` does; a dive that ends before :data:`RESTART` has searched every
    reachable position, so the deal is proved lost."""
    by_suit = rules.by_suit
    budget = yield None, 0, 1
    used = 0
    for seed in range(1 << 30):
        shake = random.Random(seed)
        weights = PROFILES[seed % len(PROFILES)]
        here = Disorders(FITS[by_suit], weights)
        seen = {_key(start[0], start[1])}
        path: list[RawMove] = []
        stack: list[Iterator[tuple[RawMove, State, bytes]]] = []
        state: State | None = start
        while True:
            if used >= budget:
                budget = yield None, used, len(seen)
                used = 0
            if state is not None:  # a new position: order its children
                cols, cells, found = state
                if found == WON:
                    yield path, used, len(seen)
                    return
                children: list[tuple[float, int, RawMove, State, bytes]] = []
                for move in _children(cols, cells, found, rules):
                    new = _child(cols, cells, found, move, by_suit)
                    key = _key(new[0], new[1])
                    if key not in seen:
                        score = _score(*new, weights, here) + shake.uniform(0, NOISE)
                        children.append((score, len(children), move, new, key))
                children.sort()
                stack.append(iter([(move, new, key) for _, _, move, new, key in children]))
                state = None
            if not stack:
                yield False, used, len(seen)
                return
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            move, new, key = step
            if key in seen:  # reached meanwhile by another line
                continue
            if len(seen) >= RESTART:
                break
            seen.add(key)
            used += 1
            path.append(move)
            state = new


def _line(state: Piles, rules: Rules, line: list[RawMove]) -> list[Move]:
    """The moves of a search's winning ``line`` from ``state``, each followed by the safe
    moves home it allows, with real cells."""
    by_suit = rules.by_suit
    raw: list[RawMove] = []
    current = _settle(*_encode(state), by_suit, raw)
    for move in line:
        raw.append(move)
        unsettles = _unsettles(*current, move, by_suit)
        current = _apply(*current, move)
        if unsettles:
            current = _settle(*current, by_suit, raw)
    return _to_moves(state, raw)


PLACES = {
    kind: tuple(Place(kind, index) for index in range(size))
    for kind, size in (("column", MAX_COLUMNS), ("cell", MAX_CELLS), ("foundation", 4))
}
"""Every place, made once (places are immutable)."""


def _to_moves(state: Piles, raw: list[RawMove]) -> list[Move]:
    """Raw moves (cells named by card) as moves between numbered cells. They are legal by
    construction (the tests and the benchmark replay every line under the rules)."""
    columns, cell_places, foundations = PLACES["column"], PLACES["cell"], PLACES["foundation"]
    cells = [None if card is None else card.ordinal for card in state.cells]
    moves = []
    for skind, si, dkind, di, count in raw:
        if skind == "c":
            source = columns[si]
        else:
            index = cells.index(si)
            cells[index] = None
            source = cell_places[index]
        if dkind == "c":
            dest = columns[di]
        elif dkind == "f":
            index = cells.index(None)
            cells[index] = di
            dest = cell_places[index]
        else:
            dest = foundations[di]
        moves.append(Move(source, dest, count))
    return moves


def _since(started: float) -> float:
    return time.perf_counter() - started


def progress_possible(state: Piles, rules: Rules, limit: int) -> bool | None:
    """Whether moves between columns and cells can reach a position where a card can go
    home: True, False (every such position searched), or None past ``limit`` positions."""
    cols, cells, found = _encode(state)
    seen: set[bytes] = set()
    stack = [(cols, cells)]
    while stack:
        cols, cells = stack.pop()
        for move in _children(cols, cells, found, rules):
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
