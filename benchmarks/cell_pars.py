"""How many deals of a cell game get a proven par (the A* of
:mod:`cardems.cellgames.shortest` ends) within a budget each.

    nice -n 10 python3 benchmarks/cell_pars.py freecell --start 1 --deals 1000 --step 10
    nice -n 10 python3 benchmarks/cell_pars.py freecell --start 1 --deals 1000 --step 10 \\
        --nodes 2000000
    nice -n 10 python3 benchmarks/cell_pars.py seahaven --cells 4 --deals 300 --step 10

Prints, per deal, the par (or the lengths of the exact solver's line, "best known"), the
positions searched and the seconds, then how many pars are proven, how many deals are
proved lost, and how many are left "best known" (the budget or the memory ceiling
:data:`cardems.cellgames.shortest.ENTRIES` ran out), with the 95 % Wilson interval of
the share proven when ``--step`` samples every n-th deal, and the run's wall time, beside
its anchor: issue 45 asks for proven pars for at least 80 % of FreeCell deals 1-1,000 at
30 s each (22 % of every 10th before it). Every line is replayed under the rules and its
length checked against the player's move counter.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from cardems.cellgames.shortest import par
from cardems.dealcode import DealCode
from cardems.freecell import rules as freecell
from cardems.freecell import solver as freecell_solver
from cardems.intervals import wilson
from cardems.seahaven import rules as seahaven
from cardems.seahaven import solver as seahaven_solver


def main() -> None:
    """Parse the arguments and count the proven pars."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=("freecell", "seahaven"))
    parser.add_argument("--start", type=int, default=None, help="first deal number")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--cells", type=int, default=4, choices=(4, 2, 1), help="Seahaven")
    parser.add_argument("--budget", type=float, default=30.0, help="seconds per deal")
    parser.add_argument("--step", type=int, default=1, help="every n-th deal (a sample)")
    parser.add_argument(
        "--nodes", type=int, default=None, help="positions per deal instead of seconds"
    )
    args = parser.parse_args()
    game: Any
    solver: Any
    if args.game == "freecell":
        game, solver, start, variant = freecell, freecell_solver, args.start or 1, "N"
    else:
        game, solver, start, variant = seahaven, seahaven_solver, args.start or 0, f"C{args.cells}"
    proven = lost = best_known = 0
    run_started = time.perf_counter()
    numbers = range(start, start + args.deals, args.step)
    for number in numbers:
        code = DealCode("FC" if args.game == "freecell" else "SH", 1, variant, number)
        state = game.deal(code)
        started = time.perf_counter()
        limit = None if args.nodes else args.budget
        found = par(state, solver.rules_of(state), time_limit=limit, node_limit=args.nodes)
        seconds = time.perf_counter() - started
        if found.line:
            replay = state
            for move in found.line:
                replay = game.apply_move(replay, move)
            assert replay.won and replay.moves == found.moves, f"{code}: the line is wrong"
        if found.proven and found.moves is not None:
            proven += 1
        elif found.proven:
            lost += 1
        else:
            best_known += 1
        kind = "par" if found.proven else "best known"
        print(f"{code} {kind} {found.moves} ({found.nodes} positions, {seconds:.1f} s)")
        sys.stdout.flush()
    sample = f", every {args.step}th" if args.step > 1 else ""
    each = f"{args.nodes:,} positions" if args.nodes else f"{args.budget:g} s"
    share = proven / len(numbers) if numbers else 0.0
    low, high = wilson(proven, len(numbers))
    print(
        f"{args.game} {variant} deals {start}-{start + args.deals - 1}{sample},"
        f" {each} each: proven par {proven}, proved lost {lost}, best known only"
        f" {best_known} (of {len(numbers)}); proven {share:.0%} (95 % interval"
        f" {low:.0%}-{high:.0%}); the run took {time.perf_counter() - run_started:.0f} s"
    )
    if args.game == "freecell":
        print("anchor (issue 45): at least 80 % proven at 30 s each; 22 % before")


if __name__ == "__main__":
    main()
