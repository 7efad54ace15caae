"""The build family's one engine: any :class:`~cardems.kit.building.declare.BuildRules`
played as an immutable, hashable state of columns, free cells and foundations.

Deals (pinned by each game's golden tests): the 52 cards in suit order (S H D C, ace to
king) shuffled by :func:`cardems.rng.shuffled` for the code's ``GGV-VARIANT`` prefix and
number (with ``decks=2`` the 104 cards of two such decks, one after the other, shuffled
alike: a one-deck game's codes deal as they always did); with ``aces_home`` the aces are
taken out first (on their foundations). Card
``k`` of the shuffled deck goes to the columns row by row (column ``k % n`` while it
still has room for its dealt count, bottom first), then the first ``cells.dealt`` free
cells take the last cards. With ``kings_under``, each column's kings then move under its
other cards, keeping their order.

Moves and their notation are the cell family's (:mod:`cardems.cellgames.notation`):
``c3-c7``, ``c3-c7x3``, ``c1-f2``, ``f2-hS``; :func:`parse_move` reads any number of
columns and cells. Cards never come back from the foundations. Score: the declaration's
``home_points`` for each card put on a foundation.

With ``Group.SUIT_RUN`` the cards that move together are a run of one suit (single cards
build as the declaration says); with ``Foundations(whole_suits=True)`` a foundation takes
only a complete suit, king down to ace, from the top of a column: ``c3-hSx13``. With two
decks a suit's foundation holds both of its suits (a height of 0, 13 or 26): the
notation names a pile, never a card, so the two identical cards of a deal need nothing
more.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from cardems.cards import ALL_CARDS, SUIT_ORDER, Card, Rank
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
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.building.declare import BuildRules, Direction, Empty, Group, Suits
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
NO_RUNS = N_("Only one card moves at a time in this game")
NOT_A_RUN = N_("Only cards in sequence move together")
NOT_ONE_SUIT = N_("Only cards in sequence and of one suit move together")
WHOLE_SUITS = N_("A foundation takes only a whole suit at once, from the king down to the ace")
KINGS_ONLY = N_("An empty column takes only a king")
NEVER_FILLED = N_("An empty column stays empty in this game")
RESERVE = N_("The reserve takes no card: its cards only leave")


SUIT = 13
"""The cards of a suit: a whole suit goes home at once with ``whole_suits``."""

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


def moving_length(rules: BuildRules, pile: tuple[Card, ...]) -> int:
    """How many top cards of a column may move together (with no limit of free space):
    one, the top run, or with ``SUIT_RUN`` the part of the top run that is of one suit."""
    if rules.group is Group.ONE or not pile:
        return min(1, len(pile))
    length = run_length(rules, pile)
    if rules.group is Group.SUIT_RUN:
        suit = pile[-1].suit
        length = next((n for n in range(1, length) if pile[-n - 1].suit is not suit), length)
    return length


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

    def legal_moves(self) -> list[Move]:
        return list(legal_moves(self))

    def refusal(self, move: Move) -> str | None:
        return check_move(self, move)

    def apply(self, move: Move) -> BuildState:
        reason = check_move(self, move)
        if reason is not None:
            raise IllegalMove(reason)
        return apply_unchecked(self, move)

    @property
    def won(self) -> bool:
        """Every card of every deck is home."""
        return all(height == SUIT * self.rules.decks for height in self.foundations)

    def foundation_top(self, suit_index: int) -> Card | None:
        """The top card of a foundation (a king once a whole suit is home), or None."""
        height = self.foundations[suit_index]
        return Card(Rank((height - 1) % SUIT + 1), SUIT_ORDER[suit_index]) if height else None

    def all_cards(self) -> list[Card]:
        """Every card on the table, foundations included (52 a deck)."""
        cards = [card for pile in self.columns for card in pile]
        cards += [card for card in self.cells if card is not None]
        for index, height in enumerate(self.foundations):
            cards += [Card(Rank(r % SUIT + 1), SUIT_ORDER[index]) for r in range(height)]
        return cards

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
    if group in (Group.RUN, Group.SUIT_RUN):
        return 52
    if group is Group.CELLS:
        return state.free_cells + 1
    return supermove_limit(state, dest)


def check_move(state: BuildState, move: Move) -> str | None:
    """Why ``move`` is illegal in ``state`` (a marked message), or None."""
    rules = state.rules
    source, dest, count = move.source, move.dest, move.count
    refusal = place_refusal(state, move)
    if refusal is not None:
        return refusal
    if source.kind == "foundation":
        return N_("Cards on a foundation stay there")
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
        if count > moving_length(rules, moving):
            return NOT_ONE_SUIT if rules.group is Group.SUIT_RUN else NOT_A_RUN
        if dest.kind != "column":
            return N_("Only one card at a time goes to a cell or a foundation")
    card = moving[-count]
    if dest.kind == "cell" and not rules.cells.refill:
        return RESERVE
    if dest.kind != "column":
        return landing_refusal(state, card, dest)
    pile = state.columns[dest.index]
    if pile:
        if not builds_on(rules, card, pile[-1]):
            return _BUILD_REFUSALS[rules.build.suits, rules.build.direction]
    elif rules.tableau.empty is Empty.NONE:
        return NEVER_FILLED
    elif rules.tableau.empty is Empty.KINGS and card.rank != Rank.KING:
        return KINGS_ONLY
    if count > 1 and rules.group in (Group.RUN, Group.SUIT_RUN):
        return None  # a run moves whatever the free space
    return group_refusal(state, dest, count) if count > 1 else None


def _whole_suit_refusal(state: BuildState, move: Move) -> str | None:
    """Why a move to a foundation that takes only whole suits is illegal, or None."""
    pile = state.columns[move.source.index] if move.source.kind == "column" else ()
    if move.count != SUIT or not whole_suit(pile):
        return WHOLE_SUITS
    if pile[-1].suit.order != move.dest.index:
        return N_("A foundation takes only its own suit")
    return None


def apply_unchecked(state: BuildState, move: Move) -> BuildState:
    """The state after a legal ``move``."""
    rules = state.rules
    if move.dest.kind == "foundation" and move.count > 1:  # a whole suit home
        piles = list(state.columns)
        piles[move.source.index] = piles[move.source.index][: -move.count]
        heights = list(state.foundations)
        heights[move.dest.index] += move.count
        return BuildState(
            rules,
            tuple(piles),
            state.cells,
            (heights[0], heights[1], heights[2], heights[3]),
            state.score + move.count * rules.home_points,
            state.moves + 1,
        )
    columns, cells, foundations, score = moved(state, move, rules.home_points, 0)
    return BuildState(rules, columns, cells, foundations, score, state.moves + 1)


def legal_moves(state: BuildState) -> Iterator[Move]:
    """Every legal move: each run size from each column, each cell's card, to every pile
    that takes it (one empty column and one free cell stand for the others only in the
    solver: a player may pick any)."""
    rules = state.rules
    sources: list[tuple[Place, int]] = []
    for index, pile in enumerate(state.columns):
        most = moving_length(rules, pile)
        sources += [(Place("column", index), n) for n in range(1, most + 1)]
        suit_home = suit_home_move(state, Place("column", index))
        if suit_home is not None:
            yield suit_home
    sources += [(Place("cell", i), 1) for i, card in enumerate(state.cells) if card is not None]
    dests = [Place("column", i) for i in range(len(state.columns))]
    if rules.cells.refill:
        dests += [Place("cell", i) for i in range(len(state.cells))]
    fits = _fits(rules)
    for source, count in sources:
        home = home_move(state, source) if count == 1 else None
        if home is not None:
            yield home
        lead = state.cards_at(source)[-count].ordinal
        for dest in dests:
            if dest == source:
                continue
            if dest.kind == "column":
                pile = state.columns[dest.index]
                if pile and pile[-1].ordinal not in fits[lead]:
                    continue  # the quick test of what check_move refuses first here
            move = Move(source, dest, count)
            if check_move(state, move) is None:
                yield move


def deal(rules: BuildRules, code: DealCode) -> BuildState:
    """The first position of ``code`` under ``rules`` (see the module docstring)."""
    deck = list(ALL_CARDS) * rules.decks
    foundations = (0, 0, 0, 0)
    if rules.tableau.aces_home:
        deck = [card for card in deck if card.rank != Rank.ACE]
        foundations = (1, 1, 1, 1)
    cards = shuffled(deck, f"{code.game}{code.version}-{code.variant}", code.number)
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
    return BuildState(rules, columns, tuple(cells), foundations)


_PLACE = r"(c[0-9]{1,2}|f[0-9]{1,2}|h[shdc])"
MOVE_RE = re.compile(rf"^{_PLACE}-{_PLACE}(?:x([0-9]{{1,2}}))?$", re.IGNORECASE)


def parse_move(text: str, rules: BuildRules) -> Move:
    """Read ``c3-c7``, ``c3-c7x3``, ``c1-f2``, ``f2-hS`` for a table of ``rules``' columns
    and cells (the inverse of :func:`cardems.cellgames.notation.format_move`);
    :class:`MoveParseError` says what is wrong."""
    columns, cells = rules.columns, rules.cells.count
    where = f"c1-c{columns}" + (f", f1-f{cells}" if cells else "")
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
        number = int(token[1:])
        size = columns if kind == "c" else cells
        if not 1 <= number <= size or token[1] == "0":
            raise MoveParseError(f"not a move: {text!r} ({expected})")
        places.append(Place("column" if kind == "c" else "cell", number - 1))
    count = int(match.group(3) or 1)
    if match.group(3) is not None and (count < 2 or match.group(3)[0] == "0"):
        raise MoveParseError(f"not a move: {text!r}: write a run's size only when it is 2 or more")
    return Move(places[0], places[1], count)
