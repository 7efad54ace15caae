"""Where you lost it (issue 45, item 4): the CPU time of ``lost_at`` per lost game.

For each solitaire, deals the solver proves winnable are played at random (seeded legal
moves, at most ``--moves``) until the last position is proved lost (it ended unwon, or
the solver says so; games still winnable or undecided there are skipped and counted);
then ``Game.where_lost`` on the game's log is timed (process CPU time, one core): its
median and 95th percentile, and how many answers were found or undecided.

    nice .venv/bin/python benchmarks/lost_at.py --games 20
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from cardems.core.game import TableSettings
from cardems.core.registry import game_for
from cardems.kit.game import KitGame
from cardems.kit.table import SolitaireTable

GAMES = ("freecell", "seahaven", "heart-to-heart", "klondike", "spider", "pyramid", "tripeaks")


def lost_game(game: KitGame, rng: random.Random, moves: int) -> Any:
    """A table of a winnable deal played at random into a proved loss, or None."""
    code = game.random_code(game.family.variants[0], winnable=True)
    table = game.new_table(code, TableSettings(), {}, lambda: 0.0)
    assert isinstance(table, SolitaireTable)
    for _ in range(moves):
        intents = table.legal_intents()
        if table.status != "playing" or not intents:
            break
        table.act(rng.choice(intents))
    if table.status == "won":
        return None
    if table.status == "playing" and table.solitaire.verdict(table.state, False)[0] is not False:
        return None
    return table


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="lost games per solitaire")
    parser.add_argument("--moves", type=int, default=300, help="random moves at most")
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--only", nargs="*", choices=GAMES, default=list(GAMES))
    args = parser.parse_args()
    print("game            lost  found undecided  skipped  moves(med)  median s  p95 s   max s")
    for slug in args.only:
        game = game_for(slug)
        assert isinstance(game, KitGame)
        rng = random.Random(args.seed)
        times: list[float] = []
        found = undecided = skipped = 0
        lengths: list[int] = []
        while len(times) < args.games and skipped < 10 * args.games:
            table = lost_game(game, rng, args.moves)
            if table is None:
                skipped += 1
                continue
            started = time.process_time()
            lost = game.where_lost(table.code, TableSettings(), {}, table.log)
            times.append(time.process_time() - started)
            lengths.append(len(table.log))
            if lost is not None and lost.found:
                found += 1
            else:
                undecided += 1
        if not times:
            print(f"{slug:15} no lost game in {skipped} tries")
            continue
        print(
            f"{slug:15} {len(times):4} {found:6} {undecided:9} {skipped:8}"
            f" {statistics.median(lengths):11.0f} {statistics.median(times):9.3f}"
            f" {percentile(times, 0.95):6.3f} {max(times):7.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
