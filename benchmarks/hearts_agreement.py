"""How well simple opponent models predict a field's real choices (issue 32, item 3).

Plays matches of ``expert`` against three of a field (the expert rotated through the
seats, as in ``cardems arena``) and, at every choice a field seat makes with more than
one distinct card, asks each model what it would have played from that seat's true
hand and public state: the medium heuristic (the expert's model today), the generic
strong player of the expert's play-outs, montecarlo's duck/dump play-out policy, and
``fitted``: for each seat, the one of these three that agreed most with that seat in the
match's finished rounds (a model fitted to that seat's play this match; the heuristic
until a round is done). A model agrees when it names the card played, or (``same``) a
card equivalent to it (no unseen card between, see
:func:`~cardems.hearts.bots.expert.distinct_choices`). Passes: the share of the three
cards each pass rule would have passed too.

    PYTHONPATH=src nice -n 15 python benchmarks/hearts_agreement.py --field montecarlo \
        --matches 8 --first 0

Anchor (docs/HEARTS.md, issue 17): no simple policy predicted montecarlo's plays better
than 43 % (55 % up to equivalent cards).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable

from cardems.dealcode import DealCode
from cardems.hearts.bots import make_bot
from cardems.hearts.bots.expert import distinct_choices
from cardems.hearts.bots.heuristic import choose_card, choose_pass
from cardems.hearts.bots.montecarlo import simple_card, textbook_pass
from cardems.hearts.bots.passing import generic_pass
from cardems.hearts.bots.rollout import generic_card
from cardems.hearts.core import FULL_DECK, cards_of, to_card
from cardems.hearts.rules import Match, Phase
from cardems.hearts.view import SeatView, view

Model = Callable[[SeatView], int]

MODELS: dict[str, Model] = {
    "heuristic": lambda v: choose_card(
        v.seat, v.hand_mask, v.legal_mask, v.trick, v.played_mask, v.round_points
    ),
    "generic": lambda v: generic_card(
        v.seat, v.hand_mask, v.legal_mask, v.trick, v.played_mask, v.round_points
    ),
    "simple": lambda v: simple_card(v.hand_mask, v.legal_mask, list(v.trick)),
}
PASSES: dict[str, Callable[[int], int]] = {
    "heuristic": choose_pass,
    "generic": generic_pass,
    "textbook": textbook_pass,
}


def equivalent(v: SeatView, card: int) -> int:
    """The representative of ``card``'s run of equivalent legal cards."""
    in_trick = 0
    for c in v.trick:
        in_trick |= 1 << c
    unseen = (FULL_DECK & ~v.hand_mask & ~v.played_mask) | in_trick
    return min(
        c for c in distinct_choices(v.legal_mask, unseen) if c >= card and c // 13 == card // 13
    )


def measure(field: str, matches: int, first: int, seed: int) -> dict[str, object]:
    """Agreement counts over ``matches`` match codes (four rotations each)."""
    hits: Counter[str] = Counter()
    same: Counter[str] = Counter()
    passed: Counter[str] = Counter()
    choices = passes = 0
    for number in range(first, first + matches):
        code = DealCode("HT", 1, "N", number)
        for shift in range(4):
            names = ["expert" if s == shift else field for s in range(4)]
            bots = [make_bot(n, seed * 1_000_003 + number * 17 + s) for s, n in enumerate(names)]
            fit = {s: Counter[str]() for s in range(4)}
            this_round: dict[int, Counter[str]] = {s: Counter() for s in range(4)}
            match = Match.new(code)
            while not match.over and len(match.history) < 60:
                rnd = match.round
                if rnd.phase is Phase.PASSING:
                    for s in range(4):
                        if rnd.passes[s]:
                            continue
                        v = view(match, s)
                        chosen = bots[s].choose_pass(v)
                        if s != shift:
                            passes += 1
                            for name, rule in PASSES.items():
                                passed[name] += (rule(v.hand_mask) & chosen).bit_count()
                        match = match.pass_cards(s, cards_of(chosen))
                    continue
                seat = rnd.to_play
                assert seat is not None
                v = view(match, seat)
                card = bots[seat].choose_play(v)
                if seat != shift and len({equivalent(v, c) for c in _bits(v.legal_mask)}) > 1:
                    target = equivalent(v, card)
                    choices += 1
                    guesses = {name: model(v) for name, model in MODELS.items()}
                    best = max(MODELS, key=lambda n: (fit[seat][n], n == "heuristic"))
                    guesses["fitted"] = guesses[best]
                    for name, guess in guesses.items():
                        hits[name] += guess == card
                        same[name] += equivalent(v, guess) == target
                    for name in MODELS:
                        this_round[seat][name] += equivalent(v, guesses[name]) == target
                before = len(match.history)
                match = match.play(seat, to_card(card))
                if len(match.history) > before:  # a round ended: refit every seat
                    for s in range(4):
                        fit[s] += this_round[s]
                        this_round[s] = Counter()
    return {
        "field": field,
        "matches": 4 * matches,
        "choices": choices,
        "agreement": {n: round(hits[n] / choices, 3) for n in hits},
        "agreement_same": {n: round(same[n] / choices, 3) for n in same},
        "passes": passes,
        "pass_cards_shared": {n: round(passed[n] / (3 * passes), 3) for n in passed},
    }


def _bits(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--field", default="montecarlo")
    parser.add_argument("--matches", type=int, default=8, help="match codes (4 matches each)")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(measure(args.field, args.matches, args.first, args.seed)))


if __name__ == "__main__":
    main()
