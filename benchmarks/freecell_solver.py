"""FreeCell solver speed beside Freecell Solver 5.0.0 on Microsoft's deals, in one run.

    nice -n 10 python benchmarks/freecell_solver.py --deals 1000

For deals ``--start`` … ``--start + --deals - 1`` it solves each with our solver and
with ``fc-solve``, one after the other, then prints both sides' medians and p95s, their
ratios, the verdicts and every deal that fc-solve solves and we do not. Goal (issue 16):
median and p95 no slower than fc-solve over deals 1-1,000.

What each number includes:

- ours: one call of :func:`cardems.freecell.solver.solve_state` in this process
  (``--budget`` seconds at most): encoding the deal, the search (compiled where it was
  built, as printed), and the winning line as moves of the rules. Not included: starting
  Python and importing Cardems, once per process (printed apart), and dealing the cards.
- fc-solve: what its users see, one ``fc-solve`` process per deal with its default preset,
  the board on stdin and the solution printed to a pipe: starting the process, reading
  the board, solving and printing. Its start-up alone (the same command on a board
  already won) is printed apart.

Wall times are the figures of the goal; CPU times (ours: this process; fc-solve: its
child process, user + system) are printed beside them, as they move less when other
jobs share the machine.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import time

from cardems.dealcode import DealCode
from cardems.freecell.rules import FreeCellState, apply_move, deal
from cardems.freecell.solver import COMPILED, solve_state

FC_SOLVE = "fc-solve"


def fc_board(state: FreeCellState) -> str:
    """A position in Freecell Solver's board format: one line per column, bottom first."""
    return "\n".join(" ".join(str(card) for card in pile) for pile in state.columns) + "\n"


def run_fc_solve(board: str, by_suit: bool, timeout: float) -> tuple[bool | None, float, float]:
    """fc-solve's verdict on ``board`` (True solved, False gave up, None timed out), and
    the wall and CPU seconds of its process."""
    command = [FC_SOLVE]
    if by_suit:
        command += ["-g", "bakers_game"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    try:
        done = subprocess.run(command, input=board, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - started, _child_cpu(before)
    wall = time.perf_counter() - started
    return "This game is solveable." in done.stdout, wall, _child_cpu(before)


def _child_cpu(before: resource.struct_rusage) -> float:
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


WON_BOARD = "Foundations: H-K C-K D-K S-K\n" + ":\n" * 8


def start_ups(runs: int = 20) -> tuple[float, float, float]:
    """Medians of fc-solve's wall and CPU seconds on a board already won (its start-up),
    and the seconds Python takes to start and import our solver less a bare start (the
    fastest of five of each)."""
    walls, cpus = [], []
    for _ in range(runs):
        _, wall, cpu = run_fc_solve(WON_BOARD, False, 10.0)
        walls.append(wall)
        cpus.append(cpu)
    fastest = []
    for code in ("import cardems.freecell.solver, cardems.freecell.rules", "pass"):
        timed = []
        for _ in range(5):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            timed.append(time.perf_counter() - started)
        fastest.append(min(timed))
    return statistics.median(walls), statistics.median(cpus), fastest[0] - fastest[1]


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench(variant: str, start: int, deals: int, budget: float) -> None:
    """Run both solvers on the deals and print the comparison."""
    walls: dict[str, list[float]] = {"ours": [], "fc-solve": []}
    cpus: dict[str, list[float]] = {"ours": [], "fc-solve": []}
    verdicts: dict[bool | None, list[int]] = {True: [], False: [], None: []}
    missed: list[int] = []
    timeouts: list[int] = []
    for number in range(start, start + deals):
        state = deal(DealCode("FC", 1, variant, number))
        cpu, wall = time.process_time(), time.perf_counter()
        result = solve_state(state, time_limit=budget)
        walls["ours"].append(time.perf_counter() - wall)
        cpus["ours"].append(time.process_time() - cpu)
        verdicts[result.winnable].append(number)
        if result.winnable:
            replay = state
            for move in result.moves:
                replay = apply_move(replay, move)
            assert replay.won, f"#{number}: the solution does not replay to a win"
        solved, wall, cpu = run_fc_solve(fc_board(state), state.by_suit, max(budget, 10.0))
        walls["fc-solve"].append(wall)
        cpus["fc-solve"].append(cpu)
        if solved and not result.winnable:
            missed.append(number)
        if solved is None:
            timeouts.append(number)
        print(f"\r  {variant}: {number - start + 1}/{deals}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    up_wall, up_cpu, our_import = start_ups()
    ms = 1000.0
    print(f"FreeCell {variant}: {deals} deals (#{start}-#{start + deals - 1}), budget {budget:g} s")
    search = "compiled" if COMPILED else "Python (the compiled one is not built)"
    print(f"  our best-first search: {search}")
    figures = {}
    for side in ("ours", "fc-solve"):
        wall_med, wall_p95 = statistics.median(walls[side]), percentile(walls[side], 0.95)
        cpu_med, cpu_p95 = statistics.median(cpus[side]), percentile(cpus[side], 0.95)
        figures[side] = (wall_med, wall_p95, cpu_med, cpu_p95)
        print(
            f"  {side:8} wall median {wall_med * ms:7.1f} ms  p95 {wall_p95 * ms:7.1f} ms"
            f"  max {max(walls[side]) * ms:8.1f} ms | CPU median {cpu_med * ms:7.1f} ms"
            f"  p95 {cpu_p95 * ms:7.1f} ms"
        )
    ratio = [o / t for o, t in zip(figures["ours"], figures["fc-solve"], strict=True)]
    print(
        f"  ratio ours/fc-solve: wall median {ratio[0]:.2f}x, p95 {ratio[1]:.2f}x;"
        f" CPU median {ratio[2]:.2f}x, p95 {ratio[3]:.2f}x"
    )
    print(
        f"  fc-solve start-up alone (a won board): wall {up_wall * ms:.1f} ms, CPU"
        f" {up_cpu * ms:.1f} ms, inside each of its figures above"
    )
    print(
        f"  our start-up (Python + import, once per process, not in our figures):"
        f" {our_import * ms:.0f} ms"
    )
    lost, open_ = verdicts[False], verdicts[None]
    print(
        f"  winnable (ours): {len(verdicts[True])}  not winnable: {len(lost)} {lost}"
        f"  undecided: {len(open_)} {open_}"
    )
    print(f"  fc-solve solves, we do not: {len(missed)} {missed}")
    print(f"  fc-solve past its {max(budget, 10.0):g} s timeout: {len(timeouts)} {timeouts}")


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
