"""Cardems: card games in the browser, and their deals, solvers and bots in a terminal.

Run cardems alone to play in the browser; cardems COMMAND --help tells more of a command.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import sys
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, NoReturn

from cardems import __version__
from cardems.argtypes import positive, seconds
from cardems.command_error import CommandError
from cardems.core.registry import UnknownGame, Unsupported, compiled_note, game_for, games
from cardems.dealcode import DealCode, DealCodeError
from cardems.i18n.markers import N_, Nn_

ARGUMENT_ERROR = N_("%(problem)s (see: %(command)s --help)")
AS_NUMBER = N_("%(text)s is not a deal code; as a deal number of %(game)s: %(command)s")
STOPPED = N_("Cardems stopped.")


class LocalizedHelp(argparse.RawDescriptionHelpFormatter):
    """Help in the terminal's language: every option's help and every description are
    translated when the catalog has them."""

    def __init__(self, prog: str, lang: str = "en") -> None:
        super().__init__(prog)
        self.lang = lang

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return _translated(self.lang, action.help)

    def add_text(self, text: str | None) -> None:
        super().add_text(_translated(self.lang, text))


def _translated(lang: str, text: str | None) -> str | None:
    from cardems.i18n import translate

    return translate(lang, text) if text and text is not argparse.SUPPRESS else text


class Parser(argparse.ArgumentParser):
    """An argument parser that refuses in one line (``cardems: …``, exit status 2) and
    speaks the terminal's language; sub-command parsers are of the same class."""

    lang: ClassVar[str] = "en"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", functools.partial(LocalizedHelp, lang=self.lang))
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        head, _, detail = message.partition(": ")
        if head.startswith("argument ") and detail:
            message = f"{head}: {_translated(self.lang, detail)}"
        raise CommandError(ARGUMENT_ERROR % {"problem": message, "command": self.prog})


def _parse_codes(
    texts: Sequence[str], game: str | None = None, command: str = "deal"
) -> list[DealCode]:
    """Codes, or with ``--game`` whatever names a deal of that game (its ``code_for``);
    a refusal of a number says which game reads it, as ``cardems COMMAND`` is typed."""
    read = game_for(game).code_for if game else DealCode.parse
    codes = []
    for text in texts:
        try:
            codes.append(read(text))
        except DealCodeError as error:
            hint = None if game else _as_number(text, command)
            raise CommandError(hint or str(error)) from None
    return codes


def _as_number(text: str, command: str) -> str | None:
    """What to type instead when a game reads ``text`` (``617``) as one of its deals: a
    game whose numbers are known outside Cardems first."""
    for game in sorted(games(), key=lambda game: not game.known_numbers):
        try:
            game.code_for(text)
        except DealCodeError:
            continue
        typed = f"cardems {command} {text} --game {game.family.name}"
        return AS_NUMBER % {"text": text, "game": game.family.title, "command": typed}
    return None


def _emit(
    records: list[dict[str, Any]], as_json: bool, text: Callable[[dict[str, Any]], str]
) -> None:
    for record in records:
        print(json.dumps(record, ensure_ascii=False) if as_json else text(record))


def cmd_new(args: argparse.Namespace) -> None:
    game = game_for(args.game)
    asked = [variant for other in games() if (variant := other.new_variant(args)) is not None]
    variant = (
        args.variant or game.new_variant(args) or (asked[0] if asked else game.family.variants[0])
    )
    if variant not in game.family.variants:
        raise CommandError(game.family.no_variant(variant))
    code = game.random_code(variant, winnable=args.winnable)
    _emit([{"code": str(code), "game": game.family.name}], args.json, lambda r: r["code"])


def cmd_deal(args: argparse.Namespace) -> None:
    codes = _parse_codes(args.codes, args.game, args.command)
    if args.json:
        _emit([game_for(code.game).describe(code) for code in codes], True, str)
    else:
        print("\n\n".join(game_for(code.game).render(code) for code in codes))


NO_BUDGET = N_(
    "the search of %(game)s takes no --nodes or --seconds; --solver generic takes --nodes"
)


NOT_LOST = N_("%(code)s: not lost after these moves")
ONE_CODE = N_("--lost-at takes one deal code")


def cmd_solve(args: argparse.Namespace) -> None:
    budget = args.nodes is not None or args.seconds is not None
    if args.lost_at is not None:
        _lost_at(args)
        return
    for code in _parse_codes(args.codes, args.game, args.command):
        game = game_for(code.game)
        solve_within = getattr(game, "solve_within", None)
        if args.solver == "generic":
            result = _solve_generic(game, code, args)
        elif solve_within is not None:
            result = solve_within(
                code, shortest=args.shortest, nodes=args.nodes, seconds=args.seconds
            )
        elif budget:
            raise CommandError(NO_BUDGET % {"game": game.family.title})
        else:
            result = game.solve(code, shortest=args.shortest)
        _emit([result], args.json, lambda record: _solve_text(record, language(args)))


NO_GENERIC = N_("%(game)s is not a solitaire: the generic solver plays solitaires only")
GENERIC_LINE = N_("the generic solver finds a winning line, not the shortest one")
GENERIC_NODES = N_("the generic solver is bounded by --nodes alone, never by --seconds")


def _solve_generic(game: Any, code: DealCode, args: argparse.Namespace) -> dict[str, Any]:
    """``cardems solve CODE --solver generic``: the kit's one search (any solitaire)."""
    from cardems.kit.game import KitGame

    if not isinstance(game, KitGame):
        raise CommandError(NO_GENERIC % {"game": game.family.title})
    if args.shortest:
        raise CommandError(GENERIC_LINE)
    if args.seconds is not None:
        raise CommandError(GENERIC_NODES)
    return game.solve_generic(code, args.nodes)


def _lost_at(args: argparse.Namespace) -> None:
    """``cardems solve CODE --lost-at MOVES…``: where the game of these moves was lost."""
    codes = _parse_codes(args.codes, args.game, args.command)
    if len(codes) != 1:
        raise CommandError(ONE_CODE)
    (code,) = codes
    game = game_for(code.game)
    lang = language(args)
    lost = game.where_lost_moves(code, args.lost_at)
    record: dict[str, Any] = {"code": str(code), "game": code.family.name, "lost_at": None}
    if lost is not None:
        record["lost_at"] = lost.json(lang)

    def text(record: dict[str, Any]) -> str:
        from cardems.i18n import translations

        found = record["lost_at"]
        if found is None:
            return str(translations(lang).gettext(NOT_LOST) % {"code": record["code"]})
        return f"{record['code']}: {found['said']}"

    _emit([record], args.json, text)


NOT_IN_A_TERMINAL = N_("%(game)s cannot be played in the terminal: play it with cardems serve")


def cmd_play(args: argparse.Namespace) -> None:
    from cardems.core.terminal import run

    (code,) = _parse_codes([args.code], args.game, args.command)
    game = game_for(code.game)
    play = game.text_play()
    if play is None:
        raise CommandError(NOT_IN_A_TERMINAL % {"game": game.family.title})
    run(play, code, sys.stdin, sys.stdout, language(args))


VERDICTS = {True: N_("winnable"), False: N_("not winnable"), None: N_("undecided")}
STILL_SEARCHING = N_("undecided, still searching (out of --seconds; a verdict needs --nodes)")
SOLUTION = Nn_("%(num)d move: %(moves)s", "%(num)d moves: %(moves)s")


def language(args: argparse.Namespace) -> str:
    """The terminal's language (set by :func:`main` from the environment)."""
    return str(getattr(args, "lang", "en"))


def _solve_text(result: dict[str, Any], lang: str = "en") -> str:
    from cardems.i18n import translations

    t = translations(lang)
    verdict = t.gettext(STILL_SEARCHING if result.get("clocked") else VERDICTS[result["winnable"]])
    lines = [f"{result['code']}: {verdict}"]
    if result.get("moves"):
        length = int(result["length"])
        moves = " ".join(result["moves"])
        lines.append(t.ngettext(*SOLUTION, length) % {"num": length, "moves": moves})
    return "\n".join(lines)


def version_text() -> str:
    """What ``cardems --version`` prints: the version, the Python, the search in use."""
    note = compiled_note()
    return f"cardems {__version__} (Python {platform.python_version()})" + (
        f"\n{note}" if note else ""
    )


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The argument parser of every sub-command, its help in ``lang``."""
    parser_class = type("Parser", (Parser,), {"lang": lang})
    parser: argparse.ArgumentParser = parser_class(prog="cardems", description=__doc__)
    parser.add_argument("--version", action="version", version=version_text())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    names = [game.family.name for game in games()]

    new = sub.add_parser("new", help=N_("print the code of a new deal"))
    new.add_argument("game", choices=names)
    new.add_argument(
        "--variant",
        help=N_("the variant's letters, as in its deal codes (such as D1, S4): the first if none"),
    )
    for game in games():
        game.add_new_arguments(new)
    new.add_argument(
        "--winnable",
        action=argparse.BooleanOptionalAction,
        default=False,
        help=N_("only deals a solver proves winnable"),
    )
    new.add_argument("--json", action="store_true", help=N_("print JSON"))
    new.set_defaults(func=cmd_new)

    deal = sub.add_parser("deal", help=N_("show the initial layout of deal codes"))
    deal.add_argument("codes", nargs="+", metavar="CODE")
    deal.add_argument("--json", action="store_true", help=N_("one JSON object per line"))
    deal.add_argument("--game", choices=names, help=N_("read CODE as this game names its deals"))
    deal.set_defaults(func=cmd_deal)

    solve = sub.add_parser("solve", help=N_("say whether deals can be won, with a winning line"))
    solve.add_argument("codes", nargs="+", metavar="CODE")
    solve.add_argument("--shortest", action="store_true", help=N_("a win with the fewest moves"))
    solve.add_argument(
        "--nodes",
        type=positive,
        default=None,
        help=N_(
            "positions the search may expand before it says undecided (default: the"
            " search's own): the verdict's bound, the same on a busy machine as on an idle"
            " one"
        ),
    )
    solve.add_argument(
        "--seconds",
        type=seconds,
        default=None,
        help=N_(
            "a wall-clock cap for the person waiting: past it the answer is undecided,"
            " still searching, never a verdict"
        ),
    )
    solve.add_argument(
        "--solver",
        choices=("game", "generic"),
        default="game",
        help=N_(
            "game: the game's own search (the default); generic: the one search every"
            " solitaire shares (--nodes bounds it; default 200,000)"
        ),
    )
    solve.add_argument(
        "--lost-at",
        nargs="*",
        metavar="MOVE",
        default=None,
        help=N_(
            "the moves of a game of CODE, in the game's notation: the first move after"
            " which no win existed, and a move that kept one"
        ),
    )
    solve.add_argument("--json", action="store_true", help=N_("one JSON object per line"))
    solve.add_argument("--game", choices=names, help=N_("read CODE as this game names its deals"))
    solve.set_defaults(func=cmd_solve)

    play = sub.add_parser("play", help=N_("play a solitaire deal in the terminal"))
    play.add_argument("code", metavar="CODE")
    play.add_argument("--game", choices=names, help=N_("read CODE as this game names its deals"))
    play.set_defaults(func=cmd_play)

    analyzed = [game for game in games() if game.can_analyze]
    if analyzed:
        analyze = sub.add_parser("analyze", help=N_("decide many deals of a game, on every core"))
        per_game = analyze.add_subparsers(dest="game", metavar="GAME", required=True)
        for game in analyzed:
            parser_of_game = per_game.add_parser(game.family.name, help=game.analyze_help)
            game.add_analyze_arguments(parser_of_game)
            parser_of_game.set_defaults(func=game.analyze)

    from cardems.census import add_command

    add_command(sub)
    for game in games():
        game.add_commands(sub)
    from cardems.web.commands import add_commands

    add_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``cardems`` console script."""
    from cardems.i18n import from_environment, translate

    lang = from_environment(os.environ)
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or (words[0].startswith("-") and words[0] not in ("-h", "--help", "--version")):
        words.insert(0, "serve")  # plain `cardems [--port N …]` starts the web app
    try:
        args = build_parser(lang).parse_args(words)
        args.lang = lang
        if not getattr(args, "func", None):
            build_parser(lang).print_help()
            return 0
        args.func(args)
    except (CommandError, UnknownGame, Unsupported) as error:
        print(f"cardems: {translate(lang, str(error))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl+C, which the server's banner tells to press
        print(f"\n{translate(lang, STOPPED)}", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `cardems deal … | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
