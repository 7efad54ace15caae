"""What the two solver benchmarks share: running Freecell Solver 5.0.0 (Debian's
``freecell-solver-bin``) on a board as its users do, its start-up alone, and the table
that sets our figures beside its figures.

fc-solve's figures are one ``fc-solve`` process per deal: starting the process, reading
the board from stdin, solving and printing the solution to a pipe. Its start-up alone
(the same command on a board already won) is measured and printed apart. Ours are one
``solve_state`` call in the benchmark's process; Python's start-up and import, once per
process, are printed apart and not counted. Wall times are the goal's figures; CPU
times (ours: this process; fc-solve: its child process, user + system) are printed
beside them, as they move less when other jobs share the machine.
"""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

FC_SOLVE = "fc-solve"


class Verdict(Protocol):
    """A solver's answer, as far as the race reads it."""

    @property
    def winnable(self) -> bool | None: ...


T = TypeVar("T", bound=Verdict)
GOAL = 0.5
"""Our median and p95 over fc-solve's, at most (issue 27)."""


def require() -> None:
    """Exit with a one-line message when fc-solve is not installed."""
    if shutil.which(FC_SOLVE) is None:
        sys.exit("fc-solve is missing: apt-get install -y freecell-solver-bin")


def run(options: list[str], board: str, timeout: float) -> tuple[bool | None, float, float]:
    """fc-solve's verdict on ``board`` (True solved, False gave up, None timed out), and
    the wall and CPU seconds of its process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [FC_SOLVE, *options], input=board, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - started, _child_cpu(before)
    wall = time.perf_counter() - started
    return "This game is solveable." in done.stdout, wall, _child_cpu(before)


def _child_cpu(before: resource.struct_rusage) -> float:
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def start_ups(options: list[str], won_board: str, imports: str) -> tuple[float, float, float]:
    """Medians of fc-solve's wall and CPU seconds on a board already won (its start-up),
    and the seconds Python takes to start and run ``imports`` less a bare start (the
    fastest of five of each)."""
    walls, cpus = [], []
    for _ in range(20):
        _, wall, cpu = run(options, won_board, 10.0)
        walls.append(wall)
        cpus.append(cpu)
    fastest = []
    for code in (imports, "pass"):
        timed = []
        for _ in range(5):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            timed.append(time.perf_counter() - started)
        fastest.append(min(timed))
    return statistics.median(walls), statistics.median(cpus), fastest[0] - fastest[1]


def progress(name: str, done: int, total: int) -> None:
    """Say on stderr how far a run is."""
    print(f"\r  {name}: {done}/{total}", end="\n" if done == total else "", file=sys.stderr)


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@dataclass
class Race:
    """Both sides' times and verdicts on the same deals."""

    walls: dict[str, list[float]] = field(default_factory=lambda: {"ours": [], "fc-solve": []})
    cpus: dict[str, list[float]] = field(default_factory=lambda: {"ours": [], "fc-solve": []})
    verdicts: dict[bool | None, list[str]] = field(
        default_factory=lambda: {True: [], False: [], None: []}
    )
    fc_solved: int = 0
    missed: list[str] = field(default_factory=list)
    """Deals fc-solve solves and we do not."""
    timeouts: list[str] = field(default_factory=list)

    def ours(self, name: str, solve: Callable[[], T]) -> T:
        """Time our ``solve`` of deal ``name`` and keep its verdict; its answer returned."""
        cpu, wall = time.process_time(), time.perf_counter()
        result = solve()
        self.walls["ours"].append(time.perf_counter() - wall)
        self.cpus["ours"].append(time.process_time() - cpu)
        self.verdicts[result.winnable].append(name)
        return result

    def theirs(self, name: str, options: list[str], board: str, timeout: float) -> None:
        """Time fc-solve on deal ``name`` (after :meth:`ours` on it)."""
        solved, wall, cpu = run(options, board, timeout)
        self.walls["fc-solve"].append(wall)
        self.cpus["fc-solve"].append(cpu)
        if solved:
            self.fc_solved += 1
            if name not in self.verdicts[True]:
                self.missed.append(name)
        if solved is None:
            self.timeouts.append(name)

    def report(self, title: str, up: tuple[float, float, float], timeout: float) -> None:
        """Print both sides' medians and p95s, their ratios against :data:`GOAL`, the
        start-ups apart, and the verdicts."""
        ms = 1000.0
        deals = len(self.walls["ours"])
        print(title)
        figures = {}
        for side in ("ours", "fc-solve"):
            walls, cpus = self.walls[side], self.cpus[side]
            figures[side] = (
                statistics.median(walls),
                percentile(walls, 0.95),
                statistics.median(cpus),
                percentile(cpus, 0.95),
            )
            wall_med, wall_p95, cpu_med, cpu_p95 = figures[side]
            print(
                f"  {side:8} wall median {wall_med * ms:7.2f} ms  p95 {wall_p95 * ms:7.2f} ms"
                f"  max {max(walls) * ms:8.1f} ms | CPU median {cpu_med * ms:7.2f} ms"
                f"  p95 {cpu_p95 * ms:7.2f} ms"
            )
        ratio = [o / t for o, t in zip(figures["ours"], figures["fc-solve"], strict=True)]
        met = "met" if ratio[0] <= GOAL and ratio[1] <= GOAL else "NOT met"
        print(
            f"  ratio ours/fc-solve: wall median {ratio[0]:.2f}x, p95 {ratio[1]:.2f}x;"
            f" CPU median {ratio[2]:.2f}x, p95 {ratio[3]:.2f}x"
            f"   (goal: wall median and p95 <= {GOAL}x: {met})"
        )
        up_wall, up_cpu, our_import = up
        print(
            f"  fc-solve start-up alone (a won board): wall {up_wall * ms:.1f} ms, CPU"
            f" {up_cpu * ms:.1f} ms, inside each of its figures above"
        )
        print(
            f"  our start-up (Python + import, once per process, not in our figures):"
            f" {our_import * ms:.0f} ms"
        )
        won, lost, open_ = (self.verdicts[v] for v in (True, False, None))
        print(
            f"  ours: winnable {len(won)}/{deals}, not winnable {len(lost)},"
            f" undecided {len(open_)} {' '.join(open_)}"
        )
        print(f"  solved by fc-solve: {self.fc_solved}/{deals}")
        print(f"  fc-solve solves, we do not: {len(self.missed)} {' '.join(self.missed)}")
        print(f"  fc-solve past its {timeout:g} s timeout: {len(self.timeouts)}")
