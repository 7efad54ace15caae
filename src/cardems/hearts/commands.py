"""``cardems arena``: bots against bots on duplicate Hearts deals; ``--league`` plays
every bot against fields of three of every other. ``cardems hearts-verify`` checks that
a finished match was dealt the deal its table committed to (:mod:`cardems.hearts.fairness`)."""

from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import sys
import time
from collections.abc import Callable
from typing import Any

from cardems.argtypes import positive, whole
from cardems.batch import add_cluster_argument
from cardems.command_error import CommandError
from cardems.dealcode import DealCode, DealCodeError
from cardems.hearts.arena import SeatRecord, run_arena, summarize
from cardems.hearts.league import HANDS_PER_SET, LEAGUE, format_table, run_league, sets_for
from cardems.hearts.league_svg import league_svg
from cardems.hearts.paired import Estimate, ratio_of_sums
from cardems.hearts.rules import MATCH_TARGET, MATCH_TARGETS
from cardems.i18n.markers import N_
from cardems.progress import Progress


def add_commands(sub: Any) -> None:
    """Register ``arena`` and ``hearts-verify`` on the CLI's sub-parsers."""
    check = sub.add_parser(
        "hearts-verify",
        help="check that a finished Hearts match was dealt the deal its table committed to",
    )
    check.add_argument("commitment", help="the commitment the table showed during the match")
    check.add_argument("code", help="the deal code shown when the match ended")
    check.add_argument("secret", help="the secret shown when the match ended")
    check.set_defaults(func=cmd_verify)
    arena = sub.add_parser(
        "arena",
        help=N_("Hearts bots against each other on duplicate deals"),
        description=N_(
            "Play Hearts matches between bots; each deal is replayed with the bots"
            " rotated through every seat."
        ),
    )
    arena.add_argument(
        "--bots",
        default=None,
        help=N_(
            "four bots, comma-separated: beginner, easy, medium, expert, montecarlo, ismcts,"
            " rules, with options such as expert:worlds=60, montecarlo:worlds=30 or"
            " ismcts:iterations=400 (default: expert,medium,medium,medium); with --league,"
            " the league's bots (default: easy,medium,rules,montecarlo)"
        ),
    )
    arena.add_argument(
        "--league",
        action="store_true",
        help=N_(
            "every bot against a field of three of every other, on duplicate blocks, with"
            " paired differences"
        ),
    )
    arena.add_argument(
        "--focus",
        default=None,
        help=N_(
            "with --league, only these bots (comma-separated) against a field of each other bot"
        ),
    )
    arena.add_argument(
        "--svg", default=None, help=N_("with --league, also draw the ratings in this SVG file")
    )
    arena.add_argument(
        "--hands",
        type=positive,
        default=None,
        help=N_(
            "about how many hands to play (default 400; with --league, per pairing, default"
            " 8000): the whole duplicate sets closest to it, a set being every deal played"
            " from every seat (about 44 hands)"
        ),
    )
    arena.add_argument(
        "--workers", type=positive, default=os.cpu_count() or 1, help=N_("processes")
    )
    add_cluster_argument(arena)
    arena.add_argument("--first", type=whole(0), default=0, help=N_("first match code number"))
    arena.add_argument(
        "--start", default=None, help=N_("first match code, e.g. HT1-N-AAAABAA (overrides --first)")
    )
    arena.add_argument("--seed", type=whole(0), default=1, help=N_("seed of the bots' own choices"))
    arena.add_argument(
        "--target",
        type=int,
        choices=MATCH_TARGETS,
        default=MATCH_TARGET,
        help=N_(
            "the total that ends each match, as chosen for a match at the table (default 100;"
            " not with --league)"
        ),
    )
    arena.add_argument("--json", action="store_true", help=N_("print one JSON object"))
    arena.add_argument("--quiet", action="store_true", help=N_("no progress on stderr"))
    arena.set_defaults(func=cmd_arena)


PLAN = N_(
    "%(command)s: %(sets)d duplicate sets of about %(per_set)d hands (%(hands)d asked;"
    " a set is not cut, so that every bot plays its deals from every seat)"
)


def announce(
    command: str, sets: int, hands: int, quiet: bool, per_set: int = HANDS_PER_SET
) -> None:
    """Say up front how many whole duplicate sets ``--hands`` became."""
    if not quiet:
        print(
            PLAN % {"command": command, "sets": sets, "per_set": per_set, "hands": hands},
            file=sys.stderr,
        )


def cmd_arena(args: argparse.Namespace) -> None:
    """Run the arena and print its figures."""

    if args.start:
        try:
            code = DealCode.parse(args.start)
        except DealCodeError as error:
            raise CommandError(str(error)) from None
        if code.game != "HT":
            raise CommandError("--start needs a Hearts code, e.g. HT1-N-AAAABAA")
        args.first = code.number
    if args.league:
        if args.target != MATCH_TARGET:
            raise CommandError("--target is for the arena's matches, not --league")
        cmd_league(args)
        return
    asked = 400 if args.hands is None else args.hands
    names = [name.strip() for name in (args.bots or "expert,medium,medium,medium").split(",")]
    if len(names) != 4:
        raise CommandError("--bots needs exactly four bots, e.g. expert,medium,medium,medium")
    per_set = max(1, round(HANDS_PER_SET * args.target / MATCH_TARGET))  # shorter matches
    set_count = max(1, round(asked / per_set))
    announce("arena", set_count, asked, args.quiet, per_set)
    start = time.perf_counter()
    try:
        with Progress("arena", set_count, "sets", enabled=not args.quiet) as progress:
            records, hands = run_arena(
                names,
                set_count,
                args.workers,
                first=args.first,
                seed=args.seed,
                progress=hand_counter(progress),
                target=args.target,
                cluster=args.cluster,
            )
    except ValueError as error:
        raise CommandError(str(error)) from None
    summaries = summarize(records)
    matches = len(records) // 16
    result: dict[str, Any] = {
        "command": "cardems arena " + shlex.join(sys.argv[2:] if len(sys.argv) > 2 else []),
        "hands": hands,
        "duplicate_sets": matches,
        "first_code": str(DealCode("HT", 1, "N", args.first)),
        "target": args.target,
        "seconds": round(time.perf_counter() - start, 1),
        "bots": [s.to_json() for s in summaries],
    }
    field = names[1]
    if names[0] != field and names[1:] == [field] * 3:
        figure = ratio_to_field(records, names[0])
        # One duplicate set gives no standard error: null in JSON (NaN is not JSON).
        defined = math.isfinite(figure.se)
        result["ratio"] = {
            "bot": names[0],
            "field": field,
            "value": round(figure.value, 3),
            "se": round(figure.se, 3) if defined else None,
            "low": round(figure.low, 3) if defined else None,
            "high": round(figure.high, 3) if defined else None,
        }
    if args.json:
        print(json.dumps(result))
        return
    print(f"{hands} hands, {matches} duplicate sets of 4 matches, {result['seconds']} s")
    print(
        f"{'bot':<16}{'points/hand':>18}{'won':>10}{'moon':>8}{'against':>9}{'Q♠':>7}{'ms/dec':>9}"
    )
    for s in summaries:
        print(
            f"{s.name:<16}{s.mean_points:>10.2f} ± {s.ci95:<5.2f}"
            f"{s.matches_won:>5}/{s.matches:<4}{100 * s.moon_rate:>7.1f}%"
            f"{100 * s.moons_against_rate:>8.1f}%{100 * s.queen_rate:>6.1f}%"
            f"{s.ms_per_decision:>9.2f}"
        )
    for s in summaries:
        if s.tries:
            print(
                f"{s.name} ran for the moon in {s.tries} hands ({100 * s.tries / s.hands:.1f}%),"
                f" shot it in {s.tries_made}; {s.failed_try_cost:.1f} points a hand when it"
                " missed"
            )
    if "ratio" in result:
        figure = result["ratio"]
        spread = (
            f" ± {figure['se']:.3f}, 95 % interval {figure['low']:.3f}–{figure['high']:.3f}"
            " (standard error clustered by duplicate set)"
            if figure["se"] is not None
            else f" (no standard error from one duplicate set: --hands {2 * HANDS_PER_SET}"
            " or more gives one)"
        )
        print(
            f"{figure['bot']}'s points/hand ÷ the field's (3 × {figure['field']}):"
            f" {figure['value']:.3f}{spread}"
        )


def ratio_to_field(records: list[SeatRecord], name: str) -> Estimate:
    """``name``'s points per hand ÷ the others' at its tables, clustered by duplicate
    set (16 records: four matches of four seats)."""
    pairs = []
    for k in range(0, len(records), 16):
        block = records[k : k + 16]
        mine = sum(sum(r.hand_scores) for r in block if r.name == name)
        others = sum(sum(r.hand_scores) for r in block if r.name != name)
        pairs.append((float(mine), others / 3))
    return ratio_of_sums(pairs)


def hand_counter(progress: Progress) -> Callable[[int], None]:
    """Advances ``progress`` by one set, with the hands played so far beside it."""
    played = 0

    def count(hands: int) -> None:
        nonlocal played
        played += hands
        progress.advance(hands=played)

    return count


def cmd_league(args: argparse.Namespace) -> None:
    """Run the league and print its table."""

    names = [name.strip() for name in args.bots.split(",")] if args.bots else list(LEAGUE)
    asked = 8000 if args.hands is None else args.hands
    sets = sets_for(asked)
    focus = [name.strip() for name in args.focus.split(",")] if args.focus else []
    fields = len(set(names) - set(focus))
    announce("league", sets, asked, args.quiet)
    start = time.perf_counter()
    try:
        with Progress("league", sets * fields, "blocks", enabled=not args.quiet) as progress:
            result = run_league(
                names,
                sets,
                args.workers,
                first=args.first,
                seed=args.seed,
                focus=focus,
                progress=hand_counter(progress),
                cluster=args.cluster,
            )
    except ValueError as error:
        raise CommandError(str(error)) from None
    figures = result.to_json()
    total = sum(p["hands"] for p in figures["pairs"])
    head: dict[str, Any] = {
        "command": "cardems arena " + shlex.join(sys.argv[2:] if len(sys.argv) > 2 else []),
        "bots": result.names,
        "duplicate_sets_per_pairing": sets,
        "first_code": str(DealCode("HT", 1, "N", args.first)),
        "hands": total,
        "seconds": round(time.perf_counter() - start, 1),
        "interrupted": result.interrupted,
    }
    if args.svg:
        try:
            with open(args.svg, "w", encoding="utf-8") as out:
                out.write(league_svg(figures))
        except OSError as error:
            raise CommandError(f"cannot write {args.svg}: {error.strerror}") from None
    if args.json:
        print(json.dumps(head | figures))
        return
    print(
        f"league of {len(result.names)} bots: {sets} blocks a pairing from"
        f" {head['first_code']}, {total} paired hands, {head['seconds']} s"
        + (" (interrupted: the blocks finished so far)" if result.interrupted else "")
    )
    print(format_table(figures, result.names))


def cmd_verify(args: argparse.Namespace) -> None:
    """Exit 0 if the commitment fits the code and the secret, else 1."""
    from cardems.hearts.fairness import verify

    if verify(args.commitment, args.code, args.secret):
        print(f"{args.code.strip().upper()}: the deal is the one the table committed to")
        return
    print(f"{args.code}: the deal does NOT match the commitment", file=sys.stderr)
    raise SystemExit(1)
