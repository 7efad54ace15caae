"""The build family's search compiled (``kit/building/_search.c``) beside its Python twin
(``solver.py_solve_state``, the reference): positions a second on the same deals, and what
a waiting player's deal costs with each.

    python3 benchmarks/build_search.py --deals 5 --nodes 3000
    python3 benchmarks/build_search.py --waiting --games flower-garden,yukon,mrs-mop --tries 5
    python3 benchmarks/build_search.py --waiting --python --games flower-garden --tries 3
    python3 benchmarks/build_search.py --daily --games flower-garden,yukon,mrs-mop --days 20

Speed (the default): for each build-family game (``--games``, every one by default), deals
``--start`` … ``--start + --deals - 1`` of its first variant are searched within
``--nodes`` positions by both searches, which must agree on the verdict, the positions
expanded and the line (checked); it prints the positions a second (CPU) of each and their
ratio, the Python search's figure being the anchor the compiled one races.

``--waiting``: the mean CPU time of a winnable-only easy deal
(``new_code("N", winnable=True, options={"difficulty": "easy"})``: deals drawn at random
and rated by ``level_of`` until one is easy) over ``--tries`` deals, with the compiled
search, or with the Python one (``--python``). ``--daily``: the mean and largest CPU time
of the day's deal (``daily_code``) over ``--days`` days, anchor 300 ms mean
(``benchmarks/daily_deal.py``'s).
"""

from __future__ import annotations

import argparse
import datetime
import functools
import statistics
import time
from collections.abc import Callable, Iterable

from cardems.core.registry import game_for, games
from cardems.dealcode import DealCode
from cardems.kit.building import solver
from cardems.kit.building.engine import BuildState
from cardems.kit.building.game import BuildGame

DAILY_ANCHOR = 0.3
"""Seconds a game's day's deal may cost the day's first home page, on average."""


def build_games(names: str) -> list[BuildGame]:
    found: list[object] = [game_for(name) for name in names.split(",")] if names else [*games()]
    return [game for game in found if isinstance(game, BuildGame)]


def speed(game: BuildGame, args: argparse.Namespace) -> None:
    family = game.family
    python_seconds = compiled_seconds = 0.0
    nodes = 0
    for number in range(args.start, args.start + args.deals):
        code = DealCode(family.prefix, family.versions[-1], family.variants[0], number)
        state = game.deal(code)
        assert isinstance(state, BuildState)
        started = time.process_time()
        python = solver.py_solve_state(state, args.nodes)
        middle = time.process_time()
        compiled = solver.solve_state(state, args.nodes)
        compiled_seconds += time.process_time() - middle
        python_seconds += middle - started
        same = (python.winnable, python.nodes, python.moves) == (
            compiled.winnable,
            compiled.nodes,
            compiled.moves,
        )
        assert same, (code, python.nodes, compiled.nodes)
        nodes += python.nodes
    python_rate = nodes / max(python_seconds, 1e-9)
    compiled_rate = nodes / max(compiled_seconds, 1e-9)
    print(
        f"{family.name:20} {nodes:8} positions  C {compiled_rate:10,.0f}/s"
        f"  ({compiled_rate / python_rate:5.1f} x)  anchor: Python {python_rate:8,.0f}/s"
    )


def cpu_times(calls: Iterable[Callable[[], object]]) -> list[float]:
    """The CPU seconds of each call, one after the other."""
    seconds = []
    for call in calls:
        started = time.process_time()
        call()
        seconds.append(time.process_time() - started)
    return seconds


def waiting(game: BuildGame, args: argparse.Namespace) -> None:
    seconds = cpu_times(
        lambda: game.new_code("N", winnable=True, options={"difficulty": "easy"})
        for _ in range(args.tries)
    )
    search = "Python" if args.python else "C"
    print(
        f"{game.family.name:20} winnable-only easy deal ({search}): mean"
        f" {statistics.mean(seconds) * 1000:8.1f} ms  max {max(seconds) * 1000:8.1f} ms"
        f"  over {args.tries} deals"
    )


def daily(game: BuildGame, args: argparse.Namespace) -> None:
    first = datetime.date.fromisoformat(args.first_day)
    days = [first + datetime.timedelta(days=n) for n in range(args.days)]
    seconds = cpu_times(functools.partial(game.daily_code, day) for day in days)
    search = "Python" if args.python else "C"
    print(
        f"{game.family.name:20} day's deal ({search}): mean {statistics.mean(seconds) * 1000:8.1f}"
        f" ms  max {max(seconds) * 1000:8.1f} ms  over {args.days} days"
        f"  (anchor: {DAILY_ANCHOR * 1000:.0f} ms mean)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="", help="names, comma-separated (all build games)")
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=3_000)
    parser.add_argument("--waiting", action="store_true", help="a winnable-only easy deal")
    parser.add_argument("--daily", action="store_true", help="the day's deal")
    parser.add_argument("--tries", type=int, default=5)
    parser.add_argument("--days", type=int, default=20)
    parser.add_argument("--first-day", default="2027-01-01")
    parser.add_argument("--python", action="store_true", help="the Python search only")
    args = parser.parse_args()
    if args.python and not (args.waiting or args.daily):
        parser.error("--python goes with --waiting or --daily (the speed runs both searches)")
    if args.python:
        solver.COMPILED = False
    elif not solver.COMPILED:
        parser.error("the compiled search was not built (pip install -e .)")
    for game in build_games(args.games):
        if args.waiting:
            waiting(game, args)
        elif args.daily:
            daily(game, args)
        else:
            speed(game, args)


if __name__ == "__main__":
    main()
