"""Klondike positions built by hand for the tests (:func:`laid`, :func:`deal_cards`), on
the build family's engine: the columns, stock and waste as card ordinals in Klondike's
own order (the stock next drawn first), for the rules of a draw and its redeals."""

from __future__ import annotations

from collections.abc import Sequence

from cardems.cards import Card
from cardems.kit.building.engine import BuildState
from cardems.klondike.declared import RULES, declaration_of
from cardems.klondike.rules import Rules

VARIANT_OF = {(3, None): "D3", (1, None): "D1", (3, 2): "D3L", (1, 0): "D1L"}


def cards(ordinals: Sequence[int]) -> tuple[Card, ...]:
    return tuple(Card.from_index(ordinal) for ordinal in ordinals)


def laid(
    rules: Rules,
    columns: Sequence[Sequence[int]],
    hidden: Sequence[int],
    stock: Sequence[int] = (),
    waste: Sequence[int] = (),
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0),
    recycles: int = 0,
) -> BuildState:
    """The position: ``columns`` bottom → top, of which the first ``hidden[i]`` lie face
    down; ``stock`` next drawn first; ``waste`` bottom → top; foundations' heights."""
    variant = VARIANT_OF.get((rules.draw, rules.recycles))
    declared = (
        RULES[variant, rules.scoring]
        if variant is not None
        else declaration_of(rules.draw, rules.recycles)
    )
    return BuildState(
        declared,
        tuple(cards(column) for column in columns),
        (),
        foundations,
        down=tuple(hidden),
        stock=cards(stock)[::-1],
        waste=cards(waste),
        passes=recycles,
    )


def deal_cards(deck: Sequence[int], rules: Rules) -> BuildState:
    """``deck`` laid out as a deal: row by row, each column's top card face up, the rest
    in the stock (``deck[28]`` drawn first)."""
    columns: list[list[int]] = [[] for _ in range(7)]
    dealt = iter(deck)
    for row in range(7):
        for column in range(row, 7):
            columns[column].append(next(dealt))
    return laid(rules, columns, range(7), list(dealt))
