"""What the deal levels hold: per level, the solver's effort and the free cells a win needs.

    python benchmarks/deal_levels.py --deals 60

For ``--deals`` random deals of each level (seeded) it prints the median of what the
rating is made of: FreeCell, the positions the solver expands and the most cells its line
fills; Seahaven (each variant), the positions expanded and how many smaller variants the
deal is won in too; Heart to Heart, the shortest win's length. The levels are thirds of
the rated deals (see ``cardems.cellgames.difficulty``), so each median should grow from
easy to hard; there is no outside anchor (issue 27 asks for the levels, not a figure).
"""

from __future__ import annotations

import argparse
import random
import statistics

from cardems.core.difficulty import LEVELS
from cardems.dealcode import DealCode
from cardems.freecell import difficulty as freecell
from cardems.heart_to_heart import difficulty as hearts
from cardems.heart_to_heart.game import GAME as HEART_TO_HEART
from cardems.seahaven import difficulty as seahaven


def freecell_parts(number: int) -> tuple[int, int]:
    from cardems.cellgames.difficulty import RATE_NODES, peak_cells
    from cardems.freecell.rules import deal
    from cardems.freecell.solver import solve_state

    start = deal(DealCode("FC", 1, "N", number))
    result = solve_state(start, node_limit=RATE_NODES)
    return result.nodes, peak_cells(start, result.moves)


def seahaven_parts(code: DealCode) -> tuple[int, int]:
    from cardems.cellgames.difficulty import RATE_NODES, SPARE_NODES
    from cardems.seahaven.rules import deal
    from cardems.seahaven.solver import solve_state

    nodes = solve_state(deal(code), node_limit=RATE_NODES).nodes
    smaller = [
        DealCode("SH", 1, variant, code.number) for variant in seahaven.SMALLER[code.variant]
    ]
    spare = sum(bool(solve_state(deal(c), node_limit=SPARE_NODES).winnable) for c in smaller)
    return nodes, spare


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60, help="deals per level (default 60)")
    args = parser.parse_args()
    rnd = random.Random(27)
    for level in LEVELS:
        parts = [
            freecell_parts(freecell.deal_of_level(level, rnd).number) for _ in range(args.deals)
        ]
        nodes = statistics.median(p[0] for p in parts)
        cells = statistics.median(p[1] for p in parts)
        print(f"FreeCell      {level:6}: median {nodes:8.0f} positions, {cells:.1f} cells filled")
    for variant in ("C4", "C2", "C1"):
        for level in LEVELS:
            codes = [seahaven.deal_of_level(variant, level, rnd) for _ in range(args.deals)]
            parts = [seahaven_parts(code) for code in codes]
            nodes = statistics.median(p[0] for p in parts)
            spare = statistics.mean(p[1] for p in parts)
            print(
                f"Seahaven {variant}   {level:6}: median {nodes:8.0f} positions,"
                f" {spare:.2f} smaller variants also won (mean)"
            )
    for level in LEVELS:
        lengths = [
            hearts.rate(HEART_TO_HEART.new_code("N", winnable=True, options={"difficulty": level}))
            for _ in range(max(5, args.deals // 4))
        ]
        known = [length for length in lengths if length is not None]
        print(f"Heart to Heart {level:6}: median shortest win {statistics.median(known):.0f} moves")


if __name__ == "__main__":
    main()
