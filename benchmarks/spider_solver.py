"""Spider solver: winnable, lost and undecided shares (95 % intervals) and time per deal.

    nice -n 10 python3 benchmarks/spider_solver.py --suits 1 2 4 --deals 100 --seed 2
    nice -n 10 python3 benchmarks/spider_solver.py --suits 4 --deals 24 --seed 1 \\
        --nodes 3500000 --shape stage=20000

Solves ``--deals`` pseudo-random deals of each variant (the stream of ``--seed``: the
solver was tuned on seeds 1 and 3, figures are reported on seed 2) with
:func:`cardems.spider.solver.solve` (the C search when built, as the figures' first line
says) within ``--nodes`` expansions, one deal a worker (``--jobs``), every winning line
replayed to a win, and prints the shares with their Wilson 95 % intervals, the median and
p95 CPU time per deal and the codes left undecided, then the published anchor (plspider's
4-suit figure; no anchor was found for 1 and 2 suits). The same figures as
``cardems analyze spider``, without touching the pools. With ``--shape`` (the tuning's
way) one search alone, of that shape (fields of :class:`cardems.spider.solver.Limits`
over the variant's beam: ``stage=20000``, ``width=120 keep=5``), replaces the portfolio,
one deal after another in this process.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from cardems.dealcode import DealCode
from cardems.moves import play
from cardems.spider.commands import ANCHOR, Verdict, analyze, deal_numbers, summary
from cardems.spider.declared import deal
from cardems.spider.solver import Limits, solve

FIELDS = {name: field.type for name, field in Limits.__dataclass_fields__.items()}
"""The shape's fields and their types (as written in :class:`Limits`)."""


def parse_shape(words: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` words as a shape; ValueError with a one-line message if one is bad."""
    shape: dict[str, Any] = {}
    for word in words:
        key, _, value = word.partition("=")
        kind = FIELDS.get(key)
        if kind not in ("int", "bool") or key == "nodes":
            raise ValueError(f"--shape: {key!r} is not a field of the search's shape")
        if kind == "bool":
            if value not in ("true", "false"):
                raise ValueError(f"--shape: {key} is true or false, not {value!r}")
            shape[key] = value == "true"
        elif value.isdigit():
            shape[key] = int(value)
        else:
            raise ValueError(f"--shape: {key} is a whole number, not {value!r}")
    return shape


def format_shape(shape: dict[str, Any]) -> str:
    """A shape as ``KEY=VALUE`` words (what :func:`parse_shape` reads)."""
    return " ".join(f"{key}={str(value).lower()}" for key, value in shape.items())


def undecided(verdicts: list[Verdict]) -> str:
    """The line naming the codes left undecided (the deals to tune on, or to search again);
    empty when there are none."""
    codes = [verdict.code for verdict in verdicts if verdict.winnable is None]
    return f"  undecided: {' '.join(codes)}" if codes else ""


def decide(variant: str, number: int, nodes: int, shape: dict[str, Any]) -> Verdict:
    """One deal solved by one search of ``shape``; a winning line is replayed to a win."""
    code = DealCode("SP", 1, variant, number)
    state = deal(code)
    start = time.process_time()
    result = solve(state.fast, nodes=nodes, **shape)
    seconds = time.process_time() - start
    if result.moves is not None:
        assert play(state, result.moves).is_won(), f"{code}: the line does not win"
    length = None if result.moves is None else len(result.moves)
    return Verdict(str(code), result.winnable, seconds, length)


def main() -> None:
    """Parse the arguments and print each variant's figures, then the anchor."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suits", type=int, nargs="+", choices=(1, 2, 4), default=[1, 2, 4])
    parser.add_argument("--deals", type=int, default=100, help="deals per variant")
    parser.add_argument("--seed", type=int, default=2, help="stream of deal numbers")
    parser.add_argument("--nodes", type=int, default=None, help="expansions per deal")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes")
    parser.add_argument(
        "--shape", nargs="+", default=[], metavar="KEY=VALUE", help="one search of this shape"
    )
    args = parser.parse_args()
    try:
        shape = parse_shape(args.shape)
    except ValueError as error:
        parser.error(str(error))
    if shape and args.nodes is None:
        parser.error("--shape needs --nodes (the one search's budget)")
    for suits in args.suits:
        variant = f"S{suits}"
        if shape:
            numbers = deal_numbers(variant, args.deals, args.seed)
            verdicts = [decide(variant, number, args.nodes, shape) for number in numbers]
            print(f"one search, shape {format_shape(shape)}")
        else:
            verdicts = analyze(
                variant, args.deals, seed=args.seed, nodes=args.nodes, jobs=args.jobs
            )
        print(summary(variant, verdicts, args.nodes), flush=True)
        if left := undecided(verdicts):
            print(left, flush=True)
    print(ANCHOR)


if __name__ == "__main__":
    main()
