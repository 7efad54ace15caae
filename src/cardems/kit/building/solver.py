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

With a stock the position also holds the stock, the waste and the redeals used (the
"talon", all in the key: the order of the stock and the waste matters). The waste's top
card plays as a cell's card would; the stock's move is searched last among equals; after
each move the search does what the engine does by itself (:func:`_table`: an empty column
takes the waste's card, an empty waste the stock's next). A safe card goes home from the
waste too: an empty column it leaves is filled as the engine fills it, which only frees
the waste's next card (but where the table turns several cards onto an empty waste by
itself, a safe move that would empty the waste, or a column the waste fills, is searched
as any other: the turn it forces may hide a card). A stock that deals onto the columns
(``Stock.to_columns``) makes its first columns places of their own while it holds cards:
the key keeps them in order (the others sorted), each is tried as an empty column's
destination, and the score counts the stock's cards against the position.

With whole suits built down in suit, any face-up cards moving together and no cells
(Scorpion's rules), once no stock is left a card goes at once onto the top of a column
that holds only a run of its suit from a king at the bottom (:func:`_forced`): that run
never moves again, so the move is never lost by being made first.

A face-down card is its ordinal plus :data:`DOWN` (the solver knows every card, as a
player who could see through the backs would: its verdict is for the known deal); it
builds on nothing and nothing builds on it, and a column's top card is turned face up by
:func:`_apply` and :func:`_settle` as the engine turns it. With ``Group.FACE_UP`` any of
a column's face-up cards leads a move; the score then also counts the face-down cards.

Every other legal move of the engine is searched, so the search's moves are the
engine's: a winning line replays there move for move (the tests check).

The search and the stuck check also run compiled (``_search.c``, built with the package
where a C compiler is: :data:`COMPILED`): :func:`solve_state` and
:func:`progress_possible` take the C twin there, and :func:`py_solve_state` and
:func:`py_progress_possible` stay the reference and the fallback. The twin is the same
search position for position (children, settling, keys, scores, queue order and counts),
so it returns the same verdict, positions expanded and line
(``tests/building/test_compiled_search.py``); it reads the rules from :func:`_tables`.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise

from cardems.cards import Card
from cardems.cellgames.notation import Move, Place
from cardems.kit.building.declare import (
    UNLIMITED,
    Build,
    BuildRules,
    Direction,
    Empty,
    Group,
    Suits,
)
from cardems.kit.building.engine import BuildState, _fits

try:  # the search compiled (built with the package where a C compiler is)
    from cardems.kit.building import _search

    COMPILED = True
except ImportError:  # pragma: no cover - where the extension was not built
    COMPILED = False

HIDDEN_WEIGHT = 80
"""What a face-down card costs the score (a card turned over is a card freed)."""
STOCK_WEIGHT = 40
"""What a card still in a stock that deals onto the columns costs the score (a win deals
it: without this the search would deal only once every other line was tried)."""
NODES = 200_000
"""The default budget of a verdict, in positions expanded."""

EMPTY = 255
DOWN = 64
"""Added to a face-down card's ordinal in a column."""
Cols = tuple[bytes, ...]
Found = tuple[int, int, int, int]
Talon = tuple[bytes, bytes, int, bytes]
"""The stock (bottom→top), the waste (bottom→top), the redeals used and the reserve pile
(bottom→top)."""
NO_TALON: Talon = (b"", b"", 0, b"")
Raw = tuple[str, int, str, int, int]
"""(source kind, index, destination kind, index, count): kinds ``c`` column, ``f`` cell,
``h`` foundation (index = suit), ``w`` the waste, ``r`` the reserve pile, ``s`` the stock."""


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
    draw: int = 0
    redeals: int = 0
    keep_waste: bool = False
    fill_columns: bool = False
    face_down: bool = False
    """Some columns are dealt face-down cards."""
    to_columns: int = 0
    """The stock deals onto the first columns (``Stock.to_columns``), not onto a waste."""
    deal_on_empty: bool = True
    forced_builds: bool = False
    """A card goes at once onto a suit's part built from a king (see :func:`_forced`)."""
    reserve: bool = False
    """A reserve pile fills empty columns at once (its top card plays)."""
    king: int = 12
    """The king's rank in the search's numbering (12 unless the foundations' base renumbers
    the ranks: see :func:`_tables`)."""
    column: bool = False
    """``Group.COLUMN``: one card or the whole column moves."""
    cards: int = 52
    """The cards home in a won position (104 with two decks)."""


def renumber(ordinal: int, base: int) -> int:
    """A card's ordinal in the search's numbering, where the foundations' base rank counts
    as the ace (``base`` 1: unchanged): the search then knows no base."""
    suit, rank = divmod(ordinal, 13)
    return suit * 13 + (rank - base + 1) % 13


@cache
def _tables(rules: BuildRules, base: int = 1) -> _Tables:
    fits = _fits(rules)
    old = [0] * 52
    for ordinal in range(52):
        old[renumber(ordinal, base)] = ordinal
    size = 2 * DOWN if rules.tableau.down else 52  # a face-down card below fits nothing
    rows = tuple(
        bytes(1 if b < 52 and old[b] in fits[old[c]] else 0 for b in range(size)) for c in range(52)
    )
    builders = tuple(tuple(x for x in range(52) if old[c] in fits[old[x]]) for c in range(52))
    return _Tables(
        rows,
        builders,
        rules.tableau.empty,
        rules.group,
        rules.cells.refill,
        rules.foundations.whole_suits,
        rules.stock.draw,
        rules.stock.redeals,
        rules.stock.keep_waste,
        rules.stock.fill_columns,
        any(rules.tableau.down),
        rules.stock.to_columns,
        rules.stock.deal_on_empty,
        rules.foundations.whole_suits
        and rules.build == Build(Suits.SAME, Direction.DOWN)
        and rules.group is Group.FACE_UP
        and not rules.cells.count,
        bool(rules.reserve.dealt),
        renumber(12, base),
        rules.group is Group.COLUMN,
        rules.cards,
    )


def _safe(card: int, found: list[int] | Found, tables: _Tables) -> bool:
    """Whether ``card`` may go home now and nothing could ever build on it."""
    suit, rank = divmod(card, 13)
    if rank != found[suit] or tables.whole_suits:
        return False
    return all(found[x // 13] > x % 13 for x in tables.builders[card])


Position = tuple[Cols, bytes, Found, Talon]


def _table(cols: Cols, talon: Talon, tables: _Tables) -> tuple[Cols, Talon]:
    """What the engine does by itself after a move (``engine.settle``)."""
    stock, waste, passes, reserve = talon
    while True:
        empty = (
            cols.index(b"")
            if (reserve or (tables.fill_columns and waste)) and b"" in cols
            else None
        )
        if empty is not None and reserve:
            cols = (*cols[:empty], reserve[-1:], *cols[empty + 1 :])
            reserve = reserve[:-1]
        elif empty is not None:
            cols = (*cols[:empty], waste[-1:], *cols[empty + 1 :])
            waste = waste[:-1]
        elif tables.keep_waste and not waste and stock:
            stock, waste, passes, reserve = _turned((stock, waste, passes, reserve), tables)
        else:
            return cols, (stock, waste, passes, reserve)


def _turned(talon: Talon, tables: _Tables) -> Talon:
    """The stock's move: ``draw`` cards onto the waste, or the waste turned over."""
    stock, waste, passes, reserve = talon
    if not stock:  # with unlimited redeals their count tells no position from another
        return waste[::-1], b"", passes + (tables.redeals != UNLIMITED), reserve
    count = min(tables.draw, len(stock))
    return stock[:-count], waste + stock[-count:][::-1], passes, reserve


def _dealt(cols: Cols, talon: Talon, tables: _Tables) -> tuple[Cols, Talon]:
    """The stock dealt onto the first columns (``engine.dealt_to_columns``)."""
    stock, waste, passes, reserve = talon
    count = min(tables.to_columns, len(stock))
    dealt = stock[-count:][::-1]
    cols = tuple(col + dealt[i : i + 1] if i < count else col for i, col in enumerate(cols))
    return cols, (stock[:-count], waste, passes, reserve)


def _settle(
    cols: Cols, cells: bytes, found: Found, talon: Talon, tables: _Tables, path: list[Raw]
) -> Position:
    """Send every safe card home, recording the moves in ``path``."""
    if tables.whole_suits:  # no card goes home alone
        if tables.forced_builds and not talon[0]:
            cols = _forced(cols, path)
        return cols, cells, found, talon
    col_list, cell_list, heights = list(cols), bytearray(cells), list(found)
    # The table turns several cards onto an empty waste by itself: a safe move that empties
    # the waste (or a column the waste fills) would force a turn, and is searched as any other.
    forced = tables.keep_waste and tables.draw > 1
    moved = True
    while moved:
        moved = False
        waste = talon[1]
        if waste and _safe(waste[-1], heights, tables) and not (forced and len(waste) == 1):
            heights[waste[-1] // 13] += 1
            path.append(("w", 0, "h", waste[-1] // 13, 1))
            talon = (talon[0], waste[:-1], talon[2], talon[3])
            cols_now, talon = _table(tuple(col_list), talon, tables)
            col_list = list(cols_now)
            moved = True
        reserve = talon[3]
        if reserve and _safe(reserve[-1], heights, tables):
            heights[reserve[-1] // 13] += 1
            path.append(("r", 0, "h", reserve[-1] // 13, 1))
            talon = (talon[0], talon[1], talon[2], reserve[:-1])
            moved = True
        for i, col in enumerate(col_list):
            while col and _safe(col[-1], heights, tables):
                if forced and len(col) == 1 and tables.fill_columns:
                    break
                heights[col[-1] // 13] += 1
                path.append(("c", i, "h", col[-1] // 13, 1))
                col = _turn(col[:-1])
                col_list[i] = col
                moved = True
                if not col and (tables.draw or tables.reserve):
                    cols_now, talon = _table(tuple(col_list), talon, tables)
                    col_list = list(cols_now)
                    col = col_list[i]
        for i, card in enumerate(cell_list):
            if card != EMPTY and _safe(card, heights, tables):
                heights[card // 13] += 1
                path.append(("f", i, "h", card // 13, 1))
                cell_list[i] = EMPTY
                moved = True
    found = (heights[0], heights[1], heights[2], heights[3])
    return tuple(col_list), bytes(cell_list), found, talon


def _ordered(talon: Talon, tables: _Tables) -> int:
    """How many first columns differ by place: those a stock still deals onto."""
    return min(tables.to_columns, len(talon[0]))


def _forced(cols: Cols, path: list[Raw]) -> Cols:
    """Each face-up card onto the top of a column that holds only a run of its suit from a
    king at the bottom (``forced_builds``: whole suits, built down in suit, any face-up
    cards moving together, no cells; once no stock is left to cover a column's top), the
    moves recorded in ``path``.

    Nothing is lost: the card must end there, and only its own move puts it there; that
    run never moves (its king lies at the bottom, its other cards each on the one card
    they may lie on) and nothing lies under it, so no move but this one lands on its top
    or carries it, and the move stays possible; made at once, it leaves after each later
    move of a line the position that line reaches once it is made."""
    col_list = list(cols)
    moved = True
    while moved:
        moved = False
        for j, dest in enumerate(col_list):
            top = dest[-1] if dest else DOWN
            king = dest[0] if dest else DOWN
            if top % 13 == 0 or king >= DOWN or king % 13 != 12:
                continue  # no run from a king, or a whole suit (its ace on top)
            if dest != bytes(range(king, top - 1, -1)):
                continue
            for i, col in enumerate(col_list):
                at = col.find(top - 1) if i != j else -1
                if at >= 0:
                    path.append(("c", i, "c", j, len(col) - at))
                    col_list[j] = dest + col[at:]
                    col_list[i] = _turn(col[:at])
                    moved = True
                    break
    return tuple(col_list)


def _key(cols: Cols, cells: bytes, talon: Talon = NO_TALON, ordered: int = 0) -> bytes:
    """The position's transposition key: the columns alike sorted (all but the first
    ``ordered``), the cells sorted, the talon."""
    key = b"\xff".join((*cols[:ordered], *sorted(cols[ordered:]))) + b"\xfe"
    key += bytes(sorted(cells))
    if talon is NO_TALON:
        return key
    key += b"\xfd" + talon[0] + b"\xfc" + talon[1] + bytes((talon[2] & 255,))
    return key + b"\xfb" + talon[3] if talon[3] else key


def _run(col: bytes, fits: tuple[bytes, ...]) -> int:
    n, m = len(col), 1
    while m < n and fits[col[n - m]][col[n - m - 1]]:
        m += 1
    return m if n else 0


def _turn(col: bytes) -> bytes:
    """``col`` with its top card face up."""
    if col and col[-1] >= DOWN:
        return col[:-1] + bytes((col[-1] - DOWN,))
    return col


def _moving(col: bytes, tables: _Tables) -> int:
    """The top cards of ``col`` that may move together, free space aside (the engine's
    :func:`~cardems.kit.building.engine.moving_length`)."""
    if tables.group is Group.FACE_UP:
        n = len(col)
        return next((m for m in range(1, n) if col[n - m - 1] >= DOWN), n)
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
    if tables.group in (Group.RUN, Group.SUIT_RUN, Group.FACE_UP):
        return 52
    if tables.group is Group.CELLS:
        return free + 1
    return (free + 1) << empty


def _children(
    cols: Cols, cells: bytes, found: Found, talon: Talon, tables: _Tables
) -> Iterator[Raw]:
    """Every move worth searching (see the module docstring)."""
    fits = tables.fits
    free = cells.count(EMPTY)
    empties = [i for i, col in enumerate(cols) if not col]
    empty_to = empties[0] if empties and tables.empty is not Empty.NONE else None
    n_empty = len(empties)
    ordered = _ordered(talon, tables)  # the first columns are each a place of their own
    empty_tos = [i for i in empties if i < ordered] + [i for i in empties if i >= ordered][:1]
    empty_tos = empty_tos if empty_to is not None else []
    singles_home = not tables.whole_suits
    for i, card in enumerate(cells):  # cells: home, onto a column, into an empty column
        if card == EMPTY:
            continue
        if singles_home and card % 13 == found[card // 13]:
            yield ("f", i, "h", card // 13, 1)
        for j, col in enumerate(cols):
            if col and fits[card][col[-1]]:
                yield ("f", i, "c", j, 1)
        if empty_to is not None and (tables.empty is Empty.ANY or card % 13 == tables.king):
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
                if tables.column and 1 < count < len(col):
                    continue
                if fits[col[-count]][other[-1]]:
                    yield ("c", i, "c", j, count)
        if empty_to is not None:
            into = min(run, _limit(tables, free, n_empty - 1 if n_empty else 0))
            for count in range(1, into + 1):
                if tables.column and count > 1:
                    break  # a whole column into an empty one: the same position
                lead = col[-count]
                if tables.empty is Empty.ANY or lead % 13 == tables.king:
                    for to in empty_tos:  # a whole column to a column alike: the same
                        if count < len(col) or min(i, to) < ordered:
                            yield ("c", i, "c", to, count)
        if cell_to is not None:
            yield ("c", i, "f", cell_to, 1)
    if tables.draw or tables.reserve:
        yield from _talon_children(cols, cells, found, talon, tables, empty_to, cell_to)


def _talon_children(
    cols: Cols,
    cells: bytes,
    found: Found,
    talon: Talon,
    tables: _Tables,
    empty_to: int | None,
    cell_to: int | None,
) -> Iterator[Raw]:
    """The reserve's and the waste's top card home, onto a column, into an empty column
    or a cell; the stock's move."""
    stock, waste, passes, reserve = talon
    for kind, pile in (("r", reserve), ("w", waste)):
        if not pile:
            continue
        card = pile[-1]
        if card % 13 == found[card // 13]:
            yield (kind, 0, "h", card // 13, 1)
        for j, col in enumerate(cols):
            if col and tables.fits[card][col[-1]]:
                yield (kind, 0, "c", j, 1)
        if empty_to is not None and (tables.empty is Empty.ANY or card % 13 == tables.king):
            yield (kind, 0, "c", empty_to, 1)
        if cell_to is not None:
            yield (kind, 0, "f", cell_to, 1)
    if tables.to_columns:
        if stock and (tables.deal_on_empty or all(cols)):
            yield ("s", 0, "w", 0, 1)
        return
    redeal = waste and tables.redeals in (UNLIMITED, *range(passes + 1, tables.redeals + 1))
    if tables.draw and (stock or redeal):
        yield ("s", 0, "w", 0, 1)


def _apply(
    cols: Cols, cells: bytes, found: Found, talon: Talon, move: Raw, tables: _Tables
) -> Position:
    kind, i, dest, j, count = move
    if kind == "s" and tables.to_columns:
        cols, talon = _dealt(cols, talon, tables)
        return cols, cells, found, talon
    if kind == "s":
        cols, talon = _table(cols, _turned(talon, tables), tables)
        return cols, cells, found, talon
    col_list, cell_list, heights = list(cols), bytearray(cells), list(found)
    if kind == "c":
        moving = col_list[i][-count:]
        col_list[i] = _turn(col_list[i][:-count])
    elif kind == "w":
        moving = talon[1][-1:]
        talon = (talon[0], talon[1][:-1], talon[2], talon[3])
    elif kind == "r":
        moving = talon[3][-1:]
        talon = (talon[0], talon[1], talon[2], talon[3][:-1])
    else:
        moving = bytes((cell_list[i],))
        cell_list[i] = EMPTY
    if dest == "c":
        col_list[j] = col_list[j] + moving
    elif dest == "f":
        cell_list[j] = moving[0]
    else:
        heights[j] += count
    cols = tuple(col_list)
    if tables.draw or tables.reserve:
        cols, talon = _table(cols, talon, tables)
    return cols, bytes(cell_list), (heights[0], heights[1], heights[2], heights[3]), talon


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
            suit, rank = divmod(card % DOWN, 13)
            if rank > lowest[suit]:
                buried += 1
            else:
                lowest[suit] = rank
        if len(self) < 1 << 20:
            self[col] = buried
        return buried


_BURIED = _Buried()


def _score(cols: Cols, cells: bytes, found: Found, talon: Talon, tables: _Tables) -> int:
    """Higher is more promising: cards home, the next card of each suit near its column's
    top, few cards lying on a lower card of their suit, free cells and empty columns (with
    ``whole_suits``: suits home, few breaks in the columns, empty columns)."""
    if tables.whole_suits:
        breaks = sum(_BREAKS[col] for col in cols)
        empty = cols.count(b"") if tables.empty is not Empty.NONE else 0
        score = 20 * sum(found) - 40 * breaks + 4 * cells.count(EMPTY) + 10 * empty
        if tables.to_columns:  # the stock's cards are still to deal, as face-down ones
            score -= STOCK_WEIGHT * len(talon[0])
        return score - HIDDEN_WEIGHT * _hidden(cols) if tables.face_down else score
    depth = 0
    for suit in range(4):
        if found[suit] < 13:
            card = suit * 13 + found[suit]
            for col in cols:
                at = col.find(card)
                if at < 0 and tables.face_down:
                    at = col.find(card + DOWN)
                if at >= 0:
                    depth += len(col) - 1 - at
                    break
            else:
                if talon is not NO_TALON:
                    depth += _talon_depth(card, talon)
    buried = sum(_BURIED[col] for col in cols)
    free = cells.count(EMPTY)
    empty = cols.count(b"") if tables.empty is not Empty.NONE else 0
    score = 20 * sum(found) - 4 * depth - 10 * buried + 4 * free + 20 * empty
    if tables.face_down:
        score -= HIDDEN_WEIGHT * _hidden(cols)
    return score


def _talon_depth(card: int, talon: Talon) -> int:
    """How deep ``card`` lies in the waste (the cards on it), or in the stock (the cards
    to turn first); 0 elsewhere."""
    stock, waste, _, reserve = talon
    at = reserve.find(card)
    if at >= 0:
        return len(reserve) - 1 - at
    at = waste.find(card)
    if at >= 0:
        return len(waste) - 1 - at
    at = stock.find(card)
    return len(stock) - at if at >= 0 else 0


def encode(state: BuildState) -> Position:
    """The search's position of ``state``, its cards renumbered from the foundations'
    base (:func:`renumber`), a face-down card's plus :data:`DOWN`."""
    base = state.base

    def pile(cards: tuple[Card, ...]) -> bytes:
        return bytes(renumber(card.ordinal, base) for card in cards)

    cols = tuple(
        bytes(
            renumber(card.ordinal, base) + (DOWN if at < state.down_at(i) else 0)
            for at, card in enumerate(column)
        )
        for i, column in enumerate(state.columns)
    )
    cells = bytes(EMPTY if card is None else renumber(card.ordinal, base) for card in state.cells)
    if not state.rules.stock.draw and not state.rules.reserve.dealt:
        return cols, cells, state.foundations, NO_TALON
    passes = 0 if state.rules.stock.redeals == UNLIMITED else state.passes
    talon = (pile(state.stock), pile(state.waste), passes, pile(state.reserve))
    return cols, cells, state.foundations, talon


def solve_state(
    state: BuildState, node_limit: int | None = NODES, time_limit: float | None = None
) -> SolveResult:
    """Search ``state`` within ``node_limit`` positions expanded; ``time_limit`` is only a
    cap for a person waiting (past it: undecided, ``clocked``).

    The compiled search (``_search.c``) where it was built (:data:`COMPILED`), else
    :func:`py_solve_state`: the same positions in the same order, the same verdict, count
    and line (tested)."""
    if COMPILED:
        return _compiled_solve(state, node_limit, time_limit)
    return py_solve_state(state, node_limit, time_limit)


_GROUPS = (
    Group.ONE,
    Group.RUN,
    Group.SUPERMOVE,
    Group.CELLS,
    Group.SUIT_RUN,
    Group.FACE_UP,
    Group.COLUMN,
)
_EMPTIES = (Empty.ANY, Empty.KINGS, Empty.NONE)


def _compiled_start(state: BuildState) -> _search.Start:
    """``state`` and its rules as the compiled search and walk read them: the position
    (:func:`encode`'s, the talon None for a game with neither stock nor reserve), ``fits``
    as 128 rows of 128 bytes, each card's builders, and the flags in ``_search.c``'s
    order."""
    tables = _tables(state.rules, state.base)
    cols, cells, found, talon = encode(state)
    fits = b"".join(row.ljust(128, b"\0") for row in tables.fits).ljust(128 * 128, b"\0")
    builders = tuple(bytes(cards) for cards in tables.builders)
    flags = (
        _EMPTIES.index(tables.empty),
        _GROUPS.index(tables.group),
        tables.refill,
        tables.whole_suits,
        tables.draw,
        tables.redeals,
        tables.keep_waste,
        tables.fill_columns,
        tables.face_down,
        tables.to_columns,
        tables.deal_on_empty,
        tables.forced_builds,
        tables.reserve,
        tables.king,
        tables.column,
        tables.cards,
        state.rules.foundations.take_back,
    )
    talon_read = None if talon is NO_TALON else talon
    return cols, cells, found, talon_read, fits, builders, tuple(int(flag) for flag in flags)


def _compiled_solve(
    state: BuildState, node_limit: int | None, time_limit: float | None
) -> SolveResult:
    """:func:`py_solve_state`'s search, compiled."""
    winnable, nodes, clocked, raws = _search.search(
        _compiled_start(state),
        -1 if node_limit is None else max(node_limit, 0),
        -1.0 if time_limit is None else max(time_limit, 0.0),
    )
    return SolveResult(winnable, _moves(raws) if winnable else [], nodes, clocked)


def py_solve_state(
    state: BuildState, node_limit: int | None = NODES, time_limit: float | None = None
) -> SolveResult:
    """The search in Python: the reference the compiled one is held to, and its fallback."""
    tables = _tables(state.rules, state.base)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    start_path: list[Raw] = []
    start = _settle(*encode(state), tables, start_path)
    start_key = _key(start[0], start[1], start[3], _ordered(start[3], tables))
    links: dict[bytes, tuple[bytes, tuple[Raw, ...]] | None] = {start_key: None}
    queue: list[tuple[int, int, bytes, Cols, bytes, Found, Talon]] = []
    counter = 0
    heapq.heappush(queue, (0, counter, start_key, *start))
    nodes = 0
    while queue:
        _, _, key, cols, cells, found, talon = heapq.heappop(queue)
        if sum(found) == tables.cards:
            return SolveResult(True, _line(state, start_path, links, key), nodes)
        if node_limit is not None and nodes >= node_limit:
            return SolveResult(None, nodes=nodes)
        if deadline is not None and nodes % 1024 == 0 and time.monotonic() > deadline:
            return SolveResult(None, nodes=nodes, clocked=True)
        nodes += 1
        for raw in _children(cols, cells, found, talon, tables):
            path = [raw]
            child = _settle(*_apply(cols, cells, found, talon, raw, tables), tables, path)
            child_key = _key(child[0], child[1], child[3], _ordered(child[3], tables))
            if child_key in links:
                continue
            links[child_key] = (key, tuple(path))
            counter += 1
            score = _score(*child, tables)
            heapq.heappush(queue, (-score, counter, child_key, *child))
    # The search never takes a card back from a foundation: where the rules allow it
    # (``take_back``), running out of positions proves nothing.
    return SolveResult(None if state.rules.foundations.take_back else False, nodes=nodes)


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
    return _moves(start_path + [raw for raws in reversed(steps) for raw in raws])


def _moves(raw_line: list[Raw]) -> list[Move]:
    """The engine's moves of the search's raw moves."""
    kinds = {
        "c": "column",
        "f": "cell",
        "h": "foundation",
        "s": "stock",
        "w": "waste",
        "r": "reserve",
    }
    return [Move(Place(kinds[a], i), Place(kinds[b], j), n) for a, i, b, j, n in raw_line]


def _pieces(cols: Cols) -> int:
    """How many runs of one suit, in sequence, the columns hold (a won table holds none)."""
    return sum(_BREAKS[col] + 1 for col in cols if col)


def _hidden(cols: Cols) -> int:
    """How many cards lie face down."""
    return sum(1 for col in cols for card in col if card >= DOWN)


def progress_possible(state: BuildState, limit: int) -> bool | None:
    """:func:`py_progress_possible`'s answer, by the compiled walk where it was built
    (:data:`COMPILED`): the same positions in the same order (tested)."""
    if not COMPILED:
        return py_progress_possible(state, limit)
    return _search.progress(_compiled_start(state), limit)


def py_progress_possible(state: BuildState, limit: int) -> bool | None:
    """Whether some line of moves between columns and cells leads to a card that may go
    home: True, False (every such position seen) or None (past ``limit`` positions).

    With ``whole_suits`` a line that leaves fewer runs of one suit in the columns is
    progress too: a won table has none, so from a position where no line lowers their
    count (or sends a suit home) the deal can no longer be won, and a line that joins two
    runs ends the search long before a whole suit lies ready.

    With face-down cards a line that turns one face up is progress too (the player
    learns a card, and the position is a new one to judge)."""
    tables = _tables(state.rules, state.base)
    start = encode(state)
    pieces = _pieces(start[0]) if tables.whole_suits else None
    hidden = _hidden(start[0]) if tables.face_down else None
    seen = {_key(start[0], start[1], start[3], _ordered(start[3], tables))}
    frontier = [start]
    while frontier:
        cols, cells, found, talon = frontier.pop()
        for raw in _children(cols, cells, found, talon, tables):
            if raw[2] == "h":
                return True
            child = _apply(cols, cells, found, talon, raw, tables)
            if pieces is not None and _pieces(child[0]) < pieces:
                return True
            if hidden is not None and _hidden(child[0]) < hidden:
                return True
            key = _key(child[0], child[1], child[3], _ordered(child[3], tables))
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                frontier.append(child)
    return False
