"""TriPeaks: the winnable share of random deals with its 95 % interval and the time per
deal (median, p95, mean), beside mchung94's solver (the anchor).

Run: ``python benchmarks/tripeaks_solver.py [--variant W] [--deals 1500] [--start 200000]``.
The same figures as ``cardems analyze tripeaks`` (deals ``start`` … ``start + deals - 1``,
one worker process by default): the thresholds of the difficulty levels were tuned on
deals 0–299, so the default range here is another one.
"""

from __future__ import annotations

import argparse

from cardems.argtypes import positive, whole
from cardems.tripeaks.commands import analyze
from cardems.tripeaks.game import FAMILY


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=FAMILY.variants, default=FAMILY.variants[0])
    parser.add_argument("--deals", type=positive, default=1500)
    parser.add_argument("--start", type=whole(0, FAMILY.max_number), default=200_000)
    parser.add_argument("--jobs", type=positive, default=1)
    args = parser.parse_args()
    figures = analyze(args.variant, args.deals, start=args.start, jobs=args.jobs)
    print(figures.summary(args.variant))


if __name__ == "__main__":
    main()
