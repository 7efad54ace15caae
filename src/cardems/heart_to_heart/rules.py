"""Heart to Heart's rules, declared for the pairs family's engine
(:mod:`cardems.kit.pairs.engine`: states, moves, refusals, outcome and notation).

The players' rules are the game's rules page (``web/rules/<lang>.html``). All 52 cards
are hearts, so a card is just its rank, an ``int`` 1–13 (A = 1, K = 13); two cards of the
same rank leave together, from the heart's available cards and the waste's top card.

The deal: ``cardems.rng.shuffled`` of the 52 ranks (``[1..13] * 4``) for the code's
family and number. Heart positions 1–25 get ``deck[0:25]``; the stock gets
``deck[25:51]`` with ``deck[25]`` drawn first; ``deck[51]`` lies face up on the waste.
The waste goes back to the empty stock as often as the player likes. Moves are written
``D``, ``R``, ``12+25`` and ``25+W``; each heart card removed scores 10.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardems.cards import Card, CardParseError, Rank, Suit
from cardems.dealcode import DealCode
from cardems.heart_to_heart.layout import COVERED_BY
from cardems.i18n.markers import N_
from cardems.kit.pairs import SAME_RANK as SAME_RANK_RULE
from cardems.kit.pairs import MoveKind as MoveKind
from cardems.kit.pairs import MoveParseError as MoveParseError
from cardems.kit.pairs import Pairing, PairsMove, PairsRules, PairsState, Stock
from cardems.moves import format_moves as format_moves
from cardems.moves import play as play

DECK: tuple[int, ...] = tuple(rank for _ in range(4) for rank in range(1, 14))
"""The unshuffled deck: four copies of each rank, A to K."""

SAME_RANK = N_("Must be of the same rank")


@functools.cache
def card_text(rank: int) -> str:
    """The card notation of a heart of ``rank``: ``AH``, ``TH``, ``KH``."""
    return str(Card(Rank(rank), Suit.HEARTS))


def parse_heart(text: str) -> int:
    """The rank of a heart card written ``4H``, ``10♥``, ``th``; other suits are refused."""
    card = Card.parse(text)
    if card.suit is not Suit.HEARTS:
        raise CardParseError(f"not a heart: {text!r} (Heart to Heart has only hearts)")
    return int(card.rank)


def _rank(rank: int) -> int:
    return rank


RULES = PairsRules(
    name="Heart to Heart",
    kind="heart",
    covered_by=COVERED_BY,
    deck=DECK,
    deck_words="four of each rank 1-13",
    value=_rank,
    text=card_text,
    pairing=Pairing(SAME_RANK_RULE, SAME_RANK),
    stock=Stock(waste_dealt=1, passes={"N": None}),
    empty=0,
    place_word="heart position",
    expected="D, R, 12+25 or 25+W",
)


@dataclass(frozen=True)
class HeartState(PairsState):
    """A Heart to Heart position: ``heart[i]`` is the rank at position ``i + 1`` (0 once
    removed)."""

    rules = RULES

    @property
    def heart(self) -> tuple[int, ...]:
        """The ranks of the heart's positions, 0 where emptied."""
        return self.cards


Move = HeartState.move
"""Heart to Heart's move class (``D``, ``R``, ``12+25``, ``25+W``), bound to :data:`RULES`."""


def parse_moves(texts: Iterable[str]) -> list[PairsMove]:
    """Parse several moves (:func:`~cardems.moves.format_moves` writes them back)."""
    return Move.parse_many(texts)


def initial_state(deck: Sequence[int]) -> HeartState:
    """The starting position for a shuffled deck of 52 ranks (see the module docstring)."""
    return HeartState.initial(deck)


def deal_deck(code: DealCode) -> list[int]:
    """The shuffled deck of ranks for ``code``."""
    return HeartState.deck_of(code)


def deal(code: DealCode) -> HeartState:
    """The starting position of ``code``."""
    return HeartState.deal(code)


def deck_is_winnable(deck: Sequence[int]) -> bool:
    """Whether the deal of a shuffled deck of 52 ranks can be won (the exact search of
    :mod:`cardems.kit.pairs.ranks`)."""
    from cardems.kit.pairs.ranks import deck_is_winnable as winnable

    return winnable(HeartState, tuple(deck))
