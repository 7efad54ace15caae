"""Play a position to the end with the heuristic for every seat (the expert's simulations)."""

from __future__ import annotations

from cardems.hearts.bots.heuristic import choose_card
from cardems.hearts.core import HEART_MASK, POINTS, SUIT_MASKS


def heuristic_rollout(
    hands: list[int],
    leader: int,
    trick: list[int],
    done: int,
    broken: bool,
    points: list[int],
    played: int,
    runner_seat: int = -1,
    wary: bool = False,
) -> list[int]:
    """Raw points per seat at the end of the round; the lists passed in are consumed.

    ``runner_seat`` goes for the moon while nobody else has points; with ``wary`` the
    others defend against it from its first point."""
    suit_masks = SUIT_MASKS
    heart_mask = HEART_MASK
    value = POINTS
    while done < 13:
        for k in range(len(trick), 4):
            seat = (leader + k) & 3
            hand = hands[seat]
            if not trick:
                if done == 0:
                    m = hand & 0x8000000000
                elif not broken and hand & ~heart_mask:
                    m = hand & ~heart_mask
                else:
                    m = hand
            else:
                m = hand & suit_masks[trick[0] // 13]
                if not m:
                    m = hand
                    if done == 0 and hand & ~(heart_mask | 0x400):
                        m = hand & ~(heart_mask | 0x400)
            c = choose_card(seat, hand, m, trick, played, points, True, runner_seat, None, wary)
            hands[seat] = hand & ~(1 << c)
            played |= 1 << c
            if 13 <= c < 26:
                broken = True
            trick.append(c)
        led = trick[0] // 13
        best, win = trick[0], 0
        for k in (1, 2, 3):
            c = trick[k]
            if c // 13 == led and c > best:
                best, win = c, k
        leader = (leader + win) & 3
        points[leader] += value[trick[0]] + value[trick[1]] + value[trick[2]] + value[trick[3]]
        trick = []
        done += 1
    return points


def round_score(points: list[int], seat: int, moon_bonus: float = 0.0) -> float:
    """The seat's score for the round: its own moon counts ``-moon_bonus``, another's 26."""
    for s in range(4):
        if points[s] == 26:
            return -moon_bonus if s == seat else 26.0
    return float(points[seat])
