"""The row family's solver: winnable?, a winning line, bounded by positions expanded.

Only the piles' top cards decide what can move, so a position is the tuple of its top
cards, left to right. The search is a depth-first one over the legal moves with a
transposition table of the positions proved lost (each move gathers one pile, so no
position repeats within a line and the search ends). Three things keep it short:

* a cut: every merge joins two piles whose top cards match and leaves the mover's top
  card on top, so the set of top cards only shrinks; when the top cards fall into two
  groups of which no card of one matches a card of the other, no merge ever joins the
  groups and the position is lost;
* an order: a move covers its target's top card for good, so the moves that cover the
  rarest top cards (the fewest top cards of their suit or rank, which could cover them
  later) come first; among equals, the engine's order (the leftmost pile's move first);
* restarts: the first pass tries the moves in that order within
  :data:`FIRST_PASS` positions; each further pass breaks the ties in an order drawn from
  the project's own generator (:mod:`cardems.rng`, seeded by the pass's number), within
  half as many positions again as the pass before. Positions proved lost stay proved
  across passes. Deals are won in a few thousand positions, mostly; one unlucky early
  choice can cost a plain depth-first search millions.

"Not winnable" only once a pass has expanded everything it reached; past ``nodes``
positions in all the answer is undecided, whatever the machine's load.
"""

from __future__ import annotations

import functools

from cardems.kit import verdict
from cardems.kit.row.declare import Match
from cardems.kit.row.engine import Move, RowState
from cardems.rng import SplitMix64, fisher_yates

NODES = 200_000
"""Positions a verdict may expand (``cardems solve``, ``analyze``): a few seconds in
Python at most (``benchmarks/row_solver.py``)."""
HINT_NODES = 60_000
"""Positions a hint or Winnable? may expand (under a second in Python); past it the
answer is undecided."""
WINNABLE_NODES = 20_000
"""Positions a winnable-only deal or a level's deal may take to be proved winnable (some
85 % of deals are won within it: a deal past it is passed over)."""
DAILY_NODES = 3_000
"""Positions the day's deal may take to be proved winnable (the day's first home page
waits for it: about half of deals are won within it; 42 ms mean a day,
``benchmarks/daily_deal.py``)."""
FIRST_PASS = 1_000
"""Positions of the first pass, in the engine's order."""
CUT_BELOW = 20
"""The cut is tried on positions of fewer piles than this (a row of more top cards falls
into two such groups too rarely to pay for the test at every position)."""
SEED = 0xACC0_4D10
"""Mixed with a pass's number to seed its order of moves."""

Tops = tuple[int, ...]


Verdict = verdict.Verdict[Move]
"""The family's verdict (:class:`cardems.kit.verdict.Verdict`)."""


class _PassOver(Exception):
    """The pass's budget of positions is spent."""


def connected(tops: Tops, match: Match) -> bool:
    """Whether no two groups of the top cards are such that no card of one matches a
    card of the other (see the module docstring)."""
    if match is Match.SUIT:
        return len({card // 13 for card in tops}) == 1
    if match is Match.RANK:
        return len({card % 13 for card in tops}) == 1
    parent = list(range(17))  # the 4 suits, then the 13 ranks: a card joins its two

    def root(node: int) -> int:
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for card in tops:
        a, b = root(card // 13), root(4 + card % 13)
        if a != b:
            parent[a] = b
    first = root(tops[0] // 13)
    return all(root(card // 13) == first for card in tops)


@functools.cache
def match_table(match: Match) -> tuple[tuple[bool, ...], ...]:
    """``table[a][b]``: whether cards ``a`` and ``b`` match (read faster than asked)."""
    return tuple(tuple(match.matches(a, b) for b in range(52)) for a in range(52))


def solve(state: RowState, nodes: int = NODES) -> Verdict:
    """The verdict from ``state`` within ``nodes`` positions."""
    rules = state.rules
    table = match_table(rules.match)
    jumps = rules.jumps
    lost: set[Tops] = set()
    line: list[Move] = []
    expanded = 0

    def wins(tops: Tops, order: SplitMix64 | None, cap: int) -> bool:
        nonlocal expanded
        if len(tops) == 1:
            return True
        if tops in lost:
            return False
        expanded += 1
        if expanded > cap:
            raise _PassOver
        if len(tops) < CUT_BELOW and not connected(tops, rules.match):
            lost.add(tops)
            return False
        moves = [
            (i, i - jump)
            for i in range(1, len(tops))
            for jump in jumps
            if jump <= i and table[tops[i]][tops[i - jump]]
        ]
        if order is not None:
            fisher_yates(moves, order)
        suits, ranks = [0] * 4, [0] * 13
        for card in tops:
            suits[card // 13] += 1
            ranks[card % 13] += 1
        moves.sort(key=lambda m: suits[tops[m[1]] // 13] + ranks[tops[m[1]] % 13])
        for i, j in moves:
            line.append(Move(i, j))
            if wins((*tops[:j], tops[i], *tops[j + 1 : i], *tops[i + 1 :]), order, cap):
                return True
            line.pop()
        lost.add(tops)
        return False

    start = state.tops()
    budget, order, passes = FIRST_PASS, None, 0
    while True:
        try:
            found = wins(start, order, min(nodes, expanded + budget))
        except _PassOver:
            line.clear()
            expanded -= 1  # the position that found the budget spent was not expanded
            if expanded >= nodes:
                return Verdict(None, None, expanded)
            passes += 1
            order = SplitMix64(SEED ^ passes)
            budget += budget // 2
            continue
        return Verdict(found, tuple(line) if found else None, expanded)


def hint_verdict(state: RowState, nodes: int = HINT_NODES) -> Verdict:
    """A verdict for a player waiting (within ``nodes``)."""
    return solve(state, nodes)
