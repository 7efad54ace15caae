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

from cardems.hearts.bots import bot_options
from cardems.hearts.bots.montecarlo import TextbookBot, play_out
from cardems.hearts.bots.sampling import Knowledge
from cardems.hearts.core import bits
from cardems.hearts.playout import Position, round_score
from cardems.hearts.splitmix import SplitMix
from cardems.hearts.view import SeatView

EXPLORATION = 0.7
"""UCB1's exploration constant for rewards in [0, 1]."""


class Node:
    """The cards played so far from the root; statistics of the seat that played last."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0


class IsmctsBot(TextbookBot):
    """SO-ISMCTS with ``iterations`` deals per decision and UCB1 selection."""

    name = "ismcts"

    def __init__(
        self, seed: int = 0, iterations: int = 400, exploration: float = EXPLORATION
    ) -> None:
        self.rng = SplitMix(seed)  # the stream the compiled deal sampler shares
        self.iterations = iterations
        self.exploration = exploration

    @classmethod
    def from_name(cls, name: str, seed: int = 0) -> IsmctsBot:
        """``ismcts``, ``ismcts:iterations=N`` and/or ``ismcts:c=X`` (exploration)."""
        options = bot_options(name, {"iterations": (int, 1, math.inf), "c": (float, 0, 100)})
        bot = cls(seed, int(options.get("iterations", 400)), options.get("c", EXPLORATION))
        bot.name = name
        return bot

    def search(self, view: SeatView, legal: int) -> int:
        """The root's most visited legal card after the search."""
        root = Node()
        knowledge = Knowledge(view)
        for _ in range(self.iterations):
            hands = knowledge.sample(self.rng)
            hands[view.seat] = view.hand_mask
            position = Position(
                hands,
                view.leader,
                list(view.trick),
                len(view.tricks),
                view.hearts_broken,
                list(view.round_points),
                list(view.taken),
            )
            self._iterate(root, position)
        return max(root.children.items(), key=lambda item: (item[1].visits, item[0]))[0]

    def _iterate(self, root: Node, position: Position) -> None:
        """One selection, expansion, play-out and back-up in one dealt ``position``."""
        rng = self.rng
        c = self.exploration
        node = root
        path: list[tuple[Node, int]] = []
        while position.tricks_done < 13:
            seat = position.to_play
            legal = position.legal()
            children = node.children
            untried = [card for card in bits(legal) if card not in children]
            if untried:
                card = rng.choice(untried)
                child = children[card] = Node()
                for other in bits(legal):
                    if other != card and other in children:
                        children[other].avail += 1
                position.play(card)
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
            position.play(best)
            node = children[best]
            path.append((node, seat))
        points = play_out(
            position.hands,
            position.leader,
            position.trick,
            position.tricks_done,
            position.broken,
            position.points,
        )
        rewards = [1.0 - round_score(points, s) / 26.0 for s in range(4)]
        for child, seat in path:
            child.visits += 1
            child.reward += rewards[seat]
