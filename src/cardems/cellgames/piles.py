"""What every position of columns, free cells and foundations answers the same way: the
piles' cards, free space, the foundations' tops and the win. A game's frozen state
dataclass inherits :class:`Piles` and declares the fields; FreeCell, Baker's Game and
Seahaven's inherit :class:`CellRules`, their rules written once: they differ only in
how columns build (by suit or in alternating colours), what fills an empty column (any
card or a king) and whether a foundation gives its top card back."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import ClassVar, Protocol, Self, TypeVar

from cardems.cards import SUIT_ORDER, Card, Rank
from cardems.cellgames.notation import Move, Place
from cardems.core.history import IllegalMove
from cardems.i18n.markers import N_

Columns = tuple[tuple[Card, ...], ...]


class Piles:
    """Queries on ``columns`` (bottom→top), ``cells`` (``None`` = empty) and
    ``foundations`` (heights 0–13 in suit order S H D C)."""

    __slots__ = ()

    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[int, int, int, int]
    score: int

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, or None (each game's rules say)."""
        raise NotImplementedError

    def after(self, move: Move) -> Self:
        """The position after a legal ``move`` (unchecked: the searches' replay)."""
        raise NotImplementedError

    def apply(self, move: Move) -> Self:
        """The position after ``move``; :class:`IllegalMove` if it is refused."""
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        return self.after(move)

    @property
    def position(self) -> tuple[object, ...]:
        """The cards' placement alone (no score or counter), for comparing positions."""
        return (self.columns, self.cells, self.foundations)

    @property
    def placement(self) -> tuple[object, ...]:
        """The position up to the order of the cells: a card in another cell is in the same
        place (how a hint tells a move that goes back)."""
        cells = tuple(sorted(card.ordinal for card in self.cells if card is not None))
        return (self.columns, cells, self.foundations)

    @property
    def won(self) -> bool:
        """All 52 cards are on the foundations."""
        return all(height == 13 for height in self.foundations)

    @property
    def free_cells(self) -> int:
        """How many cells are empty."""
        return sum(1 for card in self.cells if card is None)

    @property
    def empty_columns(self) -> int:
        """How many columns are empty."""
        return sum(1 for pile in self.columns if not pile)

    def foundation_top(self, suit_index: int) -> Card | None:
        """The top card of a foundation, or ``None`` when it is empty."""
        height = self.foundations[suit_index]
        return Card(Rank(height), SUIT_ORDER[suit_index]) if height else None

    def cards_at(self, place: Place) -> tuple[Card, ...]:
        """The cards of a pile bottom→top (a foundation gives only its top card)."""
        if place.kind == "column":
            return self.columns[place.index]
        if place.kind == "cell":
            card = self.cells[place.index]
            return () if card is None else (card,)
        top = self.foundation_top(place.index)
        return () if top is None else (top,)

    def all_cards(self) -> list[Card]:
        """Every card on the table, foundations included (always 52)."""
        cards = [card for pile in self.columns for card in pile]
        cards += [card for card in self.cells if card is not None]
        for index, height in enumerate(self.foundations):
            cards += [Card(Rank(rank), SUIT_ORDER[index]) for rank in range(1, height + 1)]
        return cards


def group_limit(state: Piles, dest: Place | None = None) -> int:
    """Largest group that may move: (free cells + 1) × 2^(empty columns), not counting
    ``dest`` when it is an empty column."""
    empty = state.empty_columns
    if dest is not None and dest.kind == "column" and not state.columns[dest.index]:
        empty -= 1
    return int((state.free_cells + 1) * 2**empty)


def place_refusal(state: Piles, move: Move) -> str | None:
    """What every game of this family refuses first: a place it does not have, a move to
    the same place, or no card moved."""
    for place in (move.source, move.dest):
        if not _place_exists(state, place):
            return N_("There is no %(place)s in this game") % {
                "place": place.target.replace(":", " ")
            }
    if move.source == move.dest:
        return N_("A card must move to another place")
    if move.count < 1:
        return N_("At least one card must move")
    return None


def landing_refusal(state: Piles, card: Card, dest: Place) -> str | None:
    """Whether ``card`` may land on a free cell or a foundation (the same in every game
    of this family)."""
    if dest.kind == "cell":
        return None if state.cells[dest.index] is None else N_("A free cell holds one card")
    if card.suit.order != dest.index:
        return N_("A foundation takes only its own suit")
    if card.rank != state.foundations[dest.index] + 1:
        return N_("Foundations build up from the ace, one card at a time")
    return None


def group_refusal(state: Piles, dest: Place, count: int) -> str | None:
    """Too many cards for the free cells and empty columns there are, or None."""
    limit = group_limit(state, dest)
    if count > limit:
        return N_("Too many cards: at most %(num)d can move together now") % {"num": limit}
    return None


def _place_exists(state: Piles, place: Place) -> bool:
    size = {"column": len(state.columns), "cell": len(state.cells), "foundation": 4}
    return 0 <= place.index < size.get(place.kind, 0)


class CellState(Protocol):
    """What the family's hooks need of a game's position."""

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def cells(self) -> tuple[Card | None, ...]: ...

    @property
    def foundations(self) -> tuple[int, int, int, int]: ...

    @property
    def won(self) -> bool: ...

    @property
    def score(self) -> int: ...

    @property
    def moves(self) -> int: ...

    @property
    def outcome(self) -> str | None: ...

    @property
    def position(self) -> tuple[object, ...]: ...

    @property
    def placement(self) -> tuple[object, ...]: ...

    def cards_at(self, place: Place) -> tuple[Card, ...]: ...

    def refusal(self, move: Move) -> str | None: ...

    def apply(self, move: Move) -> Self: ...

    def legal_moves(self) -> list[Move]: ...


def legal_moves(
    state: CellState, run_length: Callable[[tuple[Card, ...]], int], from_foundations: bool
) -> Iterator[Move]:
    """Every legal move: each run size (``run_length`` of a column: its top cards that
    may move together) from each column, a cell's card and, ``from_foundations``, a
    foundation's top card, to every pile that takes it."""
    sources: list[tuple[Place, int]] = []
    for index, pile in enumerate(state.columns):
        sources += [(Place("column", index), count) for count in range(1, run_length(pile) + 1)]
    sources += [(Place("cell", i), 1) for i, card in enumerate(state.cells) if card is not None]
    if from_foundations:
        sources += [
            (Place("foundation", i), 1) for i, height in enumerate(state.foundations) if height
        ]
    dests = [Place("column", i) for i in range(len(state.columns))]
    dests += [Place("cell", i) for i in range(len(state.cells))]
    dests += [Place("foundation", i) for i in range(4)]
    cells = state.cells
    for source, count in sources:
        for dest in dests:
            kind = dest.kind
            if (
                dest == source
                or (kind == "cell" and (count > 1 or cells[dest.index] is not None))
                or (kind == "foundation" and (count > 1 or source.kind == "foundation"))
            ):
                continue  # refused whatever else: no need to ask (the searches' hot loop)
            move = Move(source, dest, count)
            if state.refusal(move) is None:
                yield move


def home_move(state: CellState, source: Place) -> Move | None:
    """The move of the top card of ``source`` to its foundation, if that is legal."""
    cards = state.cards_at(source)
    if not cards or source.kind == "foundation":
        return None
    move = Move(source, Place("foundation", cards[-1].suit.order))
    return move if state.refusal(move) is None else None


def moved(
    state: Piles, move: Move, home_points: int, back_points: int
) -> tuple[Columns, tuple[Card | None, ...], tuple[int, int, int, int], int]:
    """The columns, cells, foundations and score after a legal ``move`` (unchecked):
    ``home_points`` for a card put on a foundation, ``back_points`` off for one taken
    back (the score never below zero)."""
    source, dest, count = move.source, move.dest, move.count
    columns = list(state.columns)
    cells = list(state.cells)
    foundations = list(state.foundations)
    score = state.score
    if source.kind == "column":
        moving = columns[source.index][-count:]
        columns[source.index] = columns[source.index][:-count]
    else:
        moving = state.cards_at(source)
        if source.kind == "cell":
            cells[source.index] = None
        else:
            foundations[source.index] -= 1
            score = max(0, score - back_points)
    if dest.kind == "column":
        columns[dest.index] = columns[dest.index] + tuple(moving)
    elif dest.kind == "cell":
        cells[dest.index] = moving[0]
    else:
        foundations[dest.index] += 1
        score += home_points
    return (
        tuple(columns),
        tuple(cells),
        (foundations[0], foundations[1], foundations[2], foundations[3]),
        score,
    )


def builds_on(card: Card, below: Card, by_suit: bool) -> bool:
    """Whether ``card`` may lie on ``below`` in a column: one rank lower and of the same
    suit (``by_suit``) or of the other colour."""
    if card.rank != below.rank - 1:
        return False
    return card.suit is below.suit if by_suit else card.suit.is_red != below.suit.is_red


def run_length(pile: tuple[Card, ...], by_suit: bool) -> int:
    """How many top cards of a column form a sequence that may move together."""
    if not pile:
        return 0
    length = 1
    while length < len(pile) and builds_on(pile[-length], pile[-length - 1], by_suit):
        length += 1
    return length


class CellRules(Piles):
    """The rules of a free-cell game on its frozen state: legal moves, refusals, apply
    and the outcome. The state says how its columns build (``by_suit``), and its class
    whether an empty column takes only a king (``kings_only``) and whether a foundation's
    top card may come back (``takes_back``, costing ``back_points``)."""

    __slots__ = ()

    moves: int
    by_suit: bool
    kings_only: ClassVar[bool] = False
    takes_back: ClassVar[bool] = False
    home_points: ClassVar[int] = 10
    back_points: ClassVar[int] = 0

    def run_length(self, pile: tuple[Card, ...]) -> int:
        """How many top cards of ``pile`` may move together."""
        return run_length(pile, self.by_suit)

    def legal_moves(self) -> list[Move]:
        """Every legal move (see :func:`legal_moves`)."""
        return list(legal_moves(self, self.run_length, self.takes_back))

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, or None (see :func:`check_move`)."""
        return check_move(self, move)

    def after(self, move: Move) -> Self:
        """The state after a legal ``move`` (unchecked: the searches' replay)."""
        columns, cells, foundations, score = moved(self, move, self.home_points, self.back_points)
        return replace(  # type: ignore[type-var]
            self,
            columns=columns,
            cells=cells,
            foundations=foundations,
            score=score,
            moves=self.moves + 1,
        )

    @property
    def outcome(self) -> str | None:
        """``won`` once every card is home, ``stuck`` when no move at all is left, else
        None (that no *useful* move is left is the table's call: it needs a search)."""
        if self.won:
            return "won"
        moves = legal_moves(self, self.run_length, self.takes_back)
        return "stuck" if next(moves, None) is None else None


def check_move(state: CellRules, move: Move) -> str | None:
    """Why ``move`` is illegal in ``state`` (a player-facing reason), or ``None`` if legal."""
    source, dest, count = move.source, move.dest, move.count
    by_suit = state.by_suit
    refusal = place_refusal(state, move)
    if refusal is not None:
        return refusal
    if source.kind == "foundation" and not state.takes_back:
        return N_("Cards on a foundation stay there")
    moving = state.cards_at(source)
    if not moving:
        return N_("There is no card there")
    if count > 1:
        if source.kind != "column" or count > len(moving):
            return N_("Only a column holds a run of several cards")
        if count > run_length(moving, by_suit):
            if by_suit:
                return N_("Only cards in suit sequence move together")
            return N_("Only cards in sequence, alternating colours, move together")
        if dest.kind != "column":
            return N_("Only one card at a time goes to a cell or a foundation")
    if source.kind == "foundation" and dest.kind == "foundation":
        return N_("A foundation card can go back only to a column or a free cell")
    card = moving[-count]
    if dest.kind != "column":
        return landing_refusal(state, card, dest)
    pile = state.columns[dest.index]
    if pile:
        if not builds_on(card, pile[-1], by_suit):
            if by_suit:
                return N_("Must be the same suit and exactly one rank lower")
            return N_("Must be the other colour and exactly one rank lower")
    elif state.kings_only and card.rank is not Rank.KING:
        return N_("An empty column takes only a king")
    return group_refusal(state, dest, count)


_Rules = TypeVar("_Rules", bound=CellRules)


def is_legal(state: CellRules, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    return check_move(state, move) is None


def apply_move(state: _Rules, move: Move) -> _Rules:
    """The state after a legal ``move``; raise :class:`IllegalMove` otherwise."""
    return state.apply(move)


def is_safe_home(card: Card, foundations: tuple[int, ...], by_suit: bool) -> bool:
    """Whether sending ``card`` home can never be regretted: building by suit always
    (only the next lower card of its suit could build on it, and that one is home); in
    alternating colours for aces and twos, and for a higher card once both suits of the
    other colour hold the card one rank lower (no card that could build on it is still
    on the table)."""
    if by_suit or card.rank <= 2:
        return True
    others = [foundations[suit.order] for suit in SUIT_ORDER if suit.is_red != card.suit.is_red]
    return min(others) >= card.rank - 1


def safe_home_moves(state: CellRules) -> Iterator[Move]:
    """Legal moves home that are safe (see :func:`is_safe_home`), columns first."""
    sources = [Place("column", index) for index in range(len(state.columns))]
    sources += [Place("cell", index) for index in range(len(state.cells))]
    for source in sources:
        move = home_move(state, source)
        if move is not None:
            card = state.cards_at(source)[-1]
            if is_safe_home(card, state.foundations, state.by_suit):
                yield move
