"""The exact endgame solver's speed: endings of 4, 5, 6 and 7 tricks solved per second,
compiled and in Python, beside one play-out from the same position (what it would
replace in the expert's sampled worlds); the paranoid search (:func:`solve`) and the
max-n one (:func:`solve_maxn`, each seat for its own points; ``--maxn-up-to`` tricks).

Each ending is a random deal played by random legal cards until that many tricks are
left (:func:`cardems.hearts.endgame.random_ending`, seeded), solved for the seat to move.
Times are CPU seconds per solve (median and 95th percentile over ``--deals`` endings);
the play-out is the expert's generic one (:func:`~cardems.hearts.bots.rollout.
generic_rollout`), compiled and in Python, timed over many repeats of the same endings.

    PYTHONPATH=src python benchmarks/hearts_endgame.py [--deals 20] [--python-up-to 7]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from cardems.hearts.bots.rollout import generic_rollout, py_generic_rollout
from cardems.hearts.core import FULL_DECK
from cardems.hearts.endgame import (
    Ending,
    py_solve,
    py_solve_maxn,
    random_ending,
    solve,
    solve_maxn,
)
from cardems.hearts.fast import COMPILED


def times(run: Callable[[Ending], object], endings: list[Ending], repeat: int = 1) -> list[float]:
    """CPU seconds of ``run`` on each ending (the mean of ``repeat`` runs)."""
    out = []
    for ending in endings:
        start = time.process_time()
        for _ in range(repeat):
            run(ending)
        out.append((time.process_time() - start) / repeat)
    return out


def playout(rollout: Callable[..., list[int]]) -> Callable[[Ending], object]:
    """One play-out of an ending to the end of the round with ``rollout``."""

    def run(ending: Ending) -> object:
        hands, leader, trick, points, broken = ending
        played = FULL_DECK & ~(hands[0] | hands[1] | hands[2] | hands[3])
        for c in trick:
            played |= 1 << c
        return rollout(
            list(hands),
            leader,
            list(trick),
            13 - (hands[leader].bit_count()),
            broken,
            list(points),
            played,
        )

    return run


def summary(label: str, seconds: list[float]) -> str:
    """Median and 95th percentile in milliseconds, and solves a second."""
    ordered = sorted(seconds)
    median = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    rate = len(ordered) / sum(ordered) if sum(ordered) else float("inf")
    return (
        f"{label:<20} median {median * 1e3:>9.3f} ms  p95 {p95 * 1e3:>9.3f} ms"
        f"  {rate:>10,.1f}/s (mean)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--python-up-to", type=int, default=7)
    parser.add_argument("--maxn-up-to", type=int, default=6)
    args = parser.parse_args()
    for tricks in (4, 5, 6, 7):
        rng = random.Random(4600 + tricks)
        endings = [random_ending(rng, tricks) for _ in range(args.deals)]
        print(f"{tricks} tricks left, {args.deals} endings")
        if COMPILED:
            nodes = [solve(e).nodes for e in endings]
            print(
                summary("  solve, compiled", times(lambda e: solve(e), endings)),
                f" nodes median {statistics.median(nodes):,.0f}",
            )
            if tricks <= args.maxn_up_to:
                nodes = [solve_maxn(e).nodes for e in endings]
                print(
                    summary("  max-n, compiled", times(lambda e: solve_maxn(e), endings)),
                    f" nodes median {statistics.median(nodes):,.0f}",
                )
            print(summary("  play-out, compiled", times(playout(generic_rollout), endings, 200)))
        if tricks <= args.python_up_to:
            nodes = [py_solve(e).nodes for e in endings]
            print(
                summary("  solve, Python", times(lambda e: py_solve(e), endings)),
                f" nodes median {statistics.median(nodes):,.0f}",
            )
        if tricks <= min(args.python_up_to, args.maxn_up_to - 1):
            nodes = [py_solve_maxn(e).nodes for e in endings]
            print(
                summary("  max-n, Python", times(lambda e: py_solve_maxn(e), endings)),
                f" nodes median {statistics.median(nodes):,.0f}",
            )
        print(summary("  play-out, Python", times(playout(py_generic_rollout), endings, 20)))


if __name__ == "__main__":
    main()
