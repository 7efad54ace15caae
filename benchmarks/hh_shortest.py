"""Heart to Heart: seconds per shortest win (A*) over 200 winnable random deals.

Run: ``python benchmarks/hh_shortest.py [COUNT]``. Deal numbers come from a fixed seed;
deals the verdict finds lost are skipped. Prints the median and p99 (nearest rank)
beside the goals, and the slowest deal. Times are the process's CPU seconds, which a
busy shared machine disturbs less than the wall clock.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from cardems.argtypes import positive
from cardems.heart_to_heart.game import FAMILY
from cardems.heart_to_heart.rules import DECK, deck_is_winnable, initial_state, play
from cardems.kit.pairs.ranks_shortest import ShortestSearch
from cardems.rng import shuffled

GOAL_MEDIAN = 0.1  # seconds
GOAL_P99 = 2.0


def main(count: int = 200) -> None:
    rng = random.Random(2026)
    results: list[tuple[float, int, int, int]] = []
    while len(results) < count:
        number = rng.randrange(FAMILY.max_number + 1)
        deck = shuffled(list(DECK), "HH1-N", number)
        if not deck_is_winnable(deck):
            continue
        state = initial_state(deck)
        start = time.process_time()
        search = ShortestSearch(state)
        line = search.solve()
        seconds = time.process_time() - start
        assert line is not None and play(state, line).is_won()
        results.append((seconds, number, len(line), search.expanded))
    times = sorted(r[0] for r in results)
    p99 = times[math.ceil(0.99 * len(times)) - 1]
    slowest = max(results)
    print(
        f"winnable deals: {count}, shortest wins {min(r[2] for r in results)}"
        f"-{max(r[2] for r in results)} moves (median {statistics.median(r[2] for r in results)})"
    )
    print(f"median: {statistics.median(times):.3f} s (goal <= {GOAL_MEDIAN} s)")
    print(f"p99:    {p99:.3f} s (goal <= {GOAL_P99} s)")
    print(f"slowest: {slowest[0]:.3f} s, deal {slowest[1]}, {slowest[3]} nodes expanded")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "count", nargs="?", type=positive, default=200, help="random deals to solve shortest"
    )
    main(parser.parse_args().count)
