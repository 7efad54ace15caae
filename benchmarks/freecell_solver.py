"""FreeCell solver speed beside Freecell Solver 5.0.0 on Microsoft's deals, in one run.

    nice -n 10 python benchmarks/freecell_solver.py --deals 1000

For deals ``--start`` … ``--start + --deals - 1`` it solves each with our solver
(in-process, ``--budget`` seconds) and with ``fc-solve`` (default preset, board on stdin,
wall time of the process), then prints both medians and p95s, their ratios, the verdicts
and every deal that fc-solve solves and we do not. Goal (issue 16): median and p95 no
slower than fc-solve over deals 1-1,000. fc-solve's time includes starting its process
(about 2-3 ms), ours does not include starting Python.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time

from cardems.dealcode import DealCode
from cardems.freecell.rules import FreeCellState, apply_move, deal
from cardems.freecell.solver import solve_state

FC_SOLVE = "fc-solve"


def fc_board(state: FreeCellState) -> str:
    """A position in Freecell Solver's board format: one line per column, bottom first."""
    return "\n".join(" ".join(str(card) for card in pile) for pile in state.columns) + "\n"


def run_fc_solve(state: FreeCellState, timeout: float) -> tuple[bool | None, float]:
    """fc-solve's verdict (True solved, False gave up, None timed out) and wall time."""
    command = [FC_SOLVE]
    if state.by_suit:
        command += ["-g", "bakers_game"]
    started = time.perf_counter()
    try:
        done = subprocess.run(
            command, input=fc_board(state), capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - started
    return "This game is solveable." in done.stdout, time.perf_counter() - started


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench(variant: str, start: int, deals: int, budget: float) -> None:
    """Run both solvers on the deals and print the comparison."""
    ours: list[float] = []
    theirs: list[float] = []
    verdicts: dict[bool | None, list[int]] = {True: [], False: [], None: []}
    missed: list[int] = []
    for number in range(start, start + deals):
        state = deal(DealCode("FC", 1, variant, number))
        result = solve_state(state, time_limit=budget)
        ours.append(result.seconds)
        verdicts[result.winnable].append(number)
        if result.winnable:
            replay = state
            for move in result.moves:
                replay = apply_move(replay, move)
            assert replay.won, f"#{number}: the solution does not replay to a win"
        solved, seconds = run_fc_solve(state, timeout=max(budget, 10.0))
        theirs.append(seconds)
        if solved and not result.winnable:
            missed.append(number)
        print(f"\r  {variant}: {number - start + 1}/{deals}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    ms = 1000.0
    med_o, med_t = statistics.median(ours) * ms, statistics.median(theirs) * ms
    p95_o, p95_t = percentile(ours, 0.95) * ms, percentile(theirs, 0.95) * ms
    print(f"FreeCell {variant}: {deals} deals (#{start}-#{start + deals - 1}), budget {budget:g} s")
    print(f"  ours     median {med_o:8.1f} ms  p95 {p95_o:8.1f} ms  max {max(ours) * ms:8.1f} ms")
    print(f"  fc-solve median {med_t:8.1f} ms  p95 {p95_t:8.1f} ms  max {max(theirs) * ms:8.1f} ms")
    print(f"  ratio ours/fc-solve: median {med_o / med_t:.2f}x, p95 {p95_o / p95_t:.2f}x")
    lost, open_ = verdicts[False], verdicts[None]
    print(
        f"  winnable (ours): {len(verdicts[True])}  not winnable: {len(lost)} {lost}"
        f"  undecided: {len(open_)} {open_}"
    )
    print(f"  fc-solve solves, we do not: {len(missed)} {missed}")


def main() -> None:
    """Parse the arguments and run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="how many deals")
    parser.add_argument("--start", type=int, default=1, help="first deal number")
    parser.add_argument("--variant", choices=("N", "B"), default="N")
    parser.add_argument("--budget", type=float, default=10.0, help="our seconds per deal")
    args = parser.parse_args()
    if shutil.which(FC_SOLVE) is None:
        sys.exit("fc-solve is missing: apt-get install freecell-solver-bin")
    bench(args.variant, args.start, args.deals, args.budget)


if __name__ == "__main__":
    main()
