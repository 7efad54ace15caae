"""The discard family's solver: winnable?, a winning line, bounded by positions.

A depth-first search over the legal moves (discards first, then moves to an empty pile,
then the deal), remembering the positions it proved lost. A position is its piles and
how many cards the stock still holds (the cards discarded are the others); once the
stock is empty the order of the piles no longer matters, and positions that differ only
by it are one.

Safe discards are played at once, without branching: a card none of whose suit lower
than it is still in play can never beat a card, so throwing it out only uncovers the
card under it (and moving it to an empty pile instead is no better than the discard,
which leaves the empty pile free). Other discards are choices: a card kept may beat a
lower one later, when the card that beats it now is covered. No position repeats within
a line (each move discards a card, deals, or fills an empty pile from a pile of two or
more), so the search ends; past ``nodes`` positions it stops and answers undecided,
whatever the machine's load. It works on bare tuples (the engine's state is the
reference, and the tests hold the two together).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardems.kit import verdict
from cardems.kit.discard.engine import DEAL, DiscardState, Move

NODES = 2_000_000
"""Positions a verdict may expand (``cardems solve``, ``analyze``): the lost deals of
``benchmarks/discard_solver.py`` take about 250,000."""
HINT_NODES = 150_000
"""Positions a hint or Winnable? may expand (a few seconds in Python at most); past it
the answer is undecided."""
WINNABLE_NODES = 30_000
"""Positions a winnable-only deal, a level's deal or the day's deal may take to be proved
winnable: a deal past it is passed over (wins are found early: discards come first)."""
DAILY_NODES = 2_000
"""Positions the day's deal may take to be proved winnable (the day's first home page
waits for it)."""

Piles = tuple[tuple[int, ...], ...]


Verdict = verdict.Verdict[Move]
"""The family's verdict (:class:`cardems.kit.verdict.Verdict`)."""


class _Budget(Exception):
    """The budget of positions is spent."""


def solve(state: DiscardState, nodes: int = NODES, *, greedy: bool = False) -> Verdict:
    """The verdict from ``state`` within ``nodes`` positions. ``greedy`` plays every
    discard at once (no discard is a choice): far fewer positions, a real winning line
    when it finds one, but "undecided" rather than "lost" when it finds none."""
    rules = state.rules
    value = [rules.value(card) for card in range(52)]
    suit = [card // 13 for card in range(52)]
    stock = state.stock
    n = len(state.piles)
    to_win = rules.discards_to_win - len(state.discarded)
    lost: set[tuple[Piles, int]] = set()
    line: list[Move] = []
    expanded = 0

    def beaten(piles: Piles, i: int) -> bool:
        card = piles[i][-1]
        card_suit, card_value = suit[card], value[card]
        for j, pile in enumerate(piles):
            if j != i and pile:
                top = pile[-1]
                if suit[top] == card_suit and value[top] > card_value:
                    return True
        return False

    def lowest(piles: Piles, k: int) -> list[int]:
        """The lowest value of each suit still in play (a card of that value can never
        beat another)."""
        low = [99] * 4
        for pile in piles:
            for card in pile:
                low[suit[card]] = min(low[suit[card]], value[card])
        for card in stock[k:]:
            low[suit[card]] = min(low[suit[card]], value[card])
        return low

    def without_top(piles: Piles, i: int) -> Piles:
        return (*piles[:i], piles[i][:-1], *piles[i + 1 :])

    def wins(piles: Piles, k: int, left: int) -> bool:
        nonlocal expanded
        forced = 0
        changed = True
        while changed:
            changed = False
            low: Sequence[int] = () if greedy else lowest(piles, k)  # greedy: every discard goes
            for i in range(n):
                pile = piles[i]
                card = pile[-1] if pile else -1
                if pile and (greedy or value[card] == low[suit[card]]) and beaten(piles, i):
                    piles = without_top(piles, i)
                    line.append(Move(i))
                    forced += 1
                    left -= 1
                    changed = True
                    break
        if left == 0:
            return True
        key = (tuple(sorted(piles)) if k == len(stock) else piles, k)
        if key not in lost:
            expanded += 1
            if expanded > nodes:
                raise _Budget
            for i in range(n):
                if piles[i] and beaten(piles, i):
                    line.append(Move(i))
                    if wins(without_top(piles, i), k, left - 1):
                        return True
                    line.pop()
            for j in range(n):
                if piles[j]:
                    continue
                for i in range(n):
                    if len(piles[i]) > 1:
                        moved = list(piles)
                        moved[j] = (piles[i][-1],)
                        moved[i] = piles[i][:-1]
                        line.append(Move(i, j))
                        if wins(tuple(moved), k, left):
                            return True
                        line.pop()
            if k < len(stock):
                dealt = stock[k : k + n]
                grown = tuple(
                    (*pile, dealt[i]) if i < len(dealt) else pile for i, pile in enumerate(piles)
                )
                line.append(Move(DEAL))
                if wins(grown, k + len(dealt), left):
                    return True
                line.pop()
            lost.add(key)
        del line[len(line) - forced :]
        return False

    try:
        found = wins(state.piles, 0, to_win)
    except _Budget:
        return Verdict(None, None, expanded)
    if greedy and not found:
        return Verdict(None, None, expanded)
    return Verdict(found, tuple(line) if found else None, expanded)


def hint_verdict(state: DiscardState, nodes: int = HINT_NODES) -> Verdict:
    """A verdict for a player waiting: the greedy search first (most wins are found in
    a few hundred positions), then the full one within ``nodes``."""
    quick = solve(state, nodes, greedy=True)
    return quick if quick.winnable else solve(state, nodes)
