"""The spaces family's solver on Gaps (Montana) deals: the verdict within a budget of
positions (won, proved lost, undecided), each deal's CPU time, the share the
winnable-only and day's budgets prove, and the level cuts (the thirds of the positions
the wins within the winnable-only budget take).

    python3 benchmarks/spaces_solver.py --deals 100 --start 2000 --variant N

Goal (issue 43): a median solve of 50 ms CPU or less where the game allows it; the day's
deal under 0.3 s mean. Anchor: players' published odds, "about one deal in twenty"
(iPad Solitaire's help for Montana, two redeals) and "10-20 %" (a Gaps how-to page);
they are human play with unknown redeals, while this solver knows every redeal's
shuffle (the deal code fixes them): it should win far more, and does.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cardems.core.registry import game_for
from cardems.dealcode import DealCode
from cardems.intervals import wilson
from cardems.kit.spaces.solver import DAILY_NODES, NODES, WINNABLE_NODES, solve

ANCHOR = "players: about 1 deal in 20 (two redeals, shuffles unknown); 10-20 %"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=2000)
    parser.add_argument("--variant", default="N", choices=("N", "S"))
    parser.add_argument("--nodes", type=int, default=NODES, help="the verdict's budget")
    args = parser.parse_args()
    game = game_for("gaps")
    rows: list[tuple[bool | None, float, int]] = []
    for number in range(args.start, args.start + args.deals):
        state = game.deal(DealCode("GP", 1, args.variant, number))
        started = time.process_time()
        found = solve(state, args.nodes)
        rows.append((found.winnable, time.process_time() - started, found.nodes))
    won = sum(r[0] is True for r in rows)
    lost = sum(r[0] is False for r in rows)
    low, high = wilson(won, len(rows))
    times = [r[1] * 1000 for r in rows]
    last = args.start + args.deals - 1
    print(f"Gaps {args.variant}, deals {args.start}-{last}, {args.nodes} positions:")
    print(
        f"  {won} won ({won / len(rows):.1%}, 95 % {low:.1%}-{high:.1%}), {lost} lost,"
        f" {len(rows) - won - lost} undecided; CPU per deal median"
        f" {statistics.median(times):.0f} ms, p95 {percentile(times, 0.95):.0f} ms"
    )
    quick = sorted(r[2] for r in rows if r[0] and r[2] <= WINNABLE_NODES)
    daily = sum(n <= DAILY_NODES for n in quick)
    print(
        f"  proved within {WINNABLE_NODES} positions (winnable-only, levels): {len(quick)};"
        f" within {DAILY_NODES} (the day's deal): {daily}"
    )
    if quick:
        cuts = (quick[len(quick) // 3], quick[2 * len(quick) // 3])
        print(f"  level cuts (thirds of those wins' positions): {cuts}")
    print(f"  goal: median <= 50 ms CPU a deal; anchor: {ANCHOR}")


if __name__ == "__main__":
    main()
