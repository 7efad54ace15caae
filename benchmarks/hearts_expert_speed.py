"""Milliseconds per decision of the expert Hearts bot on one core.

Goal: at most 100 ms per decision (the issue's limit). Anchor: a 30-world Monte Carlo
bot at 13 ms a move in Python; OpenSpiel's ISMCTS at 20 ms a move (1,000 simulations).
Plays whole rounds with the expert in seat 0 against three medium bots and times every
expert decision (passes included).

    PYTHONPATH=src python benchmarks/hearts_expert_speed.py [--matches 4] [--bot expert]
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardems.dealcode import DealCode
from cardems.hearts.bots import make_bot
from cardems.hearts.core import cards_of, to_card
from cardems.hearts.rules import Match, Phase
from cardems.hearts.view import view


def run(matches: int, name: str) -> list[float]:
    """Times (ms) of every decision of bot ``name`` in seat 0."""
    times: list[float] = []
    for number in range(matches):
        bots = [make_bot(name, number), make_bot("medium"), make_bot("medium"), make_bot("medium")]
        match = Match.new(DealCode("HT", 1, "N", 5000 + number))
        while not match.over:
            rnd = match.round
            if rnd.phase is Phase.PASSING:
                for seat in range(4):
                    start = time.perf_counter()
                    chosen = bots[seat].choose_pass(view(match, seat))
                    if seat == 0:
                        times.append(1000 * (time.perf_counter() - start))
                    match = match.pass_cards(seat, cards_of(chosen))
                continue
            seat = rnd.to_play
            assert seat is not None
            start = time.perf_counter()
            card = bots[seat].choose_play(view(match, seat))
            if seat == 0:
                times.append(1000 * (time.perf_counter() - start))
            match = match.play(seat, to_card(card))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--bot", default="expert")
    args = parser.parse_args()
    times = sorted(run(args.matches, args.bot))
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{args.bot}: {len(times)} decisions, mean {statistics.mean(times):.1f} ms,"
        f" median {statistics.median(times):.1f}, p95 {p95:.1f}, max {times[-1]:.1f} ms"
    )
    print("goal <= 100 ms a decision; anchor: 30-world PIMC 13 ms/move, OpenSpiel ISMCTS 20 ms")


if __name__ == "__main__":
    main()
