"""``cardems analyze spider``: decide many deals, report winnability and time per deal.

    cardems analyze spider --suits 1 2 4 --deals 200 --seed 2

solves ``--deals`` deals of each variant on every core (progress on stderr) within
``--nodes`` expansions each and prints, per variant, the shares of winnable, lost and
undecided deals with their 95 % intervals (Wilson's), the median and p95 CPU time per deal
and the thirds of the winning lines' lengths (the levels' cut points,
:data:`cardems.spider.game.LEVEL_CUTS`), beside the published anchor (:data:`ANCHOR`).
With ``--pool`` the winnable codes of 2 and 4 suits, each with its winning line's length,
are added to the pool the package ships (``src/cardems/spider/pools/S<n>.txt``),
from which new games of 2 and 4 suits are drawn. Deal numbers come from a SplitMix64
stream seeded by ``--seed`` and the variant: tune on one seed, report on another.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardems.argtypes import positive, whole
from cardems.batch import Batch, add_cluster_argument, add_jobs_argument, in_order
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.intervals import wilson
from cardems.progress import Progress
from cardems.rng import SplitMix64, deal_seed
from cardems.spider.solver import FOUR_SUITS, TWO_SUITS, compiled, portfolio_nodes

CHUNK = 4
"""Deals a task of :mod:`cardems.batch`: measured ~60 ms median a 1-suit deal (more with
2 and 4 suits), so a task of 4 is well over 10 ms."""
POOLS = Path(__file__).parent / "pools"

ANCHOR = (
    "anchor: plspider (tranzoa.net/alex/plspider.htm) proved 31,998 of 32,000 PySol deals"
    " (99.994 %) of standard 4-suit Spider winnable, thoughtful (it replays known deals),"
    " about a minute a deal on a 2.6 GHz laptop; no published figure for 1 or 2 suits"
    " (KPatience's solver, on its relaxed rules that deal onto empty columns, calls"
    " all of a player's last 1,000 2-suit deals winnable)"
)
"""The published figure printed beside ours (no anchor was given with the task)."""


@dataclass(frozen=True)
class Verdict:
    """One deal's verdict (None: undecided), its search's seconds of CPU and the length
    of its winning line (None: none found)."""

    code: str
    winnable: bool | None
    seconds: float
    length: int | None


def deal_numbers(variant: str, count: int, seed: int) -> list[int]:
    """``count`` distinct pseudo-random deal numbers for ``variant``, reproducible by seed."""
    from cardems.spider.game import FAMILY

    rng = SplitMix64(deal_seed(f"SPIDER-{variant}", seed))
    numbers: dict[int, None] = {}
    while len(numbers) < count:
        numbers[rng.below(FAMILY.max_number + 1)] = None
    return list(numbers)


def decide(job: tuple[str, int, int | None]) -> Verdict:
    """Solve one deal (runs in a worker process); a winning line is replayed to a win."""
    from cardems.moves import play
    from cardems.spider.declared import deal
    from cardems.spider.solver import solve

    variant, number, nodes = job  # nodes None: the search's default
    code = DealCode("SP", 1, variant, number)
    state = deal(code)
    start = time.process_time()  # CPU: a loaded machine's wait is not the search's
    result = solve(state.fast, nodes=nodes)
    seconds = time.process_time() - start
    if result.moves is not None:
        assert play(state, result.moves).is_won(), f"{code}: the line does not win"
    length = None if result.moves is None else len(result.moves)
    return Verdict(str(code), result.winnable, seconds, length)


def default_nodes(variant: str) -> int:
    """The search's default budget for ``variant`` (its portfolio's)."""
    return portfolio_nodes(FOUR_SUITS if variant == "S4" else TWO_SUITS)


def analyze(
    variant: str,
    deals: int,
    *,
    seed: int,
    nodes: int | None,
    jobs: int | None,
    show: bool = True,
    cluster: str | None = None,
) -> list[Verdict]:
    """The verdicts of ``deals`` deals of ``variant``."""
    work = [(variant, number, nodes) for number in deal_numbers(variant, deals, seed)]
    verdicts: list[Verdict] = []
    with (
        Batch(jobs, cluster) as batch,
        Progress(f"analyze spider {variant}", len(work), "deals", enabled=show) as progress,
    ):
        for verdict in in_order(batch.map(decide, work, chunk=CHUNK)):
            verdicts.append(verdict)
            progress.advance(winnable=sum(v.winnable is True for v in verdicts))
    return verdicts


def summary(variant: str, verdicts: list[Verdict], nodes: int | None) -> str:
    """The figures of one variant, on a few lines."""
    total = len(verdicts)
    parts = []
    for name, value in (("winnable", True), ("lost", False), ("undecided", None)):
        hits = sum(v.winnable is value for v in verdicts)
        low, high = wilson(hits, total)
        parts.append(f"{name} {hits / total:.1%} [{low:.1%}, {high:.1%}]")
    times = sorted(v.seconds * 1000 for v in verdicts)
    engine = "C" if compiled() is not None else "Python"
    budget = nodes or default_nodes(variant)
    search = f"{engine} search, budget {budget:,} expansions a deal"
    lines = [
        f"Spider {variant}: {total} deals, {search}",
        "  " + ", ".join(parts),
        f"  CPU time per deal: median {statistics.median(times):.0f} ms, p95 {p95(times):.0f} ms",
    ]
    lengths = sorted(v.length for v in verdicts if v.length is not None)
    if len(lengths) >= 3:
        low, high = (lengths[len(lengths) * k // 3] for k in (1, 2))
        lines.append(
            f"  winning lines: {lengths[0]} to {lengths[-1]} moves, thirds cut at {low}, {high}"
        )
    return "\n".join(lines)


def p95(values: list[float]) -> float:
    """The 95th percentile of sorted ``values`` (nearest rank)."""
    return values[min(len(values) - 1, math.ceil(0.95 * len(values)) - 1)]


def add_to_pool(variant: str, verdicts: list[Verdict]) -> int:
    """Add the winnable codes, each with its winning line's length, to the shipped pool of
    ``variant`` (a code already there keeps its length); its size after."""
    from cardems.kit.building.pool import format_pool
    from cardems.spider.game import load_pool

    pool = dict(load_pool(variant))
    for verdict in verdicts:
        if verdict.length is not None:
            pool.setdefault(DealCode.parse(verdict.code), verdict.length)
    (POOLS / f"{variant}.txt").write_text(format_pool(pool), encoding="ascii")
    return len(pool)


def cmd_analyze(args: argparse.Namespace) -> None:
    """Decide the deals of each variant asked for and print the figures."""
    from cardems.spider.game import LIVE_VARIANTS

    for suits in args.suits:
        variant = f"S{suits}"
        verdicts = analyze(
            variant,
            args.deals,
            seed=args.seed,
            nodes=args.nodes,
            jobs=args.jobs,
            cluster=args.cluster,
        )
        print(summary(variant, verdicts, args.nodes))
        if args.pool and variant not in LIVE_VARIANTS:
            print(f"  {add_to_pool(variant, verdicts)} codes in the pool of {variant}")
    print(ANCHOR)


def add_arguments(parser: Any) -> None:
    """The options of ``cardems analyze spider``."""
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--deals", type=positive, default=100, help=N_("how many deals to solve"))
    parser.add_argument("--seed", type=whole(0), default=2, help=N_("which stream of deal numbers"))
    parser.add_argument(
        "--nodes",
        type=positive,
        default=None,
        help=N_("positions a search may expand"),
    )
    add_jobs_argument(parser)
    add_cluster_argument(parser)
    parser.add_argument(
        "--pool", action="store_true", help=N_("add the winnable codes to the shipped pool")
    )
