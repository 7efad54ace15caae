"""What every position of columns, free cells and foundations answers the same way: the
piles' cards, free space, the foundations' tops and the win. A game's frozen state
dataclass inherits :class:`Piles` and declares the fields."""

from __future__ import annotations

from cardems.cards import SUIT_ORDER, Card, Rank
from cardems.cellgames.notation import Place


class Piles:
    """Queries on ``columns`` (bottom→top), ``cells`` (``None`` = empty) and
    ``foundations`` (heights 0–13 in suit order S H D C)."""

    __slots__ = ()

    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[int, int, int, int]

    @property
    def position(self) -> tuple[object, ...]:
        """The cards' placement alone (no score or counter), for comparing positions."""
        return (self.columns, self.cells, self.foundations)

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
