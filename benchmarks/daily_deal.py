"""What each game's day's deal costs: the CPU time of ``daily_code`` over many days.

The day's first home page waits for every game's day's deal (``proves_daily``), so each
game should cost it no more than some 0.3 s on average: the anchor printed beside each
figure. For each game named (every solitaire by default) it prints the mean and the
largest CPU time of ``daily_code`` over ``--days`` days from ``--start``.

    python3 benchmarks/daily_deal.py --games king-albert,somerset,raglan,flower-garden
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import time

from cardems.core.registry import game_for, games

ANCHOR = 0.3
"""Seconds a game's day's deal may cost the day's first home page, on average."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="", help="names, comma-separated (all solitaires)")
    parser.add_argument("--days", type=int, default=20)
    parser.add_argument("--start", default="2027-01-01", help="the first day, YYYY-MM-DD")
    args = parser.parse_args()
    names = (
        args.games.split(",")
        if args.games
        else [game.family.name for game in games() if game.can_solve and not game.opponents]
    )
    first = datetime.date.fromisoformat(args.start)
    for name in names:
        game = game_for(name)
        seconds = []
        for n in range(args.days):
            started = time.process_time()
            game.daily_code(first + datetime.timedelta(days=n))
            seconds.append(time.process_time() - started)
        print(
            f"{name:20} mean {statistics.mean(seconds) * 1000:8.1f} ms"
            f"  max {max(seconds) * 1000:8.1f} ms  over {args.days} days"
            f"  (anchor: {ANCHOR * 1000:.0f} ms mean)"
        )


if __name__ == "__main__":
    main()
