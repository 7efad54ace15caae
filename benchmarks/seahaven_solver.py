"""Seahaven solver speed beside Freecell Solver 5.0.0 on the same deals, in one run.

    nice -n 10 python3 benchmarks/seahaven_solver.py --deals 300 --cells 4 2 1

For each cell count it solves deals ``SH1-C{N}-<start>`` … ``<start + deals - 1>`` with our
solver (:func:`cardems.seahaven.solver.solve_state`, ``--budget`` seconds each, the
compiled search where it was built, as printed; every winning line replayed under the
rules) and with ``fc-solve -g seahaven --freecells-num N`` (its Seahaven preset: ten
columns, building by suit, kings only into empty columns) and the search preset of
``--fc-options``, by default ``-l enlightened-ostrich``, the fastest on these deals of
those tried (its default preset passes 6 s on the p95 of 4-cell deals)), then prints
both sides' medians and p95s, their ratios, the start-ups apart and the verdicts (see
``fc_solve.py`` for what each figure includes). Goal (issue 27): wall median and p95 at
most 0.5 × fc-solve's in every variant.

fc-solve moves a sequence of up to (free cells + 1) cards in its Seahaven preset, not ours
(free cells + 1) × 2^(empty columns), so its "unsolvable" is not ours; a deal it solves
and we do not would be a bug of ours, and is listed.
"""

from __future__ import annotations

import argparse
import shlex

import fc_solve
from cardems.cellgames.solver import COMPILED
from cardems.dealcode import DealCode
from cardems.seahaven.rules import Move, SeahavenState, apply_move, deal
from cardems.seahaven.solver import solve_state

WON_BOARD = "Foundations: H-K C-K D-K S-K\n" + ":\n" * 10


def fc_board(state: SeahavenState) -> str:
    """A position in Freecell Solver's board format: a ``Freecells:`` line, then one line
    per column, bottom card first."""
    cells = " ".join("-" if card is None else str(card) for card in state.cells)
    rows = [" ".join(str(card) for card in pile) for pile in state.columns]
    return "\n".join([f"Freecells: {cells}", *rows]) + "\n"


def replays(state: SeahavenState, moves: list[Move]) -> None:
    """Check a winning line by replaying it under the rules."""
    for move in moves:
        state = apply_move(state, move)
    assert state.won, "the solution does not replay to a win"


def bench(cells: int, start: int, deals: int, budget: float, preset: list[str]) -> None:
    """Run both solvers on ``deals`` deals of ``cells`` cells and print the comparison."""
    options = ["-g", "seahaven", "--freecells-num", str(cells), *preset]
    timeout = max(budget, 10.0)
    race = fc_solve.Race()
    for number in range(start, start + deals):
        code = DealCode("SH", 1, f"C{cells}", number)
        state = deal(code)
        result = race.ours(str(code), lambda: solve_state(state, time_limit=budget))  # noqa: B023
        if result.winnable:
            replays(state, result.moves)
        race.theirs(str(code), options, fc_board(state), timeout)
        fc_solve.progress(f"C{cells}", number - start + 1, deals)
    imports = "import cardems.seahaven.solver, cardems.seahaven.rules"
    up = fc_solve.start_ups(options, WON_BOARD, imports)
    search = "compiled" if COMPILED else "Python (the compiled one is not built)"
    race.report(
        f"Seahaven C{cells}: {deals} deals (numbers {start}-{start + deals - 1}), budget"
        f" {budget:g} s, our search {search}, fc-solve {' '.join(options)}",
        up,
        timeout,
    )


def main() -> None:
    """Parse the arguments and run the benchmark for each cell count."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300, help="deals per cell count")
    parser.add_argument("--start", type=int, default=0, help="first deal number")
    parser.add_argument("--cells", type=int, nargs="+", default=[4, 2, 1], choices=(4, 2, 1))
    parser.add_argument("--budget", type=float, default=10.0, help="our seconds per deal")
    parser.add_argument(
        "--fc-options", default="-l enlightened-ostrich", help="more fc-solve options"
    )
    args = parser.parse_args()
    fc_solve.require()
    for cells in args.cells:
        bench(cells, args.start, args.deals, args.budget, shlex.split(args.fc_options))


if __name__ == "__main__":
    main()
