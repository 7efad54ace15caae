"""Milliseconds per decision of the expert Hearts bot on one core.

Goal (issue 32): at least 1,000 sampled deals searched a decision, at a mean of at most
100 ms and a 95th percentile of at most 250 ms CPU. Anchor: a 30-world Monte Carlo bot at
13 ms a move in Python; OpenSpiel's ISMCTS at 20 ms a move (1,000 simulations). Prints
the deals the bot searched for each card with a choice, where it says (the expert does).
Plays whole rounds with the expert in seat 0 against three medium bots (or ``--field``;
any arena name, research switches included, e.g. ``--bot expert:endgame=3:maxn=1``)
and times every expert decision (passes included). Against fields unlike the medium
heuristic the expert uses its generic play-outs: ``--field montecarlo`` times those.

    PYTHONPATH=src python benchmarks/hearts_expert_speed.py [--matches 4] [--bot expert]
        [--field medium]
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardems.dealcode import DealCode
from cardems.hearts.arena import arena_bot
from cardems.hearts.core import cards_of, to_card
from cardems.hearts.fast import COMPILED
from cardems.hearts.rules import Match, Phase
from cardems.hearts.view import view


def run(
    matches: int,
    name: str,
    field: str = "medium",
    by_trick: dict[int, list[tuple[float, int]]] | None = None,
) -> tuple[list[float], list[float], list[int]]:
    """Wall-clock and CPU times (ms) of every decision of bot ``name`` in seat 0, against
    three ``field`` bots, and the deals it searched for each card with a choice; with
    ``by_trick``, also each card with a choice's CPU time and deals under its trick's
    number (1–13)."""
    times: list[float] = []
    cpu: list[float] = []
    searched: list[int] = []
    for number in range(matches):
        bots = [arena_bot(name, number), arena_bot(field), arena_bot(field), arena_bot(field)]
        match = Match.new(DealCode("HT", 1, "N", 5000 + number))
        while not match.over:
            rnd = match.round
            if rnd.phase is Phase.PASSING:
                for seat in range(4):
                    start, start_cpu = time.perf_counter(), time.process_time()
                    chosen = bots[seat].choose_pass(view(match, seat))
                    if seat == 0:
                        times.append(1000 * (time.perf_counter() - start))
                        cpu.append(1000 * (time.process_time() - start_cpu))
                    match = match.pass_cards(seat, cards_of(chosen))
                continue
            seat = rnd.to_play
            assert seat is not None
            start, start_cpu = time.perf_counter(), time.process_time()
            card = bots[seat].choose_play(view(match, seat))
            if seat == 0:
                times.append(1000 * (time.perf_counter() - start))
                cpu.append(1000 * (time.process_time() - start_cpu))
                if getattr(bots[0], "searched", 0):
                    searched.append(bots[0].searched)  # type: ignore[attr-defined]
                    if by_trick is not None:
                        by_trick.setdefault(len(rnd.tricks) + 1, []).append((cpu[-1], searched[-1]))
            match = match.play(seat, to_card(card))
    return times, cpu, searched


def _line(label: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"{label}: mean {statistics.mean(ordered):.1f} ms, median {statistics.median(ordered):.1f},"
        f" p95 {p95:.1f}, max {ordered[-1]:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=4)
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--field", default="medium", help="the three opponents' bot")
    parser.add_argument(
        "--by-trick", action="store_true", help="also CPU time and deals by trick number"
    )
    args = parser.parse_args()
    by_trick: dict[int, list[tuple[float, int]]] = {}
    times, cpu, searched = run(args.matches, args.bot, args.field, by_trick)
    compiled = "compiled core" if COMPILED else "Python only"
    print(f"{args.bot} vs 3 x {args.field} ({compiled}): {len(times)} decisions (passes included)")
    print(_line("  wall clock", times))
    print(_line("  CPU time  ", cpu))
    if searched:
        print(
            f"  deals searched a card with a choice: mean {statistics.mean(searched):.0f},"
            f" min {min(searched)}, {sum(n >= 1000 for n in searched) / len(searched):.0%}"
            f" of {len(searched)} at 1,000 or more"
        )
    if args.by_trick:
        print("  by trick (cards with a choice): trick, decisions, CPU mean / p95 ms, mean deals")
        for trick, found in sorted(by_trick.items()):
            ms = sorted(t for t, _ in found)
            p95 = ms[int(0.95 * (len(ms) - 1))]
            deals = statistics.mean(n for _, n in found)
            print(
                f"    {trick:>2} {len(ms):>5} {statistics.mean(ms):>7.1f} {p95:>7.1f} {deals:>7.0f}"
            )
    print("goal (issue 32): >= 1,000 deals a decision at mean <= 100 ms, p95 <= 250 ms CPU")
    print("anchor: 30-world PIMC 13 ms/move in Python, OpenSpiel ISMCTS 20 ms")


if __name__ == "__main__":
    main()
