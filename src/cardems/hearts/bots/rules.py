"""Reference bot: textbook rules with a strong moon defence and seeded random tie-breaks.

Written from common Hearts advice, not from the medium or expert code. It passes the
spade honours unless well guarded, high hearts and a short side suit; it ducks when it
can and wins big when it cannot; it dumps the Q♠, A♠/K♠ and high hearts when void. As
soon as one other seat holds every point taken (3 or more, or the Q♠), it defends: it
wins a trick with a heart in it when it can, throws hearts on tricks another seat wins,
keeps them off the runner's tricks and leads its highest heart.
"""

from __future__ import annotations

import random

from cardems.hearts.core import (
    FULL_DECK,
    HEART_MASK,
    HEARTS,
    POINTS,
    QS_BIT,
    SPADES,
    SUIT_MASKS,
    highest,
    lowest,
)
from cardems.hearts.view import SeatView

QUEEN = 10
AK_SPADES = 0b11 << 11
DEFEND_FROM = 3
"""Points one seat must hold alone (or the Q♠) before the others defend."""


def runner(points: tuple[int, ...], seat: int, queen_taken: bool) -> int:
    """Another seat holding every point taken (at least :data:`DEFEND_FROM`), or -1."""
    total = sum(points)
    if total < DEFEND_FROM and not queen_taken:
        return -1
    for s in range(4):
        if s != seat and points[s] == total and total:
            return s
    return -1


class RulesBot:
    """Textbook rules; ``seed`` fixes its tie-breaks."""

    name = "rules"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def _pick(self, cards: list[tuple[float, int]]) -> int:
        """The card with the highest value, ties broken at random."""
        top = max(v for v, _ in cards)
        return self.rng.choice([c for v, c in cards if v == top])

    def choose_pass(self, view: SeatView) -> int:
        """Spade honours unless four low spades guard them, then high hearts and the
        cards of the shortest side suit."""
        hand = view.hand_mask
        low_spades = (hand & SUIT_MASKS[SPADES] & ((1 << QUEEN) - 1)).bit_count()
        values: list[tuple[float, int]] = []
        for c in range(52):
            if not hand >> c & 1:
                continue
            suit, rank = divmod(c, 13)
            if suit == SPADES:
                value = 40.0 + rank if c >= QUEEN and low_spades < 4 else float(rank - 12)
            elif suit == HEARTS:
                value = 3.0 * rank - 12.0
            else:
                length = (hand & SUIT_MASKS[suit]).bit_count()
                value = rank + (15.0 if length <= 2 else 5.0 if length == 3 else 0.0)
            values.append((value, c))
        chosen = 0
        for _ in range(3):
            c = self._pick(values)
            chosen |= 1 << c
            values = [(v, x) for v, x in values if x != c]
        return chosen

    def choose_play(self, view: SeatView) -> int:
        """A legal card by the rules above."""
        legal = view.legal_mask
        if not legal & (legal - 1):
            return highest(legal)
        hand = view.hand_mask
        unseen = FULL_DECK & ~hand & ~view.played_mask
        queen_taken = any(t & QS_BIT for t in view.taken)
        run = runner(view.round_points, view.seat, queen_taken)
        trick = view.trick
        if not trick:
            return self._lead(hand, legal, unseen, run)
        led = trick[0] // 13
        win = max(c for c in trick if c // 13 == led)
        winner = (view.leader + trick.index(win)) % 4
        follow = legal & SUIT_MASKS[led]
        has_points = any(POINTS[c] for c in trick) or led == HEARTS
        last = len(trick) == 3
        if follow:
            above = follow & ~((2 << win) - 1)
            below = follow & ((1 << win) - 1)
            if run >= 0:
                runner_done = (view.seat - view.leader) % 4 > (run - view.leader) % 4
                runner_to_come = not runner_done
                if above and (has_points or runner_to_come) and (winner == run or runner_to_come):
                    # Take the trick from the runner (or before it): it breaks the moon.
                    return highest(above) if runner_to_come else lowest(above)
            if follow & QS_BIT and win > QUEEN and led == SPADES:
                return QUEEN
            if below:
                if led == SPADES and unseen & QS_BIT:
                    safe = below & ~AK_SPADES
                    if safe:
                        return highest(safe)
                return highest(below)
            if last and not any(POINTS[c] for c in trick):
                safe = follow & ~QS_BIT
                return highest(safe or follow)
            if led == SPADES and unseen & QS_BIT:
                safe = follow & ~QS_BIT & ~AK_SPADES
                if safe:
                    return highest(safe)
            return highest(follow & ~QS_BIT or follow) if last else lowest(follow)
        # Void in the led suit: discard.
        if run >= 0:
            points = legal & (HEART_MASK | QS_BIT)
            runner_to_come = (view.seat - view.leader) % 4 < (run - view.leader) % 4
            if points and winner != run and not runner_to_come:
                return highest(points)  # points to a seat that is not the runner
            safe = legal & ~(HEART_MASK | QS_BIT)
            if safe:
                return self._dump(hand, safe)
        if legal & QS_BIT:
            return QUEEN
        if unseen & QS_BIT and legal & AK_SPADES:
            return highest(legal & AK_SPADES)
        hearts = legal & HEART_MASK
        if hearts and (highest(hearts) % 13 >= 8 or not legal & ~HEART_MASK):
            return highest(hearts)
        return self._dump(hand, legal)

    def _dump(self, hand: int, cards: int) -> int:
        """The highest card of ``cards``, preferring short suits (random among equals)."""
        values = []
        for suit in range(4):
            mine = cards & SUIT_MASKS[suit]
            if mine:
                top = highest(mine)
                length = (hand & SUIT_MASKS[suit]).bit_count()
                values.append((top % 13 + (3 if length <= 2 else 0) - length * 0.5, top))
        return self._pick(values)

    def _lead(self, hand: int, legal: int, unseen: int, run: int) -> int:
        if run >= 0:
            hearts = legal & HEART_MASK
            if hearts:
                return highest(hearts)
        values: list[tuple[float, int]] = []
        for suit in range(4):
            mine = legal & SUIT_MASKS[suit]
            if not mine:
                continue
            out = unseen & SUIT_MASKS[suit]
            card = lowest(mine)
            if out and mine & ((out & -out) - 1):
                card = highest(mine & ((out & -out) - 1))  # sure to lose the trick
            under = (out & ((1 << card) - 1)).bit_count()
            value = -4.0 * under + (out.bit_count() * 0.3 if out else -30.0)
            if suit == SPADES:
                if hand & (QS_BIT | AK_SPADES):
                    value -= 10.0 if card >= QUEEN else 3.0
                elif unseen & QS_BIT:
                    value += 3.0  # flush the queen out
            if suit == HEARTS:
                value -= 2.0
            values.append((value, card))
        return self._pick(values)
