"""Defaults a game declaration inherits: a solitaire with no solver, labels or commands.

A game subclasses :class:`GameBase`, sets ``family`` (and ``keys_help``), implements
``random_code``, ``describe``, ``render`` and ``new_table``, and overrides what it has
beyond the defaults: a solver, screen-reader labels, options, its own page.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from cardems.core import kinds
from cardems.core.daily import daily_stream
from cardems.core.game import (
    Action,
    Example,
    Option,
    PlayedGame,
    StatBlock,
    Table,
    TableSettings,
    View,
)
from cardems.core.registry import Unsupported
from cardems.core.solitaire import parse_intent, solitaire_statistics
from cardems.core.terminal import TextPlay
from cardems.dealcode import DealCode, DealCodeError, GameFamily, Variant
from cardems.i18n.markers import N_
from cardems.numbers import read_number
from cardems.render.miniature import miniature, pile_cards
from cardems.rng import SplitMix64

NO_SOLVER = N_("%(game)s has no solver")
NO_SHORTEST = N_("%(game)s shows no par: --shortest is for the games that do")
NOT_THIS_GAME = N_("%(code)s is a %(game)s code")
NOT_A_DEAL = N_("'%(text)s' is neither a %(game)s code nor a deal number 0-%(num)d")


def draw_below(bound: int) -> int:
    """A random number from 0 to ``bound - 1``, from :mod:`secrets`: where every game's
    random deals are drawn (so a test seeds them in one place)."""
    return secrets.randbelow(bound)


class GameBase:
    """Shared defaults of :class:`~cardems.core.game.Game` (see the module docstring)."""

    family: ClassVar[GameFamily]
    keys_help: ClassVar[str] = ""
    options: ClassVar[tuple[Option, ...]] = ()
    settings: ClassVar[tuple[str, ...]] = ()
    page: ClassVar[str] = "table.html"
    client_strings: ClassVar[tuple[str, ...]] = ()
    can_solve: ClassVar[bool] = False
    can_analyze: ClassVar[bool] = False
    analyze_help: ClassVar[str] = ""
    """What ``cardems analyze <slug>`` does, for ``cardems analyze -h``."""
    compiled_modules: ClassVar[tuple[str, ...]] = ()
    known_numbers: ClassVar[bool] = False
    opponents: ClassVar[bool] = False
    variant_legend: ClassVar[str] = ""
    variant_labels: ClassVar[tuple[tuple[str, int], ...]] = ()
    variants: ClassVar[tuple[Variant, ...]] = ()
    """Each variant with its label, in the family's order: it sets :attr:`variant_labels`."""
    examples: ClassVar[tuple[Example, ...]] = ()
    tagline: ClassVar[str] = ""
    kind: ClassVar[str] = kinds.OTHER
    longest_game: ClassVar[int] = 1000
    """The most intents a game takes to end when its moves never repeat a position (the
    contract test plays every game to its end under it)."""
    daily_variants: ClassVar[tuple[Variant, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        variants = cls.__dict__.get("variants")
        if variants:
            cls.variant_labels = tuple((variant.label, variant.num) for variant in variants)

    def code_for(self, text: str) -> DealCode:
        """A deal code of this game, or a deal number (``617``, ``#617``): that deal of the
        default variant, by the newest generator (the number a code's payload spells)."""
        token = text.strip().lstrip("#")
        if token.isdecimal():
            family = self.family
            number = read_number(token, maximum=family.max_number)
            if number is None:
                raise DealCodeError(
                    "number",
                    NOT_A_DEAL % {"text": text, "game": family.title, "num": family.max_number},
                )
            return DealCode(family.prefix, max(family.versions), family.variants[0], number)
        code = DealCode.parse(text)
        if code.game != self.family.prefix:
            raise DealCodeError(
                "game",
                NOT_THIS_GAME % {"code": str(code), "game": code.family.title},
            )
        return code

    def deal_name(self, code: DealCode) -> str:
        """How the table names its deal: the code itself by default."""
        return str(code)

    def text_play(self) -> TextPlay | None:
        """Not playable in a terminal by default."""
        return None

    def draw_code(self, variant: str) -> DealCode:
        """A deal of ``variant`` drawn at random (:func:`draw_below`), in the family's
        latest version."""
        family = self.family
        number = draw_below(family.max_number + 1)
        return DealCode(family.prefix, family.versions[-1], variant, number)

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A fresh deal of ``variant``: :meth:`draw_code`'s; with ``winnable``, the first
        drawn that :meth:`winnable_deal` accepts."""
        while True:
            code = self.draw_code(variant)
            if not winnable or self.winnable_deal(code):
                return code

    def winnable_deal(self, code: DealCode) -> bool:
        """Whether ``code`` may be dealt as a winnable-only deal (by default,
        :meth:`proves_winnable`)."""
        return self.proves_winnable(code)

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """A random deal, whatever the options (a game with levels overrides it)."""
        return self.random_code(variant, winnable=winnable)

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """No solver by default."""
        raise Unsupported(NO_SOLVER % {"game": self.family.title})

    def where_lost(
        self,
        code: DealCode,
        settings: TableSettings,
        options: dict[str, Any],
        log: Sequence[Action],
    ) -> Any:
        """Where a lost game was lost (:class:`cardems.kit.lost.LostAt`), or None: not
        known without a solver."""
        return None

    def where_lost_moves(self, code: DealCode, moves: Sequence[str]) -> Any:
        """Where a game of ``code`` played by ``moves`` (the game's notation) was lost
        (``cardems solve --lost-at``); a game without a solver cannot tell."""
        raise Unsupported(NO_SOLVER % {"game": self.family.title})

    def winnable(self, table: Table, seconds: float) -> bool | None:
        """Undecided by default."""
        return None

    def par(self, code: DealCode) -> int | None:
        """Unknown by default."""
        return None

    def best_par(self, code: DealCode) -> tuple[int, bool] | None:
        """:meth:`par`, proven, by default."""
        par = self.par(code)
        return None if par is None else (par, True)

    def example_code(self) -> str:
        """A deal code of this game to show as an example (the new-game window's
        placeholder): deal 617 of its first variant."""
        family = self.family
        number = min(617, family.max_number)
        return str(DealCode(family.prefix, family.versions[-1], family.variants[0], number))

    def daily_code(self, day: datetime.date, secret: bytes = b"") -> DealCode:
        """The first deal of the first variant drawn from the day's stream that the
        solver proves winnable (any deal, for a game without a solver); the stream mixes
        ``secret`` for a game with opponents (see :mod:`cardems.core.daily`)."""
        stream = daily_stream(self.family.name, day, secret if self.opponents else b"")
        return self._first_proved(stream, self.family.variants[0])

    def variant_daily_code(self, variant: str, day: datetime.date) -> DealCode:
        """The first deal of ``variant`` drawn from its own stream of the day that the
        solver proves winnable."""
        return self._first_proved(daily_stream(f"{self.family.name} {variant}", day), variant)

    def _first_proved(self, stream: SplitMix64, variant: str) -> DealCode:
        family = self.family
        while True:
            number = stream.below(family.max_number + 1)
            code = DealCode(family.prefix, family.versions[-1], variant, number)
            if not self.can_solve or self.proves_daily(code):
                return code

    def proves_daily(self, code: DealCode) -> bool:
        """Whether the solver proves ``code`` winnable within the day's budget: the day's
        first home page waits for every game's deal, so a game whose proofs take seconds
        narrows it (by default, the budget of a winnable-only deal)."""
        return self.proves_winnable(code)

    def proves_winnable(self, code: DealCode) -> bool:
        """Whether the solver proves ``code`` winnable, within a budget a player waiting
        for the deal can afford (a game whose full search takes seconds narrows it)."""
        return bool(self.solve(code, shortest=False)["winnable"])

    def miniature(self, code: DealCode) -> str:
        """The piles of a fresh table's view, drawn small (a solitaire's layout)."""
        table = self.new_table(code, TableSettings(), {}, lambda: 0.0)
        cards, slots = pile_cards(table.view()["piles"])
        return miniature(family_ident(self.family), cards, slots)

    def new_table(
        self,
        code: DealCode,
        settings: TableSettings,
        options: dict[str, Any],
        clock: Callable[[], float],
    ) -> Table:
        """A table at the deal's start (each game makes its own)."""
        raise NotImplementedError

    def parse_intent(self, data: dict[str, Any]) -> Action:
        """A solitaire intent (tap, double tap, drag, undo, redo)."""
        return parse_intent(data)

    def label(self, view: View, lang: str) -> View:
        """No spoken labels by default."""
        return view

    def localize(self, view: View, lang: str) -> View:
        """The view's ``message`` in ``lang``, then the game's labels."""
        from cardems.i18n import translate

        if isinstance(view.get("message"), str):
            view = {**view, "message": translate(lang, view["message"])}
        return self.label(view, lang)

    def statistics(self, games: Sequence[PlayedGame]) -> list[StatBlock]:
        """A solitaire's statistics, one block per variant."""
        return solitaire_statistics(self.family, games)

    def add_commands(self, subparsers: Any) -> None:
        """No commands of its own by default."""

    def add_new_arguments(self, parser: Any) -> None:
        """No ``new`` options of its own by default."""

    def new_variant(self, args: Any) -> str | None:
        """No variant chosen on the command line by default."""
        return None

    def add_analyze_arguments(self, parser: Any) -> None:
        """No ``analyze`` options by default."""

    def analyze(self, args: Any) -> None:
        """No ``analyze`` by default."""
        raise Unsupported(NO_SOLVER % {"game": self.family.title})


def family_ident(family: GameFamily) -> str:
    """The prefix of a game's ids in a page it shares with other games (``mini-fc``)."""
    return f"mini-{family.prefix.lower()}"


def solve_record(
    code: DealCode, winnable: bool | None, line: Sequence[str] | None
) -> dict[str, Any]:
    """What ``cardems solve --json`` prints for one deal, the same keys for every game:
    ``code``, ``game``, ``winnable`` (null: undecided), ``moves`` (a winning line in the
    game's notation, empty without one) and ``length`` (null without a line). The FreeCell
    family's solvers, bounded by positions, add ``nodes`` (how many they expanded), and
    ``clocked`` when a ``--seconds`` cap left it undecided. With ``--shortest`` every game
    with a shortest-win search (the cell games, Heart to Heart, Pyramid, TriPeaks) adds
    ``proven``: true when that search finished within its budget of positions (the line
    is the shortest, or the deal proven lost), false with the best line known."""
    return {
        "code": str(code),
        "game": code.family.name,
        "winnable": winnable,
        "moves": list(line or []),
        "length": None if line is None else len(line),
    }
