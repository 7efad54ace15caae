"""The core's declaration of any build-family game, written once: codes, winnable-only
deals, levels from the solver's effort, the day's deal, solving, text and terminal play.

A game is a subclass setting ``rules`` (a declared
:class:`~cardems.kit.building.declare.BuildRules`, whose ``prefix`` gives the game its
``family``), ``level_cuts`` and ``tagline``: see
``docs/KIT.md`` ("Declarations").
"""

from __future__ import annotations

import datetime
import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardems.cellgames.game import CellGame, Verdict
from cardems.cellgames.notation import Move, format_move
from cardems.cellgames.terminal import HINT_SECONDS, MOVES_HELP, CellTextPlay
from cardems.cellgames.text import describe_position, render_position
from cardems.core.base import NO_SHORTEST
from cardems.core.difficulty import deal_of_level, level_by_cuts, level_choice
from cardems.core.game import State, View
from cardems.core.registry import Unsupported
from cardems.core.terminal import UNDECIDED_HINT
from cardems.dealcode import DealCode
from cardems.family import GameFamily
from cardems.i18n.markers import N_
from cardems.kit.building.declare import BuildRules
from cardems.kit.game import KitGame

# TRANSLATORS: a numbered card of a reserve (King Albert's), spoken to screen-reader users.
RESERVE_CARD = N_("Reserve card %(num)d")
# TRANSLATORS: the moves of ``cardems play`` in a game whose foundations take a whole suit
# at once (Simple Simon); keep the notation (c3-c7, x3, hS…) as it is.
WHOLE_SUITS_HELP = N_(
    "moves: c3-c7 column to column (c3-c7x3 a run of 3), c3-hSx13 a whole suit, king down"
    " to the ace, to its foundation; places c1…, hS hH hD hC"
)
RESERVE_HELP = N_(
    "moves: c3-c7 column to column (c3-c7x3 a run of 3), f2-c3 from the reserve, c3-hS to"
    " a foundation; places c1…, f1…, hS hH hD hC"
)
NO_CELLS_HELP = N_(
    "moves: c3-c7 column to column (c3-c7x3 a run of 3), c3-hS to a foundation; places"
    " c1…, hS hH hD hC"
)

# TRANSLATORS: the moves of ``cardems play`` in a game with a stock and a waste; keep the
# notation (c3-c7, s-w, w-c3, hS…) as it is.
STOCK_HELP = N_(
    "moves: c3-c7 column to column, s-w turn the stock, w-c3 the waste's card to a column,"
    " c1-hS or w-hS to a foundation; places c1…, s, w, hS hH hD hC"
)

# TRANSLATORS: the moves of ``cardems play`` in a game whose stock deals a card onto each
# of the first columns and whose foundations take whole suits (Scorpion); keep the
# notation (c3-c7, s-w, hS…) as it is.
DEAL_HELP = N_(
    "moves: c3-c7 column to column (c3-c7x3 three cards together), s-w deal the stock onto"
    " the columns, c3-hSx13 a whole suit, king down to the ace, to its foundation; places"
    " c1…, s, hS hH hD hC"
)

# TRANSLATORS: the moves of ``cardems play`` in a game with a stock, a waste and a reserve
# pile (Canfield); keep the notation (c3-c7, s-w, r-c3, hS…) as it is.
RESERVE_PILE_HELP = N_(
    "moves: c3-c7 column to column (c3-c7x3 the whole column), s-w turn the stock, w-c3 the"
    " waste's card and r-c3 the reserve's to a column, c1-hS, w-hS or r-hS to a foundation;"
    " places c1…, s, w, r, hS hH hD hC"
)

# TRANSLATORS: the moves of ``cardems play`` in a game whose stock deals a card onto each
# column and whose whole suits go home by themselves (Spider); keep the notation (c3-c7,
# x3, s-w…) as it is.
BY_ITSELF_HELP = N_(
    "moves: c3-c7 column to column (c3-c7x3 three cards together), s-w deal the stock onto"
    " the columns; a whole suit, king down to the ace, goes home by itself; places c1…, s"
)

if TYPE_CHECKING:
    from cardems.cellgames.solver import Rules
    from cardems.kit.building.solitaire import DeclaredSolitaire

SOLVE_NODES = 200_000
"""Positions a verdict (``cardems solve``, Winnable?, hints) may expand."""
WINNABLE_NODES = 20_000
"""Positions a winnable-only deal, the day's deal and a level's deal may take to prove
winnable (a deal past it is passed over, whatever the machine's load)."""
DAILY_NODES = 2_000
"""Positions the day's deal may take to prove winnable (the day's first home page waits
for it: a day's deal is one the search wins at once)."""
LEVEL_TRIES = 200
"""Random deals drawn at most for a deal of the level asked."""


def moves_help(rules: BuildRules) -> str:
    """How ``cardems play`` writes the moves of ``rules`` (marked with ``N_``)."""
    if rules.stock.to_columns:
        return BY_ITSELF_HELP if rules.foundations.by_itself else DEAL_HELP
    if rules.reserve.dealt and rules.stock.draw:
        return RESERVE_PILE_HELP
    if rules.stock.draw:
        return STOCK_HELP
    if rules.cells.count:
        return MOVES_HELP if rules.cells.refill else RESERVE_HELP
    return WHOLE_SUITS_HELP if rules.foundations.whole_suits else NO_CELLS_HELP


def render_build(heading: str, state: Any, *, hide: bool = False) -> str:
    """A position of the family as text: ``heading``, with a stock how many cards it holds
    and the waste's top card (the only one a player sees) and a reserve pile's top card,
    then the cells and foundations and the columns; face-down cards in brackets (whoever
    reads this knows them), or with ``hide`` as ``##`` (a player's table)."""
    rules = state.rules
    text = render_position(heading, state, state.down, hide=hide)
    if not rules.stock.draw:
        return text
    top = str(state.waste[-1]) if state.waste else "--"
    heading, rest = text.split("\n", 1)
    sizes = (len(state.stock), len(state.waste), len(state.reserve))
    stock, waste, reserve = (f"{n} card{'s' * (n != 1)}" for n in sizes)
    talon = f"stock: {stock}" + ("" if rules.stock.to_columns else f"    waste: {top} ({waste})")
    if rules.reserve.dealt:
        talon += f"    reserve: {state.reserve[-1] if state.reserve else '--'} ({reserve})"
    return "\n".join([heading, talon, rest])


@dataclass(frozen=True)
class DeclaredTextPlay(CellTextPlay):
    """``cardems play`` for any game the family's declarations play (one declaration, or
    one per variant: :meth:`Declared.rules_for`), in the family's notation, the position
    drawn as the player sees it, hints by the family's search."""

    def start(self, code: DealCode) -> State[Any]:
        from cardems.kit.building.engine import deal

        return deal(self.game.rules_for(code), code)

    def parse(self, text: str, state: State[Any]) -> Any:
        from cardems.kit.building.engine import parse_move

        position: Any = state
        return parse_move(text, position.rules)

    def show(self, code: DealCode, state: State[Any]) -> str:
        """The table as the player sees it: face-down cards as ``##``."""
        position: Any = state
        return render_build(f"{code}  {position.rules.game}", position, hide=True)

    def hint(self, state: State[Any]) -> str | None:
        winnable, move = self.game.winning_move(state)
        if winnable is None:
            return UNDECIDED_HINT
        return None if move is None else format_move(move)


class Declared(KitGame):
    """What a game played by the family's declarations gets from them, whether it has one
    (:class:`BuildGame`) or one a variant (Klondike, Spider): winnable-only deals and
    levels from its search's effort, its layout as data and as text, and ``cardems
    play``. A game with a faster search of its own gives :meth:`solve_position` (a
    verdict, the positions it took and a line in the family's notation), and what rates
    a deal where the positions do not (:meth:`effort`, :meth:`cuts_for`)."""

    family: ClassVar[GameFamily]
    can_solve = True
    can_analyze = True
    level_cuts: ClassVar[tuple[int, int]]
    """Positions the solver expands to win a deal: below the first the deal is easy, from
    the second on hard (``benchmarks/generic_solver.py --levels`` measures the thirds)."""
    winnable_nodes: ClassVar[int | None] = WINNABLE_NODES
    """A winnable-only or level deal's budget (:data:`WINNABLE_NODES`; None: the game's
    own search's): a game whose deals are won late or not at all within it narrows it (a
    deal past it is passed over, so a smaller budget finds the deals the search wins
    early)."""
    level_tries: ClassVar[int] = LEVEL_TRIES
    """Random deals drawn at most for a deal of the level asked."""

    def rules_for(self, code: DealCode) -> BuildRules:
        """The declaration that plays ``code``."""
        raise NotImplementedError

    def solve_position(
        self, state: Any, seconds: float | None, nodes: int | None = SOLVE_NODES
    ) -> Verdict:
        """The family's search on ``state`` within ``nodes`` positions; ``seconds`` only a
        wall-clock cap for a person waiting (past it: undecided, still searching)."""
        from cardems.kit.building.solver import solve_state

        return solve_state(state, node_limit=nodes, time_limit=seconds)

    def winning_move(self, state: Any) -> tuple[bool | None, Move | None]:
        """The verdict on ``state`` (None: undecided) and the first move of its winning
        line, by :meth:`solve_position` within its budget (the clock only a cap for a
        person waiting)."""
        found = self.solve_position(state, HINT_SECONDS)
        return found.winnable, found.moves[0] if found.winnable and found.moves else None

    def proves_winnable(self, code: DealCode) -> bool:
        """Whether the search proves the deal winnable within :attr:`winnable_nodes`."""
        found = self.solve_position(self.first_position(code), None, self.winnable_nodes)
        return found.winnable is True

    def effort(self, code: DealCode) -> int | None:
        """What rates a deal: the positions the search expands to win it (None: not
        proved winnable within :attr:`winnable_nodes`)."""
        found = self.solve_position(self.first_position(code), None, self.winnable_nodes)
        return found.nodes if found.winnable else None

    def cuts_for(self, code: DealCode) -> tuple[int, int]:
        """The level cuts of the deal's variant (:attr:`level_cuts`)."""
        return self.level_cuts

    def level_of(self, code: DealCode) -> str | None:
        """The deal's level by its :meth:`effort` (None: not rated)."""
        return level_by_cuts(self.effort(code), *self.cuts_for(code))

    def level_draw(self, variant: str) -> DealCode:
        """A deal a level is sought among: any random deal."""
        return self.draw_code(variant)

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """A random deal; with a level, a deal of that level among :attr:`level_tries`
        drawn (:meth:`level_draw`)."""
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        title = self.family.title
        draw = functools.partial(self.level_draw, variant)
        return deal_of_level(level, draw, self.level_of, self.level_tries, title)

    def first_position(self, code: DealCode) -> Any:
        """The deal's first position on the family's engine."""
        from cardems.kit.building.engine import deal

        return deal(self.rules_for(code), code)

    def describe(self, code: DealCode) -> dict[str, Any]:
        """The family's layout; with face-down cards, ``down``: how many lie face down at
        the bottom of each column; with a stock, its cards (the next to turn first) and the
        waste's (bottom first)."""
        state = self.first_position(code)
        rules = state.rules
        layout = describe_position(code, self.family.name, state)
        if state.down:
            layout["down"] = list(state.down)
        if rules.stock.draw:
            layout["stock"] = [str(card) for card in reversed(state.stock)]
        if rules.stock.draw and not rules.stock.to_columns:
            layout["waste"] = [str(card) for card in state.waste]
        if rules.reserve.dealt:
            layout["reserve"] = [str(card) for card in state.reserve]
        return layout

    def render(self, code: DealCode) -> str:
        """The deal as text (:func:`render_build`: face-down cards in brackets)."""
        state = self.first_position(code)
        return render_build(f"{code}  {state.rules.game}", state)

    def text_play(self) -> DeclaredTextPlay:
        """``cardems play``: the moves' help of the first variant's declaration (a game's
        variants write their moves alike)."""
        family = self.family
        first = DealCode(family.prefix, family.versions[-1], family.variants[0], 0)
        return DeclaredTextPlay(self, moves_help(self.rules_for(first)))


class BuildGame(Declared, CellGame):
    """A build-family game from its declaration (see the module docstring)."""

    rules: ClassVar[BuildRules]
    winnable_nodes: ClassVar[int] = WINNABLE_NODES
    daily_nodes: ClassVar[int] = DAILY_NODES
    """The day's deal's budget (:data:`DAILY_NODES`): a game whose deals are seldom won
    within it narrows it, as a deal won in few positions is cheaper to find than one
    proved in many (each refused deal costs the whole budget)."""
    pool: ClassVar[bool | str] = False
    """Whether winnable-only deals, levels and the day's deal come from a shipped pool of
    proved deals (True: ``pool.txt`` in the game's package; a string: that file's name)
    instead of a search: :mod:`cardems.kit.building.pool`, built by ``cardems analyze
    GAME --pool``."""
    verdict_nodes = SOLVE_NODES
    """The generic solver's verdict (no par: :meth:`search_rules` refuses a shortest
    search)."""
    compiled_modules = ("cardems.kit.building._search",)
    analyze_help = "decide many deals with the generic solver"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        rules = cls.__dict__.get("rules")
        if rules is not None and rules.prefix:
            cls.family = rules.family()

    def solitaire(self) -> DeclaredSolitaire:
        from cardems.kit.building.solitaire import solitaire_of

        return solitaire_of(self.rules)

    def pool_codes(self) -> dict[DealCode, int]:
        """The declaration's shipped pool of proved deals, each with the positions its win
        took (empty without a pool, or while its file is not built yet)."""
        if not self.pool:
            return {}
        from cardems.kit.building.pool import load_pool

        return load_pool(self)

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random deal; with ``winnable``, a random code of the pool if the declaration
        ships one, else the first the solver proves winnable within :attr:`winnable_nodes`
        positions."""
        pool = self.pool_codes() if winnable else {}
        if pool:
            codes = sorted(pool, key=str)
            return codes[self._random.randrange(len(codes))]
        return super().random_code(variant, winnable=winnable)

    def daily_code(self, day: datetime.date, secret: bytes = b"") -> DealCode:
        """The day's deal: with a pool, the pool's code of the day (no search, and none
        comes back before the whole pool has had its day: :func:`pool_day`); else the
        first deal of the day's stream the solver proves winnable within
        :attr:`daily_nodes`."""
        pool = self.pool_codes()
        if not pool:
            return super().daily_code(day, secret)
        from cardems.kit.building.pool import pool_day

        return pool_day(pool, self.family.name, day)

    def proves_daily(self, code: DealCode) -> bool:
        return self.solve_position(self.deal(code), None, self.daily_nodes).winnable is True

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """A random deal; with a level, a winnable deal of that level (with a pool, one of
        the pool's third of that level)."""
        level = level_choice(options)
        pool = self.pool_codes() if level is not None else {}
        if level is not None and pool:
            from cardems.kit.building.pool import level_pool

            codes = level_pool(pool, level)
            if codes:
                return codes[self._random.randrange(len(codes))]
        return super().new_code(variant, winnable=winnable, options=options)

    def render_position(self, code: DealCode, state: Any) -> str:
        """The position as text (:func:`render_build`: face-down cards in brackets)."""
        return render_build(f"{code}  {self.rules.game}", state)

    def rules_for(self, code: DealCode) -> BuildRules:
        return self.rules

    def best_par(self, code: DealCode) -> tuple[int, bool] | None:
        return None

    def search_rules(self, state: Any) -> Rules:
        raise Unsupported(NO_SHORTEST % {"game": self.family.title})

    def label(self, view: View, lang: str) -> View:
        """Columns, free cells (or a reserve's cards) and foundations, named for screen
        readers."""
        from functools import partial

        from cardems.cellgames.labels import label_pile
        from cardems.core.labels import label_piles

        if self.rules.cells.refill:
            return super().label(view, lang)
        return label_piles(view, lang, partial(label_pile, cell_name=RESERVE_CARD))

    def add_analyze_arguments(self, parser: Any) -> None:
        from cardems.kit.building.commands import add_arguments

        add_arguments(parser, self.family.max_number, WINNABLE_NODES)

    def analyze(self, args: Any) -> None:
        """``cardems analyze GAME`` (see :mod:`cardems.kit.building.commands`)."""
        from cardems.kit.building.commands import cmd_analyze

        cmd_analyze(self, args)
