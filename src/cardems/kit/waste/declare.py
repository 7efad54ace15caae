"""The waste family's declarations: typed, frozen data that a game states once.

A layout is numbered positions (1-based) grouped in piles (a pile's positions bottom
first; the player names a pile, its top card plays) with a covering map: the positions
lying over each one. A card is *free* once every card over it is gone. The deal gives
the layout ``deck[0:n]`` in position order, then either the waste ``deck[n]`` and the
stock the rest (next turned first), or — with ``start`` — that card first to the waste
and every other card to the layout, or — with ``empty_start`` — all 52 to the layout,
the waste empty until its first card, which may be any.

A declaration that contradicts itself (a deal needing more cards than the deck, a
pile's position out of the layout, a position covered by one numbered before it) fails
when it is made, with one line naming the game and what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from cardems.family import GameFamily
from cardems.i18n.markers import N_

DECK_SIZE = 52


class DeclarationError(ValueError):
    """A waste-family declaration that cannot be played; the message names the game."""


@dataclass(frozen=True)
class Onto:
    """What may go on the waste's top card: one rank above or below it, K and A one
    apart when ``wrap``, nothing on a king when ``kings_block`` (Golf's dead king)."""

    wrap: bool
    kings_block: bool = False

    def fits(self, top: int, rank: int) -> bool:
        """Whether a card of ``rank`` may go on a waste whose top card has rank ``top``
        (ranks A = 1 … K = 13)."""
        if self.kings_block and top == 13:
            return False
        gap = abs(top - rank)
        return gap == 1 or (self.wrap and gap == 12)


@dataclass(frozen=True)
class Variant:
    """A variant: its code letter, what goes on its waste and its label in the new-game
    window (a marked message; this default: the one variant of a game without a stock)."""

    letter: str
    onto: Onto
    label: str = N_("K and A one apart")


@dataclass(frozen=True)
class Scoring:
    """The score: with ``streak`` the n-th card played in a row from the layout scores
    n (a draw ends the streak), else each card scores 1; a draw costs ``draw_cost``;
    taking the card of a ``bonus_at`` position adds ``bonus[k - 1]`` when it is the
    k-th of them gone (TriPeaks' peaks)."""

    streak: bool = False
    draw_cost: int = 0
    bonus_at: tuple[int, ...] = ()
    bonus: tuple[int, ...] = ()


@dataclass(frozen=True)
class Layout:
    """The layout's piles (positions bottom first), covering map, and places on the
    board: ``places[i]`` are the view keys of pile ``i + 1`` (``x``, ``y``…);
    ``text[i]`` its (row, column) in the terminal drawing (columns in characters); the
    ``stock`` and ``waste`` places and the board's ``(width, height)``."""

    piles: tuple[tuple[int, ...], ...]
    covered_by: tuple[tuple[int, ...], ...]
    places: tuple[tuple[tuple[str, int], ...], ...]
    text: tuple[tuple[int, int], ...]
    stock: tuple[int, int]
    waste: tuple[int, int]
    board: tuple[int, int]
    fan: int = 0
    """The vertical offset between a pile's cards in the view (0: single cards)."""

    @property
    def count(self) -> int:
        """Positions in the layout."""
        return len(self.covered_by)


def fans(count: int, depth: int, step: int = 108, fan: int = 30) -> Layout:
    """``count`` piles of ``depth`` cards side by side (each card covered by the next of
    its pile), below the stock and the waste (the browser may spread a pile's cards down
    to the board's bottom, so nothing lies under them)."""
    piles = tuple(tuple(range(p * depth + 1, p * depth + depth + 1)) for p in range(count))
    covered = tuple(() if (i + 1) % depth == 0 else (i + 2,) for i in range(count * depth))
    top = 170
    return Layout(
        piles,
        covered,
        tuple((("x", p * step), ("y", top)) for p in range(count)),
        tuple((0, p * 4) for p in range(count)),
        (0, 0),
        (step, 0),
        (count * step, top + (depth - 1) * fan + 200),
        fan,
    )


def fan_rows(count: int, depth: int, across: int, step: int = 108, fan: int = 30) -> Layout:
    """``count`` piles of ``depth`` cards in rows of ``across`` places, the waste in the
    first place of the first row (a game without a stock): rows a phone shows whole,
    each fan ending above the next row. The terminal draws them in one band."""
    piles = tuple(tuple(range(p * depth + 1, p * depth + depth + 1)) for p in range(count))
    covered = tuple(() if (i + 1) % depth == 0 else (i + 2,) for i in range(count * depth))
    row_step = 140 + (depth - 1) * fan + 30
    places = tuple(
        (("x", (p + 1) % across * step), ("y", (p + 1) // across * row_step)) for p in range(count)
    )
    rows = (count + across) // across
    return Layout(
        piles,
        covered,
        places,
        tuple((0, p * 4) for p in range(count)),
        (0, 0),
        (0, 0),
        (across * step, rows * row_step),
        fan,
    )


@dataclass(frozen=True)
class Words:
    """A game's words for the player (each marked for translation where it is made):
    the layout's pile noun in notation help, its refusals, hints and spoken labels."""

    title: str
    empty: str
    """``Position %(num)d is empty``."""
    unknown_target: str
    play_hint: str
    """``Hint: play the %(card)s at position %(num)d onto the waste's %(other)s``."""
    where: str
    """A pile's spoken name: ``position %(num)d``."""
    moves_help: str
    """How ``cardems play`` writes the moves."""
    pile: str = ""
    """The pile noun of the parser's one-line messages (English): ``peak position`` (by
    default the declaration's ``kind``)."""
    draw_hint: str = N_("Hint: turn a card from the stock")
    waste: str = N_("Waste")
    """The waste's spoken name: ``Waste``, ``Hole``."""
    one_apart: str = N_("Must be one rank above or below the waste's card")
    one_apart_no_wrap: str = N_(
        "Must be one rank above or below the waste's card (no wrap: K and A are not one apart)"
    )
    kings_block: str = ""
    face_down: str = ""
    """``The card at position %(num)d is face down`` (a layout that hides cards)."""
    first_hint: str = ""
    """``Hint: play the %(card)s from column %(num)d into the empty hole`` (a waste that
    starts empty)."""
    tagline: str = ""
    """The game in one line, for the home page."""
    keys_help: str = ""
    """How to play it with the keyboard."""
    legend: str = N_("Kings")
    """What the choice of variant is called in the new-game window."""


@dataclass(frozen=True)
class Anchor:
    """A published figure an analysis prints beside its own: ``won`` of ``deals``, or
    (``deals`` 0) a share ``won`` in tenths of a percent without its sample size."""

    variant: str
    won: int
    deals: int
    source: str


@dataclass(frozen=True)
class WasteDeclaration:
    """A solitaire of the waste family (see the module docstring)."""

    prefix: str
    slug: str
    words: Words
    layout: Layout
    variants: tuple[Variant, ...]
    """Each variant, the default first."""
    kind: str
    """The layout piles' kind and target prefix: ``peak``, ``column``."""
    waste_kind: str = "waste"
    stock: bool = True
    start: int | None = None
    """The card put on the waste before the deal (Black Hole's A♠, ordinal 0), or None."""
    empty_start: bool = False
    """Whether the waste starts empty and takes any card first (All in a Row's hole): the
    layout takes all 52 cards."""
    open: bool = False
    """Whether covered cards lie face up (Golf) rather than face down (TriPeaks)."""
    outlined: bool = False
    scoring: Scoring = field(default_factory=Scoring)
    level_cuts: tuple[int, int] = (48, 258)
    """Winnable deals found within fewer positions are easy; from the second, hard."""
    nodes: int = 2_000_000
    hint_nodes: int = 2_000_000
    deal_nodes: int = 200_000
    """The budget that proves a deal winnable for winnable-only deals (a deal left
    undecided within it is not offered)."""
    daily_nodes: int | None = 3_000
    """The budget that proves the day's deal winnable (the day's first home page waits for
    it), when smaller than ``deal_nodes`` (None: ``deal_nodes``)."""
    prune: bool = False
    """Whether the verdict search cuts dead ends (see :mod:`cardems.kit.waste.solver`):
    fewer positions, the same verdicts (off where levels were measured without it)."""
    par: bool = False
    """Whether the win dialog shows a par (``cardems solve --shortest`` finds the
    shortest win of every game with a stock; without one every win is as long)."""
    anchor: Anchor | None = None

    def family(self) -> GameFamily:
        """The deal codes' family: the prefix, slug, title and variant letters declared."""
        letters = tuple(variant.letter for variant in self.variants)
        return GameFamily(self.prefix, self.slug, self.words.title, letters, 7)

    def __post_init__(self) -> None:
        layout = self.layout
        n = layout.count
        where = f"{self.words.title}: {self.kind}"
        spread = sorted(p for pile in layout.piles for p in pile)
        if spread != list(range(1, n + 1)):
            raise DeclarationError(f"{where}: the piles must hold positions 1-{n} once each")
        for i, covers in enumerate(layout.covered_by):
            if any(not i + 1 < p <= n for p in covers):
                raise DeclarationError(f"{where} {i + 1}: covered by a position not after it")
        if self.start is not None and not 0 <= self.start < DECK_SIZE:
            raise DeclarationError(f"{where}: the start card {self.start} is not one of 0-51")
        if self.start is not None and self.stock:
            raise DeclarationError(f"{where}: a start card deals every other card to the layout")
        if self.empty_start and (self.stock or self.start is not None):
            raise DeclarationError(
                f"{where}: an empty waste at the start has no stock nor start card"
            )
        if self.empty_start and not self.words.first_hint:
            raise DeclarationError(f"{where}: a waste that starts empty needs its first_hint")
        dealt = n if self.empty_start else n + 1
        if dealt > DECK_SIZE:
            raise DeclarationError(f"{where}: the deal needs {dealt} cards, the deck has 52")
        if not self.stock and dealt != DECK_SIZE:
            wanted = DECK_SIZE - 1 + self.empty_start
            raise DeclarationError(f"{where}: without a stock the layout must take {wanted} cards")
        if len(layout.places) != len(layout.piles) or len(layout.text) != len(layout.piles):
            raise DeclarationError(f"{where}: a place and a text place for each pile")
        if not self.variants:
            raise DeclarationError(f"{self.words.title}: no variant")


def hole(
    prefix: str,
    slug: str,
    words: Words,
    layout: Layout,
    kind: str,
    *,
    level_cuts: tuple[int, int],
    anchor: Anchor | None,
    start: int | None = None,
    empty_start: bool = False,
) -> WasteDeclaration:
    """A game of the hole (Black Hole, All in a Row): every card face up and dealt to the
    layout (beside a ``start`` card, or into an ``empty_start`` hole), no stock, one
    variant ``W`` where K and A are one apart, the search's dead-end cut; ``words`` with
    the hole's own (its name, its rule, no stock's hint)."""
    return WasteDeclaration(
        prefix=prefix,
        slug=slug,
        words=replace(
            words,
            draw_hint="",
            waste=N_("Hole"),
            one_apart=N_("Must be one rank above or below the hole's card (K and A are one apart)"),
            one_apart_no_wrap="",
        ),
        layout=layout,
        variants=(Variant("W", Onto(wrap=True)),),
        kind=kind,
        waste_kind="hole",
        stock=False,
        start=start,
        empty_start=empty_start,
        open=True,
        prune=True,
        level_cuts=level_cuts,
        anchor=anchor,
    )
