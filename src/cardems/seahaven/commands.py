"""``cardems analyze seahaven``: prove random deals winnable and ship them as pools.

    cardems analyze seahaven --cells 1 --deals 20000

solves ``--deals`` deals of the variant on every core (progress on stderr) and writes the
winnable codes, merged with the codes already in that file, to ``--out`` (default:
``seahaven-C<cells>.txt`` in the user's data folder; the pools the package ships are
``src/cardems/seahaven/pools/C<cells>.txt``, rebuilt by naming them). The deal numbers
come from a SplitMix64 stream seeded by ``--seed`` and the variant, so a build is
reproducible and its codes look random.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cardems.argtypes import positive, whole
from cardems.batch import Batch, in_order
from cardems.cellgames.options import add_analyze_options
from cardems.command_error import CommandError
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.paths import data_dir, writable_file
from cardems.progress import Progress
from cardems.rng import SplitMix64, deal_seed
from cardems.seahaven.game import FAMILY
from cardems.seahaven.rules import deal
from cardems.seahaven.solver import NODES, solve_state

CANNOT_WRITE = N_("cannot write the results: %(problem)s")
CHUNK = 8
"""Deals a task of :mod:`cardems.batch`: measured ~55 ms a deal (C4, seed 1), so a task
of 8 is well over 10 ms and still balances."""


def deal_numbers(variant: str, count: int, seed: int) -> list[int]:
    """``count`` distinct pseudo-random deal numbers for ``variant``, reproducible by seed."""
    rng = SplitMix64(deal_seed(f"POOL-{variant}", seed))
    bound = FAMILY.max_number + 1
    numbers: dict[int, None] = {}
    while len(numbers) < count:
        numbers[rng.below(bound)] = None
    return list(numbers)


def verdict(job: tuple[str, int, int, float | None]) -> tuple[str, bool | None]:
    """Solve one deal (runs in a worker process)."""
    variant, number, nodes, budget = job
    code = DealCode("SH", 1, variant, number)
    return str(code), solve_state(deal(code), node_limit=nodes, time_limit=budget).winnable


def analyze(
    variant: str,
    deals: int,
    *,
    seed: int = 1,
    budget: float | None = None,
    jobs: int | None = None,
    show: bool = True,
    nodes: int = NODES,
    cluster: str | None = None,
) -> tuple[list[str], int]:
    """Winnable codes among ``deals`` deals, and how many stayed undecided: each deal within
    ``nodes`` positions (``budget``: only a wall-clock cap per deal, past it undecided)."""
    work = [(variant, number, nodes, budget) for number in deal_numbers(variant, deals, seed)]
    winnable: list[str] = []
    undecided = 0
    with (
        Batch(jobs, cluster) as batch,
        Progress(f"analyze seahaven {variant}", len(work), "deals", enabled=show) as progress,
    ):
        for code, result in in_order(batch.map(verdict, work, chunk=CHUNK)):
            if result:
                winnable.append(code)
            elif result is None:
                undecided += 1
            progress.advance(winnable=len(winnable), undecided=undecided)
    return winnable, undecided


def cmd_analyze(args: argparse.Namespace) -> None:
    """Build or extend the pool of winnable codes of one variant."""
    variant = f"C{args.cells}"
    out = Path(args.out) if args.out else data_dir() / f"seahaven-{variant}.txt"
    problem = writable_file(out)
    if problem:
        raise CommandError(CANNOT_WRITE % {"problem": problem})
    winnable, undecided = analyze(
        variant,
        args.deals,
        seed=args.seed,
        budget=args.budget,
        jobs=args.jobs,
        nodes=args.nodes,
        cluster=args.cluster,
    )
    existing = out.read_text(encoding="ascii").split() if out.exists() else []
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
    parser.add_argument("--deals", type=positive, required=True, help=N_("how many deals to solve"))
    parser.add_argument("--seed", type=whole(0), default=1, help=N_("which stream of deal numbers"))
    add_analyze_options(parser)
    parser.add_argument(
        "--out",
        default=None,
        help=N_("pool file to add the winnable codes to (default: one in the user's data folder)"),
    )
