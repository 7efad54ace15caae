"""A solitaire of the build family as data: its tableau, how cards build there, what may
fill an empty column, how many cards move at once, its free cells and foundations.

The declaration is typed and frozen; :func:`declare` checks it once, at import, and a
declaration that contradicts itself (a deal needing more cards than the deck, cells
dealt more cards than they hold, a column count past the table's) is refused with one
line naming the game and the pile (:class:`DeclarationError`).

What it covers today: the *open* games — every card face up, no stock (Beleaguered
Castle, Streets and Alleys, Baker's Dozen, Eight Off, FreeCell's rules), and the Spider
rules without a stock (Simple Simon: runs of one suit move together, a whole suit goes
home at once). Face-down cards, a stock and a waste are not declared yet: a game that
needs them keeps its own engine. A game may be dealt from two decks (``decks=2``: 104
cards, two foundations a suit, each suit's two shown as one pile of 26), when its
foundations take whole suits (Mrs Mop).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

DECK = 52
MAX_COLUMNS = 26
"""The most columns a declaration may have: the notation reads c1–c99 and the table lays
many columns out in rows (``kit/building/solitaire.py``); 26 keeps its rows at 3 or fewer."""
MAX_CELLS = 16
MAX_DECKS = 2
"""Two decks at most: the solver keys positions by card (two identical cards are the
same byte, so their places swap freely) and the table's rows hold 104 cards."""


class Suits(Enum):
    """Which suit a card may build on in a column."""

    SAME = "same suit"
    ALTERNATE = "alternate colour"
    ANY = "any suit"
    NOT_SAME = "not the same suit"


class Direction(Enum):
    """Which rank a card may build on: one higher (``DOWN``), one lower, or either."""

    DOWN = "down"
    UP = "up"
    EITHER = "up or down"


class Empty(Enum):
    """What an empty column takes: any card or run, a king (or a run led by one), nothing."""

    ANY = "any"
    KINGS = "kings"
    NONE = "none"


class Group(Enum):
    """How many cards move at once from a column.

    ``ONE``: one card at a time. ``RUN``: any run that builds. ``SUPERMOVE``: a run as long
    as (free cells + 1) × 2^(empty columns), the destination column not counted (FreeCell;
    with no free cell, 2^(empty columns) when empty columns take any card: Somerset).
    ``CELLS``: a run of free cells + 1 cards (the one-by-one moves through the cells when
    empty columns take only kings, so cannot hold a card on the way: Eight Off).
    ``SUIT_RUN``: any run that builds and is all of one suit, however long, though single
    cards may build as :class:`Build` says (Spider's rule: Simple Simon).
    """

    ONE = "one"
    RUN = "run"
    SUPERMOVE = "supermove"
    CELLS = "cells"
    SUIT_RUN = "suit run"


@dataclass(frozen=True)
class Build:
    """How a card builds on another in a column."""

    suits: Suits = Suits.ALTERNATE
    direction: Direction = Direction.DOWN
    wrap: bool = False
    """A king builds on an ace and an ace on a king (K–A wraps round)."""


@dataclass(frozen=True)
class Tableau:
    """The columns and how the deal lays them out."""

    deal: tuple[int, ...]
    """How many cards each column is dealt (its count is the number of columns)."""
    empty: Empty = Empty.ANY
    aces_home: bool = False
    """The four aces go to the foundations before the deal (Beleaguered Castle)."""
    kings_under: bool = False
    """Each column's kings are moved under its other cards after the deal (Baker's Dozen)."""


@dataclass(frozen=True)
class Cells:
    """The free cells: each holds one card."""

    count: int = 0
    dealt: int = 0
    """How many of them the deal fills (the first ones; Eight Off: 4 of 8)."""
    refill: bool = True
    """False for a reserve: its cards may leave, none may come (King Albert's seven)."""


@dataclass(frozen=True)
class Foundations:
    """What the foundations take (one foundation a suit, in the order S H D C)."""

    whole_suits: bool = False
    """Only a complete run of one suit, king down to ace, from the top of a column, all 13
    cards at once (Spider's rule: Simple Simon); else one card at a time, up from the ace."""


@dataclass(frozen=True)
class BuildRules:
    """One solitaire of the build family (see the module docstring)."""

    game: str
    """Its name, for the refusals of a bad declaration."""
    tableau: Tableau
    build: Build = Build()
    group: Group = Group.ONE
    cells: Cells = Cells()
    home_points: int = 10
    """Score for each card put on a foundation (foundations build up by suit from the ace)."""
    foundations: Foundations = Foundations()
    decks: int = 1
    """How many full decks are shuffled together (2: each card twice, 104 in all)."""

    @property
    def columns(self) -> int:
        return len(self.tableau.deal)

    @property
    def cards(self) -> int:
        """The cards of the game: 52 a deck."""
        return DECK * self.decks

    @property
    def dealt(self) -> int:
        """The cards the deal lays out on columns and cells."""
        return sum(self.tableau.deal) + self.cells.dealt


class DeclarationError(ValueError):
    """A declaration that contradicts itself: one line naming the game and the pile."""


def declare(rules: BuildRules) -> BuildRules:
    """``rules`` once checked (a module constant is declared through it, so a bad
    declaration fails at import); :class:`DeclarationError` names what is wrong."""
    name = rules.game

    def refuse(pile: str, why: str) -> DeclarationError:
        return DeclarationError(f"{name}: {pile}: {why}")

    if not 1 <= rules.columns <= MAX_COLUMNS:
        raise refuse("tableau", f"{rules.columns} columns (1 to {MAX_COLUMNS})")
    for number, count in enumerate(rules.tableau.deal, 1):
        if count < 0:
            raise refuse(f"column {number}", f"is dealt {count} cards")
    if not 0 <= rules.cells.count <= MAX_CELLS:
        raise refuse("cells", f"{rules.cells.count} free cells (0 to {MAX_CELLS})")
    if not 0 <= rules.cells.dealt <= rules.cells.count:
        raise refuse("cells", f"{rules.cells.dealt} cards dealt into {rules.cells.count} cells")
    if not 1 <= rules.decks <= MAX_DECKS:
        raise refuse("deck", f"{rules.decks} decks (1 to {MAX_DECKS})")
    if rules.decks > 1 and not rules.foundations.whole_suits:
        raise refuse("foundations", "take whole suits only when dealt from two decks")
    deck = rules.cards - (4 if rules.tableau.aces_home else 0)
    if rules.dealt != deck:
        raise refuse("tableau", f"the deal lays out {rules.dealt} cards, the deck has {deck}")
    if rules.group is Group.CELLS and not (rules.cells.count and rules.cells.refill):
        raise refuse("cells", f"moves of {rules.group.value} need free cells")
    if rules.group is Group.SUPERMOVE and not rules.cells.refill:
        raise refuse("reserve", "supermoves would pass cards through it, and it takes none")
    no_cells = not rules.cells.count
    if rules.group is Group.SUPERMOVE and no_cells and rules.tableau.empty is Empty.KINGS:
        raise refuse("cells", "supermoves with no free cell need columns that take any card")
    if not rules.cells.refill and rules.cells.dealt != rules.cells.count:
        raise refuse("reserve", f"{rules.cells.dealt} cards dealt into {rules.cells.count} places")
    if rules.group is Group.SUPERMOVE and rules.tableau.empty is Empty.NONE:
        raise refuse("tableau", "supermoves count empty columns, which take nothing here")
    if rules.tableau.empty is Empty.NONE:
        for number, count in enumerate(rules.tableau.deal, 1):
            if count == 0:
                raise refuse(f"column {number}", "is dealt empty and may never be filled")
    if rules.group is Group.SUIT_RUN and rules.build.suits in (Suits.ALTERNATE, Suits.NOT_SAME):
        raise refuse(
            "tableau",
            f"runs of one suit move together, yet cards build in {rules.build.suits.value}",
        )
    if rules.foundations.whole_suits:
        _check_whole_suits(rules, refuse)
    return rules


def _check_whole_suits(rules: BuildRules, refuse: Callable[[str, str], DeclarationError]) -> None:
    """Whole suits go home only from a column where they lie king down to ace in one suit:
    the columns must build that run, and no card may be home before the deal."""
    build = rules.build
    if build.direction is Direction.UP or build.suits in (Suits.ALTERNATE, Suits.NOT_SAME):
        raise refuse(
            "foundations",
            f"take whole suits king to ace, which columns building {build.direction.value}"
            f" in {build.suits.value} never hold",
        )
    if rules.tableau.aces_home:
        raise refuse("foundations", "take whole suits king to ace, so no ace starts there")
