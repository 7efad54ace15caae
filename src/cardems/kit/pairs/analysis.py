"""``cardems analyze GAME`` for a pairs game: decide random deals, each by the family's
decision search (:mod:`cardems.kit.pairs.decide`); with ``--par`` the A* finds each win's
shortest length.

    cardems analyze pyramid --variant P3 --deals 1500 --start 100000

Prints the winnable share with its 95 % Wilson interval (undecided deals, past the limit,
counted apart), and the median and 95th-percentile milliseconds per deal (wall clock and
the process's CPU time: on a loaded machine the second is the search's own), beside the
game's anchor (Pyramid: mchung94's for Microsoft's rules, 3 passes).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

from cardems.argtypes import positive
from cardems.batch import Batch, add_cluster_argument, in_order
from cardems.dealcode import DealCode
from cardems.intervals import wilson

DEFAULT_NODES = 20_000_000
"""Chain positions the decision may visit per deal (as ``decide.DECIDE_NODES``)."""
PAR_NODES = 3_000_000
"""Nodes the A* may expand per won deal for its shortest length (``--par``)."""
CHUNK = 16
"""Deals a task of :mod:`cardems.batch`: measured 0.8 ms median, 2 ms mean a deal (P3,
deals 0-11), so a task of 16 is over 10 ms."""
Result = tuple[bool | None, int | None, float, float]
"""A deal's verdict, shortest-win length (None: not asked, or none), wall and CPU ms."""


def decide(task: tuple[str, int, bool]) -> Result:
    """One deal's verdict, shortest-win length (with ``par``), wall and CPU milliseconds."""
    from cardems.core.registry import game_for
    from cardems.kit.pairs.decide import decide
    from cardems.kit.pairs.shortest import search

    code = DealCode.parse(task[0])
    state: Any = game_for(code.game).deal(code)
    wall, cpu = time.perf_counter(), time.process_time()
    winnable = decide(state, task[1]).winnable
    wall, cpu = (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000
    length = None
    if task[2] and winnable:
        line = search(state, PAR_NODES).line
        length = None if line is None else len(line)
    return winnable, length, wall, cpu


def analyze(
    game: str,
    variant: str,
    deals: int,
    start: int,
    nodes: int,
    jobs: int,
    par: bool = False,
    cluster: str | None = None,
) -> dict[str, Any]:
    """Decide deals ``start`` … ``start + deals - 1`` of the game (code prefix) and
    ``variant`` (in ``jobs`` processes; 1: in this one; or on the Dask cluster at
    ``cluster``)."""
    numbers = range(start, start + deals)
    tasks = [(str(DealCode(game, 1, variant, number)), nodes, par) for number in numbers]
    results: list[Result] = []

    def collect(results_in: Iterator[Result]) -> None:
        for result in results_in:
            results.append(result)
            if len(results) % 250 == 0:  # a running report on stderr, for long runs
                running = figures(game, variant, start, results)
                print(report(running), file=sys.stderr, flush=True)

    with Batch(jobs, cluster) as batch:
        collect(in_order(batch.map(decide, tasks, chunk=CHUNK)))
    return figures(game, variant, start, results)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def figures(game: str, variant: str, start: int, results: list[Result]) -> dict[str, Any]:
    """The analysis' figures from each deal's verdict, length, wall and CPU ms."""
    deals = len(results)
    wins = sum(1 for winnable, *_ in results if winnable)
    undecided = sum(1 for winnable, *_ in results if winnable is None)
    walls = [wall for *_, wall, _ in results]
    cpus = [cpu for *_, cpu in results]
    lengths = [length for _, length, _, _ in results if length is not None]
    low, high = wilson(wins, deals)
    return {
        "game": game,
        "variant": variant,
        "deals": deals,
        "start": start,
        "winnable": wins,
        "undecided": undecided,
        "share": wins / deals,
        "low": low,
        "high": high,
        "median_ms": statistics.median(walls),
        "p95_ms": _percentile(walls, 0.95),
        "mean_ms": statistics.fmean(walls),
        "max_ms": max(walls),
        "median_cpu_ms": statistics.median(cpus),
        "p95_cpu_ms": _percentile(cpus, 0.95),
        "mean_cpu_ms": statistics.fmean(cpus),
        "lengths": lengths,
    }


def report(figures: dict[str, Any]) -> str:
    """The figures as lines of text, the game's anchor beside them."""
    from cardems.core.registry import game_for

    game: Any = game_for(figures["game"])
    lengths = figures["lengths"]
    lines = [
        f"{game.solitaire().rules.name} {figures['variant']}, deals {figures['start']}-"
        f"{figures['start'] + figures['deals'] - 1}: winnable {figures['winnable']} of"
        f" {figures['deals']} ({figures['share']:.1%}, 95 % interval"
        f" {figures['low']:.1%}-{figures['high']:.1%}), undecided {figures['undecided']}",
        f"ms per deal, wall clock: median {figures['median_ms']:.1f}, p95"
        f" {figures['p95_ms']:.1f}, mean {figures['mean_ms']:.1f}, max {figures['max_ms']:.0f}",
        f"ms per deal, CPU: median {figures['median_cpu_ms']:.1f}, p95"
        f" {figures['p95_cpu_ms']:.1f}, mean {figures['mean_cpu_ms']:.1f}",
    ]
    if lengths:
        thirds = statistics.quantiles(lengths, n=3) if len(lengths) >= 3 else []
        lines.append(
            f"shortest wins (A*): {min(lengths)}-{max(lengths)} moves, thirds at"
            f" {', '.join(f'{cut:.0f}' for cut in thirds)}"
        )
    anchor = getattr(game, "anchor", None)
    if anchor:
        lines.append(f"anchor: {anchor}")
    return "\n".join(lines)


def add_arguments(parser: Any, variants: tuple[str, ...]) -> None:
    """The options of ``cardems analyze GAME``."""
    parser.add_argument("--variant", choices=variants, default=variants[0])
    parser.add_argument("--deals", type=positive, default=1500)
    parser.add_argument("--start", type=int, default=0, help="the first deal number")
    parser.add_argument(
        "--nodes", type=positive, default=DEFAULT_NODES, help="chain positions per deal"
    )
    parser.add_argument("--jobs", type=positive, default=1, help="processes")
    add_cluster_argument(parser)
    parser.add_argument("--par", action="store_true", help="shortest win lengths (A*)")
    parser.add_argument("--json", action="store_true", help="print JSON")


def cmd_analyze(game: str, args: argparse.Namespace) -> None:
    """Run the analysis of the game (code prefix) and print it."""
    figures = analyze(
        game, args.variant, args.deals, args.start, args.nodes, args.jobs, args.par, args.cluster
    )
    if args.json:
        print(json.dumps({key: value for key, value in figures.items() if key != "lengths"}))
    else:
        print(report(figures))
