"""What every position of columns, free cells and foundations answers the same way: the
piles' cards, free space, the foundations' tops and the win. A game's frozen state
dataclass inherits :class:`Piles` and declares the fields."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol, Self

from cardems.cards import SUIT_ORDER, Card, Rank
from cardems.cellgames.notation import Move, Place
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
    for source, count in sources:
        for dest in dests:
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
