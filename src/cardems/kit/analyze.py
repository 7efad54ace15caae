"""``cardems analyze GAME`` for a family whose game answers ``verdict(code, nodes)`` (the
discard and row families): decide many deals, print the winnable share with its 95 %
interval (Wilson's), the undecided deals and the solver's CPU time per deal.

    cardems analyze aces-up --deals 2000 --start 100000 --jobs 2

Its deals' options (:func:`add_deal_arguments`) are every kit family's: the waste and
build families' analyses take them too.
"""

from __future__ import annotations

import statistics
import time
from typing import Any, ClassVar, Protocol

from cardems.argtypes import positive, whole
from cardems.batch import Batch, add_cluster_argument, in_order
from cardems.dealcode import DealCode, GameFamily
from cardems.i18n.markers import N_
from cardems.intervals import wilson
from cardems.progress import Progress


class Decides(Protocol):
    """A game that decides a deal within a number of positions."""

    family: ClassVar[GameFamily]

    def verdict(self, code: DealCode, nodes: int | None = None) -> Any: ...


def verdict(job: tuple[str, str, int, int]) -> tuple[bool | None, float, int]:
    """Decide one deal (in a worker): the verdict, the solver's CPU seconds, positions."""
    from cardems.core.registry import game_for

    name, variant, number, nodes = job
    game = game_for(name)
    code = DealCode(game.family.prefix, game.family.versions[-1], variant, number)
    start = time.process_time()
    found = game.verdict(code, nodes)  # type: ignore[attr-defined]
    return found.winnable, time.process_time() - start, found.nodes


def cmd_analyze(args: Any, game: Decides, chunk: int) -> None:
    """Decide the deals ``--start`` … (``chunk`` deals a task) and print the figures."""
    name = game.family.name
    work = [(name, args.variant, n, args.nodes) for n in range(args.start, args.start + args.deals)]
    won = undecided = 0
    seconds: list[float] = []
    with (
        Batch(args.jobs, args.cluster) as batch,
        Progress(f"analyze {name} {args.variant}", args.deals, "deals") as progress,
    ):
        for winnable, cpu, _ in in_order(batch.map(verdict, work, chunk=chunk)):
            won += winnable is True
            undecided += winnable is None
            seconds.append(cpu)
            progress.advance(winnable=won, undecided=undecided)
    low, high = wilson(won, args.deals)
    times = sorted(seconds)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(
        f"{game.family.title} {args.variant}: {won} of {args.deals} deals winnable"
        f" ({won / args.deals:.1%}, 95 % interval {low:.1%}-{high:.1%}), {undecided} undecided"
    )
    print(
        f"CPU time per deal: median {statistics.median(times) * 1000:.2f} ms,"
        f" p95 {p95 * 1000:.1f} ms, mean {statistics.fmean(times) * 1000:.1f} ms"
    )


def add_arguments(parser: Any, family: GameFamily, nodes: int, deals: int = 2000) -> None:
    """The options of ``cardems analyze GAME``: ``--variant`` among the family's, then
    :func:`add_deal_arguments`."""
    parser.add_argument("--variant", choices=family.variants, default=family.variants[0])
    add_deal_arguments(parser, family.max_number, nodes, deals)


def add_deal_arguments(parser: Any, max_number: int, nodes: int, deals: int) -> None:
    """``--deals`` (``deals`` by default), ``--start`` (a number up to ``max_number``),
    ``--nodes`` (each deal's budget, ``nodes`` by default), ``--jobs`` and ``--cluster``:
    the options every kit family's ``cardems analyze GAME`` shares."""
    parser.add_argument("--deals", type=positive, default=deals, help=N_("how many deals to solve"))
    parser.add_argument(
        "--start", type=whole(0, max_number), default=0, help=N_("the first deal number")
    )
    parser.add_argument(
        "--nodes", type=positive, default=nodes, help=N_("positions the search may visit per deal")
    )
    parser.add_argument("--jobs", type=positive, default=1, help=N_("worker processes"))
    add_cluster_argument(parser)
