"""Hearts play-outs per second on one core: random and policy play-outs of whole hands.

Anchor: OpenSpiel 2.0.2 plays 35,800 random hands/s in its C++ loop on this machine
(6,900/s through its Python API). Goal (issue 32): at least 300,000 random and 100,000
policy play-outs a second on one core. Each hand is dealt by a fresh Fisher–Yates shuffle
and played from the 2♣ to the 13th trick, by uniformly random legal cards or by the
policies the search bots play out with (see :data:`POLICIES`).
Lines: the compiled core's own loop (dealing included), the generic play-outs called one
by one from Python as the expert's search calls them (and the sighted ones of
``expert:look=1``), and the Python reference.

    PYTHONPATH=src python benchmarks/hearts_playouts.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from cardems.hearts.bots.rollout import (
    GENERIC,
    HEURISTIC,
    RANDOM,
    SIMPLE,
    deal,
    generic_rollout,
    play_hands,
    py_play_hands,
)
from cardems.hearts.fast import COMPILED
from cardems.hearts.playout import position_of_deal
from cardems.hearts.splitmix import SplitMix

POLICIES = (("random", RANDOM), ("simple", SIMPLE), ("heuristic", HEURISTIC), ("generic", GENERIC))
"""The play-out policies timed: random cards, montecarlo's, the medium heuristic's and the
expert's generic player's."""


def rate(play: Callable[[int], None], seconds: float, batch: int) -> float:
    """Hands per second of ``play(batch)`` repeated over about ``seconds`` of CPU."""
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        play(batch)
        done += batch
    return done / (time.process_time() - start)


def batch_loop(
    run: Callable[[int, int, int], tuple[list[int], int]], policy: int
) -> Callable[[int], None]:
    """Hands dealt and played inside ``run`` (the compiled loop or the Python one)."""
    state = [1]

    def play(many: int) -> None:
        totals, state[0] = run(many, state[0], policy)
        assert sum(totals) == 26 * many

    return play


def called_one_by_one(look: bool = False) -> Callable[[int], None]:
    """Hands dealt beforehand, each played by one :func:`generic_rollout` call (with
    ``look``, the sighted play-outs: ``expert:look=1``)."""
    rand = SplitMix(2)
    dealt = [position_of_deal(deal(rand)) for _ in range(1000)]

    def play(many: int) -> None:
        for k in range(many):
            start = dealt[k % 1000]
            points = generic_rollout(
                start.hands, start.leader, [], 0, False, start.points, 0, look=look
            )
            assert sum(points) == 26

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    seconds = parser.parse_args().seconds
    if COMPILED:
        for label, policy in POLICIES:
            hands = rate(batch_loop(play_hands, policy), seconds, 2000)
            print(f"compiled, {label:<9} play-outs: {hands:>9,.0f} hands/s on one core")
        for label, look in (("generic", False), ("sighted", True)):
            one_by_one = rate(called_one_by_one(look), seconds, 200)
            print(f"compiled, {label} play-outs, one call each from Python: {one_by_one:,.0f}/s")
    else:
        print("compiled core not built: the Python reference only")
    for label, policy in POLICIES:
        hands = rate(batch_loop(py_play_hands, policy), seconds, 100)
        print(f"Python,   {label:<9} play-outs: {hands:>9,.0f} hands/s")
    print("anchor: OpenSpiel C++ loop 35,800 random hands/s (Python API 6,900)")
    print("goal: >= 300,000 random and >= 100,000 policy play-outs/s on one core")


if __name__ == "__main__":
    main()
