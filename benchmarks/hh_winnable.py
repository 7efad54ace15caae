"""Heart to Heart: winnable verdicts per second over 10,000 random deals, one core.

Run: ``python benchmarks/hh_winnable.py [COUNT]``. Deal numbers come from a fixed seed
so runs compare; the shuffles are made before the clock starts (the figure is the
solver's), and the rate including the shuffle is printed too. The figure uses the
process's CPU time, which a busy shared machine disturbs less than the wall clock.
"""

from __future__ import annotations

import argparse
import random
import time

from cardems.argtypes import positive
from cardems.heart_to_heart.game import FAMILY
from cardems.heart_to_heart.rules import DECK, deck_is_winnable
from cardems.rng import shuffled

GOAL = 5_000  # verdicts per second


def main(count: int = 10_000) -> None:
    numbers = random.Random(2026).sample(range(FAMILY.max_number + 1), count)
    start = time.perf_counter()
    decks = [shuffled(list(DECK), "HH1-N", number) for number in numbers]
    shuffle_time = time.perf_counter() - start
    start, cpu = time.perf_counter(), time.process_time()
    verdicts = [deck_is_winnable(deck) for deck in decks]
    solve_time, solve_cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"deals: {count}, winnable: {sum(verdicts) / count:.1%}")
    print(
        f"winnable verdicts: {count / solve_cpu:,.0f} deals/s of CPU time on one core"
        f" (goal >= {GOAL:,}/s); {count / solve_time:,.0f}/s wall clock"
    )
    print(f"with the shuffle:  {count / (solve_time + shuffle_time):,.0f} deals/s wall clock")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "count", nargs="?", type=positive, default=10_000, help="random deals to decide"
    )
    main(parser.parse_args().count)
