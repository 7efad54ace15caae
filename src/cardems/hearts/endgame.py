"""An exact solver for Hearts endings with every hand known (issue 46, item 1).

A position is four hand masks, the trick so far (its leader and cards), the points each
seat has taken and whether hearts are broken; the seat to move is the leader's plus the
cards in the trick. The rules are the engine's: :func:`cardems.hearts.core.legal_mask`,
with the default options (no J♦ variant; only a heart breaks hearts), as in the bots'
play-outs.

**The objective.** The solver takes one seat's side (``seat``) and scores the end of the
round as that seat's round points minus the mean of the other three's, counted in thirds
so that it stays an integer::

    value = 3 * score[seat] - (sum of the others' scores)

where ``score`` is :func:`~cardems.hearts.core.round_scores` of the raw points: a seat
that takes all 26 scores 0 and the others 26. Without a moon the 26 points are shared, so
the value is ``4 * own - 26`` and minimising it is minimising one's own points; a moon of
one's own is worth -78 (the best there is) and another's +26 (where taking every point
but one would be +26 or less), so the solver stops a moon whenever it can and shoots when
it can. The seat minimises the value; the three others are assumed to maximise it (the
"paranoid" assumption: each opponent plays against the seat, not for itself). The value
is a bound for the seat against any play of the others.

**The search.** Alpha-beta (fail-soft) over the cards to the end of the round, with:

- a transposition table at each trick's start, keyed by the four hands, the leader,
  hearts broken and who could still shoot (:func:`moon_state`); it stores bounds of the
  value *relative to* the points already taken, so transpositions reached with different
  points share it;
- equivalent cards merged: cards of one suit in one hand with no card of another hand or
  of the current trick between them (cards played in earlier tricks count as gaps) take
  the same tricks, so only the lowest of each run is searched; the Q♠ is never merged
  (it scores 13, its neighbours nothing);
- move ordering: the table's best card first, then following high, discarding points
  first (Q♠, then high hearts, then high cards) and leading low;
- a cut when no point is left to take: the value is known.

:func:`py_solve` is this module's Python reference; :func:`solve` runs the compiled one
(``_core.endgame``, the same search in C) where :mod:`cardems.hearts.fast` has it. Both
give the same value and the same set of best cards (``tests/hearts/test_endgame.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple, Self

from cardems.hearts.core import (
    HEART_MASK,
    POINT_MASK,
    POINTS,
    QUEEN_OF_SPADES,
    legal_mask,
    round_scores,
)
from cardems.hearts.fast import core
from cardems.hearts.playout import position_of_deal, trick_winner

INFINITY = 1000
"""Beyond any value (the values lie in -78 … 78)."""


class Solution(NamedTuple):
    """What :func:`solve` finds: the value with best play (``3 * own - others``, lower is
    better for the seat), every card of the seat to move that reaches it (a mask) and the
    nodes searched."""

    value: int
    best: int
    nodes: int


class Ending(NamedTuple):
    """A position to solve (``solve(ending)`` or ``solve(ending, seat)``): the four hands,
    the trick's leader and cards so far, the points each seat has taken, hearts broken."""

    hands: Sequence[int]
    leader: int
    trick: Sequence[int]
    points: Sequence[int]
    broken: bool

    def settled(self) -> Ending:
        """The same ending with a full trick taken by its winner."""
        trick = self.trick
        if len(trick) < 4:
            return self
        winner = (self.leader + trick_winner(list(trick))) & 3
        taken = list(self.points)
        taken[winner] += POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
        return self._replace(leader=winner, trick=(), points=taken)


def final_value(points: Sequence[int], seat: int) -> int:
    """The objective for raw points at the end of a round: ``3 * own - others``."""
    scores = round_scores(list(points))
    return 4 * scores[seat] - sum(scores)


def linear_value(points: Sequence[int], seat: int) -> int:
    """The objective's part that adds up trick by trick (``3 * own - others`` of the raw
    points): the final value less this depends only on the rest of the play and on
    :func:`moon_state`, which is what the transposition table stores."""
    return 4 * points[seat] - (points[0] + points[1] + points[2] + points[3])


def moon_state(points: Sequence[int]) -> int:
    """Who could still take every point: -1 nobody has one yet, 0–3 that seat has them
    all, 4 they are split (no moon)."""
    holder = -1
    for s in range(4):
        if points[s]:
            if holder >= 0:
                return 4
            holder = s
    return holder


def representatives(legal: int, blockers: int) -> list[int]:
    """The lowest card of each run of equivalent cards in ``legal``: cards of one suit
    with none of ``blockers`` (the other hands' cards and the current trick's) between
    them; the Q♠ stands alone."""
    reps: list[int] = []
    prev = -2
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if (
            prev >= 0
            and prev // 13 == c // 13
            and c != QUEEN_OF_SPADES
            and prev != QUEEN_OF_SPADES
            and not blockers & ((1 << c) - (2 << prev))
        ):
            prev = c
            continue
        reps.append(c)
        prev = c
    return reps


def run_of(card: int, legal: int, blockers: int) -> int:
    """The mask of ``card``'s run of equivalent cards in ``legal`` (see
    :func:`representatives`), ``card`` being its lowest."""
    run = 1 << card
    if card == QUEEN_OF_SPADES:
        return run
    c = card
    while c % 13 != 12:
        n = c + 1
        if blockers & (1 << n) or (n == QUEEN_OF_SPADES and legal & (1 << n)):
            break
        if legal & (1 << n):
            run |= 1 << n
        c = n
    return run


def _ordered(reps: list[int], trick: list[int], first: int) -> list[int]:
    """Move ordering: ``first`` (the table's best) first, then following high, discarding
    points first, leading low."""
    if not trick:
        reps = sorted(reps, key=lambda c: c % 13)
    elif reps[0] // 13 == trick[0] // 13:
        reps = sorted(reps, reverse=True)
    else:
        reps = sorted(reps, key=lambda c: (-POINTS[c], -(c % 13)))
    if first in reps:
        reps.remove(first)
        reps.insert(0, first)
    return reps


class _Search:
    """One solve: the position, mutated and restored as the search goes."""

    def __init__(self, ending: Ending, seat: int) -> None:
        self.hands = list(ending.hands)
        self.leader = ending.leader
        self.trick = list(ending.trick)
        self.points = list(ending.points)
        self.broken = ending.broken
        self.seat = seat
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0

    @classmethod
    def of(cls, ending: Ending, seat: int) -> Self:
        """The search of ``ending``, a full trick taken first, for ``seat`` (-1: the seat
        to move)."""
        ending = ending.settled()
        return cls(ending, (ending.leader + len(ending.trick)) & 3 if seat < 0 else seat)

    def moves(self) -> tuple[int, int, int]:
        """(legal cards, blockers, seat) of the seat to move."""
        hands, trick = self.hands, self.trick
        mover = (self.leader + len(trick)) & 3
        everything = hands[0] | hands[1] | hands[2] | hands[3]
        in_trick = 0
        for c in trick:
            in_trick |= 1 << c
        first = everything.bit_count() + len(trick) == 52
        legal = legal_mask(hands[mover], trick[0] // 13 if trick else -1, first, self.broken)
        return legal, (everything & ~hands[mover]) | in_trick, mover

    def play(self, c: int) -> tuple[int, bool, list[int]]:
        """Play ``c``; what :meth:`undo` needs."""
        undo = (self.leader, self.broken, self.trick)
        mover = (self.leader + len(self.trick)) & 3
        self.hands[mover] ^= 1 << c
        if (1 << c) & HEART_MASK:
            self.broken = True
        trick = [*self.trick, c]
        if len(trick) == 4:
            led, best, win = trick[0] // 13, trick[0], 0
            for k in (1, 2, 3):
                if trick[k] // 13 == led and trick[k] > best:
                    best, win = trick[k], k
            winner = (self.leader + win) & 3
            self.points[winner] += (
                POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
            )
            self.leader = winner
            trick = []
        self.trick = trick
        return undo

    def undo(self, c: int, undo: tuple[int, bool, list[int]]) -> None:
        """Take back ``c``."""
        leader, broken, trick = undo
        if not self.trick:  # the trick was completed
            full = [*trick, c]
            self.points[self.leader] -= (
                POINTS[full[0]] + POINTS[full[1]] + POINTS[full[2]] + POINTS[full[3]]
            )
        self.leader, self.broken, self.trick = leader, broken, trick
        self.hands[(leader + len(trick)) & 3] |= 1 << c

    def value(self, alpha: int, beta: int) -> int:
        """The value with best play, fail-soft: exact when strictly inside the window."""
        self.nodes += 1
        hands, points, seat = self.hands, self.points, self.seat
        key: tuple[int, ...] | None = None
        first = -1
        if not self.trick:
            everything = hands[0] | hands[1] | hands[2] | hands[3]
            if not everything & POINT_MASK:
                return final_value(points, seat)
            offset = linear_value(points, seat)
            key = (*hands, self.leader, self.broken, moon_state(points))
            entry = self.table.get(key)
            if entry is not None:
                lower, upper, first = entry
                lower += offset
                upper += offset
                if lower >= beta or lower == upper:
                    return lower
                if upper <= alpha:
                    return upper
                alpha = max(alpha, lower)
                beta = min(beta, upper)
        legal, blockers, mover = self.moves()
        minimising = mover == seat
        best_value = INFINITY if minimising else -INFINITY
        best_card = -1
        a, b = alpha, beta
        for c in _ordered(representatives(legal, blockers), self.trick, first):
            undo = self.play(c)
            v = self.value(a, b)
            self.undo(c, undo)
            if minimising:
                if v < best_value:
                    best_value, best_card = v, c
                    b = min(b, v)
            elif v > best_value:
                best_value, best_card = v, c
                a = max(a, v)
            if a >= b:
                break
        if key is not None:
            offset = linear_value(points, seat)
            old = self.table.get(key)
            lower, upper = (old[0], old[1]) if old is not None else (-INFINITY, INFINITY)
            v = best_value - offset
            if best_value <= alpha:
                upper = min(upper, v)
            elif best_value >= beta:
                lower = max(lower, v)
            else:
                lower = upper = v
            self.table[key] = (lower, upper, best_card)
        return best_value


def py_solve(ending: Ending, seat: int = -1) -> Solution:
    """Solve ``ending`` for ``seat`` (by default the seat to move): its value and every
    card of the seat to move that reaches it (see the module's doc). A full trick is
    taken first."""
    search = _Search.of(ending, seat)
    seat = search.seat
    legal, blockers, mover = search.moves()
    if not legal:
        return Solution(final_value(search.points, seat), 0, 1)
    minimising = mover == seat
    best_value = INFINITY if minimising else -INFINITY
    best = 0
    # Each card's value is needed only as far as whether it ties the best so far: a
    # window just past the best keeps the ties exact.
    for c in _ordered(representatives(legal, blockers), search.trick, -1):
        undo = search.play(c)
        if minimising:
            v = search.value(-INFINITY, best_value + 1)
        else:
            v = search.value(best_value - 1, INFINITY)
        search.undo(c, undo)
        run = run_of(c, legal, blockers)
        if v == best_value:
            best |= run
        elif (v < best_value) == minimising:
            best_value, best = v, run
    return Solution(best_value, best, search.nodes)


def random_ending(rng: random.Random, tricks: int, in_trick: int = 0, moon: float = 0.0) -> Ending:
    """A random deal played at random (legal cards) until ``tricks`` tricks are left, and
    ``in_trick`` cards of the next one; with probability ``moon`` every point taken so far
    is handed to one seat (moons to shoot or stop). For tests and benchmarks."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for k, c in enumerate(deck):
        hands[k % 4] |= 1 << c
    pos = position_of_deal(hands)
    for _ in range(52 - 4 * tricks + in_trick):
        legal = pos.legal()
        cards = [c for c in range(52) if legal >> c & 1]
        pos.play(rng.choice(cards))
    points = pos.points
    total = points[0] + points[1] + points[2] + points[3]
    if rng.random() < moon and total:
        taker = rng.randrange(4)
        points = [total if s == taker else 0 for s in range(4)]
    h = pos.hands
    return Ending(
        (h[0], h[1], h[2], h[3]),
        pos.leader,
        tuple(pos.trick),
        (points[0], points[1], points[2], points[3]),
        pos.broken,
    )


def solve(ending: Ending, seat: int = -1) -> Solution:
    """:func:`py_solve`, compiled where the core was built."""
    if core is None:
        return py_solve(ending, seat)
    return Solution(*core.endgame(*ending.settled(), seat))


# ---- max-n: each seat minimises its own points ----------------------------------------


def utility(points: Sequence[int], seat: int) -> int:
    """What ``seat`` makes of the raw points at the end of a round, lower better: its own
    points; its own moon -26, another's moon 26 (what the moon gives each other seat)."""
    for s in range(4):
        if points[s] == 26:
            return -26 if s == seat else 26
    return points[seat]


def preference(points: Sequence[int], mover: int, seat: int) -> tuple[int, ...]:
    """How ``mover`` ranks an end of the round in the max-n search (lower first): its own
    :func:`utility`; among equals, the line worse for ``seat`` (the solver's side: a
    cautious tie-break — an opponent who does not care where points go is assumed to send
    them to ``seat``, as one dumping its Q♠ or hearts on whoever takes the trick would
    when that is ``seat``); among those, the raw points in seat order, so that the line
    is one whatever order the cards are tried in."""
    return (utility(points, mover), -utility(points, seat), *points)


class Line(NamedTuple):
    """What :func:`solve_maxn` finds: the raw points at the end of the round with each
    seat playing for its own :func:`utility` (:func:`preference` breaking ties), every card
    of the seat to move as good for it as the best (a mask) and the nodes searched."""

    points: tuple[int, int, int, int]
    best: int
    nodes: int


class _MaxN(_Search):
    """One max-n solve: every seat minimises its own :func:`utility`.

    The line from a trick's start depends only on the hands, the leader, hearts broken
    and :func:`moon_state`, not on the points already taken: a moon is the best end for
    its taker and the worst for every other seat whatever the points, and between two
    ends without a moon each seat compares its own points, the same offset added to
    both. So the table stores the points taken from there on."""

    def __init__(self, ending: Ending, seat: int) -> None:
        super().__init__(ending, seat)
        self.lines: dict[tuple[int, ...], tuple[int, ...]] = {}

    def line(self) -> tuple[int, ...]:
        """The raw points at the end of the round with every seat playing for itself."""
        self.nodes += 1
        hands, points = self.hands, self.points
        key: tuple[int, ...] | None = None
        if not self.trick:
            everything = hands[0] | hands[1] | hands[2] | hands[3]
            if not everything & POINT_MASK:
                return tuple(points)
            key = (*hands, self.leader, self.broken, moon_state(points))
            taken = self.lines.get(key)
            if taken is not None:
                return tuple(p + t for p, t in zip(points, taken, strict=True))
        legal, blockers, mover = self.moves()
        best: tuple[int, ...] = ()
        best_key: tuple[int, ...] = ()
        for c in representatives(legal, blockers):
            undo = self.play(c)
            end = self.line()
            self.undo(c, undo)
            rank = preference(end, mover, self.seat)
            if not best or rank < best_key:
                best, best_key = end, rank
        if key is not None:
            self.lines[key] = tuple(e - p for e, p in zip(best, points, strict=True))
        return best


def py_solve_maxn(ending: Ending, seat: int = -1) -> Line:
    """Solve ``ending`` with every seat playing for its own :func:`utility` (max-n), ties
    broken by :func:`preference` for ``seat`` (by default the seat to move): the round's
    end on that line and every card of the seat to move as good for it as the best. A
    full trick is taken first."""
    search = _MaxN.of(ending, seat)
    seat = search.seat
    legal, blockers, mover = search.moves()
    if not legal:
        p = search.points
        return Line((p[0], p[1], p[2], p[3]), 0, 1)
    best: tuple[int, ...] = ()
    best_key: tuple[int, ...] = ()
    cards = 0
    for c in representatives(legal, blockers):
        undo = search.play(c)
        end = search.line()
        search.undo(c, undo)
        rank = preference(end, mover, seat)
        run = run_of(c, legal, blockers)
        if not best or rank[0] < best_key[0]:
            cards = run
        elif rank[0] == best_key[0]:
            cards |= run
        if not best or rank < best_key:
            best, best_key = end, rank
    return Line((best[0], best[1], best[2], best[3]), cards, search.nodes)


def solve_maxn(ending: Ending, seat: int = -1) -> Line:
    """:func:`py_solve_maxn`, compiled where the core was built."""
    if core is None:
        return py_solve_maxn(ending, seat)
    a, b, c, d, best, nodes = core.endgame_maxn(*ending.settled(), seat)
    return Line((a, b, c, d), best, nodes)


__all__ = [
    "Ending",
    "Line",
    "Solution",
    "final_value",
    "preference",
    "py_solve",
    "py_solve_maxn",
    "random_ending",
    "solve",
    "solve_maxn",
    "utility",
]
