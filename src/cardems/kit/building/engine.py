"""The build family's one engine: any :class:`~cardems.kit.building.declare.BuildRules`
played as an immutable, hashable state of columns, free cells and foundations.

Deals (pinned by each game's golden tests): the 52 cards in suit order (S H D C, ace to
king) shuffled by :func:`cardems.rng.shuffled` for the code's ``GGV-VARIANT`` prefix
(``GGV`` with ``same_cards``: every variant deals the same cards) and number (with
``decks=2`` the 104 cards of two such decks, one after the other, shuffled alike: a
one-deck game's codes deal as they always did); with ``aces_home`` the aces are taken out
first (on their foundations). Card
``k`` of the shuffled deck goes to the columns row by row (column ``k % n`` while it
still has room for its dealt count, bottom first), then the first ``cells.dealt`` free
cells take the last cards. With ``kings_under``, each column's kings then move under its
other cards, keeping their order.

Moves and their notation are the cell family's (:mod:`cardems.cellgames.notation`):
``c3-c7``, ``c3-c7x3``, ``c1-f2``, ``f2-hS``; :func:`parse_move` reads any number of
columns and cells. Cards never come back from the foundations but with
``Foundations.take_back`` (``hS-c3``: the top card, onto a column where it builds). Score:
the declaration's ``home_points`` for each card put on a foundation, or what its
:class:`~cardems.kit.building.declare.Points` count (:func:`scored`).

With ``Group.SUIT_RUN`` the cards that move together are a run of one suit (single cards
build as the declaration says); with ``Foundations(whole_suits=True)`` a foundation takes
only a complete suit, king down to ace, from the top of a column: ``c3-hSx13``. With two
decks a suit's foundation holds both of its suits (a height of 0, 13 or 26): the
notation names a pile, never a card, so the two identical cards of a deal need nothing
more.

With ``Tableau.down`` the bottom cards of each column are dealt face down (``down`` of
the state counts them a column); a face-down card never moves, and the top card of a
column turns face up by itself once the cards on it leave. With ``Group.FACE_UP`` any
face-up card moves with every card on it, in sequence or not, when it builds where it
goes (the destination's top card, or an empty column that takes it).

With a stock (``Stock.draw``): the cards the deal leaves form the stock, the next card to
turn on top (the first card left goes on top, then the next under it…). ``s-w`` turns
``draw`` cards onto the waste (one at a time, so the last turned lies on top) or, once the
stock is empty and a redeal is left, turns the waste over into a new stock; ``w-c3``,
``w-hS``, ``w-f1`` play the waste's top card. After each move (and after the deal) the
table does what the declaration does by itself (:func:`settle`): an empty column takes
the waste's top card (``fill_columns``), an empty waste the stock's next card(s)
(``keep_waste``), until neither applies. With ``Stock.to_columns`` (Spider's rule) ``s-w``
deals instead one card face up onto each of the first ``to_columns`` columns (the stock's
top card onto the first), onto fewer when the stock runs out, and the waste stays empty;
with ``deal_on_empty`` False only while every column holds a card.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from cardems.cards import ALL_CARDS, SUIT_ORDER, Card, Rank, Suit
from cardems.cellgames.notation import Move, MoveParseError, Place, foundation
from cardems.cellgames.piles import (
    Piles,
    group_refusal,
    home_move,
    landing_refusal,
    moved,
    place_refusal,
)
from cardems.cellgames.piles import group_limit as supermove_limit
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.building.declare import (
    UNLIMITED,
    Base,
    BuildRules,
    Direction,
    Empty,
    Group,
    Points,
    Suits,
)
from cardems.rng import shuffled

_BUILD_REFUSALS = {
    (Suits.SAME, Direction.DOWN): N_("Must be the same suit and exactly one rank lower"),
    (Suits.ALTERNATE, Direction.DOWN): N_("Must be the other colour and exactly one rank lower"),
    (Suits.ANY, Direction.DOWN): N_("Must be exactly one rank lower"),
    (Suits.NOT_SAME, Direction.DOWN): N_("Must be another suit and exactly one rank lower"),
    (Suits.SAME, Direction.UP): N_("Must be the same suit and exactly one rank higher"),
    (Suits.ALTERNATE, Direction.UP): N_("Must be the other colour and exactly one rank higher"),
    (Suits.ANY, Direction.UP): N_("Must be exactly one rank higher"),
    (Suits.NOT_SAME, Direction.UP): N_("Must be another suit and exactly one rank higher"),
    (Suits.SAME, Direction.EITHER): N_("Must be the same suit and one rank higher or lower"),
    (Suits.ALTERNATE, Direction.EITHER): N_(
        "Must be the other colour and one rank higher or lower"
    ),
    (Suits.ANY, Direction.EITHER): N_("Must be one rank higher or lower"),
    (Suits.NOT_SAME, Direction.EITHER): N_("Must be another suit and one rank higher or lower"),
}
FROM_ACE = N_("Foundations build up from the ace, one card at a time")
"""The refusal of a card that is not the next of its foundation
(:func:`cardems.cellgames.piles.landing_refusal`'s words)."""
NO_RUNS = N_("Only one card moves at a time in this game")
NOT_A_RUN = N_("Only cards in sequence move together")
NOT_ONE_SUIT = N_("Only cards in sequence and of one suit move together")
WHOLE_SUITS = N_("A foundation takes only a whole suit at once, from the king down to the ace")
KINGS_ONLY = N_("An empty column takes only a king")
NEVER_FILLED = N_("An empty column stays empty in this game")
RESERVE = N_("The reserve takes no card: its cards only leave")
STOCK_EMPTY = N_("The stock is empty and may not be turned over again")
NO_DEAL_ON_EMPTY = N_("The stock deals only while every column holds a card")
RESERVE_PILE = N_("The reserve takes no card: only its top card plays")
WHOLE_COLUMN = N_("Only one card or the whole column moves at once")
FROM_BASE = N_("Foundations build up by suit from the first card's rank, one card at a time")
TO_WASTE = N_("Cards go to the waste only from the stock, and to the stock only from the waste")
STOCK = Place("stock", 0)
WASTE = Place("waste", 0)
RESERVE_PLACE = Place("reserve", 0)
DRAW = Move(STOCK, WASTE)
"""The stock's move: turn cards onto the waste, or turn the waste over into a new stock."""
FACE_DOWN = N_("A face-down card cannot move")
BACK_TO_COLUMN = N_("A foundation's card goes back only onto a column")


SUIT = 13
"""The cards of a suit: a whole suit goes home at once with ``whole_suits``."""


class Twin(Card):
    """A card of a deck that holds its face more than once (two decks, or Spider's one and
    two suits), with which copy of its face it is (``copy`` 0 first, in the unshuffled
    deck's order): equal to its face, and hashing as it, so the rules and the solver see
    faces, while the table tells the copies apart (:func:`identity`)."""

    copy: int

    def __new__(cls, rank: Rank, suit: Suit, copy: int = 0) -> Twin:
        twin = super().__new__(cls, rank, suit)
        twin.copy = copy
        return twin

    def __getnewargs__(self) -> tuple[Rank, Suit, int]:
        return (self.rank, self.suit, self.copy)

    @functools.cached_property
    def ordinal(self) -> int:
        """:attr:`Card.ordinal`, kept once found (the engine asks it at every step)."""
        return self.suit.order * 13 + self.rank - 1


def identity(card: Card) -> str:
    """A card's identity, unique in a deal: ``7S.2`` for the second copy of a face (a card
    of one deck: ``7S.1``)."""
    return f"{card}.{getattr(card, 'copy', 0) + 1}"


def unshuffled(rules: BuildRules) -> list[Card]:
    """The game's cards before the shuffle: deck after deck in suit order (S H D C, ace to
    king), or with ``by_suit`` suit by suit, each suit's copies together; with fewer than
    four suits, each suit as many times over that the game holds 52 cards a deck. A face
    held more than once is dealt as :class:`Twin` copies, numbered in this order."""
    suits = SUIT_ORDER[: rules.suits]
    copies = rules.decks * 4 // rules.suits
    if rules.by_suit:
        faces = [Card(rank, suit) for suit in suits for _ in range(copies) for rank in Rank]
    else:
        faces = [Card(rank, suit) for _ in range(copies) for suit in suits for rank in Rank]
    if copies == 1:
        return faces
    seen: dict[Card, int] = {}
    cards: list[Card] = []
    for face in faces:
        copy = seen[face] = seen.get(face, -1) + 1
        cards.append(Twin(face.rank, face.suit, copy))
    return cards


_FITS: dict[int, tuple[BuildRules, tuple[frozenset[int], ...]]] = {}
"""Each declaration's table by its identity (a frozen declaration hashes all its parts at
every call: the engine asks this table for every move), the declaration kept alive."""


def _fits(rules: BuildRules) -> tuple[frozenset[int], ...]:
    """For each card ordinal, the ordinals of the cards it may lie on in a column."""
    kept = _FITS.get(id(rules))
    if kept is None or kept[0] is not rules:
        kept = _FITS[id(rules)] = (rules, _fits_of(rules))
    return kept[1]


def _fits_of(rules: BuildRules) -> tuple[frozenset[int], ...]:
    build = rules.build
    table = []
    for card in ALL_CARDS:
        below = set()
        for other in ALL_CARDS:
            step = (other.rank - card.rank) % 13 if build.wrap else other.rank - card.rank
            if build.direction is Direction.DOWN:
                ranked = step == 1
            elif build.direction is Direction.UP:
                ranked = step == (12 if build.wrap else -1)
            else:
                ranked = step in ((1, 12) if build.wrap else (1, -1))
            if build.suits is Suits.SAME:
                suited = other.suit is card.suit
            elif build.suits is Suits.ALTERNATE:
                suited = other.suit.is_red != card.suit.is_red
            elif build.suits is Suits.NOT_SAME:
                suited = other.suit is not card.suit
            else:
                suited = True
            if ranked and suited:
                below.add(other.ordinal)
        table.append(frozenset(below))
    return tuple(table)


def build_refusal(rules: BuildRules) -> str:
    """The refusal of a card that does not build where it would go in a column."""
    return _BUILD_REFUSALS[rules.build.suits, rules.build.direction]


def builds_on(rules: BuildRules, card: Card, below: Card) -> bool:
    """Whether ``card`` may lie on ``below`` in a column."""
    return below.ordinal in _fits(rules)[card.ordinal]


def run_length(rules: BuildRules, pile: tuple[Card, ...]) -> int:
    """How many top cards of a column build on each other (a column's top run)."""
    if not pile:
        return 0
    fits = _fits(rules)
    length = 1
    while length < len(pile) and pile[-length - 1].ordinal in fits[pile[-length].ordinal]:
        length += 1
    return length


def moving_length(rules: BuildRules, pile: tuple[Card, ...], down: int = 0) -> int:
    """How many top cards of a column may move together (with no limit of free space):
    one, the top run, with ``SUIT_RUN`` the part of the top run that is of one suit, with
    ``FACE_UP`` every face-up card; never one of the ``down`` face-down cards."""
    if rules.group is Group.ONE or not pile:
        return min(1, len(pile))
    if rules.group is Group.FACE_UP:
        return len(pile) - down
    length = min(run_length(rules, pile), len(pile) - down)
    if rules.group is Group.COLUMN:
        return length if length == len(pile) else 1
    if rules.group is Group.SUIT_RUN:
        suit = pile[-1].suit
        length = next((n for n in range(1, length) if pile[-n - 1].suit is not suit), length)
    return length


def turned(down: tuple[int, ...], columns: tuple[tuple[Card, ...], ...]) -> tuple[int, ...]:
    """The face-down counts once each column's top card is face up (a column's cards
    gone, the card under them turns over)."""
    if not down:
        return down
    pairs = zip(down, columns, strict=True)
    return tuple(min(hidden, max(0, len(pile) - 1)) for hidden, pile in pairs)


def whole_suit(pile: tuple[Card, ...]) -> bool:
    """Whether the column's top 13 cards are a whole suit, king down to ace."""
    if len(pile) < SUIT:
        return False
    top = pile[-SUIT:]
    return all(card.suit is top[0].suit and card.rank == SUIT - i for i, card in enumerate(top))


def suit_home_move(state: BuildState, source: Place) -> Move | None:
    """The move of a whole suit on top of a column to its foundation (``whole_suits``)."""
    if not state.rules.foundations.whole_suits or source.kind != "column":
        return None
    pile = state.columns[source.index]
    if not whole_suit(pile):
        return None
    return Move(source, Place("foundation", pile[-1].suit.order), SUIT)


@dataclass(frozen=True)
class BuildState(Piles):
    """One position of a build-family game: columns bottom→top, free cells (``None`` =
    empty), foundation heights (0–13 in suit order S H D C), score and move counter."""

    rules: BuildRules = field(compare=False, repr=False)
    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)
    score: int = 0
    moves: int = 0
    down: tuple[int, ...] = ()
    """How many cards lie face down at the bottom of each column (empty: none anywhere)."""

    stock: tuple[Card, ...] = ()
    """Face down, bottom→top: the top card is turned next."""
    waste: tuple[Card, ...] = ()
    """Bottom→top: only the top card plays."""
    passes: int = 0
    """How many times the waste has been turned over into a new stock."""
    reserve: tuple[Card, ...] = ()
    """A reserve pile (``ReservePile``), bottom→top: face down but the top card."""
    base: int = 1
    """The rank the foundations build up from (``Base.DEALT``: the dealt card's)."""
    gone: tuple[int, ...] = field(default=(), compare=False)
    """The suit order of each whole suit gone home by itself (``Foundations.by_itself``),
    in the order they went (the table shows them so); not part of the position."""

    @property
    def position(self) -> tuple[object, ...]:
        """The :class:`Piles`' (as in other games of columns and cells), with the face-down
        counts where the game has them, and the stock, the waste and the redeals used
        where it has a stock."""
        return (*super().position, *self._extra)

    @property
    def placement(self) -> tuple[object, ...]:
        return (*super().placement, *self._extra)

    @property
    def _extra(self) -> tuple[object, ...]:
        """What a position holds beyond the :class:`Piles`' in this declaration."""
        down = (self.down,) if self.down else ()
        if not self.rules.stock.draw:
            return (*down, *self._reserve_part)
        return (*down, self.stock, self.waste, self.passes, *self._reserve_part)

    @property
    def _reserve_part(self) -> tuple[object, ...]:
        return (self.reserve,) if self.rules.reserve.dealt else ()

    def down_at(self, index: int) -> int:
        """How many cards lie face down at the bottom of column ``index``."""
        return self.down[index] if self.down else 0

    def cards_at(self, place: Place) -> tuple[Card, ...]:
        """The waste's or the reserve's top card, the stock's cards, or the
        :class:`Piles`' answer."""
        if place.kind == "waste":
            return self.waste[-1:]
        if place.kind == "reserve":
            return self.reserve[-1:]
        if place.kind == "stock":
            return self.stock
        return super().cards_at(place)

    def foundation_top(self, suit_index: int) -> Card | None:
        """The top card of a foundation built up from :attr:`base` (wrapping K–A; with two
        decks a king once a whole suit is home)."""
        height = self.foundations[suit_index]
        if not height:
            return None
        return Card(Rank((self.base + height - 2) % 13 + 1), SUIT_ORDER[suit_index])

    def all_cards(self) -> list[Card]:
        """Every card on the table, foundations included (52 a deck)."""
        cards = [card for pile in self.columns for card in pile]
        cards += [card for card in self.cells if card is not None]
        for index, height in enumerate(self.foundations):
            ranks = ((self.base + step - 1) % 13 + 1 for step in range(height))
            cards += [Card(Rank(rank), SUIT_ORDER[index]) for rank in ranks]
        return [*cards, *self.stock, *self.waste, *self.reserve]

    def can_redeal(self) -> bool:
        """Whether the waste may be turned over into a new stock now."""
        redeals = self.rules.stock.redeals
        return (
            not self.stock
            and bool(self.waste)
            and redeals in (UNLIMITED, *range(self.passes + 1, redeals + 1))
        )

    def legal_moves(self) -> list[Move]:
        return list(legal_moves(self))

    def refusal(self, move: Move) -> str | None:
        return check_move(self, move)

    def after(self, move: Move) -> BuildState:
        return apply_unchecked(self, move)

    @property
    def won(self) -> bool:
        """Every card of every deck is home."""
        return sum(self.foundations) == self.rules.cards

    @property
    def outcome(self) -> str | None:
        """``won`` once every card is home, ``stuck`` with no legal move, else None."""
        if self.won:
            return "won"
        return "stuck" if next(legal_moves(self), None) is None else None


def group_limit(state: BuildState, dest: Place | None = None) -> int:
    """The most cards that may move together now (to ``dest``)."""
    group = state.rules.group
    if group is Group.ONE:
        return 1
    if group in (Group.RUN, Group.SUIT_RUN, Group.FACE_UP, Group.COLUMN):
        return 52
    if group is Group.CELLS:
        return state.free_cells + 1
    return supermove_limit(state, dest)


def check_move(state: BuildState, move: Move) -> str | None:
    """Why ``move`` is illegal in ``state`` (a marked message), or None."""
    rules = state.rules
    source, dest, count = move.source, move.dest, move.count
    if (rules.stock.draw and "stock" in (source.kind, dest.kind)) or dest.kind == "waste":
        return _stock_refusal(state, move)
    if dest.kind == "reserve":
        return RESERVE_PILE
    if (rules.stock.draw and source.kind == "waste") or (
        rules.reserve.dealt and source.kind == "reserve"
    ):
        state = _as_cell(state, state.cards_at(source))  # checked as a cell's card below
        source = Place("cell", len(state.cells) - 1)
        move = Move(source, dest, count)
    refusal = place_refusal(state, move)
    if refusal is not None:
        return refusal
    if source.kind == "foundation" and not rules.foundations.take_back:
        return N_("Cards on a foundation stay there")
    if source.kind == "foundation" and dest.kind != "column":
        return BACK_TO_COLUMN
    moving = state.cards_at(source)
    if not moving:
        return N_("There is no card there")
    if dest.kind == "foundation" and rules.foundations.whole_suits:
        return _whole_suit_refusal(state, move)
    if count > 1:
        if rules.group is Group.ONE:
            return NO_RUNS
        if source.kind != "column" or count > len(moving):
            return N_("Only a column holds a run of several cards")
        if count > len(moving) - state.down_at(source.index):
            return FACE_DOWN
        if count > moving_length(rules, moving):
            return NOT_ONE_SUIT if rules.group is Group.SUIT_RUN else NOT_A_RUN
        if rules.group is Group.COLUMN and count != len(moving):
            return WHOLE_COLUMN
        if dest.kind != "column":
            return N_("Only one card at a time goes to a cell or a foundation")
    card = moving[-count]
    if dest.kind == "cell" and not rules.cells.refill:
        return RESERVE
    if dest.kind == "foundation" and state.base != 1:
        return _base_refusal(state, card, dest)
    if dest.kind != "column":
        return landing_refusal(state, card, dest)
    pile = state.columns[dest.index]
    if pile:
        if not builds_on(rules, card, pile[-1]):
            return build_refusal(rules)
    elif rules.tableau.empty is Empty.NONE:
        return NEVER_FILLED
    elif rules.tableau.empty is Empty.KINGS and card.rank != Rank.KING:
        return KINGS_ONLY
    if count > 1 and rules.group in (Group.RUN, Group.SUIT_RUN, Group.FACE_UP, Group.COLUMN):
        return None  # a run (or face-up cards, or a whole column) moves whatever the free space
    return group_refusal(state, dest, count) if count > 1 else None


def _base_refusal(state: BuildState, card: Card, dest: Place) -> str | None:
    """Whether ``card`` may go on a foundation that builds up from :attr:`BuildState.base`."""
    if card.suit.order != dest.index:
        return N_("A foundation takes only its own suit")
    if card.rank != _next_rank(state, dest.index):
        return FROM_BASE
    return None


def _stock_refusal(state: BuildState, move: Move) -> str | None:
    """Why a move to or from the stock (or to the waste) is illegal, or None: only
    :data:`DRAW` is, while the stock has cards or a redeal is left."""
    if not state.rules.stock.draw:
        return place_refusal(state, move)
    if move != DRAW:
        return TO_WASTE
    if not state.stock and not state.can_redeal():
        return STOCK_EMPTY
    if not state.rules.stock.deal_on_empty and not all(state.columns):
        return NO_DEAL_ON_EMPTY
    return None


def _as_cell(state: BuildState, top: tuple[Card, ...]) -> BuildState:
    """``state`` with ``top`` (the waste's or the reserve's top card, if any) in one more
    cell: a card that leaves the waste or the reserve obeys a cell's card's rules."""
    cell = top[-1] if top else None
    return BuildState(
        state.rules,
        state.columns,
        (*state.cells, cell),
        state.foundations,
        state.score,
        base=state.base,
    )


def settle(state: BuildState) -> BuildState:
    """What the table does by itself after a move (see the module docstring)."""
    rules = state.rules.stock
    while True:
        empty = next((i for i, pile in enumerate(state.columns) if not pile), None)
        home = _suit_by_itself(state)
        if home is not None:
            state = _suit_gone(state, home)
        elif state.reserve and empty is not None:
            columns = list(state.columns)
            columns[empty] = state.reserve[-1:]
            state = replace(state, columns=tuple(columns), reserve=state.reserve[:-1])
        elif rules.fill_columns and state.waste and empty is not None:
            columns = list(state.columns)
            columns[empty] = state.waste[-1:]
            state = replace(state, columns=tuple(columns), waste=state.waste[:-1])
        elif rules.keep_waste and not state.waste and state.stock:
            state = _turned(state)
        else:
            return state


def _suit_by_itself(state: BuildState) -> int | None:
    """The first column with a whole suit face up on top, when whole suits go home by
    themselves (``Foundations.by_itself``), or None."""
    if not state.rules.foundations.by_itself:
        return None
    for index, pile in enumerate(state.columns):
        if len(pile) - state.down_at(index) >= SUIT and whole_suit(pile):
            return index
    return None


def _suit_gone(state: BuildState, index: int) -> BuildState:
    """``state`` once the whole suit on top of column ``index`` has gone home (the card
    under it turned face up); no move of its own."""
    columns = list(state.columns)
    suit = columns[index][-1].suit.order
    columns[index] = columns[index][:-SUIT]
    heights = list(state.foundations)
    heights[suit] += SUIT
    return replace(
        state,
        columns=tuple(columns),
        foundations=(heights[0], heights[1], heights[2], heights[3]),
        down=turned(state.down, tuple(columns)),
        gone=(*state.gone, suit),
    )


def _turned(state: BuildState) -> BuildState:
    """The stock's move: ``draw`` cards onto the waste, or the waste turned over (or
    the stock dealt onto the columns: :func:`dealt_to_columns`)."""
    if state.rules.stock.to_columns:
        return dealt_to_columns(state)
    if not state.stock:
        return replace(state, stock=state.waste[::-1], waste=(), passes=state.passes + 1)
    count = min(state.rules.stock.draw, len(state.stock))
    turned = state.stock[-count:][::-1]
    return replace(state, stock=state.stock[:-count], waste=state.waste + turned)


def dealt_to_columns(state: BuildState) -> BuildState:
    """The stock dealt onto the columns (``Stock.to_columns``): its top card face up onto
    the first column, the next onto the second…, as many as it holds."""
    count = min(state.rules.stock.to_columns, len(state.stock))
    dealt = state.stock[-count:][::-1]
    columns = tuple(
        (*pile, dealt[i]) if i < count else pile for i, pile in enumerate(state.columns)
    )
    return replace(state, columns=columns, stock=state.stock[:-count])


def _whole_suit_refusal(state: BuildState, move: Move) -> str | None:
    """Why a move to a foundation that takes only whole suits is illegal, or None."""
    pile = state.columns[move.source.index] if move.source.kind == "column" else ()
    if move.count != SUIT or not whole_suit(pile):
        return WHOLE_SUITS
    if pile[-1].suit.order != move.dest.index:
        return N_("A foundation takes only its own suit")
    return None


def _talon(rules: BuildRules) -> bool:
    """Whether the game has a stock, a reserve pile or suits that go home by themselves
    (its states then carry more than the piles: :func:`_stock_applied`)."""
    return bool(rules.stock.draw or rules.reserve.dealt or rules.foundations.by_itself)


def apply_unchecked(state: BuildState, move: Move) -> BuildState:
    """The state after a legal ``move``."""
    rules = state.rules
    after = _stock_applied(state, move) if _talon(rules) else _applied(state, move)
    if rules.points is None:
        return after
    return replace(after, score=scored(rules.points, state, move, after))


def scored(points: Points, before: BuildState, move: Move, after: BuildState) -> int:
    """The score after ``move`` led from ``before`` to ``after``, as ``points`` count."""
    score = before.score + points.move
    if points.suit:
        score += points.suit * ((sum(after.foundations) - sum(before.foundations)) // SUIT)
    if move == DRAW and not before.stock and not before.rules.stock.to_columns:
        score += points.redeal
    if move.dest.kind == "foundation":
        score += points.home * move.count
    elif move.source.kind == "waste":
        score += points.from_waste
    if move.source.kind == "foundation":
        score += points.back
    if before.down:
        score += points.turn * sum(
            then > now for then, now in zip(before.down, after.down, strict=True)
        )
    return score if points.floor is None else max(points.floor, score)


def _applied(state: BuildState, move: Move) -> BuildState:
    """The state after a legal ``move`` between columns, cells and foundations (the rest
    of the state as it was)."""
    rules = state.rules
    if move.dest.kind == "foundation" and move.count > 1:  # a whole suit home
        piles = list(state.columns)
        piles[move.source.index] = piles[move.source.index][: -move.count]
        heights = list(state.foundations)
        heights[move.dest.index] += move.count
        columns, cells = tuple(piles), state.cells
        foundations = (heights[0], heights[1], heights[2], heights[3])
        score = state.score + move.count * rules.home_points
    else:
        columns, cells, foundations, score = moved(state, move, rules.home_points, 0)
    down = turned(state.down, columns)
    if state.base != 1 or _talon(rules):
        return replace(
            state,
            columns=columns,
            cells=cells,
            foundations=foundations,
            score=score,
            moves=state.moves + 1,
            down=down,
        )
    return BuildState(rules, columns, cells, foundations, score, state.moves + 1, down)


def _stock_applied(state: BuildState, move: Move) -> BuildState:
    """The state after a legal ``move`` of a game with a stock or a reserve pile, the
    table settled."""
    if move == DRAW:
        after = _turned(state)
    elif move.source.kind in ("waste", "reserve"):
        cell = Place("cell", len(state.cells))
        lifted = _as_cell(state, state.cards_at(move.source))
        columns, cells, foundations, score = moved(
            lifted, Move(cell, move.dest), state.rules.home_points, 0
        )
        after = replace(
            state,
            columns=columns,
            cells=cells[:-1],
            foundations=foundations,
            score=score,
            waste=state.waste[:-1] if move.source.kind == "waste" else state.waste,
            reserve=state.reserve[:-1] if move.source.kind == "reserve" else state.reserve,
        )
    else:
        after = _applied(state, move)
    return settle(replace(after, moves=state.moves + 1))


def legal_moves(state: BuildState) -> Iterator[Move]:
    """Every legal move: each run size from each column, each cell's card, to every pile
    that takes it (one empty column and one free cell stand for the others only in the
    solver: a player may pick any)."""
    rules = state.rules
    sources: list[tuple[Place, int]] = []
    for index, pile in enumerate(state.columns):
        most = moving_length(rules, pile, state.down_at(index))
        sources += [(Place("column", index), n) for n in range(1, most + 1)]
        suit_home = suit_home_move(state, Place("column", index))
        if suit_home is not None:
            yield suit_home
    sources += [(Place("cell", i), 1) for i, card in enumerate(state.cells) if card is not None]
    if rules.foundations.take_back:
        sources += [
            (Place("foundation", i), 1) for i, height in enumerate(state.foundations) if height
        ]
    if state.waste:
        sources.append((WASTE, 1))
    if state.reserve:
        sources.append((RESERVE_PLACE, 1))
    dests = [Place("column", i) for i in range(len(state.columns))]
    if rules.cells.refill:
        dests += [Place("cell", i) for i in range(len(state.cells))]
    fits = _fits(rules)
    tops = [pile[-1].ordinal if pile else None for pile in state.columns]
    kings_only = rules.tableau.empty is Empty.KINGS
    for source, count in sources:
        card = state.cards_at(source)[-count]
        if count == 1 and (rules.foundations.whole_suits or _next_home(state, card)):
            home = home_move(state, source)
            if home is not None:
                yield home
        lead = card.ordinal
        for dest in dests:
            if dest == source or (source.kind == "foundation" and dest.kind != "column"):
                continue
            if dest.kind == "column":  # quick tests of what check_move would refuse
                top = tops[dest.index]
                if top is None and kings_only and card.rank != Rank.KING:
                    continue
                if top is not None and top not in fits[lead]:
                    continue
            move = Move(source, dest, count)
            if check_move(state, move) is None:
                yield move
    if rules.stock.draw and _stock_refusal(state, DRAW) is None:
        yield DRAW


def _next_home(state: BuildState, card: Card) -> bool:
    """Whether ``card``'s rank is the next its suit's foundation takes (all but the suit
    that a foundation built one card at a time asks: the quick test before
    :func:`home_move`, which decides)."""
    return card.rank == _next_rank(state, card.suit.order)


def _next_rank(state: BuildState, suit: int) -> int:
    """The rank foundation ``suit`` takes next, counting from :attr:`BuildState.base`."""
    return (state.base + state.foundations[suit] - 1) % 13 + 1


def deal(rules: BuildRules, code: DealCode) -> BuildState:
    """The first position of ``code`` under ``rules`` (see the module docstring)."""
    deck = unshuffled(rules)
    foundations = (0, 0, 0, 0)
    if rules.tableau.aces_home:
        deck = [card for card in deck if card.rank != Rank.ACE]
        foundations = (1, 1, 1, 1)
    key = f"{code.game}{code.version}" + ("" if rules.same_cards else f"-{code.variant}")
    cards = shuffled(deck, key, code.number)
    counts = rules.tableau.deal
    piles: list[list[Card]] = [[] for _ in counts]
    at = 0
    for row in range(max(counts, default=0)):
        for index, count in enumerate(counts):
            if row < count:
                piles[index].append(cards[at])
                at += 1
    cells: list[Card | None] = [None] * rules.cells.count
    for index in range(rules.cells.dealt):
        cells[index] = cards[at]
        at += 1
    if rules.tableau.kings_under:
        piles = [
            [c for c in pile if c.rank == Rank.KING] + [c for c in pile if c.rank != Rank.KING]
            for pile in piles
        ]
    columns = tuple(tuple(pile) for pile in piles)
    reserve = tuple(cards[at : at + rules.reserve.dealt])
    at += rules.reserve.dealt
    base = 1
    if rules.foundations.base is Base.DEALT:
        first = cards[at]
        at += 1
        base = int(first.rank)
        heights = [0, 0, 0, 0]
        heights[first.suit.order] = 1
        foundations = (heights[0], heights[1], heights[2], heights[3])
    stock = tuple(cards[at:][::-1])
    state = BuildState(
        rules,
        columns,
        tuple(cells),
        foundations,
        stock=stock,
        reserve=reserve,
        down=rules.tableau.down,
        score=rules.points.start if rules.points else 0,
    )
    return settle(replace(state, base=base) if base != 1 else state)


_PLACE = r"(c[0-9]{1,2}|f[0-9]{1,2}|h[shdc]|s|w|r)"
MOVE_RE = re.compile(rf"^{_PLACE}-{_PLACE}(?:x([0-9]{{1,2}}))?$", re.IGNORECASE)


def parse_move(text: str, rules: BuildRules) -> Move:
    """Read ``c3-c7``, ``c3-c7x3``, ``c1-f2``, ``f2-hS`` (with a stock ``s-w``, ``w-c3``)
    for a table of ``rules``' columns and cells (the inverse of
    :func:`cardems.cellgames.notation.format_move`); :class:`MoveParseError` says what is
    wrong."""
    columns, cells = rules.columns, rules.cells.count
    where = f"c1-c{columns}" + (f", f1-f{cells}" if cells else "")
    where += ", s (stock), w (waste)" if rules.stock.draw else ""
    where += ", r (reserve)" if rules.reserve.dealt else ""
    expected = f"expected SOURCE-DEST such as c3-c7 or c1-hS; places are {where}, hS/hH/hD/hC"
    match = MOVE_RE.match(text.strip())
    if match is None:
        raise MoveParseError(f"not a move: {text!r} ({expected})")
    places = []
    for token in (match.group(1), match.group(2)):
        kind = token[0].lower()
        if kind == "h":
            places.append(foundation(token[1]))
            continue
        if kind == "r":
            if not rules.reserve.dealt:
                raise MoveParseError(f"not a move: {text!r} ({expected})")
            places.append(RESERVE_PLACE)
            continue
        if kind in "sw":
            if not rules.stock.draw:
                raise MoveParseError(f"not a move: {text!r} ({expected})")
            places.append(STOCK if kind == "s" else WASTE)
            continue
        number = int(token[1:])
        size = columns if kind == "c" else cells
        if not 1 <= number <= size or token[1] == "0":
            raise MoveParseError(f"not a move: {text!r} ({expected})")
        places.append(Place("column" if kind == "c" else "cell", number - 1))
    count = int(match.group(3) or 1)
    if match.group(3) is not None and (count < 2 or match.group(3)[0] == "0"):
        raise MoveParseError(f"not a move: {text!r}: write a run's size only when it is 2 or more")
    return Move(places[0], places[1], count)
