"""The discard family's declaration: piles dealt from a stock, whose top cards are
thrown out when a higher card of their suit shows (Aces Up and its kin).

A game of the family declares :class:`DiscardRules`; :mod:`~cardems.kit.discard.engine`
plays it, :mod:`~cardems.kit.discard.solver` solves it and
:mod:`~cardems.kit.discard.solitaire` puts it on the kit's table.
"""

from __future__ import annotations

from dataclasses import dataclass

DECK_SIZE = 52
MAX_PILES = 9
"""Piles are named by one digit in the moves' notation."""


class DeclarationError(ValueError):
    """A declaration that contradicts itself: the message names the game and the part."""


@dataclass(frozen=True)
class DiscardRules:
    """One game of the discard family.

    ``piles`` piles get one card each at the start and at each tap on the stock (the
    last deal may not reach every pile). A pile's top card is discarded when another
    pile's top card is of its suit and higher (with ``aces_high`` the ace ranks above the
    king). A top card may move to an empty pile. The game is won when only the
    ``keep`` highest cards of each suit are left (Aces Up: the four aces) and the stock is
    empty.
    """

    game: str
    """The game's name (in declaration errors)."""
    piles: int = 4
    aces_high: bool = True
    keep: int = 1
    """Cards of each suit that can never be discarded and stay to the end: the highest
    card of each suit can never be beaten, so at least 1."""

    def __post_init__(self) -> None:
        if not 2 <= self.piles <= MAX_PILES:
            raise DeclarationError(f"{self.game}: piles must be 2-{MAX_PILES}, not {self.piles}")
        if self.keep != 1:
            raise DeclarationError(f"{self.game}: only the highest card of a suit stays (keep=1)")

    @property
    def discards_to_win(self) -> int:
        """How many cards a won game has discarded."""
        return DECK_SIZE - 4 * self.keep

    def value(self, ordinal: int) -> int:
        """The card's rank for beating (2 … 13 for the king, the ace 14 or 1)."""
        rank = ordinal % 13 + 1
        return 14 if rank == 1 and self.aces_high else rank
