"""Klondike: the winnable share of thoughtful deals beside Solvitaire's, and the time.

Run: ``PYTHONPATH=src python benchmarks/klondike_winnable.py [--deals N] [--start S]
[--variant D3] [--budget NODES] [--deep NODES]``. It runs ``cardems analyze klondike``'s
analysis (the compiled search when built) and prints the winnable share of the decided
deals with its 95 % interval, the undecided deals apart, the bounds that counting them
as lost or won gives (with a 95 % interval holding both), and the median and p95 CPU
milliseconds per deal, with the anchor beside them. Tune on deals from 0, report from
another start (the default, 100,000).
``--lines FILE`` gives the same figures from the deals' lines of a run of
``cardems analyze klondike --each`` (one stopped early counts the deals it printed).
"""

from __future__ import annotations

import argparse

from cardems.argtypes import positive, whole
from cardems.klondike.commands import analyze, report_of_lines
from cardems.klondike.rules import VARIANTS
from cardems.klondike.solver import DEEP_BUDGET, NODE_BUDGET

ANCHOR = (
    "anchor: Solvitaire (Blake & Gent, arXiv 1906.12314), thoughtful Klondike, draw 3,"
    " unlimited passes, foundation cards playable back, kings only in empty columns,"
    " part of a run moved only when the card it uncovers goes home:"
    " 81.945 % +- 0.084 % winnable"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=positive, default=10_000)
    parser.add_argument("--start", type=whole(0), default=100_000)
    parser.add_argument("--variant", choices=VARIANTS, default="D3")
    parser.add_argument("--budget", type=positive, default=NODE_BUDGET)
    parser.add_argument("--deep", type=whole(0), default=DEEP_BUDGET)
    parser.add_argument("--jobs", type=positive, default=None)
    parser.add_argument("--lines", type=argparse.FileType(), default=None)
    args = parser.parse_args()
    if args.lines is not None:
        report = report_of_lines(args.lines)
    else:
        report = analyze(
            args.variant,
            args.deals,
            start=args.start,
            budget=args.budget,
            deep=args.deep,
            jobs=args.jobs,
        )
    print("\n".join(report.lines()))
    print(ANCHOR)


if __name__ == "__main__":
    main()
