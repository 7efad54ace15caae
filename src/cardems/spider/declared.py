"""Spider as a declaration of the build family, and the bridge between its notation
(``D``, ``3>7``, ``3:4>7``: :class:`cardems.spider.rules.Move`, what saved games, hints
and the solver hold) and the family engine's moves.

Each variant is one declaration (:data:`RULES`): two decks' worth of cards of 1, 2 or 4
suits, shuffled suit by suit as Spider always did (so a deal code deals the same cards,
each copy of a face where it was); ten columns dealt 6, 6, 6, 6, 5, 5, 5, 5, 5, 5 cards,
all face down but the top one; a card builds on any card one rank higher, only a run of
one suit moves together, an empty column takes any card or run; the stock deals a card
onto every column, only while none is empty; a whole suit, king down to ace, goes home by
itself; 500 points at the deal, −1 a move (a deal too), +100 a suit home.

:class:`SpiderBoard` is a position for the table: the family's state, read as Spider's
positions were (physical cards, ``copy * 52 + ordinal``), played in Spider's notation
and refused in Spider's words (the family engine decides). Its :meth:`~SpiderBoard.fast`
is the solver's compact position (:class:`cardems.spider.rules.SpiderState`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from cardems.cards import Card
from cardems.cellgames.notation import Move as FamilyMove
from cardems.cellgames.notation import Place
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.building import (
    Build,
    BuildRules,
    Foundations,
    Group,
    Points,
    Stock,
    Suits,
    Tableau,
    declare,
    engine,
)
from cardems.kit.building.board import BuildBoard
from cardems.kit.building.engine import DRAW, SUIT, BuildState, Twin
from cardems.spider.rules import COLUMNS, Move, SpiderState

VARIANT_SUITS = {"S1": 1, "S2": 2, "S4": 4}
"""Each variant's number of suits (spades; spades and hearts; all four)."""
START_SCORE = 500
RUN_POINTS = 100
WON = N_("The game is won")
ONE_HIGHER = N_("A card goes on a card one rank higher")
ONE_SUIT = N_("Only a run of one suit moves together")


def declaration(suits: int) -> BuildRules:
    """Spider of ``suits`` suits (1, 2 or 4)."""
    return declare(
        BuildRules(
            "Spider",
            Tableau(deal=(6,) * 4 + (5,) * 6, down=(5,) * 4 + (4,) * 6),
            Build(Suits.ANY),
            Group.SUIT_RUN,
            foundations=Foundations(whole_suits=True, by_itself=True),
            stock=Stock(draw=1, to_columns=COLUMNS, deal_on_empty=False),
            decks=2,
            suits=suits,
            by_suit=True,
            points=Points(home=0, move=-1, suit=RUN_POINTS, start=START_SCORE),
        )
    )


RULES = {variant: declaration(suits) for variant, suits in VARIANT_SUITS.items()}
"""Every variant's declaration."""


def family_move(move: Move) -> FamilyMove:
    """The family's move for a Spider move: the stock's, or a run between columns."""
    if move.is_deal:
        return DRAW
    return FamilyMove(Place("column", move.source), Place("column", move.target), move.count)


def spider_move(move: FamilyMove) -> Move:
    """The Spider notation of a family move."""
    if move == DRAW:
        return Move.deal()
    return Move(move.source.index, move.dest.index, move.count)


_WORDS = {
    engine.NOT_ONE_SUIT: ONE_SUIT,
    engine.FACE_DOWN: ONE_SUIT,
    "Only a column holds a run of several cards": ONE_SUIT,
    engine.build_refusal(RULES["S4"]): ONE_HIGHER,
    engine.NO_DEAL_ON_EMPTY: N_("Fill every empty column before dealing"),
    engine.STOCK_EMPTY: N_("The stock is empty"),
}
"""The family's refusals Spider words its own way."""


@dataclass(frozen=True)
class SpiderBoard(BuildBoard):
    """A Spider position: the family engine's state, read and played as Spider's (its
    cards physical: :func:`~cardems.kit.building.board.number`)."""

    @property
    def runs(self) -> tuple[int, ...]:
        """The suit order of each run gone home, in order."""
        return self.state.gone

    @functools.cached_property
    def fast(self) -> SpiderState:
        """The solver's compact position of this board."""
        return SpiderState(self.columns, self.down, self.stock, self.runs, self.moves)

    def run_length(self, column: int) -> int:
        """The movable cards on top of ``column`` (0-based)."""
        return engine.moving_length(
            self.state.rules, self.state.columns[column], self.state.down_at(column)
        )

    def is_won(self) -> bool:
        """Every suit gone home."""
        return self.won

    def can_deal(self) -> bool:
        """The stock has cards and no column is empty."""
        return bool(self.state.stock) and all(self.state.columns)

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, in Spider's words, or None (the family decides)."""
        if self.state.won:
            return WON
        if not move.is_deal:
            if move.source == move.target:
                return N_("A move goes to another column")
            if not self.state.columns[move.source]:
                return N_("Column %(num)d is empty") % {"num": move.source + 1}
        why = self.state.refusal(family_move(move))
        return None if why is None else _WORDS.get(why, why)

    def legal_moves(self) -> list[Move]:
        """The family engine's legal moves in Spider's notation and order (by source,
        target and count, the deal last)."""
        return list(self._legal)

    @functools.cached_property
    def _legal(self) -> tuple[Move, ...]:
        """The legal moves, found once a board (the table asks for its status, its
        placement help and its hints)."""
        if self.state.won:
            return ()
        moves = [spider_move(move) for move in self.state.legal_moves()]
        return tuple(sorted(moves, key=lambda move: (move.is_deal, move)))

    def apply(self, move: Move) -> SpiderBoard:
        """The board after ``move``; :class:`IllegalMove` (in Spider's words) if refused."""
        why = self.refusal(move)
        if why is not None:
            raise IllegalMove(why)
        return self.after(move)

    def after(self, move: Move) -> SpiderBoard:
        """The board after a legal ``move`` (unchecked)."""
        return SpiderBoard(engine.apply_unchecked(self.state, family_move(move)))

    @property
    def progress(self) -> int:
        """How far the deal has come (:attr:`SpiderState.progress`)."""
        return self.fast.progress

    @property
    def stuck(self) -> bool:
        """Not won, and no line of moves leads beyond :attr:`progress`
        (:attr:`SpiderState.stuck`: Spider's own search)."""
        return self.fast.stuck

    @property
    def outcome(self) -> str | None:
        """``won``, ``blocked`` (no legal move), ``stuck``, or None while the game goes on."""
        if self.state.won:
            return "won"
        if not self.legal_moves():
            return "blocked"
        return "stuck" if self.stuck else None


def twin(card: int) -> Card:
    """A physical card as the family's card (:class:`Twin`, its copy kept)."""
    face = Card.from_index(card % 52)
    return Twin(face.rank, face.suit, card // 52)


def board_of(fast: SpiderState, variant: str = "S4") -> SpiderBoard:
    """The board of a solver's position (the runs gone home, the score from its moves
    and runs): the solver's lines and hand-made positions replayed on the engine."""
    heights = [0, 0, 0, 0]
    for suit in fast.runs:
        heights[suit] += SUIT
    state = BuildState(
        RULES[variant],
        tuple(tuple(map(twin, column)) for column in fast.columns),
        (),
        (heights[0], heights[1], heights[2], heights[3]),
        START_SCORE - fast.moves + RUN_POINTS * len(fast.runs),
        fast.moves,
        fast.down,
        stock=tuple(map(twin, reversed(fast.stock))),
        gone=fast.runs,
    )
    return SpiderBoard(state)


def deal(code: DealCode) -> SpiderBoard:
    """The first position of ``code`` on the family engine; ValueError (one line) for an
    unknown variant."""
    rules = RULES.get(code.variant)
    if rules is None:
        raise ValueError(f"not a Spider variant: {code.variant!r} (S1, S2 or S4)")
    return SpiderBoard(engine.deal(rules, code))
