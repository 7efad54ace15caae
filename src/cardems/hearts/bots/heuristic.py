"""The medium bot's judgement on bitmasks: passing and card play, also the expert's roll-outs.

Everything here reads only what a seat may know: its hand, the cards played (``played``
includes the current trick) and the points each seat has taken. Cards are compact
indices (see :mod:`cardems.hearts.core`), so ``x & -x`` is a suit's lowest card and
``bit_length() - 1`` its highest.
"""

from __future__ import annotations

from collections.abc import Callable

from cardems.hearts.core import (
    ACE_OF_SPADES,
    FULL_DECK,
    HEART_MASK,
    HEARTS,
    KING_OF_SPADES,
    POINTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SPADES,
    SUIT_MASKS,
    highest,
    lowest,
)

AK_SPADES = (1 << ACE_OF_SPADES) | (1 << KING_OF_SPADES)
LOW_SPADES = (1 << QUEEN_OF_SPADES) - 1  # 2♠ … J♠
MOON_WATCH = 4
"""A seat holding every point taken once there are this many is a moon threat (9 before
issue 17: too late, the expert shot the moon in 42 % of its hands against medium)."""
Jitter = Callable[[], float] | None
"""Random floats in [0, 1) to break ties between equal choices (``None``: first wins)."""
TIE = 0.01
"""Scale of the tie-break jitter: below every gap between unequal scores."""
MOON_RUN = 14
"""A seat tries the moon once it holds every point taken and at least this many."""


def low_lead(mine: int, out: int) -> tuple[int, float]:
    """The card of ``mine`` (one suit's cards) least likely to win a trick led against
    ``out`` (that suit's cards still out): the highest below every card out, else the
    lowest; and its danger, lower safer: 4 for each card out below it less 0.3 for each
    card out, or 30 when none is out (nobody can follow: everyone may dump points on it).
    """
    if not out:
        return lowest(mine), 30.0
    safe = mine & ((out & -out) - 1)  # below every outstanding card
    card = highest(safe) if safe else lowest(mine)
    return card, (out & ((1 << card) - 1)).bit_count() * 4.0 - out.bit_count() * 0.3


def choose_pass(hand: int, jitter: Jitter = None) -> int:
    """Three cards to pass: the Q♠ unless well guarded, A♠/K♠ when short, high hearts,
    and short clubs or diamonds to make a void."""
    ranked = pass_ranking(hand, jitter)
    return (1 << ranked[0]) | (1 << ranked[1]) | (1 << ranked[2])


def pass_ranking(hand: int, jitter: Jitter = None) -> list[int]:
    """The hand's cards, the most worth passing first (see :func:`choose_pass`)."""
    scores = pass_scores(hand)
    if jitter is not None:
        scores = [(score + TIE * jitter(), c) for score, c in scores]
    scores.sort(reverse=True)
    return [c for _, c in scores]


def pass_scores(hand: int) -> list[tuple[float, int]]:
    """Each card of the hand, lowest first, with how much it is worth passing."""
    spades = hand & SUIT_MASKS[SPADES]
    low_spades = (spades & LOW_SPADES).bit_count()
    scores: list[tuple[float, int]] = []
    for c in range(52):
        if not hand >> c & 1:
            continue
        suit, strength = divmod(c, 13)
        if suit == SPADES:
            if c == QUEEN_OF_SPADES:
                score = 100.0 if low_spades < 4 else -5.0
            elif c > QUEEN_OF_SPADES:
                score = (70.0 + strength) if (low_spades < 3 or hand & QS_BIT) else 5.0
            else:
                score = -20.0 + strength
        elif suit == HEARTS:
            score = strength * 5.0 - 22.0
        else:
            length = (hand & SUIT_MASKS[suit]).bit_count()
            score = strength * 3.0 + (28.0 if length <= 2 else 8.0 if length == 3 else 0.0)
            if c == 39:  # the 2♣ is the safest card there is
                score -= 30
        scores.append((score, c))
    return scores


def choose_card(
    seat: int,
    hand: int,
    legal: int,
    trick: list[int] | tuple[int, ...],
    played: int,
    points: list[int] | tuple[int, ...],
    shoot: bool = True,
    runner_seat: int = -1,
    jitter: Jitter = None,
    wary: bool = False,
) -> int:
    """The card to play. ``points`` are the raw points taken so far by each seat.

    ``runner_seat`` is a seat that goes for the moon as long as nobody else has points
    (the expert's what-if roll-outs); otherwise a seat runs only once it holds every
    point taken, at least :data:`MOON_RUN`, and the top heart. Another seat holding every
    point taken, at least :data:`MOON_WATCH`, is a threat: then this seat takes a trick
    with points from it when it can and keeps its hearts off the runner's tricks.
    ``jitter`` breaks ties at random. ``wary``: the others treat ``runner_seat`` as a
    threat from its first point (a what-if against players who defend at once)."""
    if not legal & (legal - 1):
        return highest(legal)
    unseen = FULL_DECK & ~hand & ~played
    total = points[0] + points[1] + points[2] + points[3]
    runner = -1
    if total >= MOON_WATCH:
        for s in range(4):
            if points[s] == total:
                runner = s
    elif wary and runner_seat >= 0 and total and points[runner_seat] == total:
        runner = runner_seat
    shooting = (seat == runner_seat and points[seat] == total) or (
        shoot
        and runner == seat
        and total >= MOON_RUN
        and (not unseen & HEART_MASK or hand & HEART_MASK > unseen & HEART_MASK)
    )
    threat = runner >= 0 and runner != seat
    if not trick:
        return _lead(hand, legal, unseen, shooting, threat, jitter)
    led = trick[0] // 13
    suit_mask = SUIT_MASKS[led]
    win = -1
    for c in trick:
        if c > win and c // 13 == led:
            win = c
    follow = legal & suit_mask
    n = len(trick)
    trick_points = 0
    for c in trick:
        trick_points += POINTS[c]
    if follow:
        above = follow & ~((2 << win) - 1)
        below = follow & ((1 << win) - 1)
        if shooting:
            return highest(above) if above else lowest(follow)
        if follow & QS_BIT and win > QUEEN_OF_SPADES:
            return QUEEN_OF_SPADES  # dump the queen under the A♠ or K♠
        if threat and above and (trick_points or led == HEARTS):
            runner_wins = (seat - n + trick.index(win)) % 4 == runner
            if runner_wins:
                # Take the points from the runner: the lowest card that does it when last.
                return lowest(above) if n == 3 else highest(above)
        if n == 3:
            if trick_points == 0 and led != HEARTS:
                safe = follow & ~QS_BIT
                return highest(safe) if safe else highest(follow)
            if below:
                return highest(below)
            safe = follow & ~QS_BIT
            return highest(safe) if safe else highest(follow)
        if below:
            if led == SPADES and unseen & QS_BIT:
                safe = below & ~AK_SPADES
                if safe:
                    return highest(safe)
            return highest(below)
        # Forced over the winner with players still to come.
        if led == SPADES and unseen & QS_BIT:
            safe = follow & ~QS_BIT & ~AK_SPADES
            return highest(safe) if safe else lowest(follow)
        if led == HEARTS or trick_points:
            return lowest(follow)
        safe = follow & ~QS_BIT
        return highest(safe) if safe else highest(follow)
    # Cannot follow: discard.
    if shooting:
        safe = legal & ~(HEART_MASK | QS_BIT)
        return lowest(safe) if safe else lowest(legal)
    if threat:
        # Do not feed the runner; keep hearts to take one later.
        safe = legal & ~(HEART_MASK | QS_BIT)
        if safe:
            return _discard_plain(hand, safe, unseen, jitter)
    if legal & QS_BIT:
        return QUEEN_OF_SPADES
    if unseen & QS_BIT and legal & AK_SPADES:
        return highest(legal & AK_SPADES)
    hearts = legal & HEART_MASK
    if hearts:
        top = highest(hearts)
        if top >= 13 + 7 or not legal & ~HEART_MASK:  # 9♥ or higher
            return top
        plain = legal & ~HEART_MASK
        plain_top = _discard_plain(hand, plain, unseen, jitter)
        return top if (top - 13) >= (plain_top % 13) - 2 else plain_top
    return _discard_plain(hand, legal, unseen, jitter)


def _discard_plain(hand: int, cards: int, unseen: int, jitter: Jitter = None) -> int:
    """The most dangerous card of ``cards``: high, in a short suit, with low cards out."""
    best, best_score = -1, -1e9
    for suit in range(4):
        mine = cards & SUIT_MASKS[suit]
        if not mine:
            continue
        top = highest(mine)
        length = (hand & SUIT_MASKS[suit]).bit_count()
        under = (unseen & SUIT_MASKS[suit] & ((1 << top) - 1)).bit_count()
        score = top % 13 + (4 if length <= 2 else 0) + (3 if under else -6.0)
        if jitter is not None:
            score += TIE * jitter()
        if score > best_score:
            best, best_score = top, score
    return best


def _lead(
    hand: int, legal: int, unseen: int, shooting: bool, threat: bool, jitter: Jitter = None
) -> int:
    if shooting:
        best, best_score = -1, -1e9
        for suit in range(4):
            mine = legal & SUIT_MASKS[suit]
            if not mine:
                continue
            top = highest(mine)
            out = unseen & SUIT_MASKS[suit]
            boss = not out or top > highest(out)
            score = (10 if boss else 0) + (3 if suit == HEARTS else 0) + top % 13 / 13
            if score > best_score:
                best, best_score = top, score
        return best
    if threat:
        hearts = legal & HEART_MASK
        out_hearts = unseen & HEART_MASK
        if hearts and out_hearts and highest(hearts) > highest(out_hearts):
            return highest(hearts)
    if unseen & QS_BIT and not hand & AK_SPADES:
        low = legal & LOW_SPADES
        if low:
            return highest(low)
    best, best_score = -1, 1e9
    for suit in range(4):
        mine = legal & SUIT_MASKS[suit]
        if not mine:
            continue
        low = mine & -mine
        card, score = low_lead(mine, unseen & SUIT_MASKS[suit])
        if suit == SPADES and hand & QS_BIT:
            score += 8.0 if (hand & SUIT_MASKS[SPADES]).bit_count() < 5 else 2.0
        if suit == SPADES and hand & AK_SPADES and unseen & QS_BIT and card > QUEEN_OF_SPADES:
            score += 20.0
        if suit == HEARTS:
            score += 1.0
        score += (mine.bit_count()) * 0.5
        if jitter is not None:
            score += TIE * jitter()
        if low and score < best_score:
            best, best_score = card, score
    return best
