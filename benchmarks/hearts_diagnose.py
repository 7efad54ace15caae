"""Where a Hearts bot's points come from, against a field: how it takes the Q♠.

Plays duplicate sets like ``cardems arena`` (the bots rotated through the seats) and, for
every hand of every bot, classifies how the Q♠ was taken by the seat that took it:

- ``own-lead``: it led the Q♠ itself (or led a spade it won with the Q♠ played by itself);
- ``own-follow``: it played the Q♠ on a spade trick and won it (no higher spade came);
- ``won-spade``: another seat played the Q♠ on spades and it won with A♠/K♠;
- ``dumped``: another seat discarded the Q♠ (void) on a trick it won;
and whether the taker held the Q♠ after the pass, passed it, or received it.

    PYTHONPATH=src python benchmarks/hearts_diagnose.py \
        --bots expert,montecarlo,montecarlo,montecarlo \
        --sets 4 --first 0
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections import Counter, defaultdict
from typing import Any

from cardems.dealcode import DealCode
from cardems.hearts.bots import make_bot
from cardems.hearts.core import (
    HEART_MASK,
    POINTS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    cards_of,
    to_card,
)
from cardems.hearts.rules import Match, Phase, cards_text
from cardems.hearts.view import view

SPADES = SUIT_MASKS[0]


def play(code: DealCode, names: list[str], seeds: list[int]) -> Match:
    """One whole match."""
    bots = [make_bot(n, s) for n, s in zip(names, seeds, strict=True)]
    match = Match.new(code)
    while not match.over and len(match.history) < 60:
        rnd = match.round
        if rnd.phase is Phase.PASSING:
            for seat in range(4):
                if not rnd.passes[seat]:
                    chosen = bots[seat].choose_pass(view(match, seat))
                    match = match.pass_cards(seat, cards_of(chosen))
            continue
        seat = rnd.to_play
        assert seat is not None
        card = bots[seat].choose_play(view(match, seat))
        match = match.play(seat, to_card(card))
    return match


def analyse(match: Match, names: list[str]) -> list[dict[str, Any]]:
    """One row per seat per hand."""
    rows = []
    for rnd in match.history:
        offset = rnd.direction.offset
        after = [rnd.dealt[s] & ~rnd.passes[s] | rnd.passes[(s - offset) & 3] for s in range(4)]
        shooter = rnd.moon_shooter
        qs_how = None
        qs_taker = -1
        qs_trick = -1
        for k, t in enumerate(rnd.tricks):
            if QUEEN_OF_SPADES in t.cards:
                qs_taker = t.winner
                qs_trick = k
                by = (t.leader + t.cards.index(QUEEN_OF_SPADES)) % 4
                led_spade = t.cards[0] < 13
                if by == t.winner:
                    qs_how = "own-lead" if t.leader == by else "own-follow"
                elif led_spade:
                    qs_how = "won-spade" if t.leader != by else "?"
                else:
                    qs_how = "dumped"
        won = [Counter() for _ in range(4)]
        held = list(after)
        for t in rnd.tricks:
            led = t.cards[0] // 13
            best = t.cards[0]
            pts = sum(POINTS[c] for c in t.cards)
            for k, c in enumerate(t.cards):
                seat = (t.leader + k) % 4
                if seat == t.winner and pts:
                    if k == 0:
                        kind = "lead"
                    else:
                        ducks = held[seat] & SUIT_MASKS[led] & ((1 << best) - 1)
                        kind = f"choice{k + 1}" if ducks else f"forced{k + 1}"
                    won[seat][kind] += pts
                held[seat] &= ~(1 << c)
                if c // 13 == led and c > best:
                    best = c
        for s in range(4):
            raw = rnd.raw_points[s]
            rows.append(
                {
                    "name": names[s],
                    "score": rnd.scores[s],
                    "raw": raw,
                    "hearts": (rnd.taken[s] & HEART_MASK).bit_count(),
                    "moon": shooter == s,
                    "moon_against": shooter is not None and shooter != s,
                    "pass": offset != 0,
                    "qs_dealt": bool(rnd.dealt[s] & QS_BIT),
                    "qs_passed": bool(rnd.passes[s] & QS_BIT),
                    "qs_held": bool(after[s] & QS_BIT),
                    "qs_received": bool(rnd.passes[(s - offset) & 3] & QS_BIT) and offset != 0,
                    "spades_held": (after[s] & SPADES).bit_count(),
                    "ak_held": bool(after[s] & (0b11 << 11)),
                    "qs_taken": qs_taker == s,
                    "qs_how": qs_how if qs_taker == s else None,
                    "qs_trick": qs_trick if qs_taker == s else None,
                    "seat": s,
                    "won": dict(won[s]),
                    "log": _log(rnd, after)
                    if (qs_taker == s and qs_how == "dumped")
                    or any(k[0] == "c" for k in won[s])
                    or (shooter is not None and shooter != s)
                    else None,
                }
            )
    return rows


def _log(rnd: Any, after: list[int]) -> list[str]:
    """The hands after the pass and the tricks, as text."""
    lines = [f"{s}: {cards_text(after[s])}" for s in range(4)]
    for t in rnd.tricks:
        shown = " ".join(cards_text(1 << c) for c in t.cards)
        lines.append(f"{t.leader}> {shown} -> {t.winner}")
    return lines


def task(args: tuple[int, tuple[str, ...], int]) -> list[dict[str, Any]]:
    number, names, seed = args
    code = DealCode("HT", 1, "N", number)
    rows: list[dict[str, Any]] = []
    for shift in range(4):
        seated = [names[(seat - shift) % 4] for seat in range(4)]
        seeds = [seed * 1_000_003 + number * 17 + shift * 4 + s for s in range(4)]
        rows.extend(analyse(play(code, seated, seeds), seated))
    return rows


def report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by[r["name"]].append(r)
    out = {}
    for name, mine in by.items():
        n = len(mine)
        held = [r for r in mine if r["qs_held"]]
        not_held = [r for r in mine if not r["qs_held"]]
        how = Counter(r["qs_how"] for r in mine if r["qs_taken"])
        no_moon = [r for r in mine if not r["moon"] and not r["moon_against"]]
        out[name] = {
            "hands": n,
            "score": round(sum(r["score"] for r in mine) / n, 3),
            "qs_rate": round(sum(r["qs_taken"] for r in mine) / n, 3),
            "qs_how_per_hand": {k: round(v / n, 3) for k, v in how.items()},
            "held_qs_share": round(len(held) / n, 3),
            "qs_taken_when_held": round(sum(r["qs_taken"] for r in held) / max(1, len(held)), 3),
            "qs_taken_when_not_held": round(
                sum(r["qs_taken"] for r in not_held) / max(1, len(not_held)), 3
            ),
            "qs_passed_rate": round(sum(r["qs_passed"] for r in mine) / n, 3),
            "qs_received_rate": round(sum(r["qs_received"] for r in mine) / n, 3),
            "hearts_per_hand_no_moon": round(
                sum(r["hearts"] for r in no_moon) / max(1, len(no_moon)), 3
            ),
            "points_by_kind_no_moon": {
                k: round(v / max(1, len(no_moon)), 3)
                for k, v in sorted(sum((Counter(r["won"]) for r in no_moon), Counter()).items())
            },
            "moons": round(sum(r["moon"] for r in mine) / n, 4),
            "moons_against": round(sum(r["moon_against"] for r in mine) / n, 4),
            "pass_hands_score": round(
                sum(r["score"] for r in mine if r["pass"]) / max(1, sum(r["pass"] for r in mine)),
                3,
            ),
            "hold_hands_score": round(
                sum(r["score"] for r in mine if not r["pass"])
                / max(1, sum(not r["pass"] for r in mine)),
                3,
            ),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bots", default="expert,montecarlo,montecarlo,montecarlo")
    parser.add_argument("--sets", type=int, default=4)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rows", help="write every row as JSON lines here")
    args = parser.parse_args()
    names = tuple(args.bots.split(","))
    tasks = [(args.first + k, names, args.seed) for k in range(args.sets)]
    rows: list[dict[str, Any]] = []
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            for result in pool.imap_unordered(task, tasks):
                rows.extend(result)
                print(f"\r{len(rows) // 4} hands", end="", file=sys.stderr, flush=True)
    else:
        for t in tasks:
            rows.extend(task(t))
            print(f"\r{len(rows) // 4} hands", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if args.rows:
        with open(args.rows, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    print(json.dumps(report(rows), indent=1))


if __name__ == "__main__":
    main()
