"""``cardems analyze GAME`` for every build-family declaration: decide many deals.

    cardems analyze eight-off --deals 1000 --jobs 2

decides the deals numbered ``--start`` to ``--start + --deals - 1`` with the generic
solver within ``--nodes`` positions each (``--jobs`` worker processes, or the Dask
cluster of ``--cluster``: :mod:`cardems.batch`) and prints the winnable share with its
95 % interval (Wilson's), the undecided deals, and the median and p95 CPU time per deal.

    nice -n 15 cardems analyze mrs-mop --pool --jobs 1 --start 0 --deals 500

With ``--pool`` (a game whose declaration names a pool, :attr:`BuildGame.pool`) each deal
proved winnable, its winning line replayed to a win in the engine, is written to the
game's pool file at once (a line ``MM1-N-AAAAAAB 412``: the code and the positions its
win took), so a run stopped early keeps what it proved; ``--nodes`` may not pass the
verdict's budget (:data:`~cardems.kit.building.game.SOLVE_NODES`).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from cardems.batch import Batch, in_order
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.intervals import wilson
from cardems.kit.analyze import add_deal_arguments
from cardems.progress import Progress

NO_POOL = N_("%(game)s draws no deal from a pool: its declaration names none")
OVER_BUDGET = N_("a pool's deals are proved within %(nodes)d positions: lower --nodes")
CHUNK = 4
"""Deals a task of :mod:`cardems.batch` (a deal takes some 10–100 ms at the median)."""


def verdict(job: tuple[str, int, int]) -> tuple[bool | None, float]:
    """Decide one deal in a worker: the verdict and the solver's CPU seconds."""
    winnable, seconds, _ = proof(job)
    return winnable, seconds


def proof(job: tuple[str, int, int]) -> tuple[bool | None, float, int | None]:
    """Decide one deal in a worker: the verdict, the solver's CPU seconds and, for a win
    whose line replays to a win in the engine, the positions the search expanded."""
    from cardems.core.registry import game_for
    from cardems.kit.building.engine import deal
    from cardems.kit.building.solver import solve_state

    name, number, nodes = job
    game: Any = game_for(name)
    state = deal(game.rules, DealCode(game.family.prefix, 1, game.family.variants[0], number))
    start = time.process_time()
    result = solve_state(state, nodes)
    seconds = time.process_time() - start
    if not result.winnable:
        return result.winnable, seconds, None
    for move in result.moves:
        state = state.apply(move)  # refuses an illegal move: the line is checked
    if not state.won:
        raise AssertionError(f"{game.family.prefix}1 deal {number}: the line does not win")
    return True, seconds, result.nodes


def summary(title: str, verdicts: list[tuple[bool | None, float]]) -> str:
    """The figures in three lines."""
    deals = len(verdicts)
    won = sum(1 for winnable, _ in verdicts if winnable is True)
    undecided = sum(1 for winnable, _ in verdicts if winnable is None)
    low, high = wilson(won, deals)
    times = sorted(seconds for _, seconds in verdicts)
    p95 = times[min(deals - 1, int(0.95 * deals))] * 1000
    return "\n".join(
        [
            f"{title}: {won} of {deals} deals winnable ({won / deals:.1%}, 95 % interval"
            f" {low:.1%}-{high:.1%}), {undecided} undecided",
            f"CPU time per deal: median {statistics.median(times) * 1000:.1f} ms, p95 {p95:.1f} ms",
        ]
    )


def cmd_analyze(game: Any, args: Any) -> None:
    """Decide the deals and print the figures (with ``--pool``, add the proved deals to
    the game's pool as they come)."""
    from cardems.command_error import CommandError
    from cardems.kit.building.game import SOLVE_NODES
    from cardems.kit.building.pool import add_to_pool

    name = game.family.name
    pool = getattr(args, "pool", False)
    if pool and not game.pool:
        raise CommandError(NO_POOL % {"game": game.family.title})
    if pool and args.nodes > SOLVE_NODES:
        raise CommandError(OVER_BUDGET % {"nodes": SOLVE_NODES})
    work = [(name, number, args.nodes) for number in range(args.start, args.start + args.deals)]
    verdicts: list[tuple[bool | None, float]] = []
    with (
        Batch(args.jobs, args.cluster) as batch,
        Progress(f"analyze {name}", args.deals, "deals") as progress,
    ):
        for (_, number, _), (winnable, seconds, nodes) in zip(
            work, in_order(batch.map(proof, work, chunk=CHUNK)), strict=True
        ):
            verdicts.append((winnable, seconds))
            if pool and nodes is not None:
                code = DealCode(game.family.prefix, 1, game.family.variants[0], number)
                add_to_pool(game, {code: nodes})
            progress.advance(winnable=sum(1 for v, _ in verdicts if v is True))
    print(summary(game.rules.game, verdicts))
    if pool:
        from cardems.kit.building.pool import load_pool

        print(f"{len(load_pool(game))} codes in the pool of {game.rules.game}")


def add_arguments(parser: Any, max_number: int, nodes: int) -> None:
    """The options of ``cardems analyze GAME``: the kit's
    (:func:`~cardems.kit.analyze.add_deal_arguments`) and ``--pool``."""
    add_deal_arguments(parser, max_number, nodes, 1000)
    parser.add_argument(
        "--pool",
        action="store_true",
        help=N_("add the deals proved winnable to the pool the game ships"),
    )
