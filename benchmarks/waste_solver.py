"""The waste family's solver per game (TriPeaks, Golf, Black Hole): the share of random
deals decided and winnable (95 % interval), the CPU time per deal (median, p95, mean),
and the game's anchor beside it where one is published.

Run: ``python benchmarks/waste_solver.py [--game tripeaks] [--variant W] [--deals 300]
[--start 200000] [--nodes N] [--unpruned]``. The same figures as ``cardems analyze GAME`` (deals
``start`` … ``start + deals - 1``, one worker process): the difficulty levels' cut
points were tuned on deals 0–299, so the default range here is another one. The goal
beside each figure: a median of 50 ms CPU per deal or less. ``--unpruned`` runs a game
whose declaration cuts dead ends (Black Hole) without them, in this process: the search
before the cut, for comparison.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics

from cardems.argtypes import positive, whole
from cardems.core.registry import game_for
from cardems.kit.waste.commands import analyze

GAMES = ("tripeaks", "golf", "black-hole")
GOAL_MS = 50.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, default="tripeaks")
    parser.add_argument("--variant", default=None, help="the game's first variant by default")
    parser.add_argument("--deals", type=positive, default=300)
    parser.add_argument("--start", type=whole(0, 32**7 - 1), default=200_000)
    parser.add_argument("--nodes", type=positive, default=None)
    parser.add_argument("--jobs", type=positive, default=1)
    parser.add_argument("--unpruned", action="store_true", help="without the dead-end cut")
    args = parser.parse_args()
    game = game_for(args.game)
    declaration = game.declaration  # type: ignore[attr-defined]
    if args.unpruned:
        if args.jobs != 1:
            parser.error("--unpruned runs in this process: --jobs 1")
        declaration = dataclasses.replace(declaration, prune=False)
        type(game).declaration = declaration  # type: ignore[attr-defined]
    variant = args.variant or game.family.variants[0]
    if variant not in game.family.variants:
        parser.error(f"{args.game} has the variants {', '.join(game.family.variants)}")
    nodes = args.nodes or declaration.nodes
    figures = analyze(args.game, variant, args.deals, start=args.start, nodes=nodes, jobs=args.jobs)
    decided = figures.deals - figures.undecided
    print(
        f"decided {decided} of {figures.deals} ({decided / figures.deals:.1%})"
        f" within {nodes} positions"
    )
    print(figures.summary(declaration.words.title, variant, declaration.anchor))
    median = statistics.median(figures.seconds) * 1000
    verdict = "meets" if median <= GOAL_MS else "misses"
    print(f"goal: median <= {GOAL_MS:.0f} ms CPU per deal: {verdict} it ({median:.2f} ms)")


if __name__ == "__main__":
    main()
