"""The one search every solitaire shares (``cardems solve --solver generic``) beside each
game's own search: per game the won, lost and undecided deals and the share decided, the
median and p95 CPU per deal of each, the deals where both decide and disagree (the
anchor: 0), and Solvitaire's published figure where one is known.

    nice -n 19 python3 benchmarks/generic_solver.py --deals 200
    python3 benchmarks/generic_solver.py --games freecell,golf --deals 50 --nodes 2000
    python3 benchmarks/generic_solver.py --build --games eight-off --deals 300 --levels

For deals ``--start`` … ``--start + --deals - 1`` (1 … 200 by default) of each solitaire's
default variant it runs :func:`cardems.kit.generic.solve` within ``--nodes`` positions (by
default the game's own budget in :data:`NODES`, chosen so that a deal costs at most about
half a second of CPU here) and the game's own ``solve`` (its own budget), each timed in
CPU seconds. The games run from the cheapest to the dearest (:data:`NODES`' order), each
row printed as soon as its game is done. ``--jobs N`` spreads the deals over N
processes (one by default).

``--build`` keeps the build family's measure: its search
(:func:`cardems.kit.building.solver.solve_state`) per declared game (``--games`` among
them; by default Beleaguered Castle, Streets and Alleys, Eight Off and FreeCell), the won,
lost and undecided counts, the share decided, the median and p95 CPU per deal and
(``--levels``, which implies ``--build``) the thirds of the positions the won deals took
(a game's ``level_cuts``). There ``freecell`` solves FreeCell's deals declared on the
build family (``FC-generic``) and with the FreeCell family's own search
(``FC-specialized``); ``klondike`` solves Klondike's deals declared on the build family
(``KL-generic``: :mod:`cardems.klondike.declared`) and with Klondike's own search
(``KL-specialized``; ``--variant`` another draw). The build family's search never takes a
card back from a foundation, so it decides Klondike's deals only by winning them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from cardems.core.registry import game_for, games
from cardems.dealcode import DealCode
from cardems.kit.game import KitGame

NODES = {
    "heart-to-heart": 4_000,
    "accordion": 4_000,
    "aces-up": 3_000,
    "black-hole": 3_000,
    "golf": 3_000,
    "all-in-a-row": 3_000,
    "gaps": 3_000,
    "tripeaks": 1_500,
    "pyramid": 1_500,
    "canfield": 1_000,
    "streets-and-alleys": 700,
    "beleaguered-castle": 600,
    "king-albert": 600,
    "raglan": 600,
    "yukon": 500,
    "somerset": 500,
    "simple-simon": 500,
    "bakers-dozen": 400,
    "russian-solitaire": 400,
    "spanish-patience": 300,
    "fan": 300,
    "fortunes-favor": 300,
    "klondike": 300,
    "eight-off": 200,
    "freecell": 150,
    "seahaven": 120,
    "spider": 150,
    "flower-garden": 600,
    "mrs-mop": 250,
}
"""Each solitaire's generic budget of positions (a deal within some 0.1–0.3 s of CPU on
the shared 2-core machine of December 2026), in the order of a run: the games whose own
search is dearest come last."""
DEFAULT_NODES = 1_000
"""The generic budget of a solitaire not in :data:`NODES` (run last)."""
OWN_NODES = {"aces-up": 30_000}
"""The own search's budget where its ``solve`` default would take minutes per deal (Aces
Up's 2,000,000 positions: some 40 s on a lost deal): its Winnable? budget
(:data:`cardems.kit.discard.solver.WINNABLE_NODES`) instead, through ``solve_within``."""

SOLVITAIRE = {
    "klondike": (
        "81.945 % ± 0.084 % winnable (draw 3, thoughtful, foundation cards playable back;"
        " Blake & Gent, arXiv 1906.12314, as docs/GAMES.md's Klondike section and"
        " benchmarks/klondike_winnable.py quote it)"
    ),
}
"""Solvitaire's published winnable share of a game's default variant, where this
repository's documents quote one with its source; a game without one is left blank."""


@dataclass(frozen=True)
class Deal:
    """One deal's two verdicts (None: undecided) and their CPU seconds."""

    number: int
    generic: bool | None
    generic_cpu: float
    own: bool | None
    own_cpu: float


def code_of(game: KitGame, number: int) -> DealCode:
    """Deal ``number`` of the game's default variant."""
    family = game.family
    return DealCode(family.prefix, family.versions[-1], family.variants[0], number)


def both(name: str, number: int, nodes: int) -> Deal:
    """Deal ``number`` of ``name`` decided by the generic search and by the game's own."""
    from cardems.kit.generic import solve

    game = game_for(name)
    assert isinstance(game, KitGame)
    code = code_of(game, number)
    solitaire = game.solitaire_for(code)
    began = time.process_time()
    generic = solve(solitaire.deal(code), solitaire.progress, nodes).winnable
    generic_cpu = time.process_time() - began
    began = time.process_time()
    if name in OWN_NODES:
        own = game.solve_within(code, nodes=OWN_NODES[name])["winnable"]  # type: ignore[attr-defined]
    else:
        own = game.solve(code, shortest=False)["winnable"]
    return Deal(number, generic, generic_cpu, own, time.process_time() - began)


def counts(verdicts: list[bool | None], seconds: list[float]) -> str:
    """Won, lost, undecided, the share decided, the median and p95 CPU of one search."""
    won, lost = verdicts.count(True), verdicts.count(False)
    p95 = (
        statistics.quantiles(seconds, n=20, method="inclusive")[-1]
        if len(seconds) > 1
        else seconds[0]
    )
    return (
        f"{won} / {lost} / {verdicts.count(None)} | {(won + lost) / len(verdicts):.1%}"
        f" | {statistics.median(seconds) * 1000:.1f} | {p95 * 1000:.1f}"
    )


HEADER = (
    "| game | deals | generic nodes | own nodes | generic won / lost / undecided | decided"
    " | median ms | p95 ms"
    " | own won / lost / undecided | decided | median ms | p95 ms | both decide, disagree"
    " (anchor 0) | Solvitaire |\n|" + "---|" * 14
)


def row(game: KitGame, nodes: int, deals: list[Deal]) -> str:
    """The game's row of the table: both searches' figures and the disagreements."""
    disagree = [
        str(code_of(game, deal.number))
        for deal in deals
        if None not in (deal.generic, deal.own) and deal.generic != deal.own
    ]
    numbers = f"{deals[0].number}–{deals[-1].number}"
    generic = counts([d.generic for d in deals], [d.generic_cpu for d in deals])
    own = counts([d.own for d in deals], [d.own_cpu for d in deals])
    said = f"{len(disagree)}" + (f": {', '.join(disagree)}" if disagree else "")
    name = game.family.name
    own_nodes = f"{OWN_NODES[name]:,}" if name in OWN_NODES else "its own"
    return (
        f"| {name} ({game.family.prefix}1-{game.family.variants[0]}) | {numbers}"
        f" | {nodes:,} | {own_nodes} | {generic} | {own} | {said} | {SOLVITAIRE.get(name, '')} |"
    )


def solitaires(wanted: set[str]) -> list[KitGame]:
    """Every solitaire of the registry (``wanted`` alone when given), cheapest first."""
    found = [
        g for g in games() if isinstance(g, KitGame) and (not wanted or g.family.name in wanted)
    ]
    order = list(NODES)
    return sorted(
        found, key=lambda g: order.index(g.family.name) if g.family.name in NODES else len(order)
    )


def compare(args: argparse.Namespace) -> None:
    """Every solitaire's row, printed as it is done."""
    wanted = set(filter(None, args.games.split(",")))
    chosen = solitaires(wanted)
    unknown = wanted - {g.family.name for g in chosen}
    if unknown:
        sys.exit(f"not a solitaire: {', '.join(sorted(unknown))}")
    print(HEADER, flush=True)
    numbers = range(args.start, args.start + args.deals)
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    for game in chosen:
        name = game.family.name
        nodes = args.nodes or NODES.get(name, DEFAULT_NODES)
        deals: Iterator[Deal]
        if pool is None:
            deals = (both(name, number, nodes) for number in numbers)
        else:
            deals = pool.map(both, [name] * len(numbers), numbers, [nodes] * len(numbers))
        print(row(game, nodes, list(deals)), flush=True)
    if pool is not None:
        pool.shutdown()


# -- the build family's search per declared game (--build) ---------------------------------

BUILD_GAMES = ("beleaguered-castle", "streets-and-alleys", "eight-off", "freecell")


def run(label: str, positions: Callable[[int], Any], solve: Callable[[Any], Any], n: int) -> None:
    won = lost = undecided = 0
    seconds: list[float] = []
    nodes: list[int] = []
    for number in range(ARGS.start, ARGS.start + n):
        state = positions(number)
        started = time.process_time()
        found = solve(state)
        seconds.append(time.process_time() - started)
        if found.winnable:
            for move in found.moves:
                state = state.apply(move)
            assert state.won, (label, number)
            won += 1
            nodes.append(found.nodes)
        elif found.winnable is False:
            lost += 1
        else:
            undecided += 1
    seconds.sort()
    nodes.sort()
    p95 = seconds[min(n - 1, int(0.95 * n))]
    thirds = (
        f"  won-nodes thirds {nodes[len(nodes) // 3]}, {nodes[2 * len(nodes) // 3]}"
        if ARGS.levels and nodes
        else ""
    )
    print(
        f"{label:20} won {won:4} lost {lost:4} undecided {undecided:4}"
        f"  decided {(won + lost) / n:6.1%}"
        f"  median {statistics.median(seconds) * 1000:7.1f} ms  p95 {p95 * 1000:7.1f} ms" + thirds
    )


@dataclass(frozen=True)
class _Found:
    """A Klondike verdict as :func:`run` reads one."""

    winnable: bool | None
    moves: list[Any]
    nodes: int


def klondike() -> None:
    """Klondike's deals on the build family's search and on its own."""
    from cardems.kit.building.solver import solve_state
    from cardems.klondike import declared
    from cardems.klondike.solver import solve as kl_solve

    def code(number: int) -> DealCode:
        return DealCode("KL", 1, ARGS.variant, number)

    def specialized(state: Any) -> _Found:
        verdict = kl_solve(state, ARGS.nodes)
        return _Found(verdict.winnable, verdict.line or [], verdict.nodes)

    label = f"KL-{ARGS.variant}"
    generic = lambda s: solve_state(s, ARGS.nodes)  # noqa: E731
    run(f"{label}-generic", lambda n: declared.deal(code(n)), generic, ARGS.deals)
    run(f"{label}-specialized", lambda n: declared.board(code(n)), specialized, ARGS.deals)


def build() -> None:
    """The build family's search per declared game (the measure before the comparison)."""
    from cardems.kit.building import Build, BuildRules, Cells, Group, Tableau, declare
    from cardems.kit.building.engine import BuildState, deal
    from cardems.kit.building.solver import solve_state

    for name in (ARGS.games or ",".join(BUILD_GAMES)).split(","):
        if name == "freecell":
            from cardems.freecell.rules import deal as fc_deal
            from cardems.freecell.rules import layout
            from cardems.freecell.solver import solve_state as fc_solve

            declared = declare(
                BuildRules(
                    "FreeCell", Tableau((7,) * 4 + (6,) * 4), Build(), Group.SUPERMOVE, Cells(4)
                )
            )

            def as_declared(number: int, rules: BuildRules = declared) -> BuildState:
                return BuildState(rules, layout(number), (None,) * 4)

            run(
                "FC-generic",
                as_declared,
                lambda s: solve_state(s, ARGS.nodes),
                ARGS.deals,
            )
            run(
                "FC-specialized",
                lambda n: fc_deal(DealCode("FC", 1, "N", n)),
                lambda s: fc_solve(s, node_limit=ARGS.nodes),
                ARGS.deals,
            )
            continue
        if name == "klondike":
            klondike()
            continue
        game: Any = game_for(name)
        rules: BuildRules = game.rules
        prefix: str = game.family.prefix

        def position(number: int, rules: BuildRules = rules, prefix: str = prefix) -> BuildState:
            return deal(rules, DealCode(prefix, 1, "N", number))

        run(name, position, lambda s: solve_state(s, ARGS.nodes), ARGS.deals)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=None, help="200 (--build: 100)")
    parser.add_argument("--start", type=int, default=1, help="the first deal number")
    parser.add_argument(
        "--nodes", type=int, default=0, help="the generic budget (default: each game's own)"
    )
    parser.add_argument("--games", default="", help="comma-separated names (default: all)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default: one)")
    parser.add_argument("--build", action="store_true", help="the build family's search")
    parser.add_argument("--levels", action="store_true", help="with --build: the thirds")
    parser.add_argument("--variant", default="D3", help="Klondike's variant (--build)")
    ARGS = parser.parse_args()
    if ARGS.build or ARGS.levels:
        ARGS.nodes = ARGS.nodes or 50_000
        ARGS.deals = ARGS.deals or 100
        build()
    else:
        ARGS.deals = ARGS.deals or 200
        compare(ARGS)
