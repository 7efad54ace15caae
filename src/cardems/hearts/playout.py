"""Fast play-outs on bitmasks: the loop the search bots and the benchmark run.

A position is plain data — four hand masks, the trick's leader and cards so far, the
number of finished tricks, whether hearts are broken and the points taken — so a bot can
copy it for nothing. The rules are those of :func:`cardems.hearts.core.legal_mask`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardems.hearts.core import HEART_MASK, POINTS, SUIT_MASKS, legal_mask


def trick_winner(trick: list[int]) -> int:
    """Which of a full trick's four cards takes it: the highest of the suit led."""
    led = trick[0] // 13
    best, win = trick[0], 0
    for k in (1, 2, 3):
        c = trick[k]
        if c // 13 == led and c > best:
            best, win = c, k
    return win


@dataclass(slots=True)
class Position:
    """A mutable, cheaply copied position inside one round (compact card indices)."""

    hands: list[int]
    leader: int
    trick: list[int]
    tricks_done: int
    broken: bool
    points: list[int]
    won_mask: list[int]

    def copy(self) -> Position:
        """An independent copy."""
        return Position(
            self.hands[:],
            self.leader,
            self.trick[:],
            self.tricks_done,
            self.broken,
            self.points[:],
            self.won_mask[:],
        )

    @property
    def to_play(self) -> int:
        """The seat whose turn it is."""
        return (self.leader + len(self.trick)) & 3

    def legal(self) -> int:
        """The legal cards of the seat to play."""
        return legal_mask(
            self.hands[self.to_play],
            self.trick[0] // 13 if self.trick else -1,
            self.tricks_done == 0,
            self.broken,
        )

    def play(self, card: int) -> None:
        """Play ``card`` for the seat to play (no legality check); resolve full tricks."""
        seat = (self.leader + len(self.trick)) & 3
        self.hands[seat] &= ~(1 << card)
        if card >= 13 and card < 26:
            self.broken = True
        trick = self.trick
        trick.append(card)
        if len(trick) == 4:
            winner = (self.leader + trick_winner(trick)) & 3
            self.points[winner] += (
                POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + (POINTS[trick[3]])
            )
            self.won_mask[winner] |= (
                (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
            )
            self.leader = winner
            self.trick = []
            self.tricks_done += 1


Choose = Callable[[int, int, int, list[int], int, list[int]], int]
"""A play-out's policy: ``(seat, hand, legal cards, trick, cards played, points)`` → the
card the seat plays."""


def finish_round(
    hands: list[int],
    leader: int,
    trick: list[int],
    done: int,
    broken: bool,
    points: list[int],
    played: int,
    choose: Choose,
) -> list[int]:
    """Raw points per seat at the end of the round, every seat playing ``choose``'s card
    (the loop of the Python play-outs); the lists passed in are consumed."""
    value = POINTS
    while done < 13:
        for k in range(len(trick), 4):
            seat = (leader + k) & 3
            hand = hands[seat]
            legal = legal_mask(hand, trick[0] // 13 if trick else -1, done == 0, broken)
            c = choose(seat, hand, legal, trick, played, points)
            hands[seat] = hand & ~(1 << c)
            played |= 1 << c
            if 13 <= c < 26:
                broken = True
            trick.append(c)
        leader = (leader + trick_winner(trick)) & 3
        points[leader] += value[trick[0]] + value[trick[1]] + value[trick[2]] + value[trick[3]]
        trick = []
        done += 1
    return points


def random_playout(pos: Position, rand: Callable[[], float]) -> list[int]:
    """Play ``pos`` to the end with uniformly random legal cards; return raw points.

    ``pos`` is consumed. ``rand`` returns floats in [0, 1) (e.g. ``random.Random.random``).
    """
    hands = pos.hands
    points = pos.points
    leader = pos.leader
    trick = pos.trick
    broken = pos.broken
    done = pos.tricks_done
    suit_masks = SUIT_MASKS
    heart_mask = HEART_MASK
    value = POINTS
    while done < 13:
        led = trick[0] // 13 if trick else -1
        best = -1
        win = 0
        for k in range(len(trick)):
            c = trick[k]
            if c // 13 == led and c > best:
                best, win = c, k
        for k in range(len(trick), 4):
            seat = (leader + k) & 3
            hand = hands[seat]
            if led < 0:
                if done == 0:
                    m = hand & 0x8000000000  # the 2♣
                elif not broken and hand & ~heart_mask:
                    m = hand & ~heart_mask
                else:
                    m = hand
            else:
                m = hand & suit_masks[led]
                if not m:
                    m = hand
                    if done == 0 and hand & ~(heart_mask | 0x400):
                        m = hand & ~(heart_mask | 0x400)
            n = m.bit_count()
            j = int(rand() * n)
            while j:
                m &= m - 1
                j -= 1
            low = m & -m
            c = low.bit_length() - 1
            hands[seat] = hand ^ low
            if low & heart_mask:
                broken = True
            if led < 0:
                led, best, win = c // 13, c, 0
            elif c > best and c // 13 == led:
                best, win = c, k
            trick.append(c)
        leader = (leader + win) & 3
        points[leader] += value[trick[0]] + value[trick[1]] + value[trick[2]] + value[trick[3]]
        trick = []
        done += 1
    return points


def position_of_deal(hands: list[int]) -> Position:
    """The start of play (after passing) for dealt or passed ``hands``."""
    leader = next(s for s in range(4) if hands[s] >> 39 & 1)
    return Position(hands[:], leader, [], 0, False, [0, 0, 0, 0], [0, 0, 0, 0])


def round_score(points: list[int], seat: int, moon_bonus: float = 0.0) -> float:
    """The seat's score for the round: its own moon counts ``-moon_bonus``, another's 26."""
    for s in range(4):
        if points[s] == 26:
            return -moon_bonus if s == seat else 26.0
    return float(points[seat])


__all__ = ["Position", "legal_mask", "position_of_deal", "random_playout", "round_score"]
