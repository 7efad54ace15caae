"""Thoughtful Klondike solver: is a deal winnable when every card is known?

This is the reference search; :mod:`cardems.klondike._solver` (C, optional) runs the
same search, move for move, much faster, and :func:`solve` uses it when it was built.

The search is a depth-first search over *macro moves* with a transposition table. It
decides the game of Solvitaire's ``klondike`` preset (Blake & Gent), the anchor's: the
rules of :mod:`cardems.klondike.rules` with part of a run moved only when the card it
uncovers can then go home (Solvitaire's ``partial-if-card-above-buildable``).

- The stock and the waste are one fixed sequence, the *talon* (the waste bottom → top,
  then the stock in drawing order), and the number of cards already turned, ``turned``
  (the waste's top is ``talon[turned - 1]``). Draws commute with every other move, so a
  win never needs a draw that does not lead to playing a card of the talon: each card
  the draws (and at most one recycle) can bring to the top of the waste is one move,
  "play talon card k" (Bjarnason, Fern and Tadepalli's K+ Solitaire; Solvitaire).
- A column's top card goes home at once, as a forced move, when Solvitaire's condition
  holds (:func:`goes_up_freely`: the other colour's foundations within two ranks of
  it, its twin suit's within three; any ace or two): every card that could go on it
  can go home itself, and so can the cards those could hold. At draw one the waste's
  top goes too; at draw three it does not (taking it out of the talon changes which
  cards the later passes turn up), as in Solvitaire.
- A column's whole face-up run moves when that turns a card over, or empties the
  column while a king could ever fill it (:func:`king_waits`); part of a run moves only
  when the card it uncovers can then go home (the preset's rule); a foundation's top
  card (a three or higher) comes back only when it would not go home again at once (as
  in Solvitaire); of several empty columns only the first is ever filled.
- A position where some card can never go home (:func:`blocked`) is lost. The cards
  that may ever go home, and the column cards that may ever leave the card under them,
  are the least fixpoint of: a card goes home when it is on its foundation, or the one
  below it of its suit may go home and it is out of the columns or may come to be a
  column's top (none lies on it, or the one on it may leave it); a column's card
  leaves the one under it when it is face up or may come to be a top, and then is a
  king, or may go home, or may go onto one of its two places (a column card that may
  come to be a top, or a card out of the columns that may be laid in one: a king, or a
  card one of whose places is). "Lying on" is kept when a run moves, so a card is a
  top only once the one on it left it, moving as the lowest card of a move; by
  induction on when a card first goes home, leaves or is laid, every card that does in
  some line is in those sets: the fixpoint only over-estimates, and a card outside it
  never goes home; the cut is sound. (Asking only whether every card may leave its
  place misses a card free to move about whose suit's lower card waits for it.)
- At draw three with unlimited passes, the draws reach from ``turned`` = t every talon card they
  reach from none turned, and from t − draw every one they reach from t (the cards t −
  1, t − 1 + draw, … of this pass, then the recycle's), and a card played leaves the
  same position whichever of them it came from; the other moves, and the forced ones
  (never from the waste at draw three), do not look at ``turned``. So (by induction on
  a winning line) what wins with none turned wins with any t turned, and what wins
  with t wins with t − draw, t − 2 · draw, …, down to 1: a position is cut when the
  same cards were seen at a ``turned`` that wins whenever its own does
  (:meth:`Search.dominated`). A position in the table either was searched or
  has one that was and wins whenever it does, at no more moves, so the depth-first
  search with its table still finds a win when there is one (a shortest path from a
  seen position to a win would have a seen position on it one move shorter).
- The table holds every position expanded or cut at once (columns sorted, as their order does not
  matter; with unlimited passes a ``turned`` that is a multiple of the draw counts as
  none): one reached again was, or is being, searched.

A deal is winnable when the search finds a line; it is not when the search ends
without one; past the budget of positions it is undecided (None), never lost.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from cardems.kit.building.board import compiled_search
from cardems.kit.building.engine import BuildState
from cardems.klondike import declared
from cardems.klondike.declared import KlondikeBoard
from cardems.klondike.rules import (
    COLUMNS,
    DRAW,
    RECYCLE,
    SUITS,
    Move,
    Rules,
    builds_on,
    is_red,
    rank_of,
    suit_of,
)

NODE_BUDGET = 500_000
"""Positions the search may expand before it calls a deal undecided. Most deals take
milliseconds and a few hundred positions (the median deal of draw three: about 2 ms);
some 3 % are left undecided at this budget, within a few seconds each. The memory it
takes: the C search's table holds a 64-bit hash of each position expanded or cut at
once (two to four per position expanded) and doubles when half full (73 MB peak for the
process on a deal that spent this budget; a deal decided at once takes a 512 KiB
table); the Python search keeps the positions themselves, some hundreds of bytes each."""
DEEP_BUDGET = 5_000_000
"""Positions for the second search that ``cardems solve`` and ``cardems analyze`` give
a deal left undecided at :data:`NODE_BUDGET` (:func:`solve`'s ``deep``): of deals
100,000–100,399 of draw three, 12 were undecided at 500,000 positions, 6 decided by
2,000,000 and 10 by 5,000,000 (2 not by 10,000,000). The search is deterministic, so
the second search finds what one search with this budget finds (it does again the
first one's positions: a tenth more work on these deals, none on the others). Its
memory: 221 MB peak for the process on deal 100,031, which spent it (120 MB at
2,000,000); at four hashes a position expanded, the table's ceiling is 2^26 hashes
(512 MiB, 768 MiB while it doubles)."""
MAX_DEPTH = 3000
"""Macros deep the search may go before it calls a deal undecided (never reached in
practice; it bounds the stack)."""

Macro = tuple[int, int, int]
"""``(kind, a, b)``: :data:`FROM_TALON` (talon index, target), :data:`FROM_COLUMN`
(column, run start, target) packed as ``(kind, column * 64 + start, target)``,
:data:`FROM_FOUNDATION` (suit, target); a target is a column 0–6 or :data:`FOUNDATION`."""

FROM_TALON, FROM_COLUMN, FROM_FOUNDATION = 0, 1, 2
FOUNDATION = 7


class BudgetExceeded(Exception):
    """The search expanded its budget of positions."""


@dataclass
class Position:
    """The search's mutable position."""

    columns: list[list[int]]
    hidden: list[int]
    talon: list[int]
    turned: int
    foundations: list[int]
    recycles: int

    @classmethod
    def of(cls, state: BuildState) -> Position:
        """The position of a state of the build family's engine (a card is its ordinal;
        the talon is the waste bottom → top, then the stock next drawn first)."""
        waste = [card.ordinal for card in state.waste]
        return cls(
            [[card.ordinal for card in column] for column in state.columns],
            [state.down_at(index) for index in range(len(state.columns))],
            waste + [card.ordinal for card in reversed(state.stock)],
            len(waste),
            list(state.foundations),
            state.passes,
        )

    def copy(self) -> Position:
        """An independent copy."""
        return Position(
            [list(column) for column in self.columns],
            list(self.hidden),
            list(self.talon),
            self.turned,
            list(self.foundations),
            self.recycles,
        )

    def key(self, rules: Rules, turned: int | None = None) -> tuple[Any, ...]:
        """The position (with ``turned`` cards of the talon turned, if given) up to the
        order of the columns, ``turned`` canonical (:func:`canonical_turned`)."""
        columns = sorted((self.hidden[i], *self.columns[i]) for i in range(COLUMNS))
        turned = canonical_turned(self.turned if turned is None else turned, len(self.talon), rules)
        return (
            tuple(columns),
            tuple(self.talon),
            turned,
            0 if rules.recycles is None else self.recycles,
        )

    def won(self) -> bool:
        """All the cards are on the foundations."""
        return sum(self.foundations) == 52


def canonical_turned(turned: int, talon_size: int, rules: Rules) -> int:
    """With unlimited passes, a ``turned`` that is a multiple of the draw (or the whole
    talon) reaches the same talon cards as none turned: it counts as none."""
    if rules.recycles is None and (turned % rules.draw == 0 or turned == talon_size):
        return 0
    return turned


def reachable(talon_size: int, turned: int, rules: Rules, recycles: int) -> list[int]:
    """The talon indices the draws can bring to the waste's top, nearest first (those
    needing no recycle come before those needing one)."""
    indices: list[int] = []
    seen: set[int] = set()
    if turned:
        indices.append(turned - 1)
        seen.add(turned - 1)
    position = turned
    while position < talon_size:
        position = min(position + rules.draw, talon_size)
        if position - 1 not in seen:
            indices.append(position - 1)
            seen.add(position - 1)
    if rules.recycles is None or recycles < rules.recycles:
        position = 0
        while position < talon_size:
            position = min(position + rules.draw, talon_size)
            if position - 1 not in seen:
                indices.append(position - 1)
                seen.add(position - 1)
    return indices


def needs_recycle(talon_size: int, turned: int, index: int, rules: Rules) -> bool:
    """Whether bringing talon card ``index`` to the top needs a recycle."""
    if index == turned - 1:
        return False
    position = turned
    while position < talon_size:
        position = min(position + rules.draw, talon_size)
        if position - 1 == index:
            return False
    return True


def is_safe(card: int, foundations: list[int]) -> bool:
    """Whether no card could ever need ``card`` in the columns (the table's auto-move):
    an ace or a two, or the other colour's foundations within one rank of it and its
    twin suit's within two."""
    rank = rank_of(card)
    if rank <= 2:
        return True
    suit = suit_of(card)
    red = is_red(card)
    opposite = [s for s in range(4) if is_red(s * 13) != red]
    twin = next(s for s in range(4) if s != suit and is_red(s * 13) == red)
    return min(foundations[s] for s in opposite) >= rank - 1 and foundations[twin] >= rank - 2


def goes_up_freely(card: int, foundations: list[int]) -> bool:
    """Solvitaire's condition for the search to send a card home at once (foundations
    removable): the other colour's foundations within two ranks of it, its twin suit's
    within three (module docstring)."""
    rank, suit, red = rank_of(card), suit_of(card), is_red(card)
    opposite = min(foundations[s] for s in range(4) if is_red(s * 13) != red)
    twin = next(foundations[s] for s in range(4) if s != suit and is_red(s * 13) == red)
    return opposite >= rank - 2 and twin >= rank - 3


def king_waits(position: Position) -> bool:
    """Whether a king could ever fill an empty column: one in the talon, one in a
    column but not at its bottom (face up or down), or one on a foundation."""
    if any(rank_of(card) == 13 for card in position.talon):
        return True
    for cards in position.columns:
        if any(rank_of(card) == 13 for card in cards[1:]):
            return True
    return 13 in position.foundations


def blocked(position: Position) -> bool:
    """Whether some card can never go home, so that the deal is lost from here (the
    module docstring says which cards may)."""
    fixpoint = _Leaving(position)
    changed = True
    while changed:
        changed = False
        for card in range(52):
            if not fixpoint.home[card] and fixpoint.may_go_home(card):
                fixpoint.home[card] = changed = True
        for column, cards in enumerate(position.columns):
            for index in range(len(cards) - 1, -1, -1):
                card = cards[index]
                if not fixpoint.leaves[card] and fixpoint.may_leave(column, index):
                    fixpoint.leaves[card] = changed = True
        for card in range(52):
            if card in fixpoint.where or fixpoint.laid[card]:
                continue
            if any(fixpoint.place_ready(place) for place in places(card)):
                fixpoint.laid[card] = changed = True
    return not all(fixpoint.home)


def places(card: int) -> list[int]:
    """The two cards ``card`` may lie on in a column (none for a king)."""
    rank = rank_of(card)
    if rank == 13:
        return []
    return [s * 13 + rank for s in range(4) if is_red(s * 13) != is_red(card)]


class _Leaving:
    """The fixpoint of :func:`blocked`: the cards known to may go home, the column
    cards known to may leave the card under them, and the cards out of the columns
    known to may be laid in one."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.where = {
            card: (column, index)
            for column, cards in enumerate(position.columns)
            for index, card in enumerate(cards)
        }
        self.leaves = dict.fromkeys(self.where, False)
        self.laid = [rank_of(card) == 13 for card in range(52)]
        self.home = [rank_of(card) <= position.foundations[suit_of(card)] for card in range(52)]

    def top(self, column: int, index: int) -> bool:
        """Whether the card there may come to be its column's top."""
        cards = self.position.columns[column]
        return index + 1 == len(cards) or self.leaves[cards[index + 1]]

    def place_ready(self, place: int) -> bool:
        """Whether a card may come to lie on ``place``, as a column's top."""
        if place not in self.where:
            return self.laid[place]
        return self.top(*self.where[place])

    def may_go_home(self, card: int) -> bool:
        """Whether ``card`` may go home, given what is known: the card below it of its
        suit may, and it is out of the columns or may come to be a top."""
        if rank_of(card) > 1 and not self.home[card - 1]:
            return False
        return card not in self.where or self.top(*self.where[card])

    def may_leave(self, column: int, index: int) -> bool:
        """Whether the card there may leave its place, given what is known."""
        card = self.position.columns[column][index]
        if not self.top(column, index) and index < self.position.hidden[column]:
            return False
        if rank_of(card) == 13 or self.home[card]:
            return True
        return any(self.place_ready(place) for place in places(card))


class Search:
    """One depth-first search of a position (see the module docstring)."""

    def __init__(self, rules: Rules, budget: int = NODE_BUDGET) -> None:
        self.rules = rules
        self.budget = budget
        self.nodes = 0
        self.seen: set[tuple[Any, ...]] = set()

    # -- moves ---------------------------------------------------------------------

    def apply(self, position: Position, macro: Macro) -> Position:
        """A new position after ``macro`` (no forced moves)."""
        after = position.copy()
        kind, a, b = macro
        if kind == FROM_TALON:
            if needs_recycle(len(after.talon), after.turned, a, self.rules):
                after.recycles += 1
            card = after.talon.pop(a)
            after.turned = a
        elif kind == FROM_FOUNDATION:
            card = a * 13 + after.foundations[a] - 1
            after.foundations[a] -= 1
        else:
            column, start = divmod(a, 64)
            run = after.columns[column][start:]
            del after.columns[column][start:]
            if after.hidden[column] >= len(after.columns[column]) and after.columns[column]:
                after.hidden[column] = len(after.columns[column]) - 1
            if b == FOUNDATION:
                after.foundations[suit_of(run[0])] += 1
            else:
                after.columns[b].extend(run)
            return after
        if b == FOUNDATION:
            after.foundations[suit_of(card)] += 1
        else:
            after.columns[b].append(card)
        return after

    def forced(self, position: Position) -> list[Macro]:
        """Play the safe foundation moves in place; the macros played."""
        played: list[Macro] = []
        progress = True
        while progress:
            progress = False
            for column in range(COLUMNS):
                cards = position.columns[column]
                if cards and self._goes_home_safely(cards[-1], position.foundations):
                    macro = (FROM_COLUMN, column * 64 + len(cards) - 1, FOUNDATION)
                    self._apply_in_place(position, macro)
                    played.append(macro)
                    progress = True
            if self.rules.draw == 1 and position.turned:
                card = position.talon[position.turned - 1]
                if self._goes_home_safely(card, position.foundations):
                    macro = (FROM_TALON, position.turned - 1, FOUNDATION)
                    self._apply_in_place(position, macro)
                    played.append(macro)
                    progress = True
        return played

    @staticmethod
    def _goes_home_safely(card: int, foundations: list[int]) -> bool:
        return rank_of(card) == foundations[suit_of(card)] + 1 and goes_up_freely(card, foundations)

    def _apply_in_place(self, position: Position, macro: Macro) -> None:
        after = self.apply(position, macro)
        position.columns, position.hidden = after.columns, after.hidden
        position.talon, position.turned = after.talon, after.turned
        position.foundations, position.recycles = after.foundations, after.recycles

    def moves(self, position: Position) -> Iterator[Macro]:
        """The macros worth trying, best first (module docstring)."""
        columns, hidden, foundations = position.columns, position.hidden, position.foundations
        empty = next((c for c in range(COLUMNS) if not columns[c]), -1)
        talon = reachable(len(position.talon), position.turned, self.rules, position.recycles)
        # 1. column tops and talon cards to their foundations
        for column in range(COLUMNS):
            cards = columns[column]
            if cards and rank_of(cards[-1]) == foundations[suit_of(cards[-1])] + 1:
                yield (FROM_COLUMN, column * 64 + len(cards) - 1, FOUNDATION)
        for index in talon:
            card = position.talon[index]
            if rank_of(card) == foundations[suit_of(card)] + 1:
                yield (FROM_TALON, index, FOUNDATION)
        # 2. whole runs that turn a card over, most face-down cards first
        order = sorted(range(COLUMNS), key=lambda c: -hidden[c])
        for column in order:
            if not hidden[column]:
                continue
            start = hidden[column]
            yield from self._run_targets(position, column, start, empty)
        # 3. talon cards onto the columns
        for index in talon:
            card = position.talon[index]
            for target in range(COLUMNS):
                base = columns[target]
                if base and builds_on(card, base[-1]):
                    yield (FROM_TALON, index, target)
            if empty >= 0 and rank_of(card) == 13:
                yield (FROM_TALON, index, empty)
        # 4. whole runs that empty a column (not a king's, already at the bottom), when
        # a king could then fill it
        if king_waits(position):
            for column in order:
                cards = columns[column]
                if cards and not hidden[column] and rank_of(cards[0]) != 13:
                    yield from self._run_targets(position, column, 0, -1)
        # 5. part of a run, when it frees the card it uncovers
        for column in order:
            cards = columns[column]
            for start in range(hidden[column] + 1, len(cards)):
                uncovered = cards[start - 1]
                if rank_of(uncovered) == foundations[suit_of(uncovered)] + 1:
                    yield from self._run_targets(position, column, start, empty)
        # 6. foundation cards back, when a card could go on them
        for suit in range(4):
            rank = foundations[suit]
            card = suit * 13 + rank - 1
            if rank < 3 or goes_up_freely(card, foundations):
                continue
            for target in range(COLUMNS):
                base = columns[target]
                if base and builds_on(card, base[-1]):
                    yield (FROM_FOUNDATION, suit, target)
            if empty >= 0 and rank == 13:
                yield (FROM_FOUNDATION, suit, empty)

    def _run_targets(
        self, position: Position, column: int, start: int, empty: int
    ) -> Iterator[Macro]:
        card = position.columns[column][start]
        for target in range(COLUMNS):
            base = position.columns[target]
            if target != column and base and builds_on(card, base[-1]):
                yield (FROM_COLUMN, column * 64 + start, target)
        if empty >= 0 and empty != column and rank_of(card) == 13:
            yield (FROM_COLUMN, column * 64 + start, empty)

    # -- search --------------------------------------------------------------------

    def solve(self, start: Position) -> list[Macro] | None:
        """A winning line of macros from ``start`` (forced moves included), or None;
        :class:`BudgetExceeded` past the budget."""
        position = start.copy()
        line = self.forced(position)
        rest = self._search(position, 0)
        return None if rest is None else line + rest

    def dominated(self, position: Position) -> bool:
        """Whether a position seen has the same cards and a ``turned`` from which the
        draws reach every talon card they reach from this one's (module docstring)."""
        rules, size = self.rules, len(position.talon)
        if rules.recycles is not None or rules.draw == 1:
            return False
        turned = canonical_turned(position.turned, size, rules)
        others = range(turned - rules.draw, 0, -rules.draw) if turned else range(size - 1, 0, -1)
        return any(
            canonical_turned(other, size, rules) == other
            and position.key(rules, other) in self.seen
            for other in others
        )

    def _search(self, position: Position, depth: int) -> list[Macro] | None:
        if position.won():
            return []
        key = position.key(self.rules)
        if key in self.seen:
            return None
        self.seen.add(key)
        if self.dominated(position) or blocked(position):
            return None
        self.nodes += 1
        if self.nodes > self.budget or depth > MAX_DEPTH:
            raise BudgetExceeded
        for macro in list(self.moves(position)):
            after = self.apply(position, macro)
            forced = self.forced(after)
            rest = self._search(after, depth + 1)
            if rest is not None:
                return [macro, *forced, *rest]
        return None


def engine_moves(state: BuildState, line: list[Macro]) -> list[Move]:
    """The moves in Klondike's notation (draws and recycles included) that play ``line``
    from ``state``, followed on the search's own position (the talon's order never
    changes: a draw turns more of it, a recycle none; the tests replay the lines on the
    declaration)."""
    search = Search(declared.solver_rules(state.rules))
    position = Position.of(state)
    moves: list[Move] = []
    for macro in line:
        kind, a, b = macro
        target = "F" if b == FOUNDATION else str(b + 1)
        if kind == FROM_TALON:
            card = position.talon[a]
            while not position.turned or position.talon[position.turned - 1] != card:
                if position.turned < len(position.talon):
                    position.turned = min(position.turned + search.rules.draw, len(position.talon))
                    moves.append(DRAW)
                else:
                    position.turned = 0
                    position.recycles += 1
                    moves.append(RECYCLE)
            move = Move("W", target)
        elif kind == FROM_FOUNDATION:
            move = Move(f"F{SUITS[a]}", target)
        else:
            move = Move(str(a // 64 + 1), target)
        position = search.apply(position, macro)
        moves.append(move)
    return moves


@dataclass(frozen=True)
class Verdict:
    """A search's answer: ``winnable`` (None: undecided), a line, positions expanded."""

    winnable: bool | None
    line: list[Move] | None
    nodes: int


def compiled() -> Any:
    """The C extension, or None when it was not built."""
    return compiled_search("cardems.klondike._solver")


def solve(
    state: BuildState | KlondikeBoard,
    budget: int = NODE_BUDGET,
    *,
    deep: int = 0,
    use_compiled: bool = True,
) -> Verdict:
    """Decide ``state`` (a table's board too: see the module docstring), with the C
    search when built; one left undecided within ``budget`` is searched again within
    ``deep`` positions, when that is more (its verdict counts the positions of both
    searches)."""
    if isinstance(state, KlondikeBoard):
        state = state.state
    verdict = _search(state, budget, use_compiled)
    if verdict.winnable is not None or deep <= budget:
        return verdict
    again = _search(state, deep, use_compiled)
    return replace(again, nodes=verdict.nodes + again.nodes)


def _search(state: BuildState, budget: int, use_compiled: bool) -> Verdict:
    position = Position.of(state)
    extension = compiled() if use_compiled else None
    if extension is not None:
        rules = declared.solver_rules(state.rules)
        result = extension.solve(
            [position.hidden[c] for c in range(COLUMNS)],
            position.columns,
            position.talon,
            position.turned,
            position.foundations,
            position.recycles,
            rules.draw,
            -1 if rules.recycles is None else rules.recycles,
            budget,
        )
        status, macros, nodes = result
        if status < 0:
            return Verdict(None, None, nodes)
        if status == 0:
            return Verdict(False, None, nodes)
        return Verdict(True, engine_moves(state, [tuple(m) for m in macros]), nodes)
    search = Search(declared.solver_rules(state.rules), budget)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        line = search.solve(position)
    except BudgetExceeded:
        return Verdict(None, None, search.nodes)
    finally:
        sys.setrecursionlimit(limit)
    if line is None:
        return Verdict(False, None, search.nodes)
    return Verdict(True, engine_moves(state, line), search.nodes)
