"""``cardems analyze GAME`` for a waste-family game: decide many deals, with the
winnable share and the times.

    cardems analyze tripeaks --variant W --deals 1500 --start 100000

decides the deals numbered ``--start`` to ``--start + --deals - 1`` of the variant
(``--jobs`` worker processes; one by default, so that the times are one core's; or the
Dask cluster of ``--cluster``: :mod:`cardems.batch`) and prints the winnable share with
its 95 % interval (Wilson's), the median, p95 and mean CPU time per deal (the solver's,
the shuffle left out), and the declaration's anchor beside it where it has one.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass
from typing import Any

from cardems.batch import Batch, in_order
from cardems.dealcode import DealCode
from cardems.intervals import wilson
from cardems.progress import Progress

CHUNK = 16
"""Deals a task of :mod:`cardems.batch` (TriPeaks: 0.2 ms median, 16 ms mean a deal)."""


def verdict(job: tuple[str, str, int, int]) -> tuple[bool | None, float]:
    """Decide one deal (in a worker process): the verdict and the solver's CPU seconds
    (the process's CPU time, which a busy shared machine disturbs less than the wall
    clock)."""
    from cardems.core.registry import game_for
    from cardems.kit.waste.engine import deal
    from cardems.kit.waste.solver import solve

    slug, variant, number, nodes = job
    game = game_for(slug)
    declaration = game.declaration  # type: ignore[attr-defined]
    state = deal(declaration, DealCode(game.family.prefix, 1, variant, number))
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

    def summary(self, title: str, variant: str, anchor: Any = None) -> str:
        """The figures in one paragraph, the anchor beside them."""
        low, high = wilson(self.winnable, self.deals)
        times = sorted(self.seconds)
        median = statistics.median(times) * 1000
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))] * 1000
        mean = statistics.fmean(times) * 1000
        lines = [
            f"{title} {variant}: {self.winnable} of {self.deals} deals winnable"
            f" ({self.winnable / self.deals:.1%}, 95 % interval {low:.1%}-{high:.1%}),"
            f" {self.undecided} undecided",
            f"CPU time per deal: median {median:.2f} ms, p95 {p95:.1f} ms, mean {mean:.1f} ms",
        ]
        if anchor is not None and anchor.variant == variant and not anchor.deals:
            share = anchor.won / 1000
            inside = "inside" if low <= share <= high else "NOT inside"
            lines.append(f"anchor ({anchor.source}): {share:.1%}, {inside} the interval")
        elif anchor is not None and anchor.variant == variant:
            a_low, a_high = wilson(anchor.won, anchor.deals)
            overlap = "overlaps" if low <= a_high and a_low <= high else "does NOT overlap"
            lines.append(
                f"anchor ({anchor.source}): {anchor.won} of {anchor.deals}"
                f" ({anchor.won / anchor.deals:.1%}, 95 % interval {a_low:.1%}-{a_high:.1%});"
                f" the intervals: {overlap}"
            )
        else:
            lines.append(f"anchor: none for {title} {variant}")
        return "\n".join(lines)


def analyze(
    slug: str,
    variant: str,
    deals: int,
    *,
    start: int = 0,
    nodes: int = 2_000_000,
    jobs: int = 1,
    cluster: str | None = None,
) -> Figures:
    """Decide the deals ``start`` … ``start + deals - 1`` of ``variant``."""
    work = [(slug, variant, number, nodes) for number in range(start, start + deals)]
    figures = Figures(deals, 0, 0, [])
    with (
        Batch(jobs, cluster) as batch,
        Progress(f"analyze {slug} {variant}", deals, "deals") as progress,
    ):
        for winnable, seconds in in_order(batch.map(verdict, work, chunk=CHUNK)):
            figures.winnable += winnable is True
            figures.undecided += winnable is None
            figures.seconds.append(seconds)
            progress.advance(winnable=figures.winnable, undecided=figures.undecided)
    return figures


def cmd_analyze(args: argparse.Namespace, game: Any) -> None:
    """Decide the deals and print the figures."""
    declaration = game.declaration
    figures = analyze(
        game.family.name,
        args.variant,
        args.deals,
        start=args.start,
        nodes=args.nodes,
        jobs=args.jobs,
        cluster=args.cluster,
    )
    print(figures.summary(declaration.words.title, args.variant, declaration.anchor))
