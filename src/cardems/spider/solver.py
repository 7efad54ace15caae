"""Spider's solver: a staged search with a budget, seeing the face-down cards.

This is the reference search; :mod:`cardems.spider._solver` (C, optional) runs the same
search, position for position, some 40 times faster, and :func:`solve` uses it when it
was built (the tests hold the two to the same verdicts, lines and positions expanded).

A "thoughtful" solver (it knows the order of every face-down card and of the stock, as
the deal code fixes it), so its "winnable" means: a player who knew every card could
win. The search goes from deal to deal, as a player does: between two deals of the stock
a best-first search expands up to :data:`STAGE` positions without dealing (:data:`LAST`
once the stock is empty); the best :data:`BRANCH` positions from which the stock may deal
are then tried in turn, deeper first (a depth-first search over the deals).

- Move ordering: the best-first order is :func:`badness` (face-down cards, cards out of
  one-suit order, runs not yet gone, empty columns a bonus), so moves that build in suit,
  turn a face-down card or empty a column come first; a complete run goes home by itself
  (the rules do it), ties go to the newest position (depth first among equals).
- Transpositions: no position is expanded twice in a search. The key
  (:func:`~cardems.spider.rules.position`) takes cards by face (two copies of a face play
  alike) and sorts the columns: their order does not matter until the next deal, which
  tells them apart (its first card goes to column 1), so a search that dealt is a cut.
- Pruning on that key, sound once the stock is empty (before, the deal's cut covers it):
  of the empty columns a run only ever moves to the first (they are interchangeable, so
  the positions differ by the order of their columns only), and a column with no
  face-down card never moves whole into an empty column (the same position, columns
  swapped).
- Cuts, which make the verdict inexact: a deal (above), a stage stopped at its cap,
  ready positions past the branch, a *lateral* move dropped (:func:`successors`), the
  memory ceiling (:data:`MAX_STORED` positions held at once by the stages on the
  current path). A search that made any of them says "undecided", never "lost";
  "lost" only when it exhausted every position.

Four suits (any position whose cards show more than two suits) are searched by beams
over the deals instead (:class:`BeamSearch`, :data:`BEAM`): the staged search follows
the best few dealers of one stage to the end before it tries another, and at four suits
that first line always ends with some twenty cards face down. The beam keeps
:data:`BEAM`'s ``width`` positions at each deal: from each a best-first search hands its
best ``keep`` positions, dealt, to the next deal, where the best ``width`` of all of them
go on (at four suits, :data:`FOUR_BEAM`, a stage is ten times the staged search's).
Its badness weighs a face-down card three times as much as the staged search's. Its
moves include *supermoves*: a descending sequence of several one-suit runs carried as one
move through the empty columns (``k`` empty columns carry ``2 ** k`` runs), spelled out
as moves of one-suit runs in the line returned (:func:`single_moves`), and, once the
stock is empty and every card face up, the lateral moves too (the endgame often needs
one: a card parked on another suit to free the one beneath it); at four suits, also in a
position whose only other move is the deal (``stuck_laterals``, :data:`FOUR_STUCK`). The
beam proves wins only.

Every deal is searched by a *portfolio* (:data:`Portfolio`, :func:`solve`): several
searches in turn, each on a deal the ones before left undecided, within one budget. One
and two suits: the staged search, then the beam, which proves most of the deals the
staged search leaves (and does worse on the others, which the staged search proves
fast). Four suits: the beam, then the beam again with longer stages, a wider beam, the
beam handing on more positions from each, and a still wider one of shorter stages (each
proves deals the ones before it miss), then three beams that keep their positions apart
(:data:`FOUR_SUITS`).

Within ``nodes`` expansions (or ``seconds``) it returns a winning line (which the rules
replay to a win), "lost" when proven, else "undecided".
"""

from __future__ import annotations

import heapq
import itertools
import time
from dataclasses import dataclass
from typing import Any, TypeVar

from cardems.kit.building.board import compiled_search
from cardems.spider.rules import (
    Move,
    SpiderState,
    follows,
    position,
    rank_of,
    run_length,
    suit_of,
)

NODES = 200_000
"""Default expansions of the staged search alone (some two seconds in C, twenty in
Python), and its share of the portfolio's :data:`PORTFOLIO_NODES`."""
STAGE = 1000
"""Expansions of one stage's search between two deals."""
LAST = 5_000
"""Expansions of the last stage, once the stock is empty."""
BRANCH = 4
"""Positions one stage hands on to the next deal, best first."""
MAX_STORED = 1_000_000
"""The memory ceiling: positions the stages on the current path may hold at once (the C
search's are 144 bytes each, 137 MiB for this default; Python's some hundreds)."""

DOWN_WEIGHT = 4
"""What a face-down card weighs in :func:`badness` (the staged search's)."""
EMPTY_WEIGHT = 3
"""What an empty column takes off :func:`badness` (the staged search's)."""
BEAM: dict[str, Any] = {
    "width": 80,
    "keep": 3,
    "stage": 3_000,
    "last": 10_000,
    "down_weight": 12,
    "supermoves": True,
    "endgame_laterals": True,
}
"""The beam's shape (:class:`BeamSearch`) for one and two suits, the second search of
their portfolio."""
BEAM_NODES = 1_500_000
"""Default expansions of the beam alone (some seconds in C). Memory, in C: the table of
positions seen (16 bytes a position of the budget, 32 MiB) and a stage's positions (152
bytes each, some tens of MiB for the last stage's 10,000 expansions)."""
FOUR_BEAM: dict[str, Any] = {**BEAM, "stage": 10_000}
"""The beam's shape for four suits: :data:`BEAM` with stages of 10,000 expansions between
two deals (with 3,000 most undecided deals came to the last deal with many cards still
face down and every one of its 80 positions a dead end)."""
FOUR_BEAM_NODES = 2_500_000
"""Default expansions of the four-suit beam alone: a full run of it is some 2,000,000
(10,000 + 30,000 + 90,000 + 270,000 + 800,000 between the deals, 80 × 10,000 after the
last); its table of positions seen takes 64 MiB in C."""

Portfolio = tuple[tuple[int, dict[str, Any]], ...]
"""Searches tried in turn (:func:`solve`), each on a deal the ones before it left
undecided: each ``(share, shape)`` may spend its share of the budget (of the shares'
sum by default, in proportion otherwise) and what the searches before it left unspent."""
TWO_SUITS: Portfolio = ((NODES, {}), (800_000, BEAM))
"""One and two suits: the staged search, then the beam (each proves deals the other
misses; the staged search proves most deals fast)."""
FOUR_STUCK: dict[str, Any] = {**FOUR_BEAM, "stuck_laterals": True}
"""The beams of :data:`FOUR_SUITS`: :data:`FOUR_BEAM` with lateral moves where they are a
position's only moves but the deal (``stuck_laterals``: without them, on some deals, every
position of the beam had no move but the deal from some deal on)."""
FOUR_SUITS: Portfolio = (
    (FOUR_BEAM_NODES, FOUR_STUCK),
    (3_500_000, {**FOUR_STUCK, "stage": 20_000}),
    (4_000_000, {**FOUR_STUCK, "width": 120, "keep": 5}),
    (4_000_000, {**FOUR_STUCK, "keep": 8}),
    (5_000_000, {**FOUR_STUCK, "width": 160, "keep": 16, "stage": 5_000}),
    (2_500_000, {**FOUR_STUCK, "twins": 1}),
    (2_500_000, {**FOUR_STUCK, "twins": 1, "deal_rank": True, "ordered": True}),
    (2_500_000, {**FOUR_STUCK, "twins": 1, "jitter": 12, "salt": 1}),
)
"""Four suits, every beam with :data:`FOUR_STUCK`'s lateral moves: the beam, then the
beam with stages twice as long, a wider beam (120 positions a deal, 5 dealt from each),
the beam dealing 8 positions from each (so that its first deals already hold some 64
positions, not 3 and 9), and a beam of 160 positions, 16 dealt from each, of stages of
5,000: each proves deals the ones before it leave undecided, and most deals are proved by
the first (a search that dies early leaves the rest of its share to the next). Then three
beams that keep at most one position of a signature (``twins``, :func:`diverse`) among a
stage's dealers and a deal's beam: alone; ranking a stage's dealers by the position
each deals (``deal_rank``, where the stock's cards fall) on keys that keep the columns'
order (``ordered``); and with a seeded draw of up to 12 added to the badness (``jitter``,
``salt``). They search only what the five leave (the budget's sum, 26,500,000, is spent
only on the deals the first beam leaves)."""

Key = tuple[object, ...]
T = TypeVar("T")
_Entry = tuple[int, int, SpiderState, Key]
"""A frontier's entry: badness, tie-break (newest first), position, its key."""


@dataclass(frozen=True)
class Result:
    """A search's verdict (None: undecided), its winning line and the positions expanded."""

    winnable: bool | None
    moves: list[Move] | None
    nodes: int


def badness(
    state: SpiderState,
    down_weight: int = DOWN_WEIGHT,
    empty_weight: int = EMPTY_WEIGHT,
    join_weight: int = 1,
) -> int:
    """How far the position looks from a win (smaller is better; 0 when won), a
    face-down card counting ``down_weight``, an empty column ``-empty_weight``, a card on
    one a rank higher of another suit ``join_weight`` (3 on any other card)."""
    score = 0
    empty = 0
    for column, down in zip(state.columns, state.down, strict=True):
        if not column:
            empty += 1
            continue
        score += down_weight * down
        for i in range(down + 1, len(column)):
            lower, upper = column[i], column[i - 1]
            if not follows(lower, upper):
                score += join_weight if rank_of(upper) == rank_of(lower) + 1 else 3
    remaining = 8 - len(state.runs)
    return score + 6 * remaining - empty_weight * empty if remaining else 0


def successors(
    state: SpiderState, supermoves: bool = False, laterals: bool = False, arranging: bool = False
) -> tuple[list[Move], bool]:
    """The moves searched, less those the pruning drops (see the module docstring), and
    whether a *lateral* move was dropped (see :func:`_lateral`). With ``arranging``
    (:attr:`Limits.ordered`, while the stock may deal) the two prunings on sorted columns
    are off: any empty column is a target, and a face-up column may move whole into one.
    A move may be a
    *supermove*: a descending sequence of several one-suit runs, carried through the empty
    columns (:func:`single_moves` spells it out) onto a card one rank higher or an empty
    column, as long as there are empty columns enough (``k`` free ones carry ``2 ** k``
    runs)."""
    columns = state.columns
    first_empty = next((i for i, column in enumerate(columns) if not column), None)
    empties = sum(not column for column in columns)
    tops = [column[-1] if column else -1 for column in columns]
    moves = []
    lateral = False
    for source, column in enumerate(columns):
        down = state.down[source]
        run = run_length(column, down)
        if not run:
            continue
        natural = natural_length(column, down) if supermoves else run
        top = rank_of(column[-1])
        for target, pile in enumerate(columns):
            if target == source or (not pile and target != first_empty and not arranging):
                continue
            if pile:
                count = rank_of(pile[-1]) - top
                counts = [count] if 1 <= count <= natural else []
            else:
                whole = down == 0 and natural == len(column) and not arranging
                counts = list(range(1, natural + 1 - whole))
            carried = 2 ** min(empties - (not pile), 6)
            for count in counts:
                if count > run and segments(column, count) > carried:
                    break
                if not laterals and _lateral(column, down, count, pile, tops, (source, target)):
                    lateral = True
                else:
                    moves.append(Move(source, target, count))
    if state.can_deal():
        moves.append(Move.deal())
    return moves, lateral


def natural_length(column: tuple[int, ...], down: int) -> int:
    """How many face-up cards on top of a column descend by rank, whatever their suits."""
    length = 1 if len(column) > down else 0
    while length < len(column) - down and (
        rank_of(column[-length]) + 1 == rank_of(column[-length - 1])
    ):
        length += 1
    return length


def segments(column: tuple[int, ...], count: int) -> int:
    """How many one-suit runs the top ``count`` cards of a column make."""
    cards = column[-count:]
    return 1 + sum(not follows(lower, upper) for upper, lower in itertools.pairwise(cards))


def single_moves(state: SpiderState, move: Move) -> list[Move]:
    """``move`` as moves of one-suit runs: itself, or a supermove's runs carried through
    the empty columns (the top half of the runs aside into one, the rest onto the target
    through the others, the half back on top)."""
    if move.is_deal or move.count <= state.run_length(move.source):
        return [move]
    column = state.columns[move.source]
    sizes = [1]
    for upper, lower in itertools.pairwise(column[-move.count :]):
        if follows(lower, upper):
            sizes[-1] += 1
        else:
            sizes.append(1)
    ends = (move.source, move.target)
    free = [i for i, pile in enumerate(state.columns) if not pile and i not in ends]
    return _carry(move.source, move.target, sizes[::-1], free)


def _carry(source: int, target: int, sizes: list[int], free: list[int]) -> list[Move]:
    """Carry the runs of ``sizes`` (the top one first) from ``source`` to ``target``
    through the empty columns ``free``."""
    if len(sizes) == 1:
        return [Move(source, target, sizes[0])]
    half, hub, rest = len(sizes) // 2, free[0], free[1:]
    return [
        *_carry(source, hub, sizes[:half], rest),
        *_carry(source, target, sizes[half:], rest),
        *_carry(hub, target, sizes[:half], rest),
    ]


def spelled_out(state: SpiderState, line: list[Move]) -> list[Move]:
    """A line of the search with its supermoves as moves of one-suit runs."""
    moves = []
    for move in line:
        moves += single_moves(state, move)
        state = state.after(move)
    return moves


def _lateral(
    column: tuple[int, ...],
    down: int,
    count: int,
    pile: tuple[int, ...],
    tops: list[int],
    ends: tuple[int, int],
) -> bool:
    """A move that takes cards off a card one rank higher without making a one-suit run
    where they land, and does not free that card to go onto a card of its suit one rank
    higher on top of a third column (``tops``: the columns' top cards, -1 for none)."""
    if len(column) - count <= down:
        return False  # the move uncovers a face-down card or empties the column
    lowest, beneath = column[-count], column[-count - 1]
    if rank_of(beneath) != rank_of(lowest) + 1:
        return False
    if not (follows(lowest, beneath) or not pile or not follows(lowest, pile[-1])):
        return False
    return not any(
        top >= 0 and i not in ends and follows(beneath, top) for i, top in enumerate(tops)
    )


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    """The C search's 64-bit mix (``_cards.h``), on an int below ``2 ** 64``."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class _OutOfBudget(Exception):
    """The search spent its budget."""


@dataclass(frozen=True)
class Limits:
    """A search's budget and shape: ``nodes`` expansions (and ``seconds``, if given),
    ``stage`` expansions between two deals, ``branch`` positions dealt from after each
    stage, at most ``max_stored`` positions held at once (the memory ceiling); a
    ``width`` makes it the beam (:class:`BeamSearch`), ``keep`` dealt from each stage;
    :func:`badness`'s weights, and whether supermoves are searched; ``twins`` (the beam's,
    0 for no limit) caps the positions of one *signature* (:func:`signature`) among those
    a stage deals and among a deal's ``width``, before the others fill what is left;
    ``join_weight``, what a card on one a rank higher of another suit adds to the badness;
    ``jitter`` and ``salt``, a seeded draw added to it (:meth:`priority`); ``deal_rank``
    (the beam's), a stage's dealers ranked by the position each deals; ``ordered``, keys
    that keep the columns' order while the stock may deal (:meth:`key`), with the
    prunings on sorted columns off (:func:`successors`' ``arranging``)."""

    nodes: int = NODES
    seconds: float | None = None
    stage: int = STAGE
    last: int = LAST
    branch: int = BRANCH
    max_stored: int = MAX_STORED
    width: int = 0
    keep: int = 1
    down_weight: int = DOWN_WEIGHT
    empty_weight: int = EMPTY_WEIGHT
    supermoves: bool = False
    endgame_laterals: bool = False
    stuck_laterals: bool = False
    twins: int = 0
    join_weight: int = 1
    jitter: int = 0
    salt: int = 0
    deal_rank: bool = False
    ordered: bool = False

    def moves(self, state: SpiderState) -> tuple[bool, bool]:
        """:func:`successors`' options at ``state``: supermoves, and lateral moves kept
        (with ``endgame_laterals``, once the stock is empty and every card face up)."""
        endgame = not state.stock and not any(state.down)
        return self.supermoves, self.endgame_laterals and endgame

    def successors(self, state: SpiderState) -> tuple[list[Move], bool]:
        """:func:`successors` with :meth:`moves`' options, and with the lateral moves too
        where they are the only moves but the deal (``stuck_laterals``): a position whose
        every other move is lateral would otherwise have none but the deal."""
        arranging = self.ordered and bool(state.stock)
        moves, lateral = successors(state, *self.moves(state), arranging)
        if not (self.stuck_laterals and lateral) or any(not move.is_deal for move in moves):
            return moves, lateral
        return successors(state, self.supermoves, True, arranging)

    def badness(self, state: SpiderState) -> int:
        """:func:`badness` with this search's weights."""
        return badness(state, self.down_weight, self.empty_weight, self.join_weight)

    def key(self, state: SpiderState) -> Key:
        """The search's key of a position: :func:`~cardems.spider.rules.position`, its
        columns sorted; with ``ordered``, while the stock may deal, its columns in their
        order (the deal tells them apart: which card lands on which column)."""
        if not (self.ordered and state.stock):
            return position(state)
        faces = (tuple(card % 52 for card in column) for column in state.columns)
        return (*zip(state.down, faces, strict=True), len(state.stock), "ordered")

    def priority(self, state: SpiderState, order: int) -> int:
        """The order of the searches' frontiers and of the beam's positions: the badness,
        plus (with a ``jitter``) a share of 0 to ``jitter`` drawn from ``order``, the
        number of the position (the order in which the search made it), and ``salt``: a
        search of another salt breaks its near-ties otherwise."""
        bad = self.badness(state)
        if not self.jitter:
            return bad
        return bad + _mix((order + self.salt * _GOLDEN) & _MASK) % (self.jitter + 1)


class StagedSearch:
    """One search (see the module docstring); :meth:`run` gives its :class:`Result`."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        seconds = limits.seconds
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.expanded = 0
        self.stored = 0
        self.exact = True
        self.seen: set[Key] = set()
        self.counter = itertools.count()

    def run(self, state: SpiderState) -> Result:
        """Search from ``state``."""
        if state.is_won():
            return Result(True, [], 0)
        try:
            line = self._stage(state)
        except _OutOfBudget:
            return Result(None, None, self.expanded)
        if line is not None:
            return Result(True, line, self.expanded)
        return Result(False if self.exact else None, None, self.expanded)

    def _stage(self, state: SpiderState) -> list[Move] | None:
        """A winning line from ``state``, searching this stage then the deals after it."""
        start = self.limits.key(state)
        if start in self.seen:
            return None
        parents: dict[Key, tuple[Key, Move] | None] = {start: None}
        self.stored += 1
        try:
            return self._expand(state, start, parents)
        finally:
            self.stored -= len(parents)

    def _expand(
        self, state: SpiderState, start: Key, parents: dict[Key, tuple[Key, Move] | None]
    ) -> list[Move] | None:
        limits = self.limits
        order = next(self.counter)
        frontier: list[_Entry] = [(limits.priority(state, order), -order, state, start)]
        ready: list[_Entry] = []
        cap = limits.stage if state.stock else limits.last
        count = 0
        while frontier:
            if count >= cap or self.stored >= limits.max_stored:
                self.exact = False
                break
            entry = self._next(frontier, ready)
            if entry is None:
                break
            count += 1
            moves, lateral = limits.successors(entry[2])
            self.exact = self.exact and not lateral
            won = self._grow(entry, moves, parents, frontier)
            if won is not None:
                return _line(parents, won)
        ready.sort(key=lambda entry: entry[:2])
        if ready:
            self.exact = False  # the key sorts the columns, which the deal tells apart
        for _, _, dealer, dealer_key in ready[: limits.branch]:
            rest = self._stage(dealer.after(Move.deal()))
            if rest is not None:
                return [*_line(parents, dealer_key), Move.deal(), *rest]
        return None

    def _next(self, frontier: list[_Entry], ready: list[_Entry]) -> _Entry | None:
        """The frontier's best position not expanded yet, now expanded (counted against
        the budget, and kept in ``ready`` when the stock may deal there); None once the
        frontier is empty."""
        while frontier:
            entry = heapq.heappop(frontier)
            if entry[3] in self.seen:
                continue
            self.seen.add(entry[3])
            self._spend()
            if entry[2].can_deal():
                ready.append(entry)
            return entry
        return None

    def _grow(
        self,
        entry: _Entry,
        moves: list[Move],
        parents: dict[Key, tuple[Key, Move] | None],
        frontier: list[_Entry],
    ) -> Key | None:
        """Push the positions ``moves`` (the deal left out) lead to from ``entry``'s onto
        the frontier, those of this stage's ``parents`` left out, each noted there with
        its move; the key of a won position, as soon as one is met."""
        current, current_key = entry[2], entry[3]
        for move in moves:
            if move.is_deal:
                continue
            child = current.after(move)
            child_key = self.limits.key(child)
            if child_key in parents:
                continue
            parents[child_key] = (current_key, move)
            self.stored += 1
            if child.is_won():
                return child_key
            order = next(self.counter)
            bad = self.limits.priority(child, order)
            heapq.heappush(frontier, (bad, -order, child, child_key))
        return None

    def _spend(self) -> None:
        self.expanded += 1
        if self.expanded > self.limits.nodes or (
            self.deadline is not None
            and not self.expanded % 256
            and time.monotonic() > self.deadline
        ):
            raise _OutOfBudget


@dataclass(frozen=True)
class _Candidate:
    """A position of the beam (just dealt, or the start) and the line that reaches it."""

    bad: int
    order: int
    state: SpiderState
    line: list[Move]


class BeamSearch(StagedSearch):
    """The search of four suits (see the module docstring): a beam over the deals, of
    ``width`` positions a deal; from each, a best-first search of ``stage`` expansions
    (``last`` once the stock is empty) hands on its best ``keep`` positions dealt. It
    proves wins only ("lost" needs the staged search's exhaustion)."""

    def run(self, state: SpiderState) -> Result:
        """Search from ``state``."""
        if state.is_won():
            return Result(True, [], 0)
        limits = self.limits
        beam = [_Candidate(0, 0, state, [])]
        try:
            while True:
                last = not beam[0].state.stock
                after: list[_Candidate] = []
                for candidate in beam:
                    cap = limits.last if last else limits.stage
                    line = self._explore(candidate, cap, 0 if last else limits.keep, after)
                    if line is not None:
                        return Result(True, line, self.expanded)
                if last or not after:
                    return Result(None, None, self.expanded)
                ranked = sorted(after, key=lambda c: (c.bad, c.order))
                beam = diverse(ranked, limits.width, limits.twins, [c.state for c in ranked])
        except _OutOfBudget:
            return Result(None, None, self.expanded)

    def _explore(
        self, start: _Candidate, cap: int, keep: int, after: list[_Candidate]
    ) -> list[Move] | None:
        """A best-first search from ``start`` that deals its best ``keep`` positions into
        ``after``; a winning line if it met a win."""
        limits = self.limits
        root = limits.key(start.state)
        parents: dict[Key, tuple[Key, Move] | None] = {root: None}
        order = next(self.counter)
        frontier: list[_Entry] = [(limits.priority(start.state, order), -order, start.state, root)]
        ready: list[_Entry] = []
        count = 0
        while count < cap:
            entry = self._next(frontier, ready)
            if entry is None:
                break
            count += 1
            won = self._grow(entry, limits.successors(entry[2])[0], parents, frontier)
            if won is not None:
                return [*start.line, *_line(parents, won)]
        if limits.deal_rank:  # by the position each one deals: where the stock's cards fall
            ready = [(limits.badness(e[2].after(Move.deal())), *e[1:]) for e in ready]
        ready.sort(key=lambda entry: entry[:2])
        dealers = diverse(ready, keep, limits.twins, [entry[2] for entry in ready])
        for _, _, dealer, dealer_key in dealers:
            dealt = dealer.after(Move.deal())
            line = [*start.line, *_line(parents, dealer_key), Move.deal()]
            if dealt.is_won():
                return line
            order = next(self.counter)
            after.append(_Candidate(limits.priority(dealt, order), order, dealt, line))
        return None


def signature(state: SpiderState) -> tuple[object, ...]:
    """Which cards a position has turned and how many runs it sent home: its face-down
    counts column by column (a column's face-down cards turn in one order, so the counts
    name the cards turned) and its runs gone. Positions a stage deals from share it often
    (near-twins that differ in how the face-up cards lie)."""
    return (state.down, len(state.runs))


def diverse(ranked: list[T], count: int, twins: int, states: list[SpiderState]) -> list[T]:
    """The first ``count`` of ``ranked`` (best first; ``states[i]`` is ``ranked[i]``'s
    position) taking at most ``twins`` of one :func:`signature`, then the ones passed over,
    in their order, while room is left; ``twins`` 0: the first ``count``."""
    if not twins:
        return ranked[:count]
    chosen: list[T] = []
    passed: list[T] = []
    taken: dict[tuple[object, ...], int] = {}
    for item, state in zip(ranked, states, strict=True):
        if len(chosen) == count:
            break
        mark = signature(state)
        if taken.get(mark, 0) < twins:
            taken[mark] = taken.get(mark, 0) + 1
            chosen.append(item)
        else:
            passed.append(item)
    return chosen + passed[: count - len(chosen)]


def compiled() -> Any:
    """The C extension, or None when it was not built."""
    return compiled_search("cardems.spider._solver")


def solve(
    state: SpiderState,
    *,
    nodes: int | None = None,
    seconds: float | None = None,
    use_compiled: bool = True,
    **shape: Any,
) -> Result:
    """Search from ``state`` within ``nodes`` expansions and ``seconds``, if given, with
    the C search when it was built: the portfolio (:data:`Portfolio`) of
    :data:`FOUR_SUITS` when the cards in play show more than two suits, else of
    :data:`TWO_SUITS`. ``shape`` sets :class:`Limits`' other fields and runs one search
    alone, within :data:`NODES` (:data:`BEAM_NODES` for the beam, which a ``width`` makes
    it; four suits: :data:`FOUR_BEAM`'s shape within :data:`FOUR_BEAM_NODES`)."""
    four = suits_in_play(state) > 2
    if not shape:
        return run_portfolio(state, FOUR_SUITS if four else TWO_SUITS, nodes, seconds, use_compiled)
    shape = {**(FOUR_BEAM if four else {}), **shape}
    default = FOUR_BEAM_NODES if four else BEAM_NODES if shape.get("width") else NODES
    limits = Limits(default if nodes is None else nodes, seconds, **shape)
    return search(state, limits, use_compiled)


def portfolio_nodes(portfolio: Portfolio) -> int:
    """A portfolio's default budget: the sum of its shares."""
    return sum(share for share, _ in portfolio)


def run_portfolio(
    state: SpiderState,
    portfolio: Portfolio,
    nodes: int | None,
    seconds: float | None,
    use_compiled: bool = True,
) -> Result:
    """The searches of ``portfolio`` in turn until one decides (see :data:`Portfolio`),
    within ``nodes`` (default: the shares' sum) and ``seconds``; the expansions of all."""
    total = portfolio_nodes(portfolio)
    budget = total if nodes is None else nodes
    deadline = None if seconds is None else time.monotonic() + seconds
    allowed = spent = 0
    result = Result(None, None, 0)
    for share, shape in portfolio:
        allowed += budget * share // total
        left = None if deadline is None else deadline - time.monotonic()
        if allowed <= spent or (left is not None and left <= 0):
            break
        result = search(state, Limits(allowed - spent, left, **shape), use_compiled)
        spent += result.nodes
        if result.winnable is not None:
            break
    return Result(result.winnable, result.moves, spent)


def search(state: SpiderState, limits: Limits, use_compiled: bool = True) -> Result:
    """One search (the beam when ``limits`` has a ``width``, else the staged search) from
    ``state``, in C when it was built; a winning line with its supermoves spelled out."""
    extension = compiled() if use_compiled else None
    if extension is not None:
        result = _solve_c(state, limits)
    else:
        result = (BeamSearch if limits.width else StagedSearch)(limits).run(state)
    if result.moves is None:
        return result
    return Result(True, spelled_out(state, result.moves), result.nodes)


def suits_in_play(state: SpiderState) -> int:
    """How many suits the cards on the table and in the stock show."""
    cards = itertools.chain(state.stock, *state.columns)
    return len({suit_of(card) for card in cards})


def _solve_c(state: SpiderState, limits: Limits) -> Result:
    """:func:`solve` by the C extension (its line with its supermoves)."""
    extension = compiled()
    faces = [[card % 52 for card in column] for column in state.columns]
    status, line, expanded = extension.solve(
        faces,
        list(state.down),
        [card % 52 for card in state.stock],
        len(state.runs),
        limits.nodes,
        -1.0 if limits.seconds is None else limits.seconds,
        limits.stage,
        limits.last,
        limits.branch,
        limits.max_stored,
        limits.width,
        limits.keep,
        limits.down_weight,
        limits.empty_weight,
        limits.supermoves,
        limits.endgame_laterals,
        limits.stuck_laterals,
        limits.twins,
        limits.join_weight,
        limits.jitter,
        limits.salt,
        limits.deal_rank,
        limits.ordered,
    )
    if status < 0:
        return Result(None, None, expanded)
    if status == 0:
        return Result(False, None, expanded)
    moves = [
        Move.deal() if source < 0 else Move(source, target, count) for source, target, count in line
    ]
    return Result(True, moves, expanded)


def _line(parents: dict[Key, tuple[Key, Move] | None], end: Key) -> list[Move]:
    line = []
    link = parents[end]
    while link is not None:
        end, move = link
        line.append(move)
        link = parents[end]
    return line[::-1]
