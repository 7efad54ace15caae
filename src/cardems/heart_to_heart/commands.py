"""Heart to Heart sub-commands: ``cardems replay`` checks a move list, ``cardems play``
plays in a terminal. Both use the move notation of :mod:`cardems.heart_to_heart.rules`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from cardems.cli import CommandError, language
from cardems.core.history import History, IllegalMove
from cardems.dealcode import DealCode, DealCodeError
from cardems.heart_to_heart.rules import HeartState, MoveParseError, deal, parse_moves, play
from cardems.heart_to_heart.solver import hint, is_winnable
from cardems.heart_to_heart.text import layout_data, render_state, status
from cardems.i18n.markers import N_

HELP = N_(
    "moves: D draw, R recycle, 12+25 pair two positions, 25+W pair with the waste;"
    " also: undo, redo, hint, quit"
)


def _code(text: str) -> DealCode:
    try:
        code = DealCode.parse(text)
    except DealCodeError as error:
        raise CommandError(str(error)) from None
    if code.game != "HH":
        raise CommandError(f"{text}: replay and play support Heart to Heart (HH) codes only")
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
    return f"{head}, {verdict}\n{render_state(state, show_stock=False)}"


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


def cmd_play(args: argparse.Namespace) -> None:
    """Play a deal interactively, one command per line."""
    run_game(_code(args.code), sys.stdin, sys.stdout, language(args))


def run_game(code: DealCode, lines: TextIO, out: TextIO, lang: str = "en") -> HeartState:
    """The terminal game loop, in ``lang``; returns the last position (for tests)."""
    from cardems.i18n import translate, translations

    _ = translations(lang).gettext
    history: History[HeartState] = History(deal(code))
    say: Callable[[str], object] = lambda text: print(text, file=out)  # noqa: E731
    say(f"{code}  {_('Heart to Heart')} — {_(HELP)}")
    say(render_state(history.current, show_stock=False))
    for line in lines:
        command = line.strip().lower()
        state = history.current
        try:
            if command in ("quit", "q", "exit"):
                break
            if command in ("undo", "redo"):
                history.undo() if command == "undo" else history.redo()
            elif command == "hint":
                move = hint(state)
                say(
                    _(N_("hint: %(move)s")) % {"move": move}
                    if move
                    else _(N_("no winning line from here"))
                )
                continue
            elif command:
                history.push(play(state, parse_moves([command])))
            else:
                continue
        except (MoveParseError, IllegalMove) as error:
            say(_(N_("refused: %(reason)s")) % {"reason": translate(lang, str(error))})
            continue
        state = history.current
        say(render_state(state, show_stock=False))
        say(
            _(N_("score %(score)d, moves %(moves)d")) % {"score": state.score, "moves": state.moves}
        )
        if state.is_won():
            say(_("You won!"))
            break
        if state.is_blocked():
            say(_(N_("No more moves possible (undo, or quit)")))
    return history.current


def add_commands(sub: Any) -> None:
    """Register ``replay`` and ``play`` on the ``cardems`` sub-command parser."""
    replay = sub.add_parser(
        "replay", help=N_("apply Heart to Heart moves to a deal and show the result")
    )
    replay.add_argument("code", metavar="CODE")
    replay.add_argument("moves", nargs="*", metavar="MOVE", help=N_("e.g. D D 25+W 23+24 R"))
    replay.add_argument("--json", action="store_true", help=N_("print JSON"))
    replay.set_defaults(func=cmd_replay)
    play_parser = sub.add_parser("play", help=N_("play a Heart to Heart deal in the terminal"))
    play_parser.add_argument("code", metavar="CODE")
    play_parser.set_defaults(func=cmd_play)
