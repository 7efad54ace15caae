"""``cardems analyze klondike``: decide many deals and report the winnable share.

    cardems analyze klondike --variant D3 --deals 10000 --start 100000

decides deals ``--start`` … ``--start + --deals - 1`` of the variant on every core
(progress on stderr) and prints the winnable share with its 95 % Wilson interval
(undecided deals counted apart, and left out of the share), then the median and 95th
percentile of the CPU time per deal. With ``--each`` it first prints one line per deal,
in deal order, as the deals are decided (:meth:`Outcome.line`): a run stopped early
still counts, :func:`report_of_lines` summing the lines it printed, and ``--resume FILE``
goes on from such lines (their decided deals are taken as they are, their undecided ones
searched again when this run's budget is bigger than theirs was).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from cardems.argtypes import positive, whole
from cardems.batch import Batch, add_cluster_argument, add_jobs_argument, in_order
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.intervals import wilson
from cardems.klondike.declared import board
from cardems.klondike.rules import VARIANTS
from cardems.klondike.solver import DEEP_BUDGET, NODE_BUDGET, solve
from cardems.progress import Progress

CHUNK = 4
"""Deals a task of the first pass (:mod:`cardems.batch`): measured 1.7 ms median, ~45 ms
mean a deal (D3, deals 0-11), so a task of 4 is over 10 ms on average; the second pass,
deep searches of seconds, sends one a task."""


WORDS = {True: "won", False: "lost", None: "undecided"}
"""A verdict in a deal's line."""


@dataclass(frozen=True)
class Outcome:
    """One deal's verdict, the positions the search expanded, the CPU seconds it took."""

    code: DealCode
    winnable: bool | None
    nodes: int
    seconds: float

    def line(self) -> str:
        """``KL1-D3-AAADBJB won 1234 2.31``: code, verdict, positions, CPU ms."""
        return f"{self.code} {WORDS[self.winnable]} {self.nodes} {1000 * self.seconds:.2f}"

    @classmethod
    def parse(cls, line: str) -> Outcome:
        """The outcome :meth:`line` wrote; ValueError on anything else."""
        fields = line.split()
        verdicts = {word: verdict for verdict, word in WORDS.items()}
        if len(fields) != 4 or fields[1] not in verdicts:
            raise ValueError(f"not a deal's line: {line.strip()!r}")
        code = DealCode.parse(fields[0])
        return cls(code, verdicts[fields[1]], int(fields[2]), float(fields[3]) / 1000)


def verdict(job: tuple[str, int, int]) -> Outcome:
    """One deal's outcome within ``budget`` positions (runs in a worker process)."""
    variant, number, budget = job
    code = DealCode("KL", 1, variant, number)
    start = time.process_time()
    result = solve(board(code), budget)
    return Outcome(code, result.winnable, result.nodes, time.process_time() - start)


@dataclass(frozen=True)
class Report:
    """What an analysis found."""

    variant: str
    deals: int
    winnable: int
    undecided: int
    times: tuple[float, ...]

    @property
    def decided(self) -> int:
        """Deals the search decided."""
        return self.deals - self.undecided

    def interval(self) -> tuple[float, float, float]:
        """The winnable share of the decided deals and its 95 % Wilson interval."""
        share = self.winnable / self.decided if self.decided else 0.0
        return (share, *wilson(self.winnable, self.decided))

    def bounds(self) -> tuple[float, float, float, float]:
        """The winnable share of all the deals with the undecided counted lost, then won,
        and a 95 % interval holding both (the first's Wilson low, the second's high): the
        share every deal would have, whatever the undecided turn out to be."""
        low, high = self.winnable / self.deals, (self.winnable + self.undecided) / self.deals
        return (
            low,
            high,
            wilson(self.winnable, self.deals)[0],
            wilson(self.winnable + self.undecided, self.deals)[1],
        )

    def percentile(self, share: float) -> float:
        """CPU milliseconds per deal at ``share`` (0.5: the median)."""
        ordered = sorted(self.times)
        return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    def lines(self) -> list[str]:
        """The report as printed."""
        rate, low, high = self.interval()
        return [
            f"Klondike {self.variant}: {self.winnable} of {self.decided} decided deals winnable"
            f" ({100 * rate:.3f} %, 95 % interval {100 * low:.3f}-{100 * high:.3f} %);"
            f" {self.undecided} of {self.deals} undecided",
            "all deals, the undecided counted lost or won: {:.3f}-{:.3f} % winnable"
            " (95 % interval {:.3f}-{:.3f} %)".format(*(100 * b for b in self.bounds())),
            f"CPU time per deal: median {self.percentile(0.5):.1f} ms,"
            f" p95 {self.percentile(0.95):.1f} ms",
        ]


def report_of(variant: str, outcomes: list[Outcome]) -> Report:
    """The report of the outcomes of ``variant``'s deals."""
    return Report(
        variant,
        len(outcomes),
        sum(outcome.winnable is True for outcome in outcomes),
        sum(outcome.winnable is None for outcome in outcomes),
        tuple(outcome.seconds for outcome in outcomes),
    )


def outcomes_of_lines(lines: Iterable[str]) -> dict[DealCode, Outcome]:
    """Each deal's outcome in the lines an ``--each`` run printed (a deal's last line is
    its outcome; other lines are skipped: the report's own, progress)."""
    outcomes: dict[DealCode, Outcome] = {}
    for line in lines:
        try:
            outcome = Outcome.parse(line)
        except ValueError:
            continue
        outcomes[outcome.code] = outcome
    return outcomes


def report_of_lines(lines: Iterable[str]) -> Report:
    """The report of the deals' lines an ``--each`` run printed
    (:func:`outcomes_of_lines`); ValueError when they hold several variants or none."""
    outcomes = outcomes_of_lines(lines)
    variants = {code.variant for code in outcomes}
    if len(variants) != 1:
        raise ValueError(f"the lines hold {len(variants)} variants, not one")
    return report_of(variants.pop(), list(outcomes.values()))


def analyze(
    variant: str,
    deals: int,
    *,
    start: int = 0,
    budget: int = NODE_BUDGET,
    deep: int = DEEP_BUDGET,
    jobs: int | None = None,
    show: bool = True,
    each: Callable[[Outcome], None] | None = None,
    known: Mapping[DealCode, Outcome] | None = None,
    cluster: str | None = None,
) -> Report:
    """Decide deals ``start`` … ``start + deals - 1`` of ``variant`` within ``budget``
    positions each, then those left undecided again within ``deep`` (when that is more:
    :func:`cardems.klondike.solver.solve`'s second search; an outcome of the second
    pass counts the positions and time of both). ``known`` holds an earlier run's
    outcomes (:func:`outcomes_of_lines`): those deals are not searched in the first pass,
    and an undecided one joins the second when its positions were fewer than the larger
    budget. ``each`` is told of every outcome as it comes, the first pass's (and the
    known ones) in deal order, then the second's (a deal's last outcome is its verdict):
    a run stopped in the second pass has a verdict for every deal."""
    known = known or {}
    outcomes: dict[int, Outcome] = {}
    tally: Counter[bool | None] = Counter()
    numbers = range(start, start + deals)
    with (
        Batch(jobs, cluster) as batch,
        Progress(f"analyze klondike {variant}", deals, "deals", enabled=show) as progress,
    ):
        first = [
            (variant, n, budget) for n in numbers if DealCode("KL", 1, variant, n) not in known
        ]
        searched = in_order(batch.map(verdict, first, chunk=CHUNK))
        for number in numbers:
            code = DealCode("KL", 1, variant, number)
            outcome = known[code] if code in known else next(searched)
            outcomes[number] = outcome
            tally[outcome.winnable] += 1
            _told(outcome, each, progress, tally)
        larger = max(budget, deep)
        again = [
            (variant, n, larger)
            for n in numbers
            if outcomes[n].winnable is None
            and (outcomes[n].nodes < larger if outcomes[n].code in known else deep > budget)
        ]
        if again:
            for outcome in in_order(batch.map(verdict, again, chunk=1)):
                before = outcomes[outcome.code.number]
                outcome = replace(
                    outcome,
                    nodes=before.nodes + outcome.nodes,
                    seconds=before.seconds + outcome.seconds,
                )
                outcomes[outcome.code.number] = outcome
                tally[before.winnable] -= 1
                tally[outcome.winnable] += 1
                _told(outcome, each, progress, tally, count=0)
    return report_of(variant, list(outcomes.values()))


def _told(
    outcome: Outcome,
    each: Callable[[Outcome], None] | None,
    progress: Progress,
    tally: Counter[bool | None],
    count: int = 1,
) -> None:
    if each is not None:
        each(outcome)
    progress.advance(count, winnable=tally[True], undecided=tally[None])


def cmd_analyze(args: argparse.Namespace) -> None:
    """Print the report of each variant asked for (and each deal's line with ``--each``)."""
    known = outcomes_of_lines(args.resume) if args.resume else {}
    for variant in args.variant or ["D3"]:
        report = analyze(
            variant,
            args.deals,
            start=args.start,
            budget=args.budget,
            deep=args.deep,
            jobs=args.jobs,
            each=(lambda outcome: print(outcome.line(), flush=True)) if args.each else None,
            known=known,
            cluster=args.cluster,
        )
        print("\n".join(report.lines()), flush=True)


def add_arguments(parser: Any) -> None:
    """The options of ``cardems analyze klondike``."""
    parser.add_argument(
        "--variant",
        action="append",
        choices=VARIANTS,
        help=N_("variant to decide (several allowed; default D3)"),
    )
    parser.add_argument("--deals", type=positive, default=1000, help=N_("how many deals"))
    parser.add_argument("--start", type=whole(0), default=0, help=N_("the first deal number"))
    parser.add_argument(
        "--budget", type=positive, default=NODE_BUDGET, help=N_("positions per deal at most")
    )
    parser.add_argument(
        "--deep",
        type=whole(0),
        default=DEEP_BUDGET,
        help=N_("positions for a deal undecided within the budget (0: none)"),
    )
    parser.add_argument(
        "--each", action="store_true", help=N_("print each deal's verdict as it comes")
    )
    parser.add_argument(
        "--resume",
        type=argparse.FileType(encoding="utf-8"),
        metavar="FILE",
        help=N_("go on from the deals' lines of an --each run"),
    )
    add_jobs_argument(parser)
    add_cluster_argument(parser)
