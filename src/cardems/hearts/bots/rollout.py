"""Play a position to the end with one policy for every seat (the expert's simulations):
the medium heuristic, or a generic strong player's policy that assumes nothing of the field.
The play-outs are compiled where :mod:`cardems.hearts.fast` has the core; the ``py_``
functions are the reference and the fallback."""

from __future__ import annotations

import math
from collections.abc import Callable

from cardems.hearts.bots.heuristic import choose_card, low_lead
from cardems.hearts.bots.montecarlo import py_play_out
from cardems.hearts.core import (
    FULL_DECK,
    HEART_MASK,
    POINTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    legal_mask,
)
from cardems.hearts.fast import core
from cardems.hearts.playout import (
    Choose,
    finish_round,
    position_of_deal,
    random_playout,
    round_score,
    trick_winner,
)
from cardems.hearts.splitmix import SplitMix


def py_heuristic_rollout(
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
    choose = policy_choose(False, runner_seat, wary)
    return finish_round(hands, leader, trick, done, broken, points, played, choose)


AK_SPADES = 0b11 << 11
LOW_SPADES = (1 << 10) - 1  # 2♠ … J♠
DEFEND_FROM = 3
"""Points one other seat must hold alone before the generic player defends the moon."""
DEFEND_LATE = 14
"""The same for the others in the expert's play-outs: it assumes they may wake late (the
montecarlo bot defends only once its own play-outs show the moon)."""


def defends_from(seat: int, defender: int, late: int) -> int:
    """The points taken from which ``seat`` defends against a moon: :data:`DEFEND_FROM`
    for the ``defender`` (for every seat without one), ``late`` for the others."""
    return DEFEND_FROM if defender < 0 or seat == defender else late


def generic_card(
    seat: int,
    hand: int,
    legal: int,
    trick: list[int] | tuple[int, ...],
    played: int,
    points: list[int] | tuple[int, ...],
    defend_from: int = DEFEND_FROM,
) -> int:
    """A strong generic player's card, assuming nothing of anyone's style: duck under the
    winner with the highest card that does (not the A♠/K♠ while the Q♠ is out), win a
    trick one cannot duck as cheaply as possible (as last player with the highest card
    but the Q♠); when void, dump the Q♠ at once, then the A♠/K♠ while the Q♠ is out, then
    the highest heart, then the highest card; lead the card least likely to win, spades
    to flush the Q♠ when holding none of the Q♠, K♠, A♠, never a spade honour under the
    Q♠'s threat. What the montecarlo and rules bots do, and what most people do. Once
    another seat holds every point taken (at least ``defend_from``), it defends: takes a
    trick with points from that seat, keeps its own points off that seat's tricks and
    leads a heart none can beat."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    unseen = FULL_DECK & ~hand & ~played
    queen_out = unseen & QS_BIT
    total = points[0] + points[1] + points[2] + points[3]
    runner = -1
    if total >= defend_from:
        for s in range(4):
            if points[s] == total and s != seat:
                runner = s
    if not trick:
        if runner >= 0:
            hearts = legal & HEART_MASK
            out_hearts = unseen & HEART_MASK
            if hearts and hearts.bit_length() > out_hearts.bit_length():
                return hearts.bit_length() - 1
        if queen_out and not hand & AK_SPADES:
            low = legal & LOW_SPADES
            if low:
                return low.bit_length() - 1  # flush the queen
        best, best_score = -1, 1e9
        for suit in range(4):
            mine = legal & SUIT_MASKS[suit]
            if not mine:
                continue
            card, score = low_lead(mine, unseen & SUIT_MASKS[suit])
            if suit == 0 and hand & (QS_BIT | AK_SPADES) and (queen_out or hand & QS_BIT):
                score += 20.0 if card >= 10 else 6.0
            elif suit == 1:
                score += 1.0
            if score < best_score:
                best, best_score = card, score
        return best
    led = trick[0] // 13
    follow = legal & SUIT_MASKS[led]
    win = -1
    for c in trick:
        if c > win and c // 13 == led:
            win = c
    n = len(trick)
    runner_wins = runner >= 0 and (seat - n + trick.index(win)) & 3 == runner
    if follow:
        if runner_wins:
            above = follow & ~((2 << win) - 1)
            if above and (led == 1 or any(POINTS[c] for c in trick)):
                # take the points from the runner
                return (above & -above).bit_length() - 1 if n == 3 else above.bit_length() - 1
        if follow & QS_BIT and win > 10:
            return 10  # the queen under the A♠ or K♠
        below = follow & ((1 << win) - 1)
        if below:
            if led == 0 and queen_out:
                safe = below & ~AK_SPADES
                if safe:
                    return safe.bit_length() - 1
            return below.bit_length() - 1
        if n == 3:
            safe = follow & ~QS_BIT
            return (safe or follow).bit_length() - 1
        safe = follow & ~QS_BIT
        if led == 0 and queen_out and safe & ~AK_SPADES:
            safe &= ~AK_SPADES
        safe = safe or follow
        return (safe & -safe).bit_length() - 1
    if runner >= 0 and (runner_wins or (runner - seat) & 3 < 4 - n):
        # The runner wins this trick or has still to play: keep points off it.
        plain = legal & ~(HEART_MASK | QS_BIT)
        if plain:
            legal = plain
    if legal & QS_BIT:
        return 10
    if queen_out and legal & AK_SPADES:
        return (legal & AK_SPADES).bit_length() - 1
    hearts = legal & HEART_MASK
    if hearts:
        return hearts.bit_length() - 1
    best, best_score = -1, -1.0
    for suit in (0, 2, 3):
        mine = legal & SUIT_MASKS[suit]
        if mine:
            top = mine.bit_length() - 1
            score = top % 13 + (3.0 if (hand & SUIT_MASKS[suit]).bit_count() <= 2 else 0.0)
            if score > best_score:
                best, best_score = top, score
    return best


def py_generic_rollout(
    hands: list[int],
    leader: int,
    trick: list[int],
    done: int,
    broken: bool,
    points: list[int],
    played: int,
    defender: int = -1,
    runner: int = -1,
    late: int = DEFEND_LATE,
    look: bool = False,
) -> list[int]:
    """Raw points per seat at the end of the round, every seat playing
    :func:`generic_card`; the lists passed in are consumed. Seat ``defender`` defends the
    moon from :data:`DEFEND_FROM` points, the others from ``late`` (all of them from
    :data:`DEFEND_FROM` without a ``defender``). Seat ``runner`` instead goes for the
    moon while nobody else has points (the heuristic's run), and the others defend from
    its first point: a run weighed against players who wake at once. With ``look`` (and
    nobody running) every seat plays :func:`sighted_card`: it sees every hand of the
    deal, as the players it stands for see every hand of their own sampled deals."""

    def sighted(
        seat: int, hand: int, legal: int, trick: list[int], played: int, points: list[int]
    ) -> int:
        """:func:`sighted_card` over ``hands``, which the round's loop keeps current."""
        leader = (seat - len(trick)) & 3
        first = played.bit_count() == len(trick)  # no card before this trick's
        return sighted_card(
            hands, leader, trick, first, played, points, seat, legal, defender, late
        )

    choose = (
        sighted
        if look and runner < 0
        else policy_choose(True, runner, defender=defender, late=late)
    )
    return finish_round(hands, leader, trick, done, broken, points, played, choose)


def trick_outcome(
    hands: list[int],
    leader: int,
    trick: list[int],
    first: bool,
    played: int,
    points: list[int],
    seat: int,
    card: int,
    defender: int = -1,
    late: int = DEFEND_LATE,
) -> tuple[bool, int]:
    """Whether ``seat`` wins the trick in progress by playing ``card``, the seats after
    it playing :func:`generic_card` (every hand known), and the trick's points."""
    cards = [*trick, card]
    played |= 1 << card
    led = cards[0] // 13
    for k in range(len(cards), 4):
        s = (leader + k) & 3
        hand = hands[s]
        wake = defends_from(s, defender, late)
        c = generic_card(s, hand, legal_mask(hand, led, first, True), cards, played, points, wake)
        cards.append(c)
        played |= 1 << c
    return (leader + trick_winner(cards)) & 3 == seat, sum(POINTS[c] for c in cards)


def sighted_card(
    hands: list[int],
    leader: int,
    trick: list[int],
    first: bool,
    played: int,
    points: list[int],
    seat: int,
    legal: int,
    defender: int = -1,
    late: int = DEFEND_LATE,
) -> int:
    """The generic player's card, seeing every hand of the deal when it follows second
    or third (the seats after it playing the generic player's cards): the Q♠ if it loses
    the trick; else its card unless that would win the trick, and then the highest card
    that loses, else the card that wins the fewest points (the highest of those but the
    Q♠: the trick is its anyway, so it sheds its highest card). A
    montecarlo-like player finds that much in each of its sampled deals. Not while it
    defends the moon (its card then takes points from the runner on purpose)."""
    wake = defends_from(seat, defender, late)
    hand = hands[seat]
    card = generic_card(seat, hand, legal, trick, played, points, wake)
    if not 0 < len(trick) < 3 or not legal & (legal - 1):
        return card
    total = points[0] + points[1] + points[2] + points[3]
    if total >= wake and any(points[s] == total and s != seat for s in range(4)):
        return card
    args = (hands, leader, trick, first, played, points, seat)
    if (
        card != QUEEN_OF_SPADES
        and legal & QS_BIT
        and not trick_outcome(*args, QUEEN_OF_SPADES, defender, late)[0]
    ):
        return QUEEN_OF_SPADES
    if not trick_outcome(*args, card, defender, late)[0]:
        return card
    duck, best, best_points = -1, -1, 1000
    for c in range(51, -1, -1):
        if not legal >> c & 1:
            continue
        wins, taken = trick_outcome(*args, c, defender, late)
        if not wins:
            if c == QUEEN_OF_SPADES:
                return c
            if duck < 0:
                duck = c
        elif taken < best_points or (taken == best_points and best == QUEEN_OF_SPADES):
            best, best_points = c, taken
    return duck if duck >= 0 else best


def policy_choose(
    generic: bool,
    runner: int = -1,
    wary: bool = False,
    defender: int = -1,
    late: int = DEFEND_LATE,
) -> Choose:
    """The card function of a play-out: :func:`py_generic_rollout`'s (``defender``,
    ``runner``, ``late``) or :func:`py_heuristic_rollout`'s (``runner``, ``wary``)."""
    if not generic:
        return lambda seat, hand, legal, trick, played, points: choose_card(
            seat, hand, legal, trick, played, points, True, runner, None, wary
        )

    def choose(
        seat: int, hand: int, legal: int, trick: list[int], played: int, points: list[int]
    ) -> int:
        if runner < 0:
            wake = defends_from(seat, defender, late)
            return generic_card(seat, hand, legal, trick, played, points, wake)
        if seat == runner:
            return choose_card(seat, hand, legal, trick, played, points, True, runner)
        return generic_card(seat, hand, legal, trick, played, points, 1)

    return choose


def py_best_response(
    hands: list[int],
    leader: int,
    trick: list[int],
    done: int,
    broken: bool,
    points: list[int],
    played: int,
    seat: int,
    choose: Choose,
    moon_bonus: float = 0.0,
) -> tuple[float, int]:
    """``seat``'s best :func:`round_score` with every hand known, the three others playing
    ``choose``'s card (a play-out's policy, :func:`policy_choose`) and ``seat`` every
    legal card of its own searched: a play-out in which only ``seat`` plays exactly.
    Also the cards of ``seat`` that reach it, when ``seat`` is to move (else 0)."""
    best_cards = 0

    def value(
        hands: list[int],
        leader: int,
        trick: list[int],
        done: int,
        broken: bool,
        points: list[int],
        played: int,
        top: bool,
    ) -> float:
        nonlocal best_cards
        while done < 13:
            if len(trick) == 4:
                leader = (leader + trick_winner(trick)) & 3
                points[leader] += POINTS[trick[0]] + POINTS[trick[1]]
                points[leader] += POINTS[trick[2]] + POINTS[trick[3]]
                trick = []
                done += 1
                top = False
                continue
            mover = (leader + len(trick)) & 3
            hand = hands[mover]
            legal = legal_mask(hand, trick[0] // 13 if trick else -1, done == 0, broken)
            if mover == seat and legal & (legal - 1):
                best = math.inf
                for c in range(52):
                    if legal >> c & 1:
                        h = hands[:]
                        h[mover] = hand & ~(1 << c)
                        v = value(
                            h,
                            leader,
                            [*trick, c],
                            done,
                            broken or 13 <= c < 26,
                            points[:],
                            played | 1 << c,
                            False,
                        )
                        if top and v < best:
                            best_cards = 1 << c
                        elif top and v == best:
                            best_cards |= 1 << c
                        best = min(best, v)
                return best
            c = (
                legal.bit_length() - 1
                if not legal & (legal - 1)
                else choose(mover, hand, legal, trick, played, points)
            )
            if top and mover == seat:
                best_cards = 1 << c
            top = False
            hands = hands[:]
            hands[mover] = hand & ~(1 << c)
            played |= 1 << c
            broken = broken or 13 <= c < 26
            trick = [*trick, c]
        return round_score(points, seat, moon_bonus)

    result = value(list(hands), leader, list(trick), done, broken, list(points), played, True)
    return result, best_cards


def best_response(
    hands: list[int],
    leader: int,
    trick: list[int],
    done: int,
    broken: bool,
    points: list[int],
    played: int,
    seat: int,
    generic: bool,
    runner: int = -1,
    wary: bool = False,
    defender: int = -1,
    late: int = DEFEND_LATE,
    moon_bonus: float = 0.0,
) -> tuple[float, int]:
    """:func:`py_best_response` against the play-out policy :func:`policy_choose` names
    (compiled where the core was built)."""
    choose = policy_choose(generic, runner, wary, defender, late)
    return py_best_response(
        hands, leader, trick, done, broken, points, played, seat, choose, moon_bonus
    )


heuristic_rollout = py_heuristic_rollout
generic_rollout = py_generic_rollout
if core is not None:
    heuristic_rollout = core.heuristic_rollout
    generic_rollout = core.generic_rollout
    best_response = core.best_response

RANDOM, SIMPLE, HEURISTIC, GENERIC = 0, 1, 2, 3
"""Policies of :func:`play_hands`: uniformly random legal cards, the montecarlo bot's
:func:`~cardems.hearts.bots.montecarlo.simple_card`, the heuristic's
:func:`~cardems.hearts.bots.heuristic.choose_card`, or :func:`generic_card`."""


def deal(rand: SplitMix) -> list[int]:
    """Four hands of a deck shuffled by Fisher–Yates on ``rand``'s floats."""
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = int(rand.random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    hands = [0, 0, 0, 0]
    for k, card in enumerate(deck):
        hands[k & 3] |= 1 << card
    return hands


def py_play_hands(many: int, state: int, policy: int = RANDOM) -> tuple[list[int], int]:
    """Deal ``many`` hands from the SplitMix64 ``state`` and play each from the 2♣ to the
    end by ``policy``: the points each seat took in all, and the state after."""
    rand = SplitMix(state)
    totals = [0, 0, 0, 0]
    for _ in range(many):
        start = position_of_deal(deal(rand))
        hands, leader, points = start.hands, start.leader, start.points
        if policy == RANDOM:
            points = random_playout(start, rand.random)
        elif policy == SIMPLE:
            points = py_play_out(hands, leader, [], 0, False, points)
        elif policy == HEURISTIC:
            points = py_heuristic_rollout(hands, leader, [], 0, False, points, 0)
        else:
            points = py_generic_rollout(hands, leader, [], 0, False, points, 0)
        for seat in range(4):
            totals[seat] += points[seat]
    return totals, rand.state


play_hands: Callable[[int, int, int], tuple[list[int], int]] = py_play_hands
if core is not None:
    play_hands = core.play_hands
