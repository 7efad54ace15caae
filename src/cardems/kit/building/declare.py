"""A solitaire of the build family as data: its tableau, how cards build there, what may
fill an empty column, how many cards move at once, its free cells and foundations.

The declaration is typed and frozen; :func:`declare` checks it once, at import, and a
declaration that contradicts itself (a deal needing more cards than the deck, cells
dealt more cards than they hold, a column count past the table's) is refused with one
line naming the game and the pile (:class:`DeclarationError`).

What it covers today: the *open* games — every card face up, no stock (Beleaguered
Castle, Streets and Alleys, Baker's Dozen, Eight Off, FreeCell's rules), the Spider
rules without a stock (Simple Simon: runs of one suit move together, a whole suit goes
home at once), columns dealt with face-down cards under face-up ones, where any face-up
cards move together (Yukon: ``Tableau.down``, ``Group.FACE_UP``), a stock with its waste
(:class:`Stock`: the cards the deal leaves, face down; Fortune's Favor), or a stock that
deals onto the columns (``Stock.to_columns``: Scorpion, Spiderette), and a reserve pile
with foundations built from a dealt card's rank (:class:`ReservePile`, :class:`Base`;
Canfield).
A foundation's top card may come back to a column (``Foundations.take_back``), a deal
number may deal the same cards in every variant (``BuildRules.same_cards``), and the score
may be Microsoft's or Vegas (:class:`Points`: points for a card home, a waste card laid, a
card turned over, a card taken back, a redeal, from a start, never below a floor; Klondike).
A game may be dealt from two decks (``decks=2``: 104 cards, two foundations a suit, each
suit's two shown as one pile of 26), when its foundations take whole suits (Mrs Mop), and
of one or two suits (``suits``: Spider's eight runs of spades, or of spades and hearts);
whole suits may go home by themselves (``Foundations.by_itself``), and a move may cost
points (``Points.move``) and a whole suit home earn them (``Points.suit``: Spider).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from cardems.family import GameFamily

DECK = 52
MAX_COLUMNS = 26
"""The most columns a declaration may have: the notation reads c1–c99 and the table lays
many columns out in rows (``kit/building/solitaire.py``); 26 keeps its rows at 3 or fewer."""
MAX_CELLS = 16
MAX_DECKS = 2
SUITS = (1, 2, 4)
"""How many suits a game's decks may hold (:attr:`BuildRules.suits`)."""
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
    ``FACE_UP``: any face-up card with every card lying on it, in sequence or not, as long
    as the card builds where it goes (Yukon).
    ``COLUMN``: one card, or every card of the column at once when they all build on each
    other (PySolFC's Canfield: no part of a run moves).
    """

    ONE = "one"
    RUN = "run"
    SUPERMOVE = "supermove"
    CELLS = "cells"
    SUIT_RUN = "suit run"
    FACE_UP = "any face-up cards"
    COLUMN = "one card or the whole column"


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
    down: tuple[int, ...] = ()
    """How many of each column's dealt cards lie face down under the others (empty: none);
    a column's top card turns face up by itself once it is uncovered (Yukon)."""


@dataclass(frozen=True)
class Cells:
    """The free cells: each holds one card."""

    count: int = 0
    dealt: int = 0
    """How many of them the deal fills (the first ones; Eight Off: 4 of 8)."""
    refill: bool = True
    """False for a reserve: its cards may leave, none may come (King Albert's seven)."""


class Base(Enum):
    """What rank the foundations build up from."""

    ACE = "ace"
    DEALT = "dealt"
    """The deal lays one card on its foundation; the other three start from its rank."""


@dataclass(frozen=True)
class Foundations:
    """What the foundations take (one foundation a suit, in the order S H D C)."""

    whole_suits: bool = False
    """Only a complete run of one suit, king down to ace, from the top of a column, all 13
    cards at once (Spider's rule: Simple Simon); else one card at a time, up from the ace."""
    base: Base = Base.ACE
    """The rank each foundation starts from: the ace, or (:attr:`Base.DEALT`) the rank of
    the one card the deal lays on a foundation (Canfield); up from it, wrapping K–A."""
    take_back: bool = False
    """A foundation's top card may come back onto a column, one card at a time, where it
    builds (Klondike); else cards on a foundation stay there."""
    by_itself: bool = False
    """With :attr:`whole_suits`: a whole suit lying face up on top of a column goes home
    by itself after the move that completes it (or uncovers it), not as a move of its own
    (Spider); else the player sends it (``c3-hSx13``)."""


@dataclass(frozen=True)
class ReservePile:
    """A reserve *pile* (a stack, not King Albert's reserve of single cells): ``dealt``
    cards face down but the top one, which alone plays, to a column or a foundation; it
    takes no card. An empty column takes its top card at once, by itself (PySolFC's
    Canfield); once it is empty, columns are filled by the player (from the waste too)."""

    dealt: int = 0


UNLIMITED = -1
"""``Stock.redeals`` for a stock turned over again as often as the player likes."""


@dataclass(frozen=True)
class Stock:
    """The cards the deal leaves on no column or cell, face down: a tap turns ``draw`` of
    them onto the waste, whose top card plays to a column, a cell or a foundation. Once the
    stock is empty the waste may be turned over into a new stock ``redeals`` times (0:
    never; :data:`UNLIMITED`). ``draw`` 0: no stock."""

    draw: int = 0
    redeals: int = 0
    keep_waste: bool = False
    """The waste never lies empty while the stock has cards: the deal turns its first
    card(s), and the table turns more each time the waste empties (Fortune's Favor)."""
    fill_columns: bool = False
    """An empty column takes the waste's top card at once, by itself (Fortune's Favor);
    with the waste and the stock empty it stays empty and takes any card."""
    to_columns: int = 0
    """Spider's rule: a tap deals one card face up onto each of the first ``to_columns``
    columns (onto fewer when the stock runs out), and there is no waste (``draw`` 1, no
    redeal; Scorpion 3 of its 7 columns, Spiderette all 7); 0: the stock turns onto a waste."""
    deal_on_empty: bool = True
    """With ``to_columns``: the stock may deal while a column is empty (PySolFC's
    Scorpion); False: only once every column holds a card (its Spider and Spiderette)."""


@dataclass(frozen=True)
class Points:
    """How a game scores each move (its score starts at ``start``, and after each move is
    never below ``floor`` when one is set): Microsoft's Klondike scores a card home 10, a
    waste card laid on a column 5, a card turned over 5, a card taken back from a
    foundation −15, a redeal −100 at draw one and −20 at draw three, never below 0; its
    Vegas scoring pays 52 for the deal and 5 for each card home, and takes the 5 back with
    a card taken back (``Points(home=5, back=-5, start=-52)``)."""

    home: int = 10
    """For each card put on a foundation."""
    from_waste: int = 0
    """For the waste's top card laid on a column."""
    turn: int = 0
    """For each face-down card a move turns over."""
    back: int = 0
    """For a foundation's card taken back onto a column (negative: a cost)."""
    redeal: int = 0
    """For each time the waste is turned over into a new stock (negative: a cost)."""
    start: int = 0
    """The score at the deal."""
    move: int = 0
    """For each move, the stock's too (negative: Spider's cost of a move)."""
    suit: int = 0
    """For each whole suit that goes home (Spider's 100 a run)."""
    floor: int | None = None
    """The least the score may be after a move (None: no floor)."""


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
    stock: Stock = Stock()
    reserve: ReservePile = ReservePile()
    decks: int = 1
    """How many full decks are shuffled together (2: each card twice, 104 in all)."""
    suits: int = 4
    """How many suits the decks hold: 4, or 2 (spades and hearts) or 1 (spades), each
    then as many times over that the game still holds 52 cards a deck (Spider's one- and
    two-suit games)."""
    by_suit: bool = False
    """The order of the unshuffled cards: suit by suit, each suit's copies together
    (spades ace to king as often as the game holds them, then hearts…: Spider's deck);
    else deck after deck, each in suit order."""
    points: Points | None = None
    """How each move scores (:class:`Points`); None: :attr:`home_points` for each card
    put on a foundation, and nothing else."""
    same_cards: bool = False
    """A deal number deals the same cards in every variant of the game (its shuffle is
    keyed by the game and version alone, the variant left out: Klondike's deal 617 is
    the same at draw one and at draw three)."""
    prefix: str = ""
    """Its deal codes' two capital letters (``YU``): with it, :meth:`family`."""

    def family(self) -> GameFamily:
        """The deal codes' family: the prefix, the name as a slug (``Baker's Dozen``:
        ``bakers-dozen``) and as the title, one variant ``N``."""
        slug = self.game.lower().replace("'", "").replace(" ", "-")
        return GameFamily(self.prefix, slug, self.game, ("N",), 7)

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
        dealt = sum(self.tableau.deal) + self.cells.dealt + self.reserve.dealt
        return dealt + (self.foundations.base is Base.DEALT)


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
    if rules.prefix and not (len(rules.prefix) == 2 and rules.prefix.isalpha()):
        raise refuse("code", f"prefix {rules.prefix!r} (two letters)")
    if rules.prefix and not rules.prefix.isupper():
        raise refuse("code", f"prefix {rules.prefix!r} (capitals)")
    if not 1 <= rules.decks <= MAX_DECKS:
        raise refuse("deck", f"{rules.decks} decks (1 to {MAX_DECKS})")
    if rules.decks > 1 and not rules.foundations.whole_suits:
        raise refuse("foundations", "take whole suits only when dealt from two decks")
    if rules.suits not in SUITS:
        raise refuse("deck", f"{rules.suits} suits (1, 2 or 4)")
    if rules.suits < 4 and not rules.foundations.whole_suits:
        raise refuse("foundations", f"take whole suits only when the deck holds {rules.suits}")
    if rules.foundations.by_itself and not rules.foundations.whole_suits:
        raise refuse("foundations", "send whole suits home by themselves, yet take single cards")
    deck = rules.cards - (4 if rules.tableau.aces_home else 0)
    if rules.dealt > deck:
        raise refuse("tableau", f"the deal lays out {rules.dealt} cards, the deck has {deck}")
    if rules.dealt < deck and not rules.stock.draw:
        left = f"the deal lays out {rules.dealt} cards of {deck}"
        raise refuse("tableau", f"{left}, and no stock (draw 0) takes the rest")
    _check_stock(rules, deck - rules.dealt, refuse)
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
    _check_face_down(rules, refuse)
    if rules.group is Group.SUIT_RUN and rules.build.suits in (Suits.ALTERNATE, Suits.NOT_SAME):
        raise refuse(
            "tableau",
            f"runs of one suit move together, yet cards build in {rules.build.suits.value}",
        )
    if rules.foundations.whole_suits:
        _check_whole_suits(rules, refuse)
    _check_reserve_and_base(rules, refuse)
    _check_points(rules, refuse)
    return rules


def _check_points(rules: BuildRules, refuse: Callable[[str, str], DeclarationError]) -> None:
    """Points name the score of a card home once (not also ``home_points``), start at or
    above their floor, score a redeal only with a stock that redeals and a waste card only
    with a waste; a foundation gives a card back only one at a time to a column where it
    builds, so not while it takes whole suits."""
    if rules.foundations.take_back and rules.foundations.whole_suits:
        raise refuse("foundations", "take whole suits only, yet give single cards back")
    points = rules.points
    if points is None:
        return
    if rules.home_points != BuildRules.home_points:
        raise refuse("score", "a card home scores both home_points and points.home")
    if points.suit and not rules.foundations.whole_suits:
        raise refuse("score", f"scores {points.suit} a whole suit home, yet cards go one by one")
    if points.floor is not None and points.start < points.floor:
        raise refuse("score", f"starts at {points.start}, below its floor {points.floor}")
    if points.redeal and not rules.stock.redeals:
        raise refuse("stock", f"scores {points.redeal} a redeal, yet never redeals")
    if points.from_waste and (not rules.stock.draw or rules.stock.to_columns):
        raise refuse("waste", f"scores {points.from_waste} a card laid from it, yet there is none")
    if points.back and not rules.foundations.take_back:
        raise refuse("foundations", f"score {points.back} a card taken back, yet keep their cards")
    if points.turn and not rules.tableau.down:
        raise refuse(
            "tableau", f"scores {points.turn} a card turned over, yet deals none face down"
        )


def _check_face_down(rules: BuildRules, refuse: Callable[[str, str], DeclarationError]) -> None:
    """Face-down cards lie under a column's face-up top card: one count a column, each
    less than the column's deal (a column dealt empty has none)."""
    down = rules.tableau.down
    if down and len(down) != rules.columns:
        raise refuse("tableau", f"face-down counts for {len(down)} of {rules.columns} columns")
    for number, (hidden, count) in enumerate(zip(down, rules.tableau.deal, strict=False), 1):
        if hidden < 0 or (hidden and hidden >= count):
            raise refuse(
                f"column {number}",
                f"{hidden} of its {count} cards dealt face down, its top card not face up",
            )


def _check_reserve_and_base(
    rules: BuildRules, refuse: Callable[[str, str], DeclarationError]
) -> None:
    """A reserve pile fills empty columns at once, so they must take any card, and the
    waste must not fill them too; a base set by the deal needs the aces in the deck and
    single cards going home; a whole column moves only where runs move."""
    if rules.reserve.dealt < 0:
        raise refuse("reserve", f"is dealt {rules.reserve.dealt} cards")
    if rules.reserve.dealt and rules.tableau.empty is not Empty.ANY:
        why = f"fills empty columns at once, yet they take {rules.tableau.empty.value}"
        raise refuse("reserve", why)
    if rules.reserve.dealt and rules.stock.fill_columns:
        raise refuse("reserve", "fills empty columns, and so does the waste")
    if rules.foundations.base is Base.DEALT:
        if rules.tableau.aces_home:
            raise refuse("foundations", "start from a dealt card's rank, yet aces start home")
        if rules.foundations.whole_suits:
            raise refuse("foundations", "start from a dealt card's rank, yet take whole suits")


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


def _check_stock(
    rules: BuildRules, left: int, refuse: Callable[[str, str], DeclarationError]
) -> None:
    """A stock needs cards to turn and a draw of 1 to 3; redeals, a waste kept full and
    columns filled from the waste need a stock; filled columns take any card."""
    stock = rules.stock
    if not stock.draw:
        fills = stock.fill_columns or stock.to_columns or not stock.deal_on_empty
        if stock.redeals or stock.keep_waste or fills:
            raise refuse("stock", "turns no card (draw 0), yet redeals or fills a pile")
        return
    if not 1 <= stock.draw <= 3:
        raise refuse("stock", f"turns {stock.draw} cards at a time (1 to 3)")
    if not left:
        raise refuse("stock", "is dealt no card: the deal lays out the whole deck")
    if stock.redeals < UNLIMITED:
        raise refuse("stock", f"{stock.redeals} redeals (0 or more, or UNLIMITED)")
    if stock.fill_columns and rules.tableau.empty is not Empty.ANY:
        raise refuse(
            "tableau", f"empty columns take the waste's card, yet {rules.tableau.empty.value}"
        )
    if stock.fill_columns and rules.foundations.whole_suits:
        raise refuse("stock", "fills columns while foundations take whole suits")
    _check_to_columns(rules, refuse)


def _check_to_columns(rules: BuildRules, refuse: Callable[[str, str], DeclarationError]) -> None:
    """A stock that deals onto columns deals one card a column, onto columns the table
    has, and turns no waste (no redeal, no waste kept, no column filled from it)."""
    stock = rules.stock
    if not stock.to_columns:
        if not stock.deal_on_empty:
            raise refuse("stock", "deals onto no column, yet may not deal onto an empty one")
        return
    if not 1 <= stock.to_columns <= rules.columns:
        raise refuse("stock", f"deals onto {stock.to_columns} columns (1 to {rules.columns})")
    if stock.draw != 1 or stock.redeals or stock.keep_waste or stock.fill_columns:
        raise refuse("stock", "deals onto the columns, so turns no waste (draw 1, no redeal)")
