"""``cardems analyze freecell``: decide Microsoft's deals one by one, on every core.

    cardems analyze freecell --deals 32000

solves deals ``--start`` … ``--start + --deals - 1`` of the variant (progress on stderr)
and appends one line per deal to ``--results`` (``number verdict seconds nodes``, the
verdict ``won``, ``lost`` or ``undecided``). A second run skips the deals already in the
file, so an interrupted analysis resumes where it stopped. It ends with the counts and
the deals that are not winnable or stayed undecided.
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
from cardems.freecell.game import FAMILY
from cardems.freecell.rules import deal
from cardems.freecell.solver import solve_state
from cardems.numbers import read_number

VERDICT_WORDS = {True: "won", False: "lost", None: "undecided"}


def verdict(job: tuple[str, int, float]) -> tuple[int, str, float, int]:
    """Solve one deal (runs in a worker process): number, verdict, seconds, nodes."""
    variant, number, budget = job
    result = solve_state(deal(DealCode(FAMILY.prefix, 1, variant, number)), time_limit=budget)
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
    variant: str, start: int, deals: int, results: Path, budget: float, jobs: int | None
) -> dict[int, str]:
    """Decide the deals not yet in ``results``, appending each verdict; all verdicts."""
    done = read_results(results)
    numbers = range(start, start + deals)
    work = [(variant, n, budget) for n in numbers if done.get(n) not in ("won", "lost")]
    started = time.monotonic()
    with (
        results.open("a", encoding="ascii") as out,
        ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1) as pool,
    ):
        for count, (number, word, seconds, nodes) in enumerate(
            pool.map(verdict, work, chunksize=4), start=1
        ):
            done[number] = word
            out.write(f"{number} {word} {seconds:.3f} {nodes}\n")
            out.flush()
            if count % 10 == 0 or count == len(work):
                decided = sum(1 for n in numbers if done.get(n) in ("won", "lost"))
                print(
                    f"\ranalyze freecell: {count}/{len(work)} solved this run,"
                    f" {decided}/{deals} decided, {time.monotonic() - started:.0f} s",
                    end="",
                    file=sys.stderr,
                    flush=True,
                )
    print(file=sys.stderr)
    return {n: done.get(n, "undecided") for n in numbers}


def cmd_analyze(args: argparse.Namespace) -> None:
    """Decide a range of deals and print the summary."""
    results = Path(args.results or f"freecell-{args.variant}-{args.start}-{args.deals}.txt")
    verdicts = analyze(args.variant, args.start, args.deals, results, args.budget, args.jobs)
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
    parser.add_argument("--deals", type=int, default=32_000, help="how many deals")
    parser.add_argument("--start", type=int, default=1, help="first deal number")
    parser.add_argument("--variant", choices=FAMILY.variants, default="N")
    parser.add_argument("--budget", type=float, default=600.0, help="seconds per deal")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (all cores)")
    parser.add_argument("--results", default=None, help="results file, appended to (resumes)")
