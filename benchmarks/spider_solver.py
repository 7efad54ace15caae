"""Spider solver: winnable, lost and undecided shares (95 % intervals) and time per deal.

    nice -n 10 python3 benchmarks/spider_solver.py --suits 1 2 4 --deals 100 --seed 2

Solves ``--deals`` pseudo-random deals of each variant (the stream of ``--seed``: the
solver was tuned on seed 1, figures are reported on seed 2) with
:func:`cardems.spider.solver.solve` (the C search when built, as the figures' first line
says) within ``--nodes`` expansions, one deal a worker
(``--jobs``), every winning line replayed to a win, and prints the shares with their Wilson
95 % intervals and the median and p95 wall time per deal, then the published anchor
(plspider's 4-suit figure; no anchor was found for 1 and 2 suits). The same figures as
``cardems analyze spider``, without touching the pools.
"""

from __future__ import annotations

import argparse

from cardems.spider.commands import ANCHOR, analyze, summary


def main() -> None:
    """Parse the arguments and print each variant's figures, then the anchor."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--deals", type=int, default=100, help="deals per variant")
    parser.add_argument("--seed", type=int, default=2, help="stream of deal numbers")
    parser.add_argument("--nodes", type=int, default=None, help="expansions per deal")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes")
    args = parser.parse_args()
    for suits in args.suits:
        variant = f"S{suits}"
        verdicts = analyze(variant, args.deals, seed=args.seed, nodes=args.nodes, jobs=args.jobs)
        print(summary(variant, verdicts, args.nodes), flush=True)
    print(ANCHOR)


if __name__ == "__main__":
    main()
