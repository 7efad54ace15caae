"""Pyramid: the decision search over random deals, beside mchung94's anchor.

Run: ``python benchmarks/pyramid_solver.py [--deals 1500] [--start 100000] [--jobs 1]``.
It runs what ``cardems analyze pyramid`` runs (the compiled search where it was built,
the Python one otherwise) and prints the winnable share with its 95 % interval, the
median and p95 milliseconds per deal (wall clock and CPU), and the anchor: mchung94's
optimal A* under Microsoft's rules clears 998 of 1,500 random decks (66.5 %), median
156 ms (Java); the goal here is the share within the anchor's interval and a median of
at most 50 ms.
"""

from __future__ import annotations

import argparse

from cardems.argtypes import positive
from cardems.kit.pairs.analysis import DEFAULT_NODES, analyze, report
from cardems.kit.pairs.compiled import twin
from cardems.pyramid.rules import RULES, VARIANTS

COMPILED = twin(RULES, "decide") is not None

GOAL_MEDIAN_MS = 50


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=VARIANTS, default=VARIANTS[0])
    parser.add_argument("--deals", type=positive, default=1500)
    parser.add_argument("--start", type=int, default=100_000, help="first deal number")
    parser.add_argument("--nodes", type=positive, default=DEFAULT_NODES)
    parser.add_argument("--jobs", type=positive, default=1)
    parser.add_argument("--par", action="store_true", help="shortest win lengths (A*)")
    args = parser.parse_args()
    figures = analyze("PY", args.variant, args.deals, args.start, args.nodes, args.jobs, args.par)
    print(report(figures))
    search = "compiled" if COMPILED else "Python"
    print(f"goal: median <= {GOAL_MEDIAN_MS} ms ({search} search)")


if __name__ == "__main__":
    main()
