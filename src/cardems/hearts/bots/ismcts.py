"""Reference bot: textbook single-observer information-set MCTS (SO-ISMCTS).

Written from Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search"
(2012), not from the expert. One tree per decision, over the public sequence of cards
played from here to the end of the round. Each iteration deals the unseen cards at
random, consistently with the seat's view (see :mod:`~cardems.hearts.bots.sampling`;
no weighing by the others' play), then walks the tree in that deal:
at every node the seat to play picks, among the children its hand there allows, the one
with the best UCB1 value *for that seat* (mean reward plus ``c·sqrt(ln availability /
visits)``, availability counting the iterations in which the child was legal), until a
legal card has no child yet; that card is added, the round is finished by the simple
play-out policy of :mod:`~cardems.hearts.bots.montecarlo`, and every seat's reward
(``1 - score/26``, an opponent's moon scoring 26) is backed up the path. The card
played is the root's most visited child. It passes by the same textbook rule as the
Monte Carlo bot. No opponent model beyond "every seat seeks its own best score".
"""

from __future__ import annotations

import math
import random

from cardems.hearts.bots import bot_options
from cardems.hearts.bots.montecarlo import play_out, score_for, textbook_pass
from cardems.hearts.bots.sampling import Knowledge
from cardems.hearts.core import HEART_MASK, POINTS, QS_BIT, SUIT_MASKS, bits
from cardems.hearts.view import SeatView

FIRST_LEAD = 1 << 39  # the 2♣
EXPLORATION = 0.7
"""UCB1's exploration constant for rewards in [0, 1]."""


def legal_cards(hand: int, trick: list[int], done: int, broken: bool) -> int:
    """The cards ``hand`` may play to ``trick`` in the round's trick number ``done``."""
    if not trick:
        if done == 0:
            return hand & FIRST_LEAD
        if not broken and hand & ~HEART_MASK:
            return hand & ~HEART_MASK
        return hand
    follow = hand & SUIT_MASKS[trick[0] // 13]
    if follow:
        return follow
    if done == 0 and hand & ~(HEART_MASK | QS_BIT):
        return hand & ~(HEART_MASK | QS_BIT)
    return hand


class Node:
    """The cards played so far from the root; statistics of the seat that played last."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


class Deal:
    """One determinized position, played forward card by card."""

    __slots__ = ("broken", "done", "hands", "leader", "points", "trick")

    def __init__(self, hands: list[int], view: SeatView) -> None:
        self.hands = hands
        self.leader = view.leader
        self.trick = list(view.trick)
        self.done = len(view.tricks)
        self.broken = view.hearts_broken
        self.points = list(view.round_points)

    def to_play(self) -> int:
        """The seat whose turn it is."""
        return (self.leader + len(self.trick)) & 3

    def play(self, seat: int, card: int) -> None:
        """``seat`` plays ``card``; a full trick goes to its winner."""
        self.hands[seat] &= ~(1 << card)
        if 13 <= card < 26:
            self.broken = True
        trick = self.trick
        trick.append(card)
        if len(trick) < 4:
            return
        led = trick[0] // 13
        best, win = trick[0], 0
        for k in (1, 2, 3):
            if trick[k] // 13 == led and trick[k] > best:
                best, win = trick[k], k
        self.leader = (self.leader + win) & 3
        self.points[self.leader] += sum(POINTS[c] for c in trick)
        self.trick = []
        self.done += 1


class IsmctsBot:
    """SO-ISMCTS with ``iterations`` deals per decision and UCB1 selection."""

    name = "ismcts"

    def __init__(
        self, seed: int = 0, iterations: int = 400, exploration: float = EXPLORATION
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration

    @classmethod
    def from_name(cls, name: str, seed: int = 0) -> IsmctsBot:
        """``ismcts``, ``ismcts:iterations=N`` and/or ``ismcts:c=X`` (exploration)."""
        options = bot_options(name, {"iterations": (int, 1, math.inf), "c": (float, 0, 100)})
        bot = cls(seed, int(options.get("iterations", 400)), options.get("c", EXPLORATION))
        bot.name = name
        return bot

    def choose_pass(self, view: SeatView) -> int:
        """The textbook pass."""
        return textbook_pass(view.hand_mask)

    def choose_play(self, view: SeatView) -> int:
        """The root's most visited legal card after the search."""
        legal = view.legal_mask
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        root = Node()
        knowledge = Knowledge(view)
        for _ in range(self.iterations):
            hands = knowledge.sample(self.rng)
            hands[view.seat] = view.hand_mask
            self._iterate(root, Deal(hands, view))
        return max(root.children.items(), key=lambda item: (item[1].visits, item[0]))[0]

    def _iterate(self, root: Node, deal: Deal) -> None:
        """One selection, expansion, play-out and back-up in ``deal``."""
        rng = self.rng
        c = self.exploration
        node = root
        path: list[tuple[Node, int]] = []
        while deal.done < 13:
            seat = deal.to_play()
            legal = legal_cards(deal.hands[seat], deal.trick, deal.done, deal.broken)
            children = node.children
            untried = [card for card in bits(legal) if card not in children]
            if untried:
                card = rng.choice(untried)
                child = children[card] = Node()
                for other in bits(legal):
                    if other != card and other in children:
                        children[other].avail += 1
                deal.play(seat, card)
                path.append((child, seat))
                break
            best, best_value = -1, -1.0
            for card in bits(legal):
                child = children[card]
                child.avail += 1
                value = child.reward / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if value > best_value:
                    best, best_value = card, value
            deal.play(seat, best)
            node = children[best]
            path.append((node, seat))
        points = play_out(deal.hands, deal.leader, deal.trick, deal.done, deal.broken, deal.points)
        rewards = [1.0 - score_for(points, s) / 26.0 for s in range(4)]
        for child, seat in path:
            child.visits += 1
            child.reward += rewards[seat]
