"""Seahaven solver speed beside Freecell Solver 5.0.0 on the same deals, in one run.

    python benchmarks/seahaven_solver.py --deals 1000 --cells 4 2 1

For each cell count it solves deals ``SH1-C{N}-<start>`` … ``<start + deals - 1>`` with our
solver (in-process, ``--budget`` seconds each) and with
``fc-solve -g seahaven --freecells-num N -l enlightened-ostrich`` (board on stdin, wall time
of the process), then prints both medians and p95s, their ratios, the winnable rates, the
undecided deals and every deal that fc-solve solves and we do not.

Anchors (DESIGN.md, issue 3): fc-solve median 3–5 ms, p95 <= 20 ms; our goals: every deal
decided at a 10 s budget, median <= 50 ms, p95 <= 0.5 s, and a win wherever fc-solve has one.
fc-solve builds runs by the stricter limit (cells + 1), so its "unsolvable" is not ours.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time

from cardems.dealcode import DealCode
from cardems.seahaven.rules import SeahavenState, apply_move, deal
from cardems.seahaven.solver import solve_state

FC_SOLVE = "fc-solve"


def fc_board(state: SeahavenState) -> str:
    """A position in Freecell Solver's board format: a ``Freecells:`` line, then one line
    per column, bottom card first."""
    cells = " ".join("-" if card is None else str(card) for card in state.cells)
    rows = [" ".join(str(card) for card in pile) for pile in state.columns]
    return "\n".join([f"Freecells: {cells}", *rows]) + "\n"


def run_fc_solve(state: SeahavenState, cells: int, timeout: float) -> tuple[bool | None, float]:
    """fc-solve's verdict (True solved, False gave up, None timed out) and wall time."""
    command = [FC_SOLVE, "-g", "seahaven", "--freecells-num", str(cells)]
    command += ["-l", "enlightened-ostrich"]
    started = time.perf_counter()
    try:
        done = subprocess.run(
            command, input=fc_board(state), capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - started
    seconds = time.perf_counter() - started
    return "This game is solveable." in done.stdout, seconds


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench(cells: int, start: int, deals: int, budget: float) -> None:
    """Run both solvers on ``deals`` deals of ``cells`` cells and print the comparison."""
    ours: list[float] = []
    theirs: list[float] = []
    verdicts = {True: 0, False: 0, None: 0}
    fc_solved = 0
    missed: list[str] = []
    undecided: list[str] = []
    for number in range(start, start + deals):
        code = DealCode("SH", 1, f"C{cells}", number)
        state = deal(code)
        result = solve_state(state, time_limit=budget)
        ours.append(result.seconds)
        verdicts[result.winnable] += 1
        if result.winnable:
            replay = state
            for move in result.moves:
                replay = apply_move(replay, move)
            assert replay.won, f"{code}: the solution does not replay to a win"
        elif result.winnable is None:
            undecided.append(str(code))
        solved, seconds = run_fc_solve(state, cells, timeout=max(budget, 10.0))
        theirs.append(seconds)
        if solved:
            fc_solved += 1
            if not result.winnable:
                missed.append(str(code))
        print(f"\r  C{cells}: {number - start + 1}/{deals}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    ms = 1000.0
    med_o, med_t = statistics.median(ours) * ms, statistics.median(theirs) * ms
    p95_o, p95_t = percentile(ours, 0.95) * ms, percentile(theirs, 0.95) * ms
    print(f"C{cells}: {deals} deals (numbers {start}-{start + deals - 1}), budget {budget:g} s")
    print(
        f"  ours     median {med_o:8.1f} ms  p95 {p95_o:8.1f} ms  max {max(ours) * ms:8.1f} ms"
        "   (goal: median <= 50 ms, p95 <= 500 ms)"
    )
    print(
        f"  fc-solve median {med_t:8.1f} ms  p95 {p95_t:8.1f} ms  max {max(theirs) * ms:8.1f} ms"
        "   (anchor: median 3-5 ms, p95 <= 20 ms)"
    )
    print(f"  ratio ours/fc-solve: median {med_o / med_t:.2f}x, p95 {p95_o / p95_t:.2f}x")
    print(
        f"  winnable (ours): {verdicts[True] / deals:.1%}  not winnable: {verdicts[False]}"
        f"  undecided: {verdicts[None]} {' '.join(undecided)}"
    )
    print(f"  solved by fc-solve (its stricter rules): {fc_solved / deals:.1%}")
    print(f"  fc-solve solves, we do not: {len(missed)} {' '.join(missed)}")


def main() -> None:
    """Parse the arguments and run the benchmark for each cell count."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per cell count")
    parser.add_argument("--start", type=int, default=0, help="first deal number")
    parser.add_argument("--cells", type=int, nargs="+", default=[4, 2, 1], choices=(4, 2, 1))
    parser.add_argument("--budget", type=float, default=10.0, help="our seconds per deal")
    args = parser.parse_args()
    if shutil.which(FC_SOLVE) is None:
        sys.exit("fc-solve is missing: apt-get install freecell-solver-bin")
    for cells in args.cells:
        bench(cells, args.start, args.deals, args.budget)


if __name__ == "__main__":
    main()
