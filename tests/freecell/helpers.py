"""Build FreeCell positions from text for the tests."""

from __future__ import annotations

from cardems.cards import Card, parse_cards
from cardems.freecell.rules import FreeCellState


def position(
    columns: list[str],
    cells: list[str | None] | None = None,
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0),
    by_suit: bool = False,
) -> FreeCellState:
    """Columns as card text bottom→top (padded to 8 with empty ones), cells as text/None."""
    piles = [tuple(parse_cards(text)) for text in columns]
    piles += [()] * (8 - len(piles))
    cell_cards: list[Card | None] = [
        None if text is None else Card.parse(text) for text in (cells or [None] * 4)
    ]
    return FreeCellState(tuple(piles), tuple(cell_cards), foundations, by_suit=by_suit)
