"""The row family's declaration: the facts of a row game (Accordion and its kin).

The deck's first ``deal`` cards are laid out face up, one pile each, in one row, left to
right. A pile moves as a whole onto the pile ``d`` places to its left, for a ``d`` in
``jumps``, when the two top cards match as ``match`` says; the moved pile's top card is
then the top of the pile it joined and the row closes up. The game is won when one pile
is left.

:mod:`~cardems.kit.row.engine` plays a declaration, :mod:`~cardems.kit.row.solver`
solves it and :mod:`~cardems.kit.row.solitaire` puts it on the kit's table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

DECK_SIZE = 52


class DeclarationError(ValueError):
    """A declaration that contradicts itself: the message names the game and the part."""


class Match(Enum):
    """When two top cards match."""

    SUIT_OR_RANK = "suit or rank"
    SUIT = "suit"
    RANK = "rank"

    def matches(self, a: int, b: int) -> bool:
        """Whether the cards of ordinals ``a`` and ``b`` (suit ``// 13``, rank ``% 13``)
        match."""
        suit, rank = a // 13 == b // 13, a % 13 == b % 13
        if self is Match.SUIT:
            return suit
        if self is Match.RANK:
            return rank
        return suit or rank


@dataclass(frozen=True)
class RowRules:
    """One game of the row family (see the module docstring)."""

    game: str
    """The game's name (in declaration errors)."""
    jumps: tuple[int, ...] = (1, 3)
    """How many places to its left a pile may move: Accordion's next pile and third."""
    match: Match = Match.SUIT_OR_RANK
    deal: int = DECK_SIZE
    """Cards dealt into the row, one pile each (the deck's first ones)."""

    @property
    def merges_to_win(self) -> int:
        """The merges a won game makes: every pile but one joins another."""
        return self.deal - 1


def declare(rules: RowRules) -> RowRules:
    """``rules``, checked: a declaration that contradicts itself is refused with one line
    naming the game and the part (:class:`DeclarationError`)."""
    name = rules.game
    if not 2 <= rules.deal <= DECK_SIZE:
        raise DeclarationError(
            f"{name}: row: the deal lays out {rules.deal} cards, the deck has {DECK_SIZE}"
            " (and a row needs two piles)"
        )
    if not rules.jumps:
        raise DeclarationError(f"{name}: row: no jump is declared, so no pile can ever move")
    for jump in rules.jumps:
        if jump < 1:
            raise DeclarationError(f"{name}: row: a jump of {jump} is not to the left")
        if jump >= rules.deal:
            raise DeclarationError(
                f"{name}: row: a jump of {jump} is longer than the row of {rules.deal} piles"
            )
    if len(set(rules.jumps)) != len(rules.jumps) or list(rules.jumps) != sorted(rules.jumps):
        raise DeclarationError(f"{name}: row: the jumps {rules.jumps} must rise, each once")
    if 1 not in rules.jumps:
        raise DeclarationError(
            f"{name}: row: without a jump of 1 the first two piles can never join"
        )
    return rules
