"""TriPeaks rules: the immutable state, moves, streak scoring, win and blocked.

The players' rules are the game's rules page (``web/rules/<lang>.html``).

A card is its ordinal 0–51 (:attr:`cardems.cards.Card.ordinal`); its rank is
``ordinal % 13 + 1`` (A = 1, K = 13).

The deal: ``cardems.rng.shuffled`` of the 52 cards for the code's family and number.
Peak positions 1–28 (see :mod:`cardems.tripeaks.layout`) get ``deck[0:28]``;
``deck[28]`` lies face up on the waste; the stock gets ``deck[29:52]``, ``deck[29]``
turned first (the order mchung94's solver reads a deck in).

Variants: ``W`` (Microsoft's: K and A are one apart, so play wraps K–A–2) and ``N``
(no wrap: nothing plays on a K but a Q, nothing on an A but a 2).

Move notation (parsed by :meth:`Move.parse`, written by ``str(move)``; they round-trip):

==========  ==========================================================
``D``       draw: turn the stock's top card onto the waste (one pass, no redeal)
``12``      play the card at peak position 12 onto the waste
==========  ==========================================================

Scoring (Microsoft's Entertainment Pack, the streak scoring): the cards played from the
peaks in a row form a *streak*; the n-th card of a streak scores n points (1, 2, 3…).
Turning a stock card costs 5 points and ends the streak. Clearing a peak (taking its tip)
adds 15 points for the first and the second peak, 30 for the third.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardems.cards import Card
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.moves import format_moves as format_moves
from cardems.moves import move_tokens
from cardems.moves import play as play
from cardems.numbers import SHOWN, read_number, shown
from cardems.rng import shuffled
from cardems.tripeaks.layout import (
    COVER_MASK,
    PEAK_BONUS,
    PEAKS,
    POSITION_COUNT,
    POSITIONS,
    uncovered_mask,
)

WRAP = "W"
NO_WRAP = "N"
VARIANTS = (WRAP, NO_WRAP)
DRAW_COST = 5
GONE = -1
"""A peak position whose card has been played."""

ONE_APART = N_("Must be one rank above or below the waste's card")
ONE_APART_NO_WRAP = N_(
    "Must be one rank above or below the waste's card (no wrap: K and A are not one apart)"
)


@functools.cache
def card_text(card: int) -> str:
    """The card notation of ordinal ``card``: ``AS``, ``TH``."""
    return str(Card.from_index(card))


def rank_of(card: int) -> int:
    """The rank (A = 1 … K = 13) of ordinal ``card``."""
    return card % 13 + 1


def one_apart(a: int, b: int, wrap: bool) -> bool:
    """Whether ranks ``a`` and ``b`` are one apart (K and A too when ``wrap``)."""
    gap = abs(a - b)
    return gap == 1 or (wrap and gap == 12)


class MoveParseError(ValueError):
    """A move string that cannot be read; the message says why."""


@dataclass(frozen=True, order=True)
class Move:
    """A move: ``position`` 1–28 plays that card, 0 draws from the stock."""

    position: int = 0

    @classmethod
    def draw(cls) -> Move:
        """Turn the stock's top card onto the waste."""
        return cls(0)

    @classmethod
    def play(cls, position: int) -> Move:
        """Play the card at ``position`` onto the waste."""
        if not 1 <= position <= POSITION_COUNT:
            raise MoveParseError(f"peak position {position} out of range 1-{POSITION_COUNT}")
        return cls(position)

    @property
    def is_draw(self) -> bool:
        """Whether the move turns a stock card."""
        return self.position == 0

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``D`` or a peak position ``1``–``28`` (case and spaces ignored)."""
        expected = f"expected D or a peak position 1-{POSITION_COUNT}"
        if len(text) > SHOWN:
            raise MoveParseError(f"not a move: {shown(text)!r} ({expected})")
        token = "".join(text.split()).upper()
        if token == "D":
            return cls.draw()
        position = read_number(token)
        if position is None:
            raise MoveParseError(f"not a move: {text!r} ({expected})")
        if not 1 <= position <= POSITION_COUNT:
            raise MoveParseError(
                f"not a move: {text!r} (peak position {position} out of range 1-{POSITION_COUNT})"
            )
        return cls(position)

    def __str__(self) -> str:
        return "D" if self.is_draw else str(self.position)


def parse_moves(texts: Iterable[str]) -> list[Move]:
    """Parse several moves; each string may hold several separated by spaces or commas
    (:func:`~cardems.moves.format_moves` writes them back)."""
    return [Move.parse(token) for token in move_tokens(texts)]


@dataclass(frozen=True, slots=True)
class TriPeaksState:
    """An immutable, hashable position.

    ``peaks[i]`` is the card at position ``i + 1`` or :data:`GONE`; ``stock`` lists the
    face-down cards, the next one turned first; ``waste`` is bottom → top; ``wrap`` says
    whether K and A are one apart; ``moves`` counts draws and plays, ``score`` and
    ``streak`` follow the streak scoring (see the module docstring).
    """

    peaks: tuple[int, ...]
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    wrap: bool = True
    moves: int = 0
    score: int = 0
    streak: int = 0

    @property
    def present_mask(self) -> int:
        """Bit ``i`` set while position ``i + 1`` still holds its card."""
        return sum(1 << i for i, card in enumerate(self.peaks) if card != GONE)

    @property
    def waste_top(self) -> int:
        """The waste's top card (the waste is never empty)."""
        return self.waste[-1]

    def card_count(self) -> int:
        """Cards in play: peaks, stock and waste."""
        return POSITION_COUNT - self.peaks.count(GONE) + len(self.stock) + len(self.waste)

    def is_face_up(self, position: int) -> bool:
        """Whether the card at ``position`` is there and nothing covers it (face up)."""
        i = position - 1
        return self.peaks[i] != GONE and not COVER_MASK[i] & self.present_mask

    def face_up(self) -> list[int]:
        """The face-up (playable) positions, in increasing order."""
        mask = uncovered_mask(self.present_mask)
        return [p for p in POSITIONS if mask >> (p - 1) & 1]

    def fits(self, card: int) -> bool:
        """Whether ``card`` is one rank above or below the waste's top card."""
        return one_apart(rank_of(card), rank_of(self.waste_top), self.wrap)

    def is_won(self) -> bool:
        """All 28 peak cards played (cards may remain in the stock)."""
        return self.peaks.count(GONE) == POSITION_COUNT

    def is_blocked(self) -> bool:
        """The stock is empty and no face-up card fits the waste."""
        if self.is_won() or self.stock:
            return False
        return not any(self.fits(self.peaks[p - 1]) for p in self.face_up())

    @property
    def outcome(self) -> str | None:
        """``won``, ``blocked``, or None while moves remain."""
        if self.is_won():
            return "won"
        return "blocked" if self.is_blocked() else None

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, or None when it is legal."""
        if self.is_won():
            return N_("The game is won")
        if move.is_draw:
            return None if self.stock else N_("The stock is empty")
        if self.peaks[move.position - 1] == GONE:
            return N_("Position %(num)d is empty") % {"num": move.position}
        if not self.is_face_up(move.position):
            return N_("The card at position %(num)d is face down") % {"num": move.position}
        if self.fits(self.peaks[move.position - 1]):
            return None
        return ONE_APART if self.wrap else ONE_APART_NO_WRAP

    def legal_moves(self) -> list[Move]:
        """Every legal move: the face-up cards that fit, then the draw."""
        if self.is_won():
            return []
        moves = [Move(p) for p in self.face_up() if self.fits(self.peaks[p - 1])]
        if self.stock:
            moves.append(Move.draw())
        return moves

    def apply(self, move: Move) -> TriPeaksState:
        """The position after ``move``; raise :class:`IllegalMove` if it is refused."""
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        moves = self.moves + 1
        if move.is_draw:
            return TriPeaksState(
                self.peaks,
                self.stock[1:],
                (*self.waste, self.stock[0]),
                self.wrap,
                moves,
                self.score - DRAW_COST,
                0,
            )
        peaks = list(self.peaks)
        card = peaks[move.position - 1]
        peaks[move.position - 1] = GONE
        streak = self.streak + 1
        score = self.score + streak
        if move.position in PEAKS:
            cleared = sum(peaks[p - 1] == GONE for p in PEAKS)
            score += PEAK_BONUS[cleared - 1]
        return TriPeaksState(
            tuple(peaks), self.stock, (*self.waste, card), self.wrap, moves, score, streak
        )


DECK: tuple[int, ...] = tuple(range(52))


def initial_state(deck: Sequence[int], wrap: bool = True) -> TriPeaksState:
    """The starting position for a shuffled deck of the 52 ordinals."""
    if sorted(deck) != list(DECK):
        raise ValueError("a TriPeaks deck holds each of the 52 cards once")
    return TriPeaksState(tuple(deck[:28]), tuple(deck[29:]), (deck[28],), wrap)


def deal_deck(code: DealCode) -> list[int]:
    """The shuffled deck of ordinals for ``code``."""
    return shuffled(list(DECK), code.prefix, code.number)


def deal(code: DealCode) -> TriPeaksState:
    """The starting position of ``code``."""
    return initial_state(deal_deck(code), code.variant != NO_WRAP)
