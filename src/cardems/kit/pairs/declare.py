"""The pairs family as data: a layout of cards that cover others, a stock and a waste,
and a rule saying which cards leave together (Pyramid, Heart to Heart).

A game of the family is one :class:`PairsRules`: the engine (:mod:`.engine`), the table
(:mod:`.table`) and the solvers (:mod:`.solver`) read everything from it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from cardems.kit.covers import Covers

SAME_RANK = "same rank"
"""Two cards of the same value leave together (Heart to Heart)."""
SUM = "sum"
"""Two cards whose values make :attr:`Pairing.total` leave together (Pyramid: 13)."""


@dataclass(frozen=True)
class Pairing:
    """Which cards leave together, and the words of a refused removal."""

    rule: str
    """:data:`SAME_RANK` or :data:`SUM`."""
    refusal: str
    """What a pair that does not match says (a marked message)."""
    total: int = 13
    """The sum a :data:`SUM` pair makes."""
    alone: int | None = None
    """The value of a card that leaves alone (Pyramid's king: 13); None: none does."""
    alone_refusal: str | None = None
    """What a single card that may not leave alone says (None: :attr:`refusal`)."""

    def __post_init__(self) -> None:
        if self.rule not in (SAME_RANK, SUM):
            raise ValueError(f"unknown pairing rule {self.rule!r}")

    def matches(self, a: int, b: int) -> bool:
        """Whether cards of values ``a`` and ``b`` leave together."""
        return a == b if self.rule == SAME_RANK else a + b == self.total

    def partner(self, value: int) -> int:
        """The value a card of ``value`` pairs with."""
        return value if self.rule == SAME_RANK else self.total - value


@dataclass(frozen=True)
class Stock:
    """The stock and the waste: what is dealt where, and how often the stock goes round."""

    waste_dealt: int = 0
    """Cards dealt face up on the waste from the deck's end (Heart to Heart: 1)."""
    top_plays: bool = False
    """Whether the stock's top card plays as a free card does (Pyramid)."""
    passes: dict[str, int | None] = field(default_factory=lambda: {"": None})
    """Passes through the stock per variant code (None: unlimited)."""


@dataclass(frozen=True, eq=False)
class PairsRules:
    """A solitaire of the pairs family (see the module docstring); one of a kind, told
    apart by identity."""

    name: str
    """The game's name in messages (``Heart to Heart``)."""
    kind: str
    """The layout's target prefix (``heart`` → ``heart:1`` … ``heart:25``)."""
    covered_by: tuple[tuple[int, ...], ...]
    """``covered_by[i]``: the positions (1-based) covering position ``i + 1``."""
    deck: tuple[Hashable, ...]
    """The unshuffled deck (:func:`cardems.rng.shuffled` deals it): the layout takes
    its first cards, position by position, then the stock, then the waste."""
    deck_words: str
    """What a deck holds, for the error of a wrong one (``four of each rank 1-13``)."""
    value: Callable[[Any], int]
    """A card's value (A 1 … K 13)."""
    text: Callable[[Any], str]
    """A card's code (``4H``)."""
    pairing: Pairing
    stock: Stock = Stock()
    empty: Any = None
    """What an emptied layout position holds."""
    points_per_card: int = 10
    """The score of each layout card removed."""
    place_word: str = "position"
    """A layout place in move errors (``heart position 26 out of range 1-25``)."""
    expected: str = "D, R, 12+25 or 25+W"
    """The notation's shapes, in move errors."""
    compiled: str | None = None
    """The module of the solvers' compiled twin (``decide`` and ``search`` with the
    signatures of :mod:`cardems.kit.pairs.compiled`), for this layout and pairing only;
    None: the Python search serves."""

    def __post_init__(self) -> None:
        size = len(self.covered_by)
        dealt = size + self.stock.waste_dealt
        if dealt > len(self.deck):
            raise ValueError(f"{self.name}: {dealt} cards dealt from a deck of {len(self.deck)}")
        if self.pairing.alone is None and self.pairing.alone_refusal is not None:
            raise ValueError(f"{self.name}: an alone refusal without a card that goes alone")

    @property
    def size(self) -> int:
        """How many layout positions."""
        return len(self.covered_by)

    @cached_property
    def covers(self) -> Covers:
        """The covering masks of the layout."""
        return Covers(self.covered_by)

    @cached_property
    def unique(self) -> bool:
        """Whether each card of the deck is one of a kind (a code names one card)."""
        return len(set(self.deck)) == len(self.deck)
