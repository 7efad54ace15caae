"""The expert's pass: candidate passes tried by play-outs over sampled deals.

The candidates are the three-card sets among the cards the heuristic most wants to pass
and, to keep a hand that could shoot the moon, among the lowest cards. Each sampled deal
gives the other seats the unseen cards at random; they pass like the heuristic, the
candidate goes to the receiver, and the round is played to the end by the heuristic for
all four seats, once playing it safe and once with this seat running for the moon. Every
candidate meets the same deals; the one with the lowest mean score for this seat under
its better plan is passed (an opponent's moon counts 26, its own ``-moon_bonus``).
"""

from __future__ import annotations

import random
import time
from itertools import combinations

from cardems.hearts.bots.heuristic import choose_pass, pass_ranking
from cardems.hearts.bots.rollout import generic_rollout, heuristic_rollout
from cardems.hearts.core import FULL_DECK, bits
from cardems.hearts.playout import round_score

TWO_OF_CLUBS = 39


def generic_pass(hand: int) -> int:
    """Three cards to pass assuming nothing of the others: the Q♠ and the A♠/K♠ unless
    four low spades guard them, then the high hearts, then the high cards of a short club
    or diamond suit (never the low spades that guard against the Q♠, nor the 2♣)."""
    first, second, third = generic_pass_ranking(hand)[:3]
    return (1 << first) | (1 << second) | (1 << third)


def generic_pass_ranking(hand: int) -> list[int]:
    """The hand's cards, the ones :func:`generic_pass` most wants to pass first."""
    return [c for _, c in sorted(generic_pass_scores(hand), reverse=True)]


def generic_pass_scores(hand: int) -> list[tuple[float, int]]:
    """Each card of the hand, lowest first, with how much :func:`generic_pass` wants to
    pass it."""
    spades = hand & 0x1FFF
    low_spades = (spades & ((1 << 10) - 1)).bit_count()
    scored: list[tuple[float, int]] = []
    for c in bits(hand):
        suit, rank = divmod(c, 13)
        if suit == 0:
            if c >= 10:
                score = (100.0 if c == 10 else 60.0 + rank) if low_spades < 4 else rank - 20.0
            else:
                score = rank - 30.0
        elif suit == 1:
            score = 2.2 * rank + (5.0 if rank >= 9 else 0.0) - 2.0
        else:
            length = (hand & (0x1FFF << (13 * suit))).bit_count()
            score = rank + (12.0 if length <= 3 else 0.0) - length
            if c == TWO_OF_CLUBS:
                score -= 20.0
        scored.append((score, c))
    return scored


def pass_candidates(hand: int, pool: int, moon_pool: int = 0, generic: bool = False) -> list[int]:
    """Three-card masks from the ``pool`` cards most worth passing (by the heuristic, or
    by :func:`generic_pass` with ``generic``), its own pass first, then from the
    ``moon_pool`` lowest cards (passes that keep the high ones)."""
    top = (generic_pass_ranking if generic else pass_ranking)(hand)[:pool]
    masks = [(1 << a) | (1 << b) | (1 << c) for a, b, c in combinations(top, 3)]
    low = sorted(bits(hand), key=lambda c: (c % 13, c))[:moon_pool]
    for a, b, c in combinations(low, 3):
        mask = (1 << a) | (1 << b) | (1 << c)
        if mask not in masks:
            masks.append(mask)
    return masks


def search_pass(
    seat: int,
    hand: int,
    offset: int,
    rng: random.Random,
    *,
    pool: int = 5,
    moon_pool: int = 0,
    moon_bonus: float = 0.0,
    budget: float = 0.1,
    max_worlds: int = 200,
    min_worlds: int = 8,
    generic: bool = False,
    margin: float = 0.0,
) -> int:
    """The candidate pass with the lowest mean play-out score; ``offset`` is the seats
    from passer to receiver, ``budget`` the CPU seconds to spend. With ``generic`` the
    others pass by :func:`generic_pass` and every seat plays the generic player (this
    seat defending the moon from its first points, the others late), assuming nothing
    of them; the first candidate, the model's own pass, is kept unless another scores
    ``margin`` points a deal less."""
    candidates = pass_candidates(hand, pool, moon_pool, generic)
    totals = [0.0] * len(candidates)
    runs = [0.0] * len(candidates)
    others = [s for s in range(4) if s != seat]
    unseen = [c for c in range(52) if (FULL_DECK & ~hand) >> c & 1]
    others_pass = generic_pass if generic else choose_pass
    deadline = time.process_time() + budget
    searched = 0
    for world in range(max_worlds):
        if world >= min_worlds and time.process_time() > deadline:
            break
        searched += 1
        rng.shuffle(unseen)
        dealt = [0, 0, 0, 0]
        dealt[seat] = hand
        for k, c in enumerate(unseen):
            dealt[others[k % 3]] |= 1 << c
        gives = [others_pass(dealt[s]) if s != seat else 0 for s in range(4)]
        for i, mine in enumerate(candidates):
            gives[seat] = mine
            hands = [dealt[s] & ~gives[s] | gives[(s - offset) & 3] for s in range(4)]
            leader = next(s for s in range(4) if hands[s] >> TWO_OF_CLUBS & 1)
            if generic:
                points = generic_rollout(hands, leader, [], 0, False, [0, 0, 0, 0], 0, seat)
            else:
                points = heuristic_rollout(hands[:], leader, [], 0, False, [0, 0, 0, 0], 0)
            totals[i] += round_score(points, seat, moon_bonus)
            if moon_pool:
                points = heuristic_rollout(hands, leader, [], 0, False, [0, 0, 0, 0], 0, seat)
                runs[i] += round_score(points, seat, moon_bonus)
    if moon_pool:
        totals = [min(safe, run) for safe, run in zip(totals, runs, strict=True)]
    best = min(range(len(candidates)), key=lambda i: (totals[i], i))
    if totals[best] > totals[0] - margin * searched:
        return candidates[0]
    return candidates[best]
