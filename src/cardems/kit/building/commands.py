"""``cardems analyze GAME`` for every build-family declaration: decide many deals.

    cardems analyze eight-off --deals 1000 --jobs 2

decides the deals numbered ``--start`` to ``--start + --deals - 1`` with the generic
solver within ``--nodes`` positions each (``--jobs`` worker processes, or the Dask
cluster of ``--cluster``: :mod:`cardems.batch`) and prints the winnable share with its
95 % interval (Wilson's), the undecided deals, and the median and p95 CPU time per deal.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from cardems.argtypes import positive, whole
from cardems.batch import Batch, add_cluster_argument, in_order
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.intervals import wilson
from cardems.progress import Progress

CHUNK = 4
"""Deals a task of :mod:`cardems.batch` (a deal takes some 10–100 ms at the median)."""


def verdict(job: tuple[str, int, int]) -> tuple[bool | None, float]:
    """Decide one deal in a worker: the verdict and the solver's CPU seconds."""
    from cardems.core.registry import game_for
    from cardems.kit.building.engine import deal
    from cardems.kit.building.solver import solve_state

    name, number, nodes = job
    game: Any = game_for(name)
    state = deal(game.rules, DealCode(game.family.prefix, 1, game.family.variants[0], number))
    start = time.process_time()
    winnable = solve_state(state, nodes).winnable
    return winnable, time.process_time() - start


def summary(title: str, verdicts: list[tuple[bool | None, float]]) -> str:
    """The figures in three lines."""
    deals = len(verdicts)
    won = sum(1 for winnable, _ in verdicts if winnable is True)
    undecided = sum(1 for winnable, _ in verdicts if winnable is None)
    low, high = wilson(won, deals)
    times = sorted(seconds for _, seconds in verdicts)
    p95 = times[min(deals - 1, int(0.95 * deals))] * 1000
    return "\n".join(
        [
            f"{title}: {won} of {deals} deals winnable ({won / deals:.1%}, 95 % interval"
            f" {low:.1%}-{high:.1%}), {undecided} undecided",
            f"CPU time per deal: median {statistics.median(times) * 1000:.1f} ms, p95 {p95:.1f} ms",
        ]
    )


def cmd_analyze(game: Any, args: Any) -> None:
    """Decide the deals and print the figures."""
    name = game.family.name
    work = [(name, number, args.nodes) for number in range(args.start, args.start + args.deals)]
    verdicts: list[tuple[bool | None, float]] = []
    with (
        Batch(args.jobs, args.cluster) as batch,
        Progress(f"analyze {name}", args.deals, "deals") as progress,
    ):
        for found in in_order(batch.map(verdict, work, chunk=CHUNK)):
            verdicts.append(found)
            progress.advance(winnable=sum(1 for v, _ in verdicts if v is True))
    print(summary(game.rules.game, verdicts))


def add_arguments(parser: Any, max_number: int, nodes: int) -> None:
    """The options of ``cardems analyze GAME``."""
    parser.add_argument("--deals", type=positive, default=1000, help=N_("how many deals to solve"))
    parser.add_argument(
        "--start", type=whole(0, max_number), default=0, help=N_("the first deal number")
    )
    parser.add_argument(
        "--nodes", type=positive, default=nodes, help=N_("positions the search may visit per deal")
    )
    parser.add_argument("--jobs", type=positive, default=1, help=N_("worker processes"))
    add_cluster_argument(parser)
