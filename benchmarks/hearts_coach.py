"""CPU time the Hearts coach takes to judge a round, on one core.

The coach (issue 32, item 6) runs at the end of each round, in the worker thread that
answers the player's last card, so its time adds to that answer's wait. For the first
round of ``--rounds`` matches from HT1 number 6000 on, South played by ``--south``
against three medium bots, it times ``coach_round`` on South's 13 cards: CPU and wall
time per round, the cards it searched (forced cards and cards once every point is out are
not) and the deals per card. Compiled core if built, else (or with
``CARDEMS_HEARTS_PYTHON=1``) the Python reference. Anchor: the expert's own search, the
same deals a card, mean 11.7–21 ms CPU a decision (``hearts_expert_speed.py``); bound:
``SAFETY_MS`` a searched card.

    PYTHONPATH=src python benchmarks/hearts_coach.py [--rounds 10] [--south easy]
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardems.dealcode import DealCode
from cardems.hearts.bots import make_bot
from cardems.hearts.coach import SAFETY_MS, SETTINGS, coach_round
from cardems.hearts.core import cards_of, to_card
from cardems.hearts.fast import COMPILED
from cardems.hearts.rules import Match, Phase, Round


def first_round(number: int, south: str) -> Round:
    """The first round of match ``number``: ``south`` in seat 0, medium bots elsewhere."""
    bots = [make_bot(south if seat == 0 else "medium", number * 4 + seat) for seat in range(4)]
    match = Match.new(DealCode("HT", 1, "N", number))
    while not match.history:
        rnd = match.round
        if rnd.phase is Phase.PASSING:
            seat = next(s for s in range(4) if not rnd.passes[s])
            match = match.pass_cards(seat, cards_of(bots[seat].choose_pass(match.view(seat))))
            continue
        seat = rnd.to_play
        assert seat is not None
        match = match.play(seat, to_card(bots[seat].choose_play(match.view(seat))))
    return match.history[0]


def _line(label: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"{label}: mean {statistics.mean(ordered):.0f} ms, median"
        f" {statistics.median(ordered):.0f}, p95 {p95:.0f}, max {ordered[-1]:.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--south", default="easy", help="the bot whose cards are judged")
    args = parser.parse_args()
    cpu: list[float] = []
    wall: list[float] = []
    searched: list[int] = []
    deals: list[int] = []
    for number in range(6000, 6000 + args.rounds):
        rnd = first_round(number, args.south)
        start, start_cpu = time.perf_counter(), time.process_time()
        notes = coach_round(rnd, 0, seed=number)
        cpu.append(1000 * (time.process_time() - start_cpu))
        wall.append(1000 * (time.perf_counter() - start))
        searched.append(sum(1 for note in notes if note.deals))
        deals += [note.deals for note in notes if note.deals]
    compiled = "compiled core" if COMPILED else "Python only"
    print(f"coach on {args.rounds} rounds of {args.south} ({compiled}, {SETTINGS.worlds} deals)")
    print(_line("  CPU a round ", cpu))
    print(_line("  wall a round", wall))
    print(
        f"  cards searched a round: mean {statistics.mean(searched):.1f} of 13;"
        f" deals a card: mean {statistics.mean(deals):.0f}, min {min(deals)}"
    )
    print(f"  per card searched: {sum(cpu) / sum(searched):.1f} ms CPU")
    print(f"bound: {SAFETY_MS:.0f} ms CPU a card searched (never reached when deals run out)")
    print("anchor: the expert's search of the same deals, mean 11.7-21 ms CPU a decision")


if __name__ == "__main__":
    main()
