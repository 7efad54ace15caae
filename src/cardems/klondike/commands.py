"""``cardems analyze klondike``: decide many deals and report the winnable share.

    cardems analyze klondike --variant D3 --deals 10000 --start 100000

decides deals ``--start`` … ``--start + --deals - 1`` of the variant on every core
(progress on stderr) and prints the winnable share with its 95 % Wilson interval
(undecided deals counted apart, and left out of the share), then the median and 95th
percentile of the CPU time per deal.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from cardems.argtypes import positive, whole
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.intervals import wilson
from cardems.klondike.rules import VARIANTS, deal
from cardems.klondike.solver import NODE_BUDGET, solve
from cardems.progress import Progress

SPAWN = multiprocessing.get_context("spawn")
"""Worker processes start afresh (no fork of a process that may run threads)."""


def verdict(job: tuple[str, int, int]) -> tuple[bool | None, float]:
    """One deal's verdict and the CPU seconds it took (runs in a worker process)."""
    variant, number, budget = job
    state = deal(DealCode("KL", 1, variant, number))
    start = time.process_time()
    result = solve(state, budget)
    return result.winnable, time.process_time() - start


@dataclass(frozen=True)
class Report:
    """What an analysis found."""

    variant: str
    deals: int
    winnable: int
    undecided: int
    times: tuple[float, ...]

    @property
    def decided(self) -> int:
        """Deals the search decided."""
        return self.deals - self.undecided

    def interval(self) -> tuple[float, float, float]:
        """The winnable share of the decided deals and its 95 % Wilson interval."""
        share = self.winnable / self.decided if self.decided else 0.0
        return (share, *wilson(self.winnable, self.decided))

    def percentile(self, share: float) -> float:
        """CPU milliseconds per deal at ``share`` (0.5: the median)."""
        ordered = sorted(self.times)
        return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    def lines(self) -> list[str]:
        """The report as printed."""
        rate, low, high = self.interval()
        return [
            f"Klondike {self.variant}: {self.winnable} of {self.decided} decided deals winnable"
            f" ({100 * rate:.3f} %, 95 % interval {100 * low:.3f}-{100 * high:.3f} %);"
            f" {self.undecided} of {self.deals} undecided",
            f"CPU time per deal: median {self.percentile(0.5):.1f} ms,"
            f" p95 {self.percentile(0.95):.1f} ms",
        ]


def analyze(
    variant: str,
    deals: int,
    *,
    start: int = 0,
    budget: int = NODE_BUDGET,
    jobs: int | None = None,
    show: bool = True,
) -> Report:
    """Decide deals ``start`` … ``start + deals - 1`` of ``variant``."""
    work = [(variant, number, budget) for number in range(start, start + deals)]
    winnable = undecided = 0
    times: list[float] = []
    with (
        ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1, mp_context=SPAWN) as pool,
        Progress(f"analyze klondike {variant}", len(work), "deals", enabled=show) as progress,
    ):
        for result, seconds in pool.map(verdict, work, chunksize=16):
            times.append(seconds)
            winnable += result is True
            undecided += result is None
            progress.advance(winnable=winnable, undecided=undecided)
    return Report(variant, deals, winnable, undecided, tuple(times))


def cmd_analyze(args: argparse.Namespace) -> None:
    """Print the report of each variant asked for."""
    for variant in args.variant or ["D3"]:
        report = analyze(variant, args.deals, start=args.start, budget=args.budget, jobs=args.jobs)
        print("\n".join(report.lines()), flush=True)


def add_arguments(parser: Any) -> None:
    """The options of ``cardems analyze klondike``."""
    parser.add_argument(
        "--variant",
        action="append",
        choices=VARIANTS,
        help=N_("variant to decide (several allowed; default D3)"),
    )
    parser.add_argument("--deals", type=positive, default=1000, help=N_("how many deals"))
    parser.add_argument("--start", type=whole(0), default=0, help=N_("the first deal number"))
    parser.add_argument(
        "--budget", type=positive, default=NODE_BUDGET, help=N_("positions per deal at most")
    )
    parser.add_argument(
        "--jobs", type=positive, default=None, help=N_("worker processes (all cores)")
    )
