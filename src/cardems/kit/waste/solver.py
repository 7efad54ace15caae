"""The waste family's solver: winnable?, a winning line, and the shortest win (par).

It sees every card, the face-down ones too (*thoughtful* play). A position is
``(present, drawn, top)``: the mask of the layout cards still there, how many stock
cards have been turned, and the rank on the waste — nothing else matters for what can
follow.

**Verdict** (:func:`solve`): a depth-first search, plays before the draw (the highest
positions first: TriPeaks' bottom row from the right, the last pile of fans first),
which remembers the positions it proved lost. A position lost with ``d`` cards turned
is lost with more turned too (whatever wins with more turned wins with fewer, turning
the extra cards at the first draw), so it keeps, for each ``(present, top)``, the
fewest cards turned with which it is lost. Past ``nodes`` positions expanded it gives
up: undecided — never the clock.

**Dead ends** (a declaration's ``prune``): once the stock is spent, the cards still to
play, read by rank alone, must form one walk from the waste's top, each step one rank up
or down. Ranks all gone cut the ring of ranks (K–A joined when it wraps) into arcs:
every rank left must lie on the top's arc, and along that arc how many steps join each
two neighbouring ranks follows from how many cards each has (a walk is an Euler trail
on the arc: each count at least 1 inside it, the last 0, one end free). A position
failing this is lost without searching below it; the answer, which depends on the
counts and the top alone, is remembered. Not where nothing goes on a king (a walk may
not pass a king there). The pruned search keeps every verdict of the unpruned one.

**Shortest win** (:func:`shortest_win`): every win plays each layout card once, so the
shortest turns the fewest stock cards. The search goes layer by layer, layer ``d``
holding every position reached with ``d`` cards turned; the first layer that clears the
layout gives the par.
"""

from __future__ import annotations

from cardems.kit import verdict
from cardems.kit.waste.engine import GONE, Move, WasteState, rank_of

Verdict = verdict.Verdict[Move]
"""The family's verdict (:class:`cardems.kit.verdict.Verdict`)."""


class _OutOfBudget(Exception):
    pass


class _Search:
    """The depth-first verdict search from one position."""

    def __init__(self, state: WasteState, nodes: int) -> None:
        rules = state.rules
        self.shift = rules.count
        self.stock = [rank_of(card) for card in state.stock]
        self.fits = rules.fits
        ranks = [0 if card == GONE else rank_of(card) for card in state.layout]
        self.piles = [
            (sum(1 << (p - 1) for p in positions), pile)
            for pile, positions in reversed(list(enumerate(rules.piles, 1)))
        ]
        """``(mask, pile)`` of each pile, the last first: a pile plays its top card, so
        trying the piles' tops from the last pile is trying the free cards from the
        highest position."""
        self.ranks = ranks
        self.cover = rules.cover
        self.dead: dict[int, int] = {}
        """``present | top << count`` → the fewest cards turned with which it is lost."""
        self.budget = nodes
        self.nodes = 0
        self.line: list[Move] = []
        self.prune = rules.declaration.prune
        self.visits = [0] * 14
        """The cards of each rank still to play (kept as the search plays and undoes)."""
        self.sig = 0
        """``visits`` packed, three bits a rank: the walk test's memory key."""
        self.walked: dict[int, bool] = {}
        self.walks = False
        self.wrap = False
        if self.prune:
            self._walk_counts(state)

    def _walk_counts(self, state: WasteState) -> None:
        """The counts the walk test reads (see the module docstring)."""
        onto = state.rules.onto
        self.walks = not onto.kings_block
        self.wrap = onto.wrap
        for j, card in enumerate(state.layout):
            if card != GONE:
                self.visits[self.ranks[j]] += 1
                self.sig += 1 << 3 * self.ranks[j]

    def walkable(self, top: int) -> bool:
        """Whether the cards still to play, by rank alone, can follow ``top`` one rank
        apart each (see the module docstring; a necessary condition)."""
        visits = self.visits
        if not top or (self.wrap and min(visits[1:])):
            return True  # the whole ring: no cut to reason from
        visits = visits[:]
        visits[top] += 1
        if self.wrap and min(visits[1:]):
            return True
        if self.wrap:
            first = top
            while visits[first - 1 if first > 1 else 13]:
                first = first - 1 if first > 1 else 13
        else:
            first = top
            while first > 1 and visits[first - 1]:
                first -= 1
        arc: list[int] = []
        rank = first
        while visits[rank] and len(arc) < 13:
            arc.append(rank)
            rank = rank + 1 if rank < 13 else (1 if self.wrap else 0)
            if rank == 0:
                break
        if sum(visits[r] for r in arc) != sum(visits):
            return False  # a rank off the top's arc
        states = {(0, False)}
        last = len(arc) - 1
        for k, rank in enumerate(arc):
            twice = 2 * visits[rank] - (rank == top)
            following = set()
            for steps, ended in states:
                following.add((twice - steps, ended))
                if not ended:
                    following.add((twice - steps - 1, True))
            if k < last:
                states = {(e, ended) for e, ended in following if e >= 1}
                if not states:
                    return False
            else:
                return (0, True) in following
        return True

    def run(self, present: int, drawn: int, top: int) -> bool:
        """Whether the position can be won; ``line`` holds the win (in reverse)."""
        if not present:
            return True
        key = present | top << self.shift
        if self.dead.get(key, 99) <= drawn:
            return False
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        if self.walks and drawn == len(self.stock):
            walk = self.sig << 4 | top
            can = self.walked.get(walk)
            if can is None:
                can = self.walked[walk] = self.walkable(top)
            if not can:
                self.dead[key] = drawn
                return False
        fits = self.fits[top]
        ranks = self.ranks
        cover = self.cover
        for mask, pile in self.piles:
            cards = present & mask
            if not cards:
                continue
            i = cards.bit_length() - 1
            rank = ranks[i]
            if cover[i] & present or not fits[rank]:
                continue
            self.visits[rank] -= 1
            self.sig -= 1 << 3 * rank
            won = self.run(present ^ (1 << i), drawn, rank)
            self.visits[rank] += 1
            self.sig += 1 << 3 * rank
            if won:
                self.line.append(Move(pile))
                return True
        if drawn < len(self.stock) and self.run(present, drawn + 1, self.stock[drawn]):
            self.line.append(Move.draw())
            return True
        self.dead[key] = drawn
        return False


def solve(state: WasteState, nodes: int | None = None) -> Verdict:
    """The verdict on ``state`` within ``nodes`` positions expanded (the declaration's
    budget by default) and, when winnable, a winning line."""
    budget = state.rules.declaration.nodes if nodes is None else nodes
    search = _Search(state, budget)
    present, top = state.present_mask, state.top_rank
    try:
        won = search.run(present, 0, top)
    except _OutOfBudget:
        return Verdict(None, None, search.nodes)
    return Verdict(won, tuple(search.line[::-1]) if won else None, search.nodes)


def winning_line(state: WasteState, nodes: int | None = None) -> list[Move] | None:
    """A winning line from ``state`` (None: lost, or undecided within ``nodes``)."""
    line = solve(state, nodes).line
    return None if line is None else list(line)


Layer = dict[tuple[int, int], tuple[int, int] | None]


def shortest_win(state: WasteState, nodes: int | None = None) -> list[Move] | None:
    """A win with the fewest moves (None: lost, or not found within ``nodes``)."""
    rules = state.rules
    budget = rules.declaration.nodes if nodes is None else nodes
    ranks = [0 if card == GONE else rank_of(card) for card in state.layout]
    stock = [rank_of(card) for card in state.stock]
    bits = [(1 << i, rules.cover[i], ranks[i]) for i in range(rules.count)]
    starts: dict[int, None] = {state.present_mask: None}
    top = state.top_rank
    layers: list[Layer] = []
    visited = 0
    for drawn in range(len(stock) + 1):
        # parent links within the layer: (present, top) -> the position it came from
        parents: Layer = {(present, top): None for present in starts}
        frontier = list(parents)
        while frontier:
            position = frontier.pop()
            present, rank = position
            if not present:
                layers.append(parents)
                return _line(rules.pile_of, layers, position, state.present_mask)
            visited += 1
            if visited > budget:
                return None
            fit = rules.fits[rank]
            for bit, cover, card in bits:
                if present & bit and not cover & present and fit[card]:
                    child = (present ^ bit, card)
                    if child not in parents:
                        parents[child] = position
                        frontier.append(child)
        layers.append(parents)
        if drawn == len(stock):
            break
        starts = dict.fromkeys(present for present, _ in parents)
        top = stock[drawn]
    return None


def _line(
    pile_of: tuple[int, ...], layers: list[Layer], end: tuple[int, int], start: int
) -> list[Move]:
    """The moves from the start to ``end`` (in the last layer), walking the links back."""
    moves: list[Move] = []
    position: tuple[int, int] | None = end
    for depth in range(len(layers) - 1, -1, -1):
        parents = layers[depth]
        assert position is not None
        while (parent := parents[position]) is not None:
            moves.append(Move(pile_of[(parent[0] ^ position[0]).bit_length() - 1]))
            position = parent
        if depth:
            moves.append(Move.draw())
            # the layer's start came from any position of the previous layer with the
            # same cards present: find one
            present = position[0]
            position = next(p for p in layers[depth - 1] if p[0] == present)
    assert position is not None and position[0] == start
    return moves[::-1]
