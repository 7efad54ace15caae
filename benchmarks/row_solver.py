"""The row family's solver on Accordion deals: verdicts, each deal's CPU time and
positions, and the level cuts (the thirds of the positions over the deals won within the
winnable-only budget), with ``--levels`` the share of each level on these deals.

    python3 benchmarks/row_solver.py --deals 100 --start 100000
    python3 benchmarks/row_solver.py --deals 150 --start 200000 --levels

Goal (issue 43): a median solve of 50 ms CPU or less where the game allows it. Anchor:
solitairewinrates.com's solver of open Accordion won every one of its first 800,000
random deals (it proves no loss); Morehead and Mott-Smith's 1 in 100 is the closed game,
cards played as they are dealt.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardems.core.difficulty import level_by_cuts
from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.intervals import wilson
from cardems.kit.row.solver import NODES, WINNABLE_NODES, solve


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="accordion")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=100_000)
    parser.add_argument("--nodes", type=int, default=NODES)
    parser.add_argument("--levels", action="store_true", help="each level's share")
    args = parser.parse_args()
    game = game_for(args.game)
    rows: list[tuple[bool | None, float, int]] = []
    for number in range(args.start, args.start + args.deals):
        state = game.deal(DealCode(game.family.prefix, 1, "N", number))
        started = time.process_time()
        found = solve(state, args.nodes)  # type: ignore[arg-type]
        rows.append((found.winnable, time.process_time() - started, found.nodes))
    won = sum(r[0] is True for r in rows)
    lost = sum(r[0] is False for r in rows)
    low, high = wilson(won, len(rows))
    times = [r[1] * 1000 for r in rows]
    print(f"{game.family.name}, deals {args.start}-{args.start + args.deals - 1}:")
    print(
        f"  {won} won ({low:.1%}-{high:.1%}), {lost} lost, {len(rows) - won - lost}"
        f" undecided within {args.nodes} positions; CPU per deal median"
        f" {statistics.median(times):.0f} ms, p95 {percentile(times, 0.95):.0f} ms"
    )
    wins = sorted(r[2] for r in rows if r[0] and r[2] <= WINNABLE_NODES)
    print(f"  won within the winnable-only budget ({WINNABLE_NODES}): {len(wins)} of {len(rows)}")
    if wins:
        cuts = (wins[len(wins) // 3], wins[2 * len(wins) // 3])
        print(f"  level cuts (thirds of those wins' positions): {cuts}")
    if args.levels:
        cuts = game.level_cuts  # type: ignore[attr-defined]
        levels = [level_by_cuts(r[2], *cuts) for r in rows if r[0] and r[2] <= WINNABLE_NODES]
        shares = {level: levels.count(level) for level in ("easy", "medium", "hard")}
        print(f"  the declared cuts {cuts} on these deals: {shares}")
    print("  goal: median <= 50 ms CPU a deal; anchor: every one of 800,000 deals won")


if __name__ == "__main__":
    main()
