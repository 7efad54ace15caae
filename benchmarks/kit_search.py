"""The one search every solitaire shares (``cardems solve --solver generic``) beside each
game's own search: share decided, median and p95 CPU per deal, and the deals where both
decide and disagree (the anchor: 0).

    nice -n 10 python3 benchmarks/kit_search.py --deals 20 --start 5000
    python3 benchmarks/kit_search.py --games freecell,golf --deals 50 --nodes 100000

For deals ``--start`` … ``--start + --deals - 1`` of each solitaire's default variant it
runs :func:`cardems.kit.generic.solve` within ``--nodes`` positions and the game's own
``solve`` (its own budget), each timed in CPU seconds.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from cardems.core.registry import games
from cardems.dealcode import DealCode
from cardems.kit.game import KitGame
from cardems.kit.generic import solve


def figures(label: str, verdicts: list[bool | None], seconds: list[float]) -> str:
    """One row: counts, share decided, median and p95 CPU."""
    won, lost = verdicts.count(True), verdicts.count(False)
    decided = (won + lost) / len(verdicts)
    p95 = statistics.quantiles(seconds, n=20)[-1] if len(seconds) > 1 else seconds[0]
    return (
        f"  {label:9} won {won:4}  lost {lost:4}  undecided {verdicts.count(None):4}"
        f"  decided {decided:6.1%}  median {statistics.median(seconds) * 1000:8.1f} ms"
        f"  p95 {p95 * 1000:8.1f} ms"
    )


def measure(game: KitGame, start: int, deals: int, nodes: int) -> None:
    family = game.family
    generic: list[bool | None] = []
    own: list[bool | None] = []
    generic_cpu: list[float] = []
    own_cpu: list[float] = []
    for number in range(start, start + deals):
        code = DealCode(family.prefix, family.versions[-1], family.variants[0], number)
        solitaire: Any = game.solitaire_for(code)
        began = time.process_time()
        generic.append(solve(solitaire.deal(code), solitaire.progress, nodes).winnable)
        generic_cpu.append(time.process_time() - began)
        began = time.process_time()
        own.append(game.solve(code, shortest=False)["winnable"])
        own_cpu.append(time.process_time() - began)
    disagree = sum(1 for a, b in zip(generic, own, strict=True) if None not in (a, b) and a != b)
    print(f"{family.name} ({family.prefix}, variant {family.variants[0]}, {deals} deals):")
    print(figures("generic", generic, generic_cpu))
    print(figures("own", own, own_cpu))
    print(f"  both decided and disagree: {disagree}   (anchor: 0)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="comma-separated names (default: all)")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--start", type=int, default=5000)
    parser.add_argument("--nodes", type=int, default=20_000)
    args = parser.parse_args()
    wanted = set(filter(None, args.games.split(",")))
    for game in games():
        if isinstance(game, KitGame) and (not wanted or game.family.name in wanted):
            measure(game, args.start, args.deals, args.nodes)


if __name__ == "__main__":
    main()
