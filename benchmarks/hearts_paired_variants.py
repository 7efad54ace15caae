"""Two variants of a bot against one field, on the same duplicate blocks: is B better than A?

Runs the league's blocks (:func:`cardems.hearts.league.run_league` with ``--focus`` on
the two variants): each block is one match code played by four ``field`` bots (the
baseline table) and by each variant in every seat in turn against three ``field``. Each
variant's paired difference to the baseline is printed with its standard error, and the
difference between the two variants on the same blocks, ``(A - base) - (B - base)`` per
hand, with a standard error clustered by block (the baseline's luck cancels). Moons
(made by the variant, made against it) are printed per hand too.

    PYTHONPATH=src python benchmarks/hearts_paired_variants.py expert:endgame=0 expert \\
        --field rules --hands 800 --first 30000

``--also C`` (repeatable) plays more variants on the same blocks; each is compared with
``A`` the same way.

Anchor: the issue's goals are ratios to the field of 0.55 (``rules``) and 0.75
(``montecarlo``); a variant is kept when it is not worse beyond one standard error.
"""

from __future__ import annotations

import argparse
import sys
import time

from cardems.hearts.league import BlockResult, pairing_figures, run_league, sets_for
from cardems.hearts.paired import Estimate, ratio_of_sums


def variant_difference(a: list[BlockResult], b: list[BlockResult]) -> Estimate:
    """``A``'s paired difference minus ``B``'s per hand, clustered by block (blocks in
    the same order; a block's hands are the mean of the two variants' paired hands)."""
    pairs = [
        ((x.points - x.base_points) - (y.points - y.base_points), (x.hands + y.hands) / 2)
        for x, y in zip(a, b, strict=True)
    ]
    return ratio_of_sums(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--field", default="rules")
    parser.add_argument("--hands", type=int, default=800)
    parser.add_argument("--first", type=int, default=30000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--also", action="append", default=[], help="more variants")
    args = parser.parse_args()
    variants = list(dict.fromkeys([args.a, args.b, *args.also]))
    sets = sets_for(args.hands)
    start = time.perf_counter()
    ended = [0]

    def progress(hands: int) -> None:
        """A line on stderr as each block ends (Ctrl+C keeps the blocks ended so far)."""
        ended[0] += 1
        print(
            f"block {ended[0]} of {sets} ended ({hands} hands at its tables),"
            f" {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )

    result = run_league(
        [*variants, args.field],
        sets,
        args.workers,
        first=args.first,
        focus=variants,
        progress=progress,
    )
    found = {name: result.blocks.get((name, args.field), []) for name in variants}
    a = found[args.a]
    print(
        f"{' and '.join(variants)} vs 3 x {args.field}: {len(a)} blocks from code number"
        f" {args.first}, {time.perf_counter() - start:.0f} s"
        + (" (interrupted)" if result.interrupted else "")
    )
    for name, blocks in found.items():
        figures = pairing_figures(blocks)
        hands = sum(x.table_hands for x in blocks)
        seconds = sum(x.seconds for x in blocks)
        decisions = sum(x.decisions for x in blocks)
        print(
            f"  {name}: {sum(x.hands for x in blocks)} paired hands,"
            f" {figures['difference'].value:+.3f} ± {figures['difference'].se:.3f} points a hand"
            f" vs the baseline, ratio to table {figures['table_ratio'].value:.3f}"
            f" ± {figures['table_ratio'].se:.3f}, moons made {sum(x.moons for x in blocks)}"
            f" and against {sum(x.moons_against for x in blocks)} in {hands} hands,"
            f" {1000 * seconds / max(1, decisions):.1f} ms a decision"
        )
        tries = sum(x.tries for x in blocks)
        made = sum(x.tries_made for x in blocks)
        failed = sum(x.tries_failed_points for x in blocks)
        print(
            f"    ran for the moon in {tries} hands, shot it in {made},"
            f" {failed / max(1, tries - made):.1f} points a hand when it missed"
        )
    for name in variants[1:]:
        diff = variant_difference(a, found[name])
        print(
            f"  {args.a} - {name}: {diff.value:+.3f} ± {diff.se:.3f} points a hand"
            " (± 1 s.e., clustered by block; positive: the second is better)"
        )


if __name__ == "__main__":
    main()
