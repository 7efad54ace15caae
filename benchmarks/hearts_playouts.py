"""Random play-outs of full Hearts hands per second on one core.

Anchor: OpenSpiel 2.0.2's Python API plays about 6,900 random hands/s on this machine
(35,800/s in its C++ loop); our goal is at least 5,000/s. Each hand is dealt by a fresh
shuffle and played from the 2♣ to the 13th trick with uniformly random legal cards.

    PYTHONPATH=src python benchmarks/hearts_playouts.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time

from cardems.hearts.playout import position_of_deal, random_playout


def run(seconds: float) -> float:
    """Hands per second over about ``seconds``."""
    rng = random.Random(1)
    rand = rng.random
    deck = list(range(52))
    hands_done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(200):
            rng.shuffle(deck)
            hands = [0, 0, 0, 0]
            for k, card in enumerate(deck):
                hands[k & 3] |= 1 << card
            points = random_playout(position_of_deal(hands), rand)
            assert sum(points) == 26
        hands_done += 200
    return hands_done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    rate = run(parser.parse_args().seconds)
    print(f"random play-outs: {rate:,.0f} hands/s on one core")
    print("anchor: OpenSpiel Python API ~6,900 hands/s (C++ loop 35,800); goal >= 5,000")


if __name__ == "__main__":
    main()
