"""``cardems analyze freecell``: decide Microsoft's deals one by one, on every core.

    cardems analyze freecell --deals 32000

solves deals ``--start`` … ``--start + --deals - 1`` of the variant (progress on stderr),
each within ``--nodes`` positions (so a verdict is the same whatever the machine's load;
``--budget`` is only a wall-clock cap per deal, past which a deal stays undecided), and
appends one line per deal to ``--results`` (default: a file named after the range in
the user's data folder; ``number verdict seconds nodes``, the
verdict ``won``, ``lost`` or ``undecided``). A second run skips the deals already in the
file, so an interrupted analysis resumes where it stopped. It ends with the counts and
the deals that are not winnable or stayed undecided.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from cardems.argtypes import positive
from cardems.batch import Batch, in_order
from cardems.cellgames.options import add_analyze_options
from cardems.command_error import CommandError
from cardems.dealcode import DealCode
from cardems.freecell.game import FAMILY
from cardems.freecell.rules import deal
from cardems.freecell.solver import NODES, solve_state
from cardems.i18n.markers import N_
from cardems.numbers import read_number
from cardems.paths import data_dir, writable_file
from cardems.progress import Progress

CANNOT_WRITE = N_("cannot write the results: %(problem)s")
CHUNK = 16
"""Deals a task of :mod:`cardems.batch`: measured ~1.4 ms a deal with the compiled search
(deals 1-12), so a task of 16 is over 10 ms."""
VERDICT_WORDS = {True: "won", False: "lost", None: "undecided"}


def verdict(job: tuple[str, int, int, float | None]) -> tuple[int, str, float, int]:
    """Solve one deal (runs in a worker process): number, verdict, seconds, nodes."""
    variant, number, nodes, budget = job
    code = DealCode(FAMILY.prefix, 1, variant, number)
    result = solve_state(deal(code), node_limit=nodes, time_limit=budget)
    return number, VERDICT_WORDS[result.winnable], result.seconds, result.nodes


def read_results(path: Path) -> dict[int, str]:
    """The verdicts already in a results file, by deal number (the last line wins)."""
    done: dict[int, str] = {}
    if path.exists():
        for line in path.read_text(encoding="ascii").splitlines():
            parts = line.split()
            number = read_number(parts[0]) if len(parts) >= 2 else None
            if number is not None:
                done[number] = parts[1]
    return done


def analyze(
    variant: str,
    start: int,
    deals: int,
    results: Path,
    budget: float | None,
    jobs: int | None,
    show: bool = True,
    nodes: int = NODES,
    cluster: str | None = None,
) -> dict[int, str]:
    """Decide the deals not yet in ``results``, appending each verdict; all verdicts."""
    done = read_results(results)
    numbers = range(start, start + deals)
    work = [(variant, n, nodes, budget) for n in numbers if done.get(n) not in ("won", "lost")]
    with (
        results.open("a", encoding="ascii") as out,
        Batch(jobs, cluster) as batch,
        Progress(f"analyze freecell {variant}", len(work), "deals", enabled=show) as progress,
    ):
        won = sum(1 for n in numbers if done.get(n) == "won")
        for number, word, spent, nodes in in_order(batch.map(verdict, work, chunk=CHUNK)):
            done[number] = word
            won += word == "won"
            out.write(f"{number} {word} {spent:.3f} {nodes}\n")
            out.flush()
            progress.advance(won=won)
    return {n: done.get(n, "undecided") for n in numbers}


def cmd_analyze(args: argparse.Namespace) -> None:
    """Decide a range of deals and print the summary."""
    name = f"freecell-{args.variant}-{args.start}-{args.deals}.txt"
    results = Path(args.results) if args.results else data_dir() / name
    problem = writable_file(results)
    if problem:
        raise CommandError(CANNOT_WRITE % {"problem": problem})
    verdicts = analyze(
        args.variant,
        args.start,
        args.deals,
        results,
        args.budget,
        args.jobs,
        nodes=args.nodes,
        cluster=args.cluster,
    )
    won = sum(1 for word in verdicts.values() if word == "won")
    lost = sorted(n for n, word in verdicts.items() if word == "lost")
    open_ = sorted(n for n, word in verdicts.items() if word == "undecided")
    print(
        f"FreeCell {args.variant} deals {args.start}-{args.start + args.deals - 1}:"
        f" {won + len(lost)} of {args.deals} decided, {won} winnable;"
        f" not winnable: {' '.join(map(str, lost)) or 'none'};"
        f" undecided: {' '.join(map(str, open_)) or 'none'} (results in {results})"
    )


def add_arguments(parser: Any) -> None:
    """The options of ``cardems analyze freecell``."""
    parser.add_argument("--deals", type=positive, default=32_000, help=N_("how many deals"))
    parser.add_argument("--start", type=positive, default=1, help=N_("first deal number"))
    parser.add_argument("--variant", choices=FAMILY.variants, default="N")
    add_analyze_options(parser)
    parser.add_argument(
        "--results",
        default=None,
        help=N_("results file, appended to (resumes; default: in the user's data folder)"),
    )
