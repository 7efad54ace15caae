"""FreeCell solver speed beside Freecell Solver 5.0.0 on Microsoft's deals, in one run.

    nice -n 10 python3 benchmarks/freecell_solver.py --deals 1000

For deals ``--start`` … ``--start + --deals - 1`` it solves each with our solver
(:func:`cardems.freecell.solver.solve_state`, ``--budget`` seconds each, the compiled
search where it was built, as printed; every winning line replayed under the rules) and
with ``fc-solve`` (its default preset; ``-g bakers_game`` for ``--variant B``), one after
the other, then prints both sides' medians and p95s, their ratios, the start-ups apart
and the verdicts (see ``fc_solve.py`` for what each figure includes). Goal (issue 27):
wall median and p95 at most 0.5 × fc-solve's.
"""

from __future__ import annotations

import argparse

import fc_solve
from cardems.cellgames.solver import COMPILED
from cardems.dealcode import DealCode
from cardems.freecell.rules import FreeCellState, Move, apply_move, deal
from cardems.freecell.solver import solve_state

WON_BOARD = "Foundations: H-K C-K D-K S-K\n" + ":\n" * 8


def fc_board(state: FreeCellState) -> str:
    """A position in Freecell Solver's board format: one line per column, bottom first."""
    return "\n".join(" ".join(str(card) for card in pile) for pile in state.columns) + "\n"


def replays(state: FreeCellState, moves: list[Move]) -> None:
    """Check a winning line by replaying it under the rules."""
    for move in moves:
        state = apply_move(state, move)
    assert state.won, "the solution does not replay to a win"


def bench(variant: str, start: int, deals: int, budget: float) -> None:
    """Run both solvers on the deals and print the comparison."""
    options = ["-g", "bakers_game"] if variant == "B" else []
    timeout = max(budget, 10.0)
    race = fc_solve.Race()
    for number in range(start, start + deals):
        state = deal(DealCode("FC", 1, variant, number))
        result = race.ours(f"#{number}", lambda: solve_state(state, time_limit=budget))  # noqa: B023
        if result.winnable:
            replays(state, result.moves)
        race.theirs(f"#{number}", options, fc_board(state), timeout)
        fc_solve.progress(variant, number - start + 1, deals)
    imports = "import cardems.freecell.solver, cardems.freecell.rules"
    up = fc_solve.start_ups(options, WON_BOARD, imports)
    search = "compiled" if COMPILED else "Python (the compiled one is not built)"
    race.report(
        f"FreeCell {variant}: {deals} deals (#{start}-#{start + deals - 1}), budget {budget:g} s,"
        f" our search {search}, fc-solve {' '.join(options) or 'default preset'}",
        up,
        timeout,
    )


def main() -> None:
    """Parse the arguments and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="how many deals")
    parser.add_argument("--start", type=int, default=1, help="first deal number")
    parser.add_argument("--variant", choices=("N", "B"), default="N")
    parser.add_argument("--budget", type=float, default=10.0, help="our seconds per deal")
    args = parser.parse_args()
    fc_solve.require()
    bench(args.variant, args.start, args.deals, args.budget)


if __name__ == "__main__":
    main()
