"""``cardems analyze seahaven``: prove random deals winnable and ship them as pools.

    cardems analyze seahaven --cells 1 --deals 20000

solves ``--deals`` deals of the variant on every core (progress on stderr) and writes the
winnable codes, merged with the codes already there, to the package data file
``src/cardems/seahaven/pools/C<cells>.txt`` (or ``--out``). The deal numbers come from a
SplitMix64 stream seeded by ``--seed`` and the variant, so a build is reproducible and its
codes look random.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.rng import SplitMix64, deal_seed
from cardems.seahaven.game import FAMILY, load_pool
from cardems.seahaven.rules import deal
from cardems.seahaven.solver import solve_state

POOL_DIR = Path(__file__).parent / "pools"


def deal_numbers(variant: str, count: int, seed: int) -> list[int]:
    """``count`` distinct pseudo-random deal numbers for ``variant``, reproducible by seed."""
    rng = SplitMix64(deal_seed(f"POOL-{variant}", seed))
    bound = FAMILY.max_number + 1
    numbers: dict[int, None] = {}
    while len(numbers) < count:
        numbers[rng.below(bound)] = None
    return list(numbers)


def verdict(job: tuple[str, int, float]) -> tuple[str, bool | None]:
    """Solve one deal (runs in a worker process)."""
    variant, number, budget = job
    code = DealCode("SH", 1, variant, number)
    return str(code), solve_state(deal(code), time_limit=budget).winnable


def analyze(
    variant: str, deals: int, *, seed: int = 1, budget: float = 10.0, jobs: int | None = None
) -> tuple[list[str], int]:
    """Winnable codes among ``deals`` deals, and how many stayed undecided."""
    work = [(variant, number, budget) for number in deal_numbers(variant, deals, seed)]
    winnable: list[str] = []
    undecided = 0
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool:
        for done, (code, result) in enumerate(pool.map(verdict, work, chunksize=8), start=1):
            if result:
                winnable.append(code)
            elif result is None:
                undecided += 1
            if done % 8 == 0 or done == len(work):
                print(
                    f"\ranalyze {variant}: {done}/{len(work)} deals, {len(winnable)} winnable,"
                    f" {undecided} undecided, {time.monotonic() - started:.0f} s",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
    print(file=sys.stderr)
    return winnable, undecided


def cmd_analyze(args: argparse.Namespace) -> None:
    """Build or extend the pool of winnable codes of one variant."""
    variant = f"C{args.cells}"
    winnable, undecided = analyze(
        variant, args.deals, seed=args.seed, budget=args.budget, jobs=args.jobs
    )
    out = Path(args.out) if args.out else POOL_DIR / f"{variant}.txt"
    existing = [str(code) for code in load_pool(variant)] if not args.out else []
    if args.out and out.exists():
        existing = out.read_text(encoding="ascii").split()
    codes = sorted(set(existing) | set(winnable))
    out.write_text("".join(code + "\n" for code in codes), encoding="ascii")
    rate = len(winnable) / args.deals if args.deals else 0.0
    print(
        f"{variant}: {len(winnable)} of {args.deals} deals winnable ({rate:.1%}),"
        f" {undecided} undecided; {len(codes)} codes in {out}"
    )


def add_arguments(parser: Any) -> None:
    """The options of ``cardems analyze seahaven``."""
    parser.add_argument("--cells", type=int, choices=(4, 2, 1), required=True)
    parser.add_argument("--deals", type=int, required=True, help=N_("how many deals to solve"))
    parser.add_argument("--seed", type=int, default=1, help=N_("which stream of deal numbers"))
    parser.add_argument("--budget", type=float, default=10.0, help=N_("seconds per deal"))
    parser.add_argument("--jobs", type=int, default=None, help=N_("worker processes (all cores)"))
    parser.add_argument("--out", default=None, help=N_("pool file (default: the package data)"))
