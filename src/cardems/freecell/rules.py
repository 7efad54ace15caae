"""FreeCell rules: Microsoft's classic deals, immutable states, moves, score and the end.

The players' rules are the game's rules page (``web/rules/<lang>.html``).

Deals (pinned by golden tests): deal number ``N`` of a code is Microsoft FreeCell's deal
#N. Its generator is the C library's linear congruential one: ``state = N``, then for each
card ``state = (state * 214013 + 2531011) mod 2^31`` and ``rand = state >> 16``. The deck
starts ordered ``AC AD AH AS 2C … KS``; for each of the 52 cards, with ``left`` cards
remaining, the card at index ``rand % left`` is dealt and the last remaining card takes
its place. Card ``k`` (0-based) is laid out row by row: column ``k % 8 + 1`` at height
``k // 8`` (0 is the bottom card), so columns 1–4 hold 7 cards and 5–8 hold 6. Numbers
from 2^31 on repeat the deals below them (``N`` and ``N + 2^31`` deal the same cards).

Variants: ``N`` is FreeCell (build down in alternating colours), ``B`` is Baker's Game
(build down by suit); both use the same deals.

Move notation (``parse_move`` / ``format_move`` round-trip): ``SOURCE-DEST`` with places
``c1``–``c8`` (columns), ``f1``–``f4`` (free cells), ``hS hH hD hC`` (the foundations),
and ``xN`` after the destination when a sequence of ``N > 1`` cards moves: ``c3-c7``,
``c3-c7x3``, ``c1-f2``, ``f2-hS``. Cards never leave the foundations.

Score: +10 for each card put on a foundation. The score and the move counter live in the
state, so undo (going back to an earlier state) withdraws exactly what a move added.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardems.cards import SUIT_ORDER, Card, Rank, Suit
from cardems.cellgames import notation, piles
from cardems.cellgames.notation import SUIT_LETTERS as SUIT_LETTERS
from cardems.cellgames.notation import Move as Move
from cardems.cellgames.notation import MoveParseError as MoveParseError
from cardems.cellgames.notation import Place as Place
from cardems.cellgames.notation import cell as cell
from cardems.cellgames.notation import column as column
from cardems.cellgames.notation import format_move as format_move
from cardems.cellgames.notation import foundation as foundation
from cardems.cellgames.piles import Piles, group_refusal, landing_refusal, moved, place_refusal
from cardems.cellgames.piles import group_limit as group_limit
from cardems.cellgames.piles import home_move as home_move
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_

COLUMNS = 8
CELLS = 4
FOUNDATION_POINTS = 10
VARIANTS = ("N", "B")
"""``N``: FreeCell, alternating colours; ``B``: Baker's Game, by suit."""

MS_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""The suit order of Microsoft's deck (``AC AD AH AS 2C …``)."""


def parse_move(text: str) -> Move:
    """Parse ``c3-c7``, ``c3-c7x3``, ``c1-f2``, ``f2-hS`` (any case); see
    :func:`cardems.cellgames.notation.parse_move`."""
    return notation.parse_move(text, COLUMNS)


def builds_on(card: Card, below: Card, by_suit: bool) -> bool:
    """Whether ``card`` may lie on ``below`` in a column: one rank lower and of the other
    colour (FreeCell) or of the same suit (Baker's Game)."""
    if card.rank != below.rank - 1:
        return False
    return card.suit is below.suit if by_suit else card.suit.is_red != below.suit.is_red


@dataclass(frozen=True)
class FreeCellState(Piles):
    """One position: columns bottom→top, cells (``None`` = empty), foundation heights
    (0–13, in suit order S H D C), score, move counter and whether runs build by suit
    (Baker's Game). Immutable and hashable."""

    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...] = (None, None, None, None)
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)
    score: int = 0
    moves: int = 0
    by_suit: bool = False

    def legal_moves(self) -> list[Move]:
        """Every legal move (see :func:`legal_moves`)."""
        return list(legal_moves(self))

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, or None (see :func:`check_move`)."""
        return check_move(self, move)

    def apply(self, move: Move) -> FreeCellState:
        """The state after ``move``; :class:`IllegalMove` if it is refused."""
        return apply_move(self, move)

    @property
    def outcome(self) -> str | None:
        """``won`` once every card is home, ``stuck`` when no move at all is left, else
        None (that no *useful* move is left is the table's call, by a search)."""
        if self.won:
            return "won"
        return "stuck" if next(legal_moves(self), None) is None else None


def ms_cards(number: int) -> list[Card]:
    """The 52 cards of Microsoft's deal ``number`` in dealing order (module docstring)."""
    deck = [Card(Rank(rank), suit) for rank in range(1, 14) for suit in MS_SUITS]
    state = number & 0xFFFFFFFF
    dealt = []
    for left in range(52, 0, -1):
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        index = (state >> 16) % left
        dealt.append(deck[index])
        deck[index] = deck[left - 1]
    return dealt


def layout(number: int) -> tuple[tuple[Card, ...], ...]:
    """The 8 columns (bottom→top) of Microsoft's deal ``number``."""
    cards = ms_cards(number)
    return tuple(tuple(cards[k] for k in range(c, 52, COLUMNS)) for c in range(COLUMNS))


def deal(code: DealCode) -> FreeCellState:
    """The initial position of a deal code (Microsoft's deal of the same number)."""
    if code.game != "FC":
        raise ValueError(f"{code} is not a FreeCell code")
    if code.variant not in VARIANTS:
        raise ValueError(f"unknown FreeCell variant {code.variant!r}: expected N or B")
    return FreeCellState(layout(code.number), by_suit=code.variant == "B")


def run_length(pile: tuple[Card, ...], by_suit: bool) -> int:
    """How many top cards of a column form a sequence that may move together."""
    if not pile:
        return 0
    length = 1
    while length < len(pile) and builds_on(pile[-length], pile[-length - 1], by_suit):
        length += 1
    return length


def check_move(state: FreeCellState, move: Move) -> str | None:
    """Why ``move`` is illegal in ``state`` (a player-facing reason), or ``None`` if legal."""
    source, dest, count = move.source, move.dest, move.count
    refusal = place_refusal(state, move)
    if refusal is not None:
        return refusal
    if source.kind == "foundation":
        return N_("Cards on a foundation stay there")
    moving = state.cards_at(source)
    if not moving:
        return N_("There is no card there")
    if count > 1:
        if source.kind != "column" or count > len(moving):
            return N_("Only a column holds a run of several cards")
        if count > run_length(moving, state.by_suit):
            if state.by_suit:
                return N_("Only cards in suit sequence move together")
            return N_("Only cards in sequence, alternating colours, move together")
        if dest.kind != "column":
            return N_("Only one card at a time goes to a cell or a foundation")
    card = moving[-count]
    if dest.kind != "column":
        return landing_refusal(state, card, dest)
    pile = state.columns[dest.index]
    if pile and not builds_on(card, pile[-1], state.by_suit):
        if state.by_suit:
            return N_("Must be the same suit and exactly one rank lower")
        return N_("Must be the other colour and exactly one rank lower")
    return group_refusal(state, dest, count)


def is_legal(state: FreeCellState, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    return check_move(state, move) is None


def apply_move(state: FreeCellState, move: Move) -> FreeCellState:
    """The state after a legal ``move``; raise :class:`IllegalMove` otherwise."""
    reason = check_move(state, move)
    if reason is not None:
        raise IllegalMove(reason)
    return _apply_unchecked(state, move)


def _apply_unchecked(state: FreeCellState, move: Move) -> FreeCellState:
    columns, cells, foundations, score = moved(state, move, FOUNDATION_POINTS, 0)
    # the constructor is faster than dataclasses.replace; every solver line replays here
    return FreeCellState(columns, cells, foundations, score, state.moves + 1, state.by_suit)


def legal_moves(state: FreeCellState) -> Iterator[Move]:
    """Every legal move: each sequence size from each column, to every pile that takes it."""
    return piles.legal_moves(state, lambda pile: run_length(pile, state.by_suit), False)


def is_safe_home(card: Card, foundations: tuple[int, ...], by_suit: bool) -> bool:
    """Whether sending ``card`` home can never be regretted: in Baker's Game always (only
    the next lower card of its suit could build on it, and that one is home); in FreeCell
    for aces and twos, and for a higher card once both suits of the other colour hold the
    card one rank lower (no card that could build on it is still on the table)."""
    if by_suit or card.rank <= 2:
        return True
    others = [foundations[suit.order] for suit in SUIT_ORDER if suit.is_red != card.suit.is_red]
    return min(others) >= card.rank - 1


def safe_home_moves(state: FreeCellState) -> Iterator[Move]:
    """Legal moves home that are safe (see :func:`is_safe_home`)."""
    sources = [Place("column", index) for index in range(COLUMNS)]
    sources += [Place("cell", index) for index in range(len(state.cells))]
    for source in sources:
        move = home_move(state, source)
        if move is not None:
            card = state.cards_at(source)[-1]
            if is_safe_home(card, state.foundations, state.by_suit):
                yield move
