"""What each game's day's deal costs: the CPU time of ``daily_code`` over a run of days.

The day's first home page waits for every game's deal (``proves_daily``), so each game's
mean must stay small. Prints, per game, the mean and the worst CPU time over ``--days``
days (a fresh process makes each day's deal once; the first day, which loads the solver,
is not counted).

Anchor: 0.3 s mean a game, the budget the build family's declarations keep to (a game
past it narrows its ``daily_nodes``, as Baker's Dozen and Fan do).

    python benchmarks/daily_deals.py bakers-dozen spanish-patience fan [--days 20]
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import time

from cardems.core.registry import game_for

ANCHOR = 0.3
"""Seconds of CPU a game's day's deal may take on average."""


def main(names: list[str], days: int) -> None:
    first = datetime.date(2026, 1, 1)
    for name in names:
        game = game_for(name)
        game.daily_code(first)  # loads the solver
        times = []
        for n in range(1, days + 1):
            started = time.process_time()
            game.daily_code(first + datetime.timedelta(days=n))
            times.append(time.process_time() - started)
        mean = statistics.mean(times)
        print(
            f"{name:20} day's deal: mean {mean:.3f} s, max {max(times):.3f} s over {days} days"
            f"  (anchor: mean under {ANCHOR} s: {'yes' if mean < ANCHOR else 'NO'})"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+", help="game names, e.g. fan")
    parser.add_argument("--days", type=int, default=20, help="days to make deals for")
    args = parser.parse_args()
    main(args.games, args.days)
