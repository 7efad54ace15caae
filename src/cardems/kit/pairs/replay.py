"""``cardems replay``: check a pairs game's move list (the family's notation,
:mod:`cardems.kit.pairs.engine`) and show the position it reaches. Heart to Heart offers
it (``HH`` codes)."""

from __future__ import annotations

import argparse
import functools
import json
from typing import TYPE_CHECKING, Any

from cardems.command_error import CommandError
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode, DealCodeError
from cardems.kit.pairs.engine import MoveParseError, PairsState
from cardems.kit.pairs.game import layout_data
from cardems.kit.pairs.text import render_state, status
from cardems.moves import play

if TYPE_CHECKING:
    from cardems.kit.pairs.game import PairsGame


def _code(game: PairsGame, text: str) -> DealCode:
    try:
        code = DealCode.parse(text)
    except DealCodeError as error:
        raise CommandError(str(error)) from None
    if code.game != game.family.prefix:
        name, prefix = game.solitaire().rules.name, game.family.prefix
        raise CommandError(f"{text}: replay supports {name} ({prefix}) codes only")
    return code


def summary(game: PairsGame, code: DealCode, state: PairsState) -> dict[str, Any]:
    """A position as JSON-ready data: code, status, score, moves, winnable, layout."""
    return {
        "code": str(code),
        "game": game.family.name,
        "status": status(state),
        "score": state.score,
        "moves": state.moves,
        "winnable": game.decision(state)[0],
        **layout_data(state),
    }


def _summary_text(game: PairsGame, record: dict[str, Any], state: PairsState) -> str:
    verdict = "can still be won" if record["winnable"] else "can no longer be won"
    head = f"{record['code']}: {record['status']}, score {record['score']}, moves {record['moves']}"
    places = game.solitaire().look.places
    return f"{head}, {verdict}\n{render_state(state, places, show_stock=False)}"


def cmd_replay(game: PairsGame, args: argparse.Namespace) -> None:
    """Apply a move list to a deal; print the final position or the first bad move."""
    code = _code(game, args.code)
    try:
        moves = game.solitaire().state.move.parse_many(args.moves)
        state = play(game.deal(code), moves)
    except (MoveParseError, IllegalMove) as error:
        raise CommandError(f"{code}: {error}") from None
    record = summary(game, code, state)
    text = _summary_text(game, record, state)
    print(json.dumps(record, ensure_ascii=False) if args.json else text)


def add_commands(game: PairsGame, sub: Any, words: str, example: str) -> None:
    """Register ``replay`` on the ``cardems`` sub-command parser, with its help ``words``
    and an ``example`` of moves (marked messages)."""
    from cardems.i18n.markers import N_

    replay = sub.add_parser("replay", help=words)
    replay.add_argument("code", metavar="CODE")
    replay.add_argument("moves", nargs="*", metavar="MOVE", help=example)
    replay.add_argument("--json", action="store_true", help=N_("print JSON"))
    replay.set_defaults(func=functools.partial(cmd_replay, game))
