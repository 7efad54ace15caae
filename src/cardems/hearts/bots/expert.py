"""Expert: perfect-information Monte Carlo over hidden hands sampled from the view.

For each sampled deal of the unseen cards (respecting shown voids and the cards this seat
passed), every distinct legal card is played and the round finished by the heuristic for
all four seats (which tries the moon when it holds every point so far and defends against
others' runs). The card with the lowest mean score for this seat — the moon counted as
0 for the shooter and 26 for the rest — is played. Cards next to each other in a suit
with no unseen card between them are the same choice and are tried once.
"""

from __future__ import annotations

import random
import time

from cardems.hearts.bots import heuristic
from cardems.hearts.bots.inference import MISS_WEIGHT, misses, past_checks
from cardems.hearts.bots.rollout import heuristic_rollout
from cardems.hearts.bots.sampling import Knowledge
from cardems.hearts.core import FULL_DECK, QUEEN_OF_SPADES
from cardems.hearts.view import SeatView


def distinct_choices(legal: int, unseen: int) -> list[int]:
    """One card per run of legal cards with no unseen card between (the Q♠ alone)."""
    choices: list[int] = []
    previous = -2
    for c in range(52):
        if not legal >> c & 1:
            continue
        fresh = (
            previous < 0
            or QUEEN_OF_SPADES in (c, previous)
            or c // 13 != previous // 13
            or unseen >> (previous + 1) & ((1 << (c - previous - 1)) - 1)
        )
        if fresh:
            choices.append(c)
        else:
            choices[-1] = c  # same choice; keep the higher card
        previous = c
    return choices


class ExpertBot:
    """PIMC search; ``budget_ms`` bounds the time per decision, ``worlds`` the samples."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        worlds: int = 40,
        budget_ms: float = 30.0,
        *,
        infer: bool = True,
        candidates: int = 200,
        max_misses: int = 3,
        sampling_share: float = 0.4,
    ) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.budget = budget_ms / 1000.0
        self.infer = infer
        self.candidates = candidates
        self.max_misses = max_misses
        self.sampling_share = sampling_share

    @classmethod
    def from_name(cls, name: str, seed: int = 0) -> ExpertBot:
        """``expert`` or ``expert:WORLDS:BUDGET_MS``."""
        parts = name.split(":")
        worlds = int(parts[1]) if len(parts) > 1 else 40
        budget = float(parts[2]) if len(parts) > 2 else 30.0
        infer = parts[3] != "noinfer" if len(parts) > 3 else True
        bot = cls(seed, worlds, budget, infer=infer)
        bot.name = name
        return bot

    def choose_pass(self, view: SeatView) -> int:
        """The medium heuristic's pass."""
        return heuristic.choose_pass(view.hand_mask)

    def choose_play(self, view: SeatView) -> int:
        """The legal card with the lowest mean simulated score."""
        legal = view.legal_mask
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        seat = view.seat
        hand = view.hand_mask
        played = view.played_mask
        unseen = FULL_DECK & ~hand & ~played
        choices = distinct_choices(legal, unseen)
        default = heuristic.choose_card(seat, hand, legal, view.trick, played, view.round_points)
        default = min(
            (c for c in choices if c >= default and c // 13 == default // 13), default=default
        )
        if len(choices) == 1:
            return choices[0]
        knowledge = Knowledge(view)
        checks = past_checks(view) if self.infer else []
        start = time.perf_counter()
        deadline = start + self.budget
        rng = self.rng
        # Sample deals for part of the budget; rank them by how well they explain play.
        pool: list[tuple[int, float, list[int]]] = []
        sample_until = start + self.budget * self.sampling_share
        while len(pool) < self.candidates:
            hands = knowledge.sample(rng)
            miss = misses(hands, checks, self.max_misses) if checks else 0
            pool.append((miss, rng.random(), hands))
            if len(pool) >= self.worlds and time.perf_counter() > sample_until:
                break
        pool.sort(key=lambda item: (item[0], item[1]))
        totals = dict.fromkeys(choices, 0.0)
        trick = list(view.trick)
        done = len(view.tricks)
        leader = view.leader
        points = list(view.round_points)
        for worlds, (miss, _, hands) in enumerate(pool[: self.worlds]):
            if worlds >= 6 and time.perf_counter() > deadline:
                break
            weight = MISS_WEIGHT**miss
            hands[seat] = hand
            for c in choices:
                h = hands[:]
                h[seat] = hand & ~(1 << c)
                result = heuristic_rollout(
                    h,
                    leader,
                    [*trick, c],
                    done,
                    view.hearts_broken or 13 <= c < 26,
                    points[:],
                    played | (1 << c),
                )
                totals[c] += weight * _score(result, seat)
        best = min(choices, key=lambda c: (totals[c], c != default))
        return best


def _score(points: list[int], seat: int) -> float:
    for s in range(4):
        if points[s] == 26:
            return 0.0 if s == seat else 26.0
    return float(points[seat])
