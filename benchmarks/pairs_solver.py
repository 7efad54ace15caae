"""The pairs family's one solver per game: share of deals decided, median and p95 CPU
milliseconds per deal, beside the game's faster search where it keeps one.

For each game's default variant (Heart to Heart ``N``, Pyramid ``P3``), deals
``start`` … ``start + deals - 1`` are decided by :func:`cardems.kit.pairs.decide.decide`
(compiled where the declaration names a twin: Pyramid's ``_astar``), within ``--nodes``
chain positions, and by the game's own search (Heart to Heart's exact
:mod:`cardems.kit.pairs.ranks`; for Pyramid the family's Python search, the compiled
twin's reference). Verdicts must agree wherever both decide. Anchor: mchung94's optimal
A* decides 1,500 random Pyramid decks (3 passes) at a median 156 ms (Java); the
specialized searches' own goals are in ``hh_winnable.py`` and ``pyramid_solver.py``.

    python benchmarks/pairs_solver.py [--deals 100] [--start 100000] [--nodes 200000]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from cardems.argtypes import positive
from cardems.dealcode import DealCode
from cardems.heart_to_heart.rules import deal as hh_deal
from cardems.kit.pairs.decide import decide, python_decide
from cardems.kit.pairs.ranks import is_winnable
from cardems.pyramid.rules import deal as py_deal

ANCHOR = "mchung94's optimal A* (Pyramid, 3 passes): median 156 ms per deck (Java)"


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def measure(
    states: list[Any], solve: Callable[[Any], bool | None]
) -> tuple[list[bool | None], list[float]]:
    """Each state's verdict and CPU milliseconds."""
    verdicts, times = [], []
    for state in states:
        start = time.process_time()
        verdicts.append(solve(state))
        times.append((time.process_time() - start) * 1000)
    return verdicts, times


def line(name: str, verdicts: list[bool | None], times: list[float]) -> str:
    decided = sum(1 for verdict in verdicts if verdict is not None)
    return (
        f"  {name:<28} decided {decided}/{len(verdicts)} ({decided / len(verdicts):.0%}),"
        f" winnable {sum(1 for v in verdicts if v)}, CPU ms per deal: median"
        f" {statistics.median(times):.2f}, p95 {_p95(times):.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=positive, default=100)
    parser.add_argument("--start", type=int, default=100_000)
    parser.add_argument("--nodes", type=positive, default=200_000, help="positions a deal")
    args = parser.parse_args()
    numbers = range(args.start, args.start + args.deals)
    games: list[tuple[str, list[Any], str, Callable[[Any], bool | None]]] = [
        (
            "Heart to Heart N",
            [hh_deal(DealCode("HH", 1, "N", n)) for n in numbers],
            "own exact search (ranks)",
            is_winnable,
        ),
        (
            "Pyramid P3",
            [py_deal(DealCode("PY", 1, "P3", n)) for n in numbers],
            "family search in Python",
            lambda state: python_decide(state, args.nodes).winnable,
        ),
    ]
    for title, states, own_name, own in games:
        print(f"{title}, deals {args.start}-{args.start + args.deals - 1}:")
        family, family_times = measure(states, lambda s: decide(s, args.nodes).winnable)
        print(line("family solver (pairs)", family, family_times))
        theirs, own_times = measure(states, own)
        print(line(own_name, theirs, own_times))
        clash = [
            n
            for n, a, b in zip(numbers, family, theirs, strict=True)
            if a is not None and b is not None and a != b
        ]
        print(f"  verdicts differ on {len(clash)} deals {clash[:5]}")
    print(f"anchor: {ANCHOR}")


if __name__ == "__main__":
    main()
