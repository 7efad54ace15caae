"""The build family's generic solver per declared game: share decided, median and p95 CPU
per deal, beside the specialized search where one exists (FreeCell as a declaration).

    nice -n 10 python3 benchmarks/generic_solver.py --deals 100
    python3 benchmarks/generic_solver.py --games eight-off --deals 300 --levels
    python3 benchmarks/generic_solver.py --games simple-simon --deals 300 --start 1001 \
        --nodes 20000 --levels

For deals ``--start`` … ``--start + --deals - 1`` (1 … ``--deals`` by default) of each
game it runs :func:`cardems.kit.building.solver.solve_state` within ``--nodes`` positions
(every winning line replayed by the engine), and prints the winnable, lost and undecided
counts, the share decided, the median and p95 CPU seconds per deal and (``--levels``) the
thirds of the positions the won deals took (a game's ``level_cuts``). ``freecell`` solves
FreeCell's deals declared on the generic engine (``FC-generic``) and with the FreeCell
family's own search (``FC-specialized``), the anchor the generic search races;
``klondike`` solves Klondike's draw-three deals declared on the build family
(``KL-generic``: :mod:`cardems.klondike.declared`) and with Klondike's own search
(``KL-specialized``, its C extension when built; ``--variant`` another draw). The generic
search never takes a card back from a foundation, so it decides Klondike's deals only
by winning them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.kit.building import Build, BuildRules, Cells, Group, Tableau, declare
from cardems.kit.building.engine import BuildState, deal
from cardems.kit.building.solver import solve_state

GAMES = ("beleaguered-castle", "streets-and-alleys", "eight-off", "freecell")
FREECELL = declare(
    BuildRules("FreeCell", Tableau((7,) * 4 + (6,) * 4), Build(), Group.SUPERMOVE, Cells(4))
)


def freecell_as_declared(number: int) -> BuildState:
    """Microsoft's deal ``number`` laid out on the generic engine."""
    from cardems.freecell.rules import layout

    return BuildState(FREECELL, layout(number), (None,) * 4)


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
    thirds = f"  won-nodes thirds {nodes[len(nodes) // 3]}, {nodes[2 * len(nodes) // 3]}"
    print(
        f"{label:20} won {won:4} lost {lost:4} undecided {undecided:4}"
        f"  decided {(won + lost) / n:6.1%}"
        f"  median {statistics.median(seconds) * 1000:7.1f} ms  p95 {p95 * 1000:7.1f} ms"
        + (thirds if ARGS.levels and nodes else "")
    )


@dataclass(frozen=True)
class _Found:
    """A Klondike verdict as :func:`run` reads one."""

    winnable: bool | None
    moves: list[Any]
    nodes: int


def klondike() -> None:
    """Klondike's deals on the generic search and on its own."""
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


def main() -> None:
    for name in ARGS.games.split(","):
        if name == "freecell":
            from cardems.freecell.rules import deal as fc_deal
            from cardems.freecell.solver import solve_state as fc_solve

            run(
                "FC-generic",
                freecell_as_declared,
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=1, help="the first deal number")
    parser.add_argument("--nodes", type=int, default=50_000)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--levels", action="store_true")
    parser.add_argument("--variant", default="D3", help="Klondike's variant (klondike)")
    ARGS = parser.parse_args()
    main()
