"""The ``cardems`` command: deal, solve and play from a terminal or a script."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from cardems.core.registry import UnknownGame, Unsupported, game_for, games
from cardems.dealcode import DealCode, DealCodeError
from cardems.i18n.markers import N_, Nn_


class CommandError(Exception):
    """A user error: printed as ``cardems: message`` with exit status 2."""


def _parse_codes(texts: Sequence[str], game: str | None = None) -> list[DealCode]:
    """Codes, or with ``--game`` whatever names a deal of that game (its ``code_for``)."""
    read = game_for(game).code_for if game else DealCode.parse
    codes = []
    for text in texts:
        try:
            codes.append(read(text))
        except DealCodeError as error:
            raise CommandError(str(error)) from None
    return codes


def _emit(
    records: list[dict[str, Any]], as_json: bool, text: Callable[[dict[str, Any]], str]
) -> None:
    for record in records:
        print(json.dumps(record, ensure_ascii=False) if as_json else text(record))


def cmd_new(args: argparse.Namespace) -> None:
    game = game_for(args.game)
    variant = f"C{args.cells}" if args.cells else game.family.variants[0]
    if variant not in game.family.variants:
        raise CommandError(
            N_("%(game)s has no variant %(variant)s")
            % {"game": game.family.title, "variant": variant}
        )
    code = game.random_code(variant, winnable=args.winnable)
    _emit([{"code": str(code), "game": game.family.name}], args.json, lambda r: r["code"])


def cmd_deal(args: argparse.Namespace) -> None:
    codes = _parse_codes(args.codes, args.game)
    if args.json:
        _emit([game_for(code.game).describe(code) for code in codes], True, str)
    else:
        print("\n\n".join(game_for(code.game).render(code) for code in codes))


def cmd_solve(args: argparse.Namespace) -> None:
    for code in _parse_codes(args.codes, args.game):
        result = game_for(code.game).solve(code, shortest=args.shortest)
        _emit([result], args.json, lambda record: _solve_text(record, language(args)))


VERDICTS = {True: N_("winnable"), False: N_("not winnable"), None: N_("undecided")}
SOLUTION = Nn_("%(num)d move: %(moves)s", "%(num)d moves: %(moves)s")


def language(args: argparse.Namespace) -> str:
    """The terminal's language (set by :func:`main` from the environment)."""
    return str(getattr(args, "lang", "en"))


def _solve_text(result: dict[str, Any], lang: str = "en") -> str:
    from cardems.i18n import translations

    t = translations(lang)
    verdict = t.gettext(VERDICTS[result["winnable"]])
    lines = [f"{result['code']}: {verdict}"]
    if result.get("moves"):
        length = int(result["length"])
        moves = " ".join(result["moves"])
        lines.append(t.ngettext(*SOLUTION, length) % {"num": length, "moves": moves})
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every sub-command."""
    parser = argparse.ArgumentParser(prog="cardems", description=__doc__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    names = [game.family.name for game in games()]

    new = sub.add_parser("new", help="print the code of a new deal")
    new.add_argument("game", choices=names)
    new.add_argument("--cells", type=int, choices=(4, 2, 1), help="Seahaven free cells")
    new.add_argument(
        "--winnable",
        action=argparse.BooleanOptionalAction,
        default=False,
        help="only deals a solver proves winnable",
    )
    new.add_argument("--json", action="store_true", help="print JSON")
    new.set_defaults(func=cmd_new)

    deal = sub.add_parser("deal", help="show the initial layout of deal codes")
    deal.add_argument("codes", nargs="+", metavar="CODE")
    deal.add_argument("--json", action="store_true", help="one JSON object per line")
    deal.add_argument("--game", choices=names, help="read CODE as this game names its deals")
    deal.set_defaults(func=cmd_deal)

    solve = sub.add_parser("solve", help="say whether deals can be won, with a winning line")
    solve.add_argument("codes", nargs="+", metavar="CODE")
    solve.add_argument("--shortest", action="store_true", help="a win with the fewest moves")
    solve.add_argument("--json", action="store_true", help="one JSON object per line")
    solve.add_argument("--game", choices=names, help="read CODE as this game names its deals")
    solve.set_defaults(func=cmd_solve)

    analyzed = [game for game in games() if game.can_analyze]
    if analyzed:
        analyze = sub.add_parser("analyze", help="decide many deals of a game, on every core")
        per_game = analyze.add_subparsers(dest="game", metavar="GAME", required=True)
        for game in analyzed:
            parser_of_game = per_game.add_parser(game.family.name, help=game.analyze_help)
            game.add_analyze_arguments(parser_of_game)
            parser_of_game.set_defaults(func=game.analyze)

    for game in games():
        game.add_commands(sub)
    from cardems.web.commands import add_commands

    add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``cardems`` console script."""
    parser = build_parser()
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or (words[0].startswith("-") and words[0] not in ("-h", "--help")):
        words.insert(0, "serve")  # plain `cardems [--port N …]` starts the web app
    args = parser.parse_args(words)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    from cardems.i18n import from_environment, translate

    args.lang = from_environment(os.environ)
    try:
        args.func(args)
    except (CommandError, UnknownGame, Unsupported) as error:
        print(f"cardems: {translate(args.lang, str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `cardems deal … | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
