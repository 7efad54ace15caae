"""What every game declares and what every table does: the one contract of the core.

A game package declares one :class:`Game` object (``GAME`` in ``cardems.<game>.game``)
and names its module once in :data:`cardems.core.registry.GAME_MODULES`. Everything
above the engines — the CLI, the table service, the store, the web API and pages — works
through these protocols and never names a game.

The layers, as in OpenSpiel:

- The **engine** (``rules.py`` of each game) holds immutable states with the same verbs
  for every game (:class:`State`): ``legal_moves()``, ``refusal(move)``, ``apply(move)``
  and ``outcome``.
- The **table** (:class:`Table`) turns a player's intents (a tap, a drag, a pass…) into
  engine moves, runs any computer opponents, keeps undo history, and answers with events
  and the player's *view*: everything that seat may see, JSON-ready, never a hidden card.
- The **game** (:class:`Game`) declares the rest: code family, options, deal, solver,
  labels for screen readers, statistics, its table page and its terminal commands.

A table's :attr:`Table.log` lists every action applied to the game, in order; its
length is the game's *version*. A game is saved as its code, its options and that log;
:meth:`Game.new_table` followed by :meth:`Table.restore` of each entry rebuilds it exactly.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from cardems.dealcode import DealCode
    from cardems.family import GameFamily, Variant
    from cardems.timer import GameTimer

Event = dict[str, Any]
"""What happened, for the client to animate or announce: ``{"type": "move", …}``,
``{"type": "error", "message": "Must be of the same rank"}``, ``{"type": "won"}``…"""

Action = tuple[str, ...]
"""One logged action, as strings: ``("tap", "heart:25")``, ``("play", "1", "QS")``."""

View = dict[str, Any]
"""What one seat may see, JSON-ready. Every view has ``game``, ``code``, ``variant``,
``status``, ``score``, ``moves`` and ``message``; the service adds ``id`` and ``version``."""

Record = dict[str, Any]
"""A fact a game keeps for its statistics beyond the game's row, e.g. a finished round."""

M = TypeVar("M")
S_co = TypeVar("S_co", covariant=True)


class IntentError(ValueError):
    """An intent that cannot be read (a 400): unknown type, missing or malformed field."""


@dataclass(frozen=True)
class TableSettings:
    """The per-player settings that change how a table answers."""

    move_errors: bool = False
    placement_help: bool = True
    auto_move: bool = False
    coach: bool = False
    """After each round of a game against opponents, the expert's notes on the player's
    costly cards."""


class State(Protocol[M]):
    """The verbs every engine state offers (immutable; ``apply`` returns a new state)."""

    def legal_moves(self) -> Sequence[M]:
        """The moves that may be played now (for Hearts: by the seat to act)."""
        ...

    def refusal(self, move: M) -> str | None:
        """Why ``move`` may not be played now (a player-facing message), or None."""
        ...

    def apply(self, move: M) -> State[M]:
        """The state after ``move``; raise :class:`~cardems.core.history.IllegalMove`."""
        ...

    @property
    def outcome(self) -> str | None:
        """None while the game goes on, else how it ended (``won``, ``blocked``…)."""
        ...


class Table(Protocol):
    """A game in play: intents in, events and a view out (see the module docstring)."""

    code: DealCode
    settings: TableSettings
    log: list[Action]
    timer: GameTimer
    records: list[Record]
    """Facts for the statistics produced since the service last took them."""

    def act(self, intent: Action) -> list[Event]:
        """The player's intent; refusals come back as ``error`` events, never raised.

        Raises :class:`IntentError` for an intent the game does not know. Every action
        that changes the game (the player's and its opponents') is appended to ``log``."""
        ...

    def restore(self, action: Action) -> None:
        """Re-apply one logged action (rebuilding a saved game); ValueError if it does
        not fit the game."""
        ...

    def view(self) -> View:
        """Everything the player may see now."""
        ...

    @property
    def status(self) -> str:
        """``playing`` or how the game ended (``won``, ``lost``, ``blocked``, ``stuck``)."""
        ...

    def hint(self, lang: str = "en") -> dict[str, Any] | None:
        """A suggestion for the player now, its words in ``lang`` (a solitaire's: see
        :mod:`cardems.core.hints`)."""
        ...

    def legal_intents(self) -> list[Action]:
        """Intents that each play one legal move now (for tests and demo players)."""
        ...

    def hidden_cards(self) -> frozenset[str]:
        """Card codes the player may not see now: no view or event may name them."""
        ...


@dataclass(frozen=True)
class Option:
    """A choice a player makes when starting a game, e.g. the opponents' level."""

    name: str
    choices: tuple[str, ...]
    default: str
    label: str
    """A marked message (``N_``) the new-game window shows."""
    choice_labels: tuple[str, ...] = ()
    """Marked messages naming each choice (defaults to the choices themselves)."""
    on_table: bool = False
    """Whether the table's info bar says the choice made (e.g. Klondike's scoring)."""

    def choice_label(self, value: object) -> str:
        """The marked message naming ``value`` (the default's when it is no choice)."""
        choice = value if isinstance(value, str) and value in self.choices else self.default
        return self.choice_labels[self.choices.index(choice)] if self.choice_labels else choice


@dataclass(frozen=True)
class Example:
    """A worked example a game shows step by step (``/examples/<slug>``): a deal and the
    actions played on it, as its table logs them, with words for some of the steps."""

    slug: str
    code: str
    actions: tuple[Action, ...]
    title: str
    """A marked message (``N_``): the page's heading."""
    intro: str = ""
    """A marked message: what the example shows."""
    notes: tuple[tuple[int, str], ...] = ()
    """``(step, marked message)``: what to look at after that many actions."""

    @classmethod
    def of(cls, slug: str, code: str, actions: str, title: str, **more: Any) -> Example:
        """An example whose ``actions`` are written ``"tap stock, drag heart:25 waste"``."""
        steps = tuple(tuple(part.split()) for part in actions.split(",") if part.strip())
        return cls(slug, code, steps, title, **more)


@dataclass(frozen=True)
class PlayedGame:
    """One of the player's games as the statistics see it (finished or not)."""

    variant: str
    status: str
    score: int
    moves: int
    elapsed: float
    options: dict[str, Any] = field(default_factory=dict)
    records: tuple[Record, ...] = ()
    finished: float | None = None
    """When it ended (seconds since the epoch), None while it goes on."""


@dataclass(frozen=True)
class StatLine:
    """One line of a statistics block: a marked label and a value (None shows a dash)."""

    key: str
    label: str
    value: int | float | None
    format: str = "number"
    """``number``, ``whole`` (rounded), ``decimal`` (one place), ``percent`` (of 1) or
    ``time`` (seconds)."""


@dataclass(frozen=True)
class StatBlock:
    """What the statistics page shows for one game (and variant)."""

    game: str
    title: str
    variant: str
    lines: tuple[StatLine, ...]
    variant_label: tuple[str, str, int] | None = None
    """``ngettext`` arguments naming the variant (e.g. "4 free cells"), if it has a name."""
    recent: tuple[dict[str, Any], ...] = ()
    """The last finished games (up to 100), oldest first: ``{"won", "moves", "elapsed",
    "finished"}``, for the charts of progress."""


class Game(Protocol):
    """A game's declaration: the one object a game package gives the core."""

    family: GameFamily
    options: tuple[Option, ...]
    settings: tuple[str, ...]
    """The player settings (keys of :data:`~cardems.core.settings.DEFAULT_SETTINGS`) that
    concern this game alone, beside the shared ones: a new game's options hold those
    :data:`~cardems.core.settings.FIXED_AT_START`, and the settings page and the new-game
    window show each one for the games that declare it."""
    page: str
    """The template of its table page (``table.html``: the shared solitaire table)."""
    keys_help: str
    """A marked message: how to play it with the keyboard."""
    client_strings: tuple[str, ...]
    """Marked messages its browser module shows, beside the shared ones."""
    can_solve: bool
    """Whether "Winnable?", hints from a solver and the unwinnable warning apply."""
    can_analyze: bool
    analyze_help: str
    compiled_modules: tuple[str, ...]
    """Optional C extensions its solvers use when they were built (Python otherwise)."""
    known_numbers: bool
    """Whether its deal numbers are known outside Cardems (FreeCell's are Microsoft's): a
    bare number typed with no game named is offered as one of its deals first."""
    opponents: bool
    """Whether its tables run computer opponents when the player acts (which takes time)."""
    variant_legend: str
    """A marked message naming the choice of variant in the new-game window."""
    variant_labels: tuple[tuple[str, int], ...]
    """Each variant's marked label (with its ``%(num)d``), in ``family.variants`` order."""
    examples: tuple[Example, ...]
    """Worked examples its rules refer to, replayed at ``/examples/<slug>``."""
    tagline: str
    """A marked message: the game in one line, for the home page."""
    kind: str
    """The marked name of its kind (:mod:`cardems.core.kinds`): how lists group it."""
    longest_game: int
    """The most intents a game takes to end when its moves never repeat a position."""
    daily_variants: tuple[Variant, ...]
    """Variants besides the first with a deal of the day of their own, each with the
    marked words of its link on the home page (:meth:`variant_daily_code`)."""

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A fresh deal of ``variant``; only winnable ones when asked."""
        ...

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """The deal of a new game of ``variant`` with the new-game window's ``options``
        (such as a difficulty level); raise ValueError (a marked message) for options the
        variant cannot deal."""
        ...

    def code_for(self, text: str) -> DealCode:
        """The deal a player names: a deal code, or any other form the game knows (such as
        FreeCell's classic deal numbers); raise :class:`~cardems.dealcode.DealCodeError`."""
        ...

    def deal(self, code: DealCode) -> State[Any]:
        """The engine's state at the deal's start."""
        ...

    def describe(self, code: DealCode) -> dict[str, Any]:
        """The initial layout as JSON-ready data (``code`` and ``game`` keys first)."""
        ...

    def render(self, code: DealCode) -> str:
        """The initial layout as text for a terminal."""
        ...

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """Solver result: ``code``, ``winnable``, ``moves``, ``length`` (with ``shortest``
        also ``proven``, see :func:`cardems.core.base.solve_record`); raise
        :class:`~cardems.core.registry.Unsupported` when the game has none, or no
        shortest-win search and ``shortest`` is asked."""
        ...

    def new_table(
        self,
        code: DealCode,
        settings: TableSettings,
        options: dict[str, Any],
        clock: Callable[[], float],
    ) -> Table:
        """A table at the deal's start."""
        ...

    def parse_intent(self, data: dict[str, Any]) -> Action:
        """A JSON intent from the client as a logged action; raise :class:`IntentError`."""
        ...

    def winnable(self, table: Table, seconds: float) -> bool | None:
        """Can the position still be won? None when undecided in ``seconds``."""
        ...

    def where_lost_moves(self, code: DealCode, moves: Sequence[str]) -> Any:
        """:meth:`where_lost` for the game of ``code`` played by ``moves`` in the game's
        notation (``cardems solve --lost-at``); raise
        :class:`~cardems.core.registry.Unsupported` without a solver, ValueError (a
        marked message) for a move that is not legal where it is played."""
        ...

    def where_lost(
        self,
        code: DealCode,
        settings: TableSettings,
        options: dict[str, Any],
        log: Sequence[Action],
    ) -> Any:
        """Where the game of ``log`` was lost: an answer with ``found``, ``move``,
        ``undos()`` and ``json(lang)`` (:class:`cardems.kit.lost.LostAt`), or None when
        it was not lost or the game cannot tell (blocking: a solver's work)."""
        ...

    def par(self, code: DealCode) -> int | None:
        """The fewest moves that win the deal, if the game knows it."""
        ...

    def best_par(self, code: DealCode) -> tuple[int, bool] | None:
        """The deal's par and whether it is proven the shortest win (else the best win
        known); None when no win is known."""
        ...

    def example_code(self) -> str:
        """A deal code of this game to show as an example (a placeholder)."""
        ...

    def daily_code(self, day: datetime.date, secret: bytes = b"") -> DealCode:
        """The day's deal, the same for every player: drawn from
        :func:`~cardems.core.daily.daily_stream`, winnable where the game can tell; a
        game whose code names hidden cards mixes the server's ``secret`` into it."""
        ...

    def variant_daily_code(self, variant: str, day: datetime.date) -> DealCode:
        """The day's deal of ``variant``, one of :attr:`daily_variants`: the same for
        every player, and winnable."""
        ...

    def miniature(self, code: DealCode) -> str:
        """The deal's table at its start as a small ``<svg>`` (see
        :mod:`cardems.render.miniature`), showing only what its player would see."""
        ...

    def label(self, view: View, lang: str) -> View:
        """The view with spoken labels for screen readers, in ``lang``."""
        ...

    def localize(self, view: View, lang: str) -> View:
        """The view with its player-facing messages in ``lang`` (labels included)."""
        ...

    def statistics(self, games: Sequence[PlayedGame]) -> list[StatBlock]:
        """Statistics blocks from the player's games of this game (oldest first)."""
        ...

    def deal_name(self, code: DealCode) -> str:
        """How the table names its deal (FreeCell's classic deals: ``#617``)."""
        ...

    def text_play(self) -> Any:
        """``cardems play``: a :class:`~cardems.core.terminal.TextPlay`, or None."""
        ...

    def add_commands(self, subparsers: Any) -> None:
        """Add the game's own ``cardems`` sub-commands (may add none)."""
        ...

    def add_new_arguments(self, parser: Any) -> None:
        """The game's own options of ``cardems new`` (may add none)."""
        ...

    def new_variant(self, args: Any) -> str | None:
        """The variant ``cardems new`` deals with the game's options (None: not chosen)."""
        ...

    def add_analyze_arguments(self, parser: Any) -> None:
        """The options of ``cardems analyze <slug>`` (a game with ``can_analyze``)."""
        ...

    def analyze(self, args: Any) -> None:
        """Run ``cardems analyze <slug>``: decide many deals, on every core."""
        ...


def replay(table: Table, log: Iterable[Action]) -> Table:
    """``table`` after re-applying every logged action; its records are dropped
    (they were saved when the actions were first played)."""
    for action in log:
        table.restore(action)
    table.records.clear()
    return table
