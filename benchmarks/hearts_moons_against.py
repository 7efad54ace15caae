"""The hands in which another seat shot the moon on the expert, trick by trick.

Plays whole matches (codes ``--first`` on) with ``--bot`` (an arena name) in seat
``number % 4`` against three ``--field`` bots, and prints every round in which one of
the others took all 26 points: the tricks (leader, cards, winner, points), the moment
and each trick with points the shooter won, after its first points, in which the expert
followed suit under the winning card while holding one above it.

    PYTHONPATH=src python benchmarks/hearts_moons_against.py --field montecarlo \\
        --matches 8 --first 20100

Anchor: the issue's goal is moons against the expert at most 1 % of hands against every
field (1.9 % against ``montecarlo`` on held-out codes 40000–40044, 7 December).
"""

from __future__ import annotations

import argparse

from cardems.dealcode import DealCode
from cardems.hearts.arena import arena_bot
from cardems.hearts.core import POINTS, cards_of, to_card
from cardems.hearts.rules import Match, Phase, Round, Trick
from cardems.hearts.view import view


def chances(rnd: Round, seat: int, shooter: int) -> list[str]:
    """The tricks with points the shooter won after its first points in which ``seat``
    followed under the winning card holding a higher one of the suit."""
    # The seat's hand before each trick: its cards in the tricks from that one on.
    later = [0] * 14
    for k in range(12, -1, -1):
        trick = rnd.tricks[k]
        later[k] = later[k + 1] | 1 << trick.cards[(seat - trick.leader) & 3]
    out = []
    taken = 0
    for k, trick in enumerate(rnd.tricks):
        led = trick.cards[0] // 13
        points = sum(POINTS[c] for c in trick.cards)
        mine = trick.cards[(seat - trick.leader) & 3]
        if trick.winner == shooter and taken and points:
            top = max(c for c in trick.cards if c // 13 == led)
            higher = [c for c in range(52) if later[k] >> c & 1 and c // 13 == led and c > top]
            if mine // 13 == led and higher:
                out.append(
                    f"trick {k + 1}: played {to_card(mine)} under {to_card(top)}, held"
                    f" {' '.join(str(to_card(c)) for c in higher)} ({points} points)"
                )
        if trick.winner == shooter:
            taken += points
    return out


def show(trick: Trick, number: int, seat: int) -> str:
    cards = " ".join(
        f"{'*' if (trick.leader + i) & 3 == seat else ''}{to_card(c)}"
        for i, c in enumerate(trick.cards)
    )
    return (
        f"  {number:>2}. leader {trick.leader}: {cards} -> {trick.winner}"
        f" ({sum(POINTS[c] for c in trick.cards)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--field", default="montecarlo")
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--first", type=int, default=20100)
    args = parser.parse_args()
    hands = moons = 0
    for number in range(args.first, args.first + args.matches):
        seat = number % 4
        bots = [arena_bot(args.field) for _ in range(4)]
        bots[seat] = arena_bot(args.bot, number)
        match = Match.new(DealCode("HT", 1, "N", number))
        while not match.over:
            rnd = match.round
            if rnd.phase is Phase.PASSING:
                for s in range(4):
                    match = match.pass_cards(s, cards_of(bots[s].choose_pass(view(match, s))))
                continue
            s = rnd.to_play
            assert s is not None
            match = match.play(s, to_card(bots[s].choose_play(view(match, s))))
        rounds = list(match.history)
        if match.round.phase is Phase.DONE and match.round not in rounds:
            rounds.append(match.round)
        for done in rounds:
            if len(done.tricks) < 13:
                continue
            hands += 1
            shooter = done.moon_shooter
            if shooter is None or shooter == seat:
                continue
            moons += 1
            print(
                f"code {number}, round {done.number}: seat {shooter} shot the moon on"
                f" the expert (seat {seat}; * its cards)"
            )
            for k, trick in enumerate(done.tricks):
                print(show(trick, k + 1, seat))
            for line in chances(done, seat, shooter) or ["no trick it could have taken"]:
                print(f"  could stop: {line}")
        print(f"code {number}: {hands} hands, {moons} moons against so far", flush=True)
    print(f"{moons} moons against {args.bot} in {hands} hands against 3 x {args.field}")


if __name__ == "__main__":
    main()
