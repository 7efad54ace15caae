"""Seahaven Towers rules: the deal, immutable states, moves, score and the end.

The players' rules are the game's rules page (``web/rules/<lang>.html``).

Deal layout (pinned by golden tests): the 52 cards of
``cardems.rng.shuffled(ALL_CARDS, code.prefix, code.number)`` are dealt **row by row**,
as a dealer lays cards out: card ``k`` (0-based, ``k < 50``) goes on column ``k % 10 + 1``
at height ``k // 10`` (0 is the bottom card). Card 50 goes into cell 1; card 51 goes into
cell 2, or, with one cell (``C1``), on top of column 2, which then holds 6 cards.

Move notation (``parse_move`` / ``format_move`` round-trip): ``SOURCE-DEST`` with places
``c1``–``c10`` (columns), ``f1``–``f4`` (free cells), ``hS hH hD hC`` (the home
foundations), and ``xN`` after the destination when a run of ``N > 1`` cards moves:
``c3-c7``, ``c3-c7x3``, ``c1-f2``, ``f2-hS``, ``hS-c3``.

Score: +10 for each card put on a foundation, −15 for each card taken back, never below
zero. The score and the move counter live in the state, so undo (going back to an earlier
state) withdraws exactly what a move added, clamp included.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

from cardems.cards import ALL_CARDS, Card, Rank
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
from cardems.cellgames.piles import check_move as check_move
from cardems.cellgames.piles import group_limit as group_limit
from cardems.cellgames.piles import home_move as home_move
from cardems.cellgames.piles import is_legal as is_legal
from cardems.cellgames.piles import safe_home_moves as safe_home_moves
from cardems.core.stuck import progress_reachable
from cardems.dealcode import DealCode
from cardems.rng import shuffled

COLUMNS = 10
DEAL_HEIGHT = 5
VARIANT_CELLS = {"C4": 4, "C2": 2, "C1": 1}


def parse_move(text: str) -> Move:
    """Parse ``c3-c7``, ``c3-c7x3``, ``c1-f2``, ``f2-hS``, ``hS-c3`` (any case); see
    :func:`cardems.cellgames.notation.parse_move`."""
    return notation.parse_move(text, COLUMNS)


@dataclass(frozen=True)
class SeahavenState(CellRules):
    """One position: columns bottom→top, cells (``None`` = empty), foundation heights
    (0–13, in suit order S H D C), score and move counter. Immutable and hashable; its
    rules are the family's (:class:`~cardems.cellgames.piles.CellRules`): runs build by
    suit, only a king fills an empty column, and a foundation's top card may come back
    (−15, the score never below zero)."""

    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)
    score: int = 0
    moves: int = 0
    by_suit: ClassVar[bool] = True  # type: ignore[misc]
    kings_only = True
    takes_back = True
    back_points = 15


def cells_of(variant: str) -> int:
    """Free cells of a variant: C4 → 4, C2 → 2, C1 → 1."""
    try:
        return VARIANT_CELLS[variant]
    except KeyError:
        raise ValueError(f"unknown Seahaven variant {variant!r}: expected C4, C2 or C1") from None


def deal(code: DealCode) -> SeahavenState:
    """The initial position of a deal code (layout documented in the module docstring)."""
    if code.game != "SH":
        raise ValueError(f"{code} is not a Seahaven Towers code")
    deck = shuffled(list(ALL_CARDS), code.prefix, code.number)
    n_cells = cells_of(code.variant)
    piles = [[deck[k] for k in range(c, 50, COLUMNS)] for c in range(COLUMNS)]
    cells: list[Card | None] = [None] * n_cells
    cells[0] = deck[50]
    if n_cells >= 2:
        cells[1] = deck[51]
    else:
        piles[1].append(deck[51])
    return SeahavenState(tuple(tuple(pile) for pile in piles), tuple(cells))


def builds_on(card: Card, below: Card) -> bool:
    """Whether ``card`` may lie on ``below`` in a column: the same suit, one rank lower."""
    return piles.builds_on(card, below, True)


def run_length(pile: tuple[Card, ...]) -> int:
    """How many top cards of a column form a same-suit run (consecutive ranks)."""
    return piles.run_length(pile, True)


def legal_moves(state: SeahavenState) -> Iterator[Move]:
    """Every legal move: each run size from each column, a cell's card, a foundation's
    top card, to every pile that accepts it."""
    return piles.legal_moves(state, run_length, True)


STUCK_SEARCH_LIMIT = 20_000
"""Positions the "no useful move" search may visit before it gives up and says "not stuck"."""


def _key(state: SeahavenState) -> tuple[object, ...]:
    """The position up to the order of columns and of cells (which the rules ignore)."""
    cells = sorted(card.ordinal for card in state.cells if card is not None)
    columns = sorted(tuple(card.ordinal for card in pile) for pile in state.columns)
    return (tuple(columns), tuple(cells))


def has_useful_move(state: SeahavenState, limit: int = STUCK_SEARCH_LIMIT) -> bool:
    """Whether some move is *useful*: it puts a card on a foundation, or it starts a sequence
    of moves between columns and cells that leads to a position where a card can go home.

    Taking a card back from a foundation is never useful (only the lower cards of its suit
    build on it, and they are home already), so such moves are not searched. The search
    visits each position once, whatever the order of columns and cells, so shuttling a card
    back and forth never counts (:func:`cardems.core.stuck.progress_reachable`). The game is
    *stuck* when no move is useful; when the search would pass ``limit`` positions the answer
    is "useful" (stuck is announced only when proven).
    """
    if state.won:
        return False
    if _goes_home(state):
        return True
    return progress_reachable(state, _shuffled, _key, _goes_home, limit) is not False


def _goes_home(state: SeahavenState) -> bool:
    return next(safe_home_moves(state), None) is not None


def _shuffled(state: SeahavenState) -> Iterator[SeahavenState]:
    """The positions one move between columns and cells away."""
    return (state.after(move) for move in _shuffle_moves(state))


def _shuffle_moves(state: SeahavenState) -> Iterator[Move]:
    """Legal moves between columns and cells (into the first empty cell only)."""
    empty_cell = next((i for i, card in enumerate(state.cells) if card is None), None)
    sources = [Place("column", i) for i, pile in enumerate(state.columns) if pile]
    sources += [Place("cell", i) for i, card in enumerate(state.cells) if card is not None]
    for source in sources:
        cards = state.cards_at(source)
        run = run_length(cards) if source.kind == "column" else 1
        for index in range(COLUMNS):
            pile = state.columns[index]
            if Place("column", index) == source:
                continue
            if pile:
                top = pile[-1]
                need = [k for k in range(1, run + 1) if cards[-k].suit is top.suit]
                count = next((k for k in need if cards[-k].rank == top.rank - 1), 0)
            else:
                count = next((k for k in range(1, run + 1) if cards[-k].rank is Rank.KING), 0)
                if count == len(cards) and source.kind == "column":
                    count = 0  # a whole king-led column into another empty one changes nothing
            if count:
                move = Move(source, Place("column", index), count)
                if check_move(state, move) is None:
                    yield move
        if empty_cell is not None and source.kind == "column":
            yield Move(source, Place("cell", empty_cell))
