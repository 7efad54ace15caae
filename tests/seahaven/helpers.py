"""Build Seahaven positions from text for the tests."""

from __future__ import annotations

from cardems.cards import Card, parse_cards
from cardems.seahaven.rules import SeahavenState


def position(
    columns: list[str],
    cells: list[str | None] | None = None,
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0),
    score: int = 0,
) -> SeahavenState:
    """Columns as card text bottom→top (padded to 10 with empty ones), cells as text/None."""
    piles = [tuple(parse_cards(text)) for text in columns]
    piles += [()] * (10 - len(piles))
    cell_cards: list[Card | None] = [
        None if text is None else Card.parse(text) for text in (cells or [None] * 4)
    ]
    return SeahavenState(tuple(piles), tuple(cell_cards), foundations, score)
