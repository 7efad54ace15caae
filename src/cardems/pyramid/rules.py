"""Pyramid's rules, declared for the pairs family's engine
(:mod:`cardems.kit.pairs.engine`: states, moves, refusals, outcome and notation).

The players' rules are the game's rules page (``web/rules/<lang>.html``). Microsoft
Solitaire Collection's rules, with the number of passes through the stock a variant:

The deal: ``cardems.rng.shuffled`` of the 52 cards (:data:`cardems.cards.ALL_CARDS`) for
the code's family and number. Pyramid positions 1–28 (row by row from the apex) get
``deck[0:28]``; the stock gets ``deck[28:52]`` with ``deck[28]`` on top; the waste starts
empty. Cards count their rank (A 1, J 11, Q 12, K 13); a pair that makes 13 is removed
together, a king alone, from the free pyramid cards, the stock's top card and the waste's
top card. The waste may be turned over to make the empty stock again as many times as
the variant allows: ``P3`` (3 passes through the stock: 2 recycles, Microsoft's), ``P1``,
``P2`` or ``U`` (unlimited). The pyramid cleared is a win. Each draw, recycle and removal
counts as one move (as mchung94's solver counts them); each pyramid card removed scores 10.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardems.cards import ALL_CARDS, Card
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.pairs import STOCK_TOP as STOCK_TOP
from cardems.kit.pairs import SUM, Pairing, PairsMove, PairsRules, PairsState, Stock
from cardems.kit.pairs import WASTE_TOP as WASTE_TOP
from cardems.kit.pairs import MoveKind as MoveKind
from cardems.kit.pairs import MoveParseError as MoveParseError
from cardems.moves import format_moves as format_moves
from cardems.moves import play as play
from cardems.pyramid.layout import COVERED_BY

PASSES = {"P3": 3, "P1": 1, "P2": 2, "U": None}
"""Passes through the stock each variant allows (None: unlimited)."""
VARIANTS = ("P3", "P1", "P2", "U")
MAKE_13 = N_("The cards must make 13 (a king goes alone)")
NOT_A_KING = N_("Only a king is removed alone")


def value(card: Card) -> int:
    """The card's value: its rank, A 1 to K 13."""
    return int(card.rank)


RULES = PairsRules(
    name="Pyramid",
    kind="pyramid",
    covered_by=COVERED_BY,
    deck=tuple(ALL_CARDS),
    deck_words="the 52 cards once each",
    value=value,
    text=str,
    pairing=Pairing(SUM, MAKE_13, total=13, alone=13, alone_refusal=NOT_A_KING),
    stock=Stock(top_plays=True, passes=PASSES),
    empty=None,
    expected="D, R, 12, S, W, 22+28, 22+S, 22+W or S+W",
    compiled="cardems.pyramid._astar",
)


@dataclass(frozen=True)
class PyramidState(PairsState):
    """A Pyramid position: ``pyramid[i]`` is the card at position ``i + 1`` (None once
    removed); three passes through the stock unless told."""

    passes: int | None = 3
    rules = RULES

    @property
    def pyramid(self) -> tuple[Card | None, ...]:
        """The cards of the pyramid's positions, None where emptied."""
        return self.cards


Move = PyramidState.move
"""Pyramid's move class (``D``, ``R``, ``12``, ``S``, ``22+28``, ``22+W``, ``S+W``…), bound
to :data:`RULES`."""


def parse_moves(texts: Iterable[str]) -> list[PairsMove]:
    """Parse several moves (:func:`~cardems.moves.format_moves` writes them back)."""
    return Move.parse_many(texts)


def initial_state(deck: Sequence[Card], passes: int | None = 3) -> PyramidState:
    """The starting position for a shuffled deck of 52 cards (see the module docstring)."""
    return PyramidState.initial(deck, passes)


def deal_deck(code: DealCode) -> list[Card]:
    """The shuffled deck for ``code``."""
    return PyramidState.deck_of(code)


def deal(code: DealCode) -> PyramidState:
    """The starting position of ``code``."""
    return PyramidState.deal(code)
