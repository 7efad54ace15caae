"""The expert's pass: candidate passes tried by play-outs over sampled deals.

The candidates are the three-card sets among the cards the heuristic most wants to pass.
Each sampled deal gives the other seats the unseen cards at random; they pass like the
heuristic, the candidate goes to the receiver, and the round is played to the end by the
heuristic for all four seats. Every candidate meets the same deals; the one with the
lowest mean score for this seat (an opponent's moon 26, its own 0) is passed.
"""

from __future__ import annotations

import random
import time
from itertools import combinations

from cardems.hearts.bots.heuristic import choose_pass, pass_ranking
from cardems.hearts.bots.rollout import heuristic_rollout
from cardems.hearts.core import FULL_DECK

TWO_OF_CLUBS = 39


def pass_candidates(hand: int, pool: int) -> list[int]:
    """Three-card masks from the ``pool`` cards most worth passing, the heuristic's first."""
    top = pass_ranking(hand)[:pool]
    masks = [(1 << a) | (1 << b) | (1 << c) for a, b, c in combinations(top, 3)]
    return masks


def round_score(points: list[int], seat: int) -> int:
    """The seat's score for the round: the moon counts 0 for the shooter, 26 for others."""
    for s in range(4):
        if points[s] == 26:
            return 0 if s == seat else 26
    return points[seat]


def search_pass(
    seat: int,
    hand: int,
    offset: int,
    rng: random.Random,
    *,
    pool: int = 5,
    budget: float = 0.1,
    max_worlds: int = 200,
    min_worlds: int = 8,
) -> int:
    """The candidate pass with the lowest mean play-out score; ``offset`` is the seats
    from passer to receiver, ``budget`` the CPU seconds to spend."""
    candidates = pass_candidates(hand, pool)
    totals = [0.0] * len(candidates)
    others = [s for s in range(4) if s != seat]
    unseen = [c for c in range(52) if (FULL_DECK & ~hand) >> c & 1]
    deadline = time.process_time() + budget
    for world in range(max_worlds):
        if world >= min_worlds and time.process_time() > deadline:
            break
        rng.shuffle(unseen)
        dealt = [0, 0, 0, 0]
        dealt[seat] = hand
        for k, c in enumerate(unseen):
            dealt[others[k % 3]] |= 1 << c
        gives = [choose_pass(dealt[s]) if s != seat else 0 for s in range(4)]
        for i, mine in enumerate(candidates):
            gives[seat] = mine
            hands = [dealt[s] & ~gives[s] | gives[(s - offset) & 3] for s in range(4)]
            leader = next(s for s in range(4) if hands[s] >> TWO_OF_CLUBS & 1)
            points = heuristic_rollout(hands, leader, [], 0, False, [0, 0, 0, 0], 0)
            totals[i] += round_score(points, seat)
    best = min(range(len(candidates)), key=lambda i: (totals[i], i))
    return candidates[best]
