"""``cardems analyze pyramid``: decide random deals, each by the exact shortest-win search.

    cardems analyze pyramid --variant P3 --deals 1500 --start 100000

Prints the winnable share with its 95 % Wilson interval (undecided deals, past the node
limit, counted apart), and the median and 95th-percentile milliseconds per deal, beside
mchung94's anchor for Microsoft's rules (3 passes).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from typing import Any

from cardems.argtypes import positive
from cardems.dealcode import DealCode

ANCHOR = (
    "mchung94's optimal A* (Microsoft's rules, 3 passes): 998 of 1,500 random decks"
    " (66.5 %, 95 % interval 64.1-68.9 %), mean 598 ms, median 156 ms (Java)"
)
DEFAULT_NODES = 3_000_000


def wilson(wins: int, count: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``wins`` out of ``count``."""
    if not count:
        return 0.0, 1.0
    z = 1.959963984540054
    share = wins / count
    centre = share + z * z / (2 * count)
    spread = z * math.sqrt(share * (1 - share) / count + z * z / (4 * count * count))
    scale = 1 + z * z / count
    return (centre - spread) / scale, (centre + spread) / scale


def decide(task: tuple[str, int]) -> tuple[bool | None, int | None, float, int]:
    """One deal's verdict, shortest-win length, milliseconds and nodes expanded."""
    from cardems.pyramid.rules import deal
    from cardems.pyramid.shortest import search

    code = DealCode.parse(task[0])
    state = deal(code)
    start = time.perf_counter()
    outcome = search(state, task[1])
    elapsed = (time.perf_counter() - start) * 1000
    length = None if outcome.line is None else len(outcome.line)
    return outcome.winnable, length, elapsed, outcome.expanded


def analyze(variant: str, deals: int, start: int, nodes: int, jobs: int) -> dict[str, Any]:
    """Decide deals ``start`` … ``start + deals - 1`` of ``variant``."""
    numbers = range(start, start + deals)
    tasks = [(str(DealCode("PY", 1, variant, number)), nodes) for number in numbers]
    results: list[tuple[bool | None, int | None, float, int]] = []
    with multiprocessing.Pool(jobs) as pool:
        for result in pool.imap(decide, tasks, chunksize=2):
            results.append(result)
            if len(results) % 100 == 0:  # a running report on stderr, for long runs
                print(report(figures(variant, start, results)), file=sys.stderr, flush=True)
    return figures(variant, start, results)


def figures(
    variant: str, start: int, results: list[tuple[bool | None, int | None, float, int]]
) -> dict[str, Any]:
    """The analysis' figures from each deal's verdict, length, milliseconds and nodes."""
    deals = len(results)
    wins = sum(1 for winnable, *_ in results if winnable)
    undecided = sum(1 for winnable, *_ in results if winnable is None)
    times = sorted(elapsed for _, _, elapsed, _ in results)
    lengths = [length for _, length, _, _ in results if length is not None]
    low, high = wilson(wins, deals)
    return {
        "variant": variant,
        "deals": deals,
        "start": start,
        "winnable": wins,
        "undecided": undecided,
        "share": wins / deals,
        "low": low,
        "high": high,
        "median_ms": statistics.median(times),
        "p95_ms": times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)],
        "mean_ms": statistics.fmean(times),
        "lengths": lengths,
    }


def report(figures: dict[str, Any]) -> str:
    """The figures as lines of text, the anchor beside them."""
    lengths = figures["lengths"]
    thirds = statistics.quantiles(lengths, n=3) if len(lengths) >= 3 else []
    return "\n".join(
        [
            f"Pyramid {figures['variant']}, deals {figures['start']}-"
            f"{figures['start'] + figures['deals'] - 1}: winnable {figures['winnable']} of"
            f" {figures['deals']} ({figures['share']:.1%}, 95 % interval"
            f" {figures['low']:.1%}-{figures['high']:.1%}), undecided {figures['undecided']}",
            f"ms per deal: median {figures['median_ms']:.0f}, p95 {figures['p95_ms']:.0f},"
            f" mean {figures['mean_ms']:.0f}",
            f"shortest wins: {min(lengths, default=0)}-{max(lengths, default=0)} moves,"
            f" thirds at {', '.join(f'{cut:.0f}' for cut in thirds)}",
            f"anchor: {ANCHOR}",
        ]
    )


def add_arguments(parser: Any) -> None:
    """The options of ``cardems analyze pyramid``."""
    from cardems.pyramid.rules import VARIANTS

    parser.add_argument("--variant", choices=VARIANTS, default=VARIANTS[0])
    parser.add_argument("--deals", type=positive, default=1500)
    parser.add_argument("--start", type=int, default=0, help="the first deal number")
    parser.add_argument("--nodes", type=positive, default=DEFAULT_NODES, help="node limit per deal")
    parser.add_argument("--jobs", type=positive, default=1, help="processes")
    parser.add_argument("--json", action="store_true", help="print JSON")


def cmd_analyze(args: argparse.Namespace) -> None:
    """Run the analysis and print it."""
    figures = analyze(args.variant, args.deals, args.start, args.nodes, args.jobs)
    if args.json:
        print(json.dumps({key: value for key, value in figures.items() if key != "lengths"}))
    else:
        print(report(figures))
