"""The discard family's solver on Aces Up deals: the greedy search (every discard at
once: a win it finds is real, no win found is "undecided") and the full search (a verdict
either way, bounded by positions), each deal's CPU time, and the level cuts (the thirds of
the greedy search's positions over the deals it wins).

    python3 benchmarks/discard_solver.py --deals 100 --start 100000

Goal (issue 43): a median solve of 50 ms CPU or less where the game allows it. No
published figure for Aces Up with the order of the stock known was found to race.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.intervals import wilson
from cardems.kit.discard.solver import NODES, solve


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=100_000)
    parser.add_argument("--nodes", type=int, default=NODES, help="the full search's budget")
    parser.add_argument("--greedy-only", action="store_true", help="skip the full search")
    args = parser.parse_args()
    game = game_for("aces-up")
    rules = game.rules  # type: ignore[attr-defined]
    results: dict[str, list[tuple[bool | None, float, int]]] = {"greedy": [], "full": []}
    for number in range(args.start, args.start + args.deals):
        state = game.deal(DealCode("AU", 1, "N", number))
        for kind in ("greedy",) if args.greedy_only else ("greedy", "full"):
            started = time.process_time()
            found = solve(state, args.nodes, greedy=kind == "greedy")
            results[kind].append((found.winnable, time.process_time() - started, found.nodes))
    print(f"{rules.game}, deals {args.start}-{args.start + args.deals - 1}:")
    for kind, rows in results.items():
        if not rows:
            continue
        won = sum(r[0] is True for r in rows)
        lost = sum(r[0] is False for r in rows)
        low, high = wilson(won, len(rows))
        times = [r[1] * 1000 for r in rows]
        print(
            f"  {kind:6}: {won} won ({low:.0%}-{high:.0%}), {lost} lost,"
            f" {len(rows) - won - lost} undecided; CPU per deal median"
            f" {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.0f} ms"
        )
    wins = sorted(r[2] for r in results["greedy"] if r[0])
    if wins:
        cuts = (wins[len(wins) // 3], wins[2 * len(wins) // 3])
        print(f"  level cuts (thirds of the greedy wins' positions): {cuts}")
    print("  goal: median <= 50 ms CPU a deal; anchor: none published for Aces Up")


if __name__ == "__main__":
    main()
