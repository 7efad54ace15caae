"""``cardems replay``: check a Heart to Heart move list (the notation of
:mod:`cardems.heart_to_heart.rules`) and show the position it reaches."""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardems.command_error import CommandError
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode, DealCodeError
from cardems.heart_to_heart.rules import HeartState, MoveParseError, deal, parse_moves, play
from cardems.heart_to_heart.table import PLACES
from cardems.i18n.markers import N_
from cardems.kit.pairs.game import layout_data
from cardems.kit.pairs.ranks import is_winnable
from cardems.kit.pairs.text import render_state, status


def _code(text: str) -> DealCode:
    try:
        code = DealCode.parse(text)
    except DealCodeError as error:
        raise CommandError(str(error)) from None
    if code.game != "HH":
        raise CommandError(f"{text}: replay supports Heart to Heart (HH) codes only")
    return code


def summary(code: DealCode, state: HeartState) -> dict[str, Any]:
    """A position as JSON-ready data: code, status, score, moves, winnable, layout."""
    return {
        "code": str(code),
        "game": "heart-to-heart",
        "status": status(state),
        "score": state.score,
        "moves": state.moves,
        "winnable": is_winnable(state),
        **layout_data(state),
    }


def _summary_text(record: dict[str, Any], state: HeartState) -> str:
    verdict = "can still be won" if record["winnable"] else "can no longer be won"
    head = f"{record['code']}: {record['status']}, score {record['score']}, moves {record['moves']}"
    return f"{head}, {verdict}\n{render_state(state, PLACES, show_stock=False)}"


def cmd_replay(args: argparse.Namespace) -> None:
    """Apply a move list to a deal; print the final position or the first bad move."""
    code = _code(args.code)
    try:
        moves = parse_moves(args.moves)
        state = play(deal(code), moves)
    except (MoveParseError, IllegalMove) as error:
        raise CommandError(f"{code}: {error}") from None
    record = summary(code, state)
    print(json.dumps(record, ensure_ascii=False) if args.json else _summary_text(record, state))


def add_commands(sub: Any) -> None:
    """Register ``replay`` on the ``cardems`` sub-command parser."""
    replay = sub.add_parser(
        "replay", help=N_("apply Heart to Heart moves to a deal and show the result")
    )
    replay.add_argument("code", metavar="CODE")
    replay.add_argument("moves", nargs="*", metavar="MOVE", help=N_("e.g. D D 25+W 23+24 R"))
    replay.add_argument("--json", action="store_true", help=N_("print JSON"))
    replay.set_defaults(func=cmd_replay)
