"""How well the expert's pass odds place the unseen cards (issue 32, item 3).

Plays the first three rounds (passes left, right and across) of matches of ``expert`` in
South against three of a field (the cards played by the medium heuristic: only the
passes matter here) and, at South's first card of each round, scores where the expert believes each
card it cannot see lies: the log-likelihood (nats a card) of the seat that really holds
it, under a plain deal (each seat in proportion to the room left in its hand) and under
the odds after the passes (:mod:`cardems.hearts.bots.pass_odds`, every other seat passing
by :func:`~cardems.hearts.bots.passing.generic_pass`, the model that assumes nothing),
for every card and for the Q♠ alone, by pass direction. A positive gain is information
the passes give; 0 means the odds know nothing a plain deal does not.

    PYTHONPATH=src nice -n 15 python benchmarks/hearts_pass_odds.py --field montecarlo \
        --matches 200 --first 0

Anchor: the plain deal (gain 0).
"""

from __future__ import annotations

import argparse
import json
import math
from collections import defaultdict

from cardems.dealcode import DealCode
from cardems.hearts.bots import make_bot
from cardems.hearts.bots.inference import GENERIC
from cardems.hearts.bots.pass_odds import card_odds
from cardems.hearts.core import QUEEN_OF_SPADES, cards_of, to_card
from cardems.hearts.rules import Match, PassDirection, Phase
from cardems.hearts.splitmix import SplitMix
from cardems.hearts.view import view

ROUNDS = 3
"""The rounds measured in each match: left, right and across."""


def measure(field: str, matches: int, first: int, pass_weight: float) -> dict[str, object]:
    """Log-likelihood sums and counts by pass direction."""
    sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0, 0.0])
    player = make_bot("medium")  # the cards played do not matter here, only the passes
    for number in range(first, first + matches):
        bots = [make_bot("expert" if s == 0 else field, number * 4 + s) for s in range(4)]
        match = Match.new(DealCode("HT", 1, "N", number))
        while not match.over and match.round.number < ROUNDS:
            rnd = match.round
            if rnd.phase is Phase.PASSING:
                for s in range(4):
                    chosen = bots[s].choose_pass(view(match, s))
                    match = match.pass_cards(s, cards_of(chosen))
                continue
            seat = rnd.to_play
            assert seat is not None
            if seat == 0 and not rnd.tricks and rnd.direction is not PassDirection.HOLD:
                _score(match, pass_weight, number, sums[rnd.direction.name.lower()])
            match = match.play(seat, to_card(player.choose_play(view(match, seat))))
    return {
        direction: {
            "cards": int(n),
            "plain": round(plain / n, 4),
            "odds": round(odds / n, 4),
            "gain": round((odds - plain) / n, 4),
            "queen_cards": int(qn),
            "queen_gain": round(qgain / qn, 4) if qn else None,
        }
        for direction, (n, plain, odds, qn, qgain) in sorted(sums.items())
    }


def _score(match: Match, pass_weight: float, number: int, into: list[float]) -> None:
    """Add South's log-likelihoods of the true holders to ``into``."""
    seat_view = view(match, 0)
    odds = card_odds(seat_view, (GENERIC,) * 4, SplitMix(number), pass_weight)
    assert odds is not None
    hands = match.round.hands
    room = [0 if s == 0 else 10 if s == seat_view.pass_to else 13 for s in range(4)]
    for c in range(52):
        if (seat_view.hand_mask | seat_view.passed_mask | seat_view.played_mask) >> c & 1:
            continue
        holder = next(s for s in range(4) if hands[s] >> c & 1)
        shares = [room[s] * odds[4 * c + s] for s in range(4)]
        plain = math.log(room[holder] / sum(room))
        weighed = math.log(shares[holder] / sum(shares))
        into[0] += 1
        into[1] += plain
        into[2] += weighed
        if c == QUEEN_OF_SPADES:
            into[3] += 1
            into[4] += weighed - plain


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--field", default="montecarlo")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--pass-weight", type=float, default=0.3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.field, args.matches, args.first, args.pass_weight)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"field {args.field}, {args.matches} matches from {args.first}: nats a card")
    print(f"{'pass':8} {'cards':>6} {'plain':>8} {'odds':>8} {'gain':>8} {'Q♠ gain':>8}")
    for direction, f in figures.items():
        assert isinstance(f, dict)
        queen = f["queen_gain"]
        print(
            f"{direction:8} {f['cards']:6} {f['plain']:8.4f} {f['odds']:8.4f} "
            f"{f['gain']:+8.4f} {'—' if queen is None else f'{queen:+8.4f}':>8}"
        )
    print("anchor: the plain deal (gain 0)")


if __name__ == "__main__":
    main()
