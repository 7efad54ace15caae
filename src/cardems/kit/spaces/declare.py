"""The spaces family's declaration: typed, frozen data a game states once.

The deck is the ranks ace … ``columns`` of each of the four suits (a full deck for 13
columns, a miniature one for fewer), dealt face up row by row into ``rows`` rows of
``columns`` places; the aces are then taken out, leaving a space wherever one lay. A
space takes the card of the same suit one rank above the card on its left; a space right
of the highest rank or of another space takes nothing; a space in the first column
takes a two (``Lead``). The game is won when each row runs from the two up to the
highest rank in one suit from the left, its space at the end. A redeal gathers the cards
that are not in such a run from the left of their row, shuffles them (the same way for
a deal code and a redeal's number, forever) and deals them again row by row, one space
right after each row's run. How many redeals each variant allows is data.

A declaration that contradicts itself fails when :func:`declare` checks it, with one
line naming the game and the part.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

SUITS = 4
RANKS = 13
MAX_REDEALS = 9


class DeclarationError(ValueError):
    """A spaces-family declaration that cannot be played; the message names the game."""


class Lead(Enum):
    """What a space in the first column takes."""

    ANY_TWO = "any two"
    """A two of any suit (the row's suit is chosen by its two)."""
    ROW_SUIT = "the row's two"
    """Only the two of the row's own suit: row 1 spades, 2 hearts, 3 diamonds, 4 clubs."""


@dataclass(frozen=True)
class SpacesRules:
    """One game of the spaces family (see the module docstring)."""

    game: str
    """The game's name (in declaration errors)."""
    redeals: tuple[tuple[str, int], ...]
    """Each variant's letter and how many redeals it allows, the default first."""
    rows: int = SUITS
    columns: int = RANKS
    lead: Lead = Lead.ANY_TWO

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(letter for letter, _ in self.redeals)

    def redeals_of(self, variant: str) -> int:
        """How many redeals ``variant`` allows."""
        return dict(self.redeals)[variant]

    @property
    def places(self) -> int:
        return self.rows * self.columns

    @property
    def top(self) -> int:
        """The highest rank's index in a suit (0 is the ace): nothing goes right of it."""
        return self.columns - 1

    @property
    def deck(self) -> tuple[int, ...]:
        """The deck's cards as ordinals (``suit * 13 + rank - 1``), aces included."""
        return tuple(suit * RANKS + rank for suit in range(SUITS) for rank in range(self.columns))


def declare(rules: SpacesRules) -> SpacesRules:
    """``rules`` once checked (a module constant is declared through it, so a bad
    declaration fails at import); :class:`DeclarationError` names what is wrong."""

    def refuse(part: str, why: str) -> DeclarationError:
        return DeclarationError(f"{rules.game}: {part}: {why}")

    if rules.rows != SUITS:
        raise refuse("rows", f"{rules.rows} rows, but each row ends as one of the {SUITS} suits")
    if not 3 <= rules.columns <= RANKS:
        raise refuse("columns", f"{rules.columns} columns: a suit's run needs 3 to {RANKS}")
    if not rules.redeals:
        raise refuse("variants", "none declared")
    letters = rules.variants
    if len(set(letters)) != len(letters):
        raise refuse("variants", f"a letter named twice in {', '.join(letters)}")
    for letter, count in rules.redeals:
        if not (len(letter) == 1 and letter.isascii() and letter.isupper()):
            raise refuse(f"variant {letter!r}", "a variant is one capital letter")
        if not 0 <= count <= MAX_REDEALS:
            raise refuse(f"variant {letter}", f"{count} redeals (0 to {MAX_REDEALS})")
    return rules
