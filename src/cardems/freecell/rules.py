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

from cardems.cards import Card, Rank, Suit
from cardems.cellgames import notation, piles
from cardems.cellgames.notation import SUIT_LETTERS as SUIT_LETTERS
from cardems.cellgames.notation import Move as Move
from cardems.cellgames.notation import MoveParseError as MoveParseError
from cardems.cellgames.notation import Place as Place
from cardems.cellgames.notation import cell as cell
from cardems.cellgames.notation import column as column
from cardems.cellgames.notation import format_move as format_move
from cardems.cellgames.notation import foundation as foundation
from cardems.cellgames.piles import CellRules
from cardems.cellgames.piles import apply_move as apply_move
from cardems.cellgames.piles import builds_on as builds_on
from cardems.cellgames.piles import check_move as check_move
from cardems.cellgames.piles import group_limit as group_limit
from cardems.cellgames.piles import home_move as home_move
from cardems.cellgames.piles import is_legal as is_legal
from cardems.cellgames.piles import is_safe_home as is_safe_home
from cardems.cellgames.piles import run_length as run_length
from cardems.cellgames.piles import safe_home_moves as safe_home_moves
from cardems.dealcode import DealCode

COLUMNS = 8
CELLS = 4
VARIANTS = ("N", "B")
"""``N``: FreeCell, alternating colours; ``B``: Baker's Game, by suit."""

MS_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""The suit order of Microsoft's deck (``AC AD AH AS 2C …``)."""


def parse_move(text: str) -> Move:
    """Parse ``c3-c7``, ``c3-c7x3``, ``c1-f2``, ``f2-hS`` (any case); see
    :func:`cardems.cellgames.notation.parse_move`."""
    return notation.parse_move(text, COLUMNS)


@dataclass(frozen=True)
class FreeCellState(CellRules):
    """One position: columns bottom→top, cells (``None`` = empty), foundation heights
    (0–13, in suit order S H D C), score, move counter and whether runs build by suit
    (Baker's Game) rather than in alternating colours (FreeCell). Immutable and hashable;
    its rules are the family's (:class:`~cardems.cellgames.piles.CellRules`): cards never
    leave the foundations and any card fills an empty column."""

    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...] = (None, None, None, None)
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)
    score: int = 0
    moves: int = 0
    by_suit: bool = False


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


def legal_moves(state: FreeCellState) -> Iterator[Move]:
    """Every legal move: each sequence size from each column, to every pile that takes it."""
    return piles.legal_moves(state, state.run_length, False)
