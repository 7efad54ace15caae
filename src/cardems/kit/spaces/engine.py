"""The spaces family's engine: the immutable position, its moves and their notation.

A card is its ordinal (``suit * 13 + rank - 1``, :class:`cardems.cards.Card`); the
layout is a ``bytes`` of ``rows * columns`` places, row by row, :data:`SPACE` where no
card lies. The deal: ``cardems.rng.shuffled`` of the declared deck for the code, laid
out row by row, the aces taken out. A redeal shuffles the gathered cards, in ordinal
order, with ``cardems.rng.shuffled`` for the code's prefix and ``R`` and the redeal's
number (``GP1-N-R1``), so a deal's redeals deal the same cards forever and a solver
may know them.

Move notation (:func:`parse_move` reads what ``str(move)`` writes): places are a row
letter and a column number, ``A1`` … ``D13``.

=========  ============================================================
``C7-B4``  the card at C7 into the space at B4
``R``      redeal
=========  ============================================================

Score: the cards in place (in the runs from the left of each row).
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from cardems.cards import Card
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.ending import WonOrBlocked
from cardems.kit.spaces.declare import RANKS, Lead, SpacesRules
from cardems.moves import MoveParseError as MoveParseError
from cardems.numbers import SHOWN, shown
from cardems.rng import shuffled

SPACE = 255
"""A place without a card."""
REDEAL = -1
"""A move's ``source`` and ``target`` when it redeals."""

NOT_A_SPACE = N_("A card goes only into a space")
NO_CARD = N_("There is no card there")
WRONG_CARD = N_(
    "A space takes the card one rank higher, of the same suit, than the card on its left"
)
WRONG_LEAD = N_("A space in the first column takes only a two")
WRONG_ROW_LEAD = N_("A space in the first column takes only the two of its row's suit")
DEAD_SPACE = N_("Nothing goes right of a king or of another space")
NO_REDEAL = N_("No redeal is left")
WON = N_("The game is won")

Grid = bytes


@dataclass(frozen=True, order=True)
class Move:
    """The card at place ``source`` into the space at ``target`` (0-based, row by row),
    or both :data:`REDEAL`."""

    source: int
    target: int
    columns: int = RANKS

    @property
    def is_redeal(self) -> bool:
        return self.source == REDEAL

    def __str__(self) -> str:
        if self.is_redeal:
            return "R"
        return f"{place_name(self.source, self.columns)}-{place_name(self.target, self.columns)}"


def place_name(index: int, columns: int) -> str:
    """``A1`` … : a place's row letter and column number."""
    row, column = divmod(index, columns)
    return f"{string.ascii_uppercase[row]}{column + 1}"


def parse_place(text: str, rules: SpacesRules) -> int:
    """The index of ``B7``; ValueError when it names no place."""
    row = string.ascii_uppercase.find(text[:1])
    digits = text[1:]
    if row < 0 or row >= rules.rows or not (digits.isascii() and digits.isdigit()):
        raise ValueError(text)
    column = int(digits) - 1
    if not 0 <= column < rules.columns or digits != str(column + 1):
        raise ValueError(text)
    return row * rules.columns + column


def parse_move(text: str, rules: SpacesRules) -> Move:
    """Read ``R`` or ``C7-B4`` (spaces and case ignored)."""
    last = f"{string.ascii_uppercase[rules.rows - 1]}{rules.columns}"
    expected = f"expected R, or a card's place and a space's such as C7-B4 (A1 to {last})"
    if len(text) > SHOWN:
        raise MoveParseError(f"not a move: {shown(text)!r} ({expected})")
    token = "".join(text.split()).upper()
    if token == "R":
        return Move(REDEAL, REDEAL, rules.columns)
    source, dash, target = token.partition("-")
    try:
        if not dash:
            raise ValueError(token)
        move = Move(parse_place(source, rules), parse_place(target, rules), rules.columns)
    except ValueError:
        raise MoveParseError(f"not a move: {text!r} ({expected})") from None
    if move.source == move.target:
        raise MoveParseError(f"not a move: {text!r} ({expected}, two different places)")
    return move


def card_text(card: int) -> str:
    """``5H``: the notation of ordinal ``card``."""
    return str(Card.from_index(card))


def wanted(rules: SpacesRules, grid: Grid, target: int) -> tuple[int, ...]:
    """The cards the space at ``target`` takes (none right of a top card or a space)."""
    column = target % rules.columns
    if column == 0:
        if rules.lead is Lead.ROW_SUIT:
            return (target // rules.columns * RANKS + 1,)
        return tuple(suit * RANKS + 1 for suit in range(4))
    left = grid[target - 1]
    if left == SPACE or left % RANKS == rules.top:
        return ()
    return (left + 1,)


def fills(rules: SpacesRules, grid: Grid) -> list[tuple[int, int]]:
    """Every legal ``(source, target)``: each space with each card it takes."""
    found: list[tuple[int, int]] = []
    start = 0
    while True:
        target = grid.find(SPACE, start)
        if target < 0:
            return found
        start = target + 1
        for card in wanted(rules, grid, target):
            source = grid.find(card)  # (a two may leave one row's first column for another's)
            if source >= 0:
                found.append((source, target))


def moved(grid: Grid, source: int, target: int) -> Grid:
    """``grid`` with the card at ``source`` moved into the space at ``target``."""
    cells = bytearray(grid)
    cells[target], cells[source] = cells[source], SPACE
    return bytes(cells)


def row_run(rules: SpacesRules, grid: Grid, row: int) -> int:
    """How many cards of ``row`` lie in place from its left (a two first, then its suit
    up one rank a place)."""
    at = row * rules.columns
    card = grid[at]
    if card == SPACE or card % RANKS != 1:
        return 0
    length = 1
    while length < rules.columns - 1 and grid[at + length] == card + length:
        length += 1
    return length


def runs(rules: SpacesRules, grid: Grid) -> tuple[int, ...]:
    """Each row's run from the left (:func:`row_run`)."""
    return tuple(row_run(rules, grid, row) for row in range(rules.rows))


def redealt(rules: SpacesRules, grid: Grid, seed: str, number: int, round_: int) -> Grid:
    """The layout after redeal number ``round_`` (1, 2…): the cards out of place
    gathered in ordinal order, shuffled for ``seed``/``round_`` and ``number``, dealt
    row by row after each row's run and the one space that follows it."""
    lengths = runs(rules, grid)
    kept: set[int] = set()
    for row, length in enumerate(lengths):
        kept.update(range(row * rules.columns, row * rules.columns + length))
    gathered = sorted(grid[i] for i in range(rules.places) if i not in kept and grid[i] != SPACE)
    deck = iter(shuffled(gathered, f"{seed}-R{round_}", number))
    cells = bytearray(grid)
    for row, length in enumerate(lengths):
        at = row * rules.columns
        cells[at + length] = SPACE
        for column in range(length + 1, rules.columns):
            cells[at + column] = next(deck)
    return bytes(cells)


def is_won(rules: SpacesRules, grid: Grid) -> bool:
    return sum(runs(rules, grid)) == rules.rows * (rules.columns - 1)


@dataclass(frozen=True, slots=True)
class SpacesState(WonOrBlocked):
    """An immutable, hashable position: the layout, the redeals left and done, the deal
    code's prefix and number that the redeals' shuffles take."""

    rules: SpacesRules
    grid: Grid
    redeals: int
    seed: str
    number: int
    dealt: int = 0
    moves: int = 0

    @property
    def score(self) -> int:
        """One point a card in place."""
        return sum(runs(self.rules, self.grid))

    def card_count(self) -> int:
        return sum(cell != SPACE for cell in self.grid)

    def is_won(self) -> bool:
        return is_won(self.rules, self.grid)

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is refused here (a marked message), or None when it is legal."""
        if self.is_won():
            return WON
        if move.is_redeal:
            return None if self.redeals else NO_REDEAL
        grid = self.grid
        if grid[move.target] != SPACE:
            return NOT_A_SPACE
        if grid[move.source] == SPACE:
            return NO_CARD
        if (move.source, move.target) in fills(self.rules, grid):
            return None
        if move.target % self.rules.columns == 0:
            return WRONG_ROW_LEAD if self.rules.lead is Lead.ROW_SUIT else WRONG_LEAD
        return DEAD_SPACE if not wanted(self.rules, grid, move.target) else WRONG_CARD

    def legal_moves(self) -> list[Move]:
        """The fills, then the redeal."""
        if self.is_won():
            return []
        columns = self.rules.columns
        found = [Move(s, t, columns) for s, t in fills(self.rules, self.grid)]
        if self.redeals:
            found.append(Move(REDEAL, REDEAL, columns))
        return found

    def apply(self, move: Move) -> SpacesState:
        """The position after ``move``; :class:`IllegalMove` when it is refused."""
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        if move.is_redeal:
            grid = redealt(self.rules, self.grid, self.seed, self.number, self.dealt + 1)
            return SpacesState(
                self.rules,
                grid,
                self.redeals - 1,
                self.seed,
                self.number,
                self.dealt + 1,
                self.moves + 1,
            )
        grid = moved(self.grid, move.source, move.target)
        return SpacesState(
            self.rules, grid, self.redeals, self.seed, self.number, self.dealt, self.moves + 1
        )


def deal(rules: SpacesRules, code: DealCode) -> SpacesState:
    """The first position of ``code`` under ``rules``."""
    deck = shuffled(list(rules.deck), code.prefix, code.number)
    grid = bytes(SPACE if card % RANKS == 0 else card for card in deck)
    return SpacesState(rules, grid, rules.redeals_of(code.variant), code.prefix, code.number)
