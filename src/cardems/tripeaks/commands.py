"""``cardems analyze tripeaks``: decide many deals, with the winnable share and the times.

    cardems analyze tripeaks --variant W --deals 1500 --start 100000

decides the deals numbered ``--start`` to ``--start + --deals - 1`` of the variant
(``--jobs`` worker processes; one by default, so that the times are one core's; or the
Dask cluster of ``--cluster``: :mod:`cardems.batch`) and
prints the winnable share with its 95 % interval (Wilson's), the median, p95 and mean
time per deal (the solver's, the shuffle left out), and the anchor beside it.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass
from typing import Any

from cardems.argtypes import positive, whole
from cardems.batch import Batch, add_cluster_argument, in_order
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.intervals import wilson
from cardems.progress import Progress
from cardems.tripeaks.game import FAMILY
from cardems.tripeaks.rules import deal
from cardems.tripeaks.solver import NODES, solve

CHUNK = 16
"""Deals a task of :mod:`cardems.batch`: measured 0.2 ms median, 16 ms mean a deal (deals
100000-100039), so a task of 16 is well over 10 ms."""
ANCHOR = (1457, 1500, 111.0)
"""mchung94's solitaire-player (Java, thoughtful, K–A wraps, one pass through the
stock): 1,457 of 1,500 random decks cleared, a mean of 111 ms per deck."""


def verdict(job: tuple[str, int, int]) -> tuple[bool | None, float]:
    """Decide one deal (in a worker process): the verdict and the solver's CPU seconds
    (the process's CPU time, which a busy shared machine disturbs less than the wall
    clock)."""
    variant, number, nodes = job
    state = deal(DealCode(FAMILY.prefix, 1, variant, number))
    start = time.process_time()
    winnable = solve(state, nodes).winnable
    return winnable, time.process_time() - start


@dataclass
class Figures:
    """What an analysis found."""

    deals: int
    winnable: int
    undecided: int
    seconds: list[float]

    def summary(self, variant: str) -> str:
        """The figures in one paragraph, the anchor beside them."""
        low, high = wilson(self.winnable, self.deals)
        times = sorted(self.seconds)
        median = statistics.median(times) * 1000
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))] * 1000
        mean = statistics.fmean(times) * 1000
        won, total, anchor_mean = ANCHOR
        a_low, a_high = wilson(won, total)
        overlap = "overlaps" if low <= a_high and a_low <= high else "does NOT overlap"
        lines = [
            f"TriPeaks {variant}: {self.winnable} of {self.deals} deals winnable"
            f" ({self.winnable / self.deals:.1%}, 95 % interval {low:.1%}-{high:.1%}),"
            f" {self.undecided} undecided",
            f"CPU time per deal: median {median:.2f} ms, p95 {p95:.1f} ms, mean {mean:.1f} ms",
        ]
        if variant == "W":
            lines.append(
                f"anchor (mchung94 solitaire-player, same rules): {won} of {total}"
                f" ({won / total:.1%}, 95 % interval {a_low:.1%}-{a_high:.1%}),"
                f" mean {anchor_mean:.0f} ms; the intervals: {overlap}; goal median <= 20 ms"
            )
        else:
            lines.append("anchor: none for the no-wrap variant (mchung94's wraps K-A)")
        return "\n".join(lines)


def analyze(
    variant: str,
    deals: int,
    *,
    start: int = 0,
    nodes: int = NODES,
    jobs: int = 1,
    cluster: str | None = None,
) -> Figures:
    """Decide the deals ``start`` … ``start + deals - 1`` of ``variant``."""
    work = [(variant, number, nodes) for number in range(start, start + deals)]
    figures = Figures(deals, 0, 0, [])
    with (
        Batch(jobs, cluster) as batch,
        Progress(f"analyze tripeaks {variant}", deals, "deals") as progress,
    ):
        for winnable, seconds in in_order(batch.map(verdict, work, chunk=CHUNK)):
            figures.winnable += winnable is True
            figures.undecided += winnable is None
            figures.seconds.append(seconds)
            progress.advance(winnable=figures.winnable, undecided=figures.undecided)
    return figures


def cmd_analyze(args: argparse.Namespace) -> None:
    """Decide the deals and print the figures."""
    figures = analyze(
        args.variant,
        args.deals,
        start=args.start,
        nodes=args.nodes,
        jobs=args.jobs,
        cluster=args.cluster,
    )
    print(figures.summary(args.variant))


def add_arguments(parser: Any) -> None:
    """The options of ``cardems analyze tripeaks``."""
    parser.add_argument("--variant", choices=FAMILY.variants, default=FAMILY.variants[0])
    parser.add_argument("--deals", type=positive, default=1500, help=N_("how many deals to solve"))
    parser.add_argument(
        "--start", type=whole(0, FAMILY.max_number), default=0, help=N_("the first deal number")
    )
    parser.add_argument(
        "--nodes", type=positive, default=NODES, help=N_("positions the search may visit per deal")
    )
    parser.add_argument("--jobs", type=positive, default=1, help=N_("worker processes"))
    add_cluster_argument(parser)
