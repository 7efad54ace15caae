"""Pyramid rules: the immutable state, moves, score, win and blocked.

The players' rules are the game's rules page (``web/rules/<lang>.html``). Microsoft
Solitaire Collection's rules, with the number of passes through the stock a variant:

The deal: ``cardems.rng.shuffled`` of the 52 cards (:data:`cardems.cards.ALL_CARDS`) for
the code's family and number. Pyramid positions 1–28 (row by row from the apex) get
``deck[0:28]``; the stock gets ``deck[28:52]`` with ``deck[28]`` on top; the waste starts
empty. Cards count their rank (A 1, J 11, Q 12, K 13); a pair that makes 13 is removed
together, a king alone, from the free pyramid cards, the stock's top card and the waste's
top card. A draw turns the stock's top card onto the waste; when the stock is empty the
waste may be turned over to make it again (a recycle), as many times as the variant
allows: ``P3`` (3 passes through the stock: 2 recycles, Microsoft's), ``P1``, ``P2`` or
``U`` (unlimited). The pyramid cleared is a win, whatever stays in the stock and waste.

Move notation (parsed by :meth:`Move.parse`, written by ``str(move)``; they round-trip):

==========  ==========================================================
``D``       draw: turn the stock's top card onto the waste
``R``       recycle: the stock is empty, the waste goes back (same order)
``12``      remove the king at pyramid position 12
``S``/``W`` remove the king on top of the stock / the waste
``22+28``   remove the pair at positions 22 and 28 (smaller first)
``22+S``    remove position 22 with the stock's top card (``W``: the waste's)
``S+W``     remove the stock's and the waste's top cards
==========  ==========================================================

Input is case-insensitive and ignores spaces; ``W+22`` and ``28+22`` are accepted.
Each draw, recycle and removal counts as one move (as mchung94's solver counts them);
each pyramid card removed scores 10.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from cardems.cards import ALL_CARDS, Card, Rank
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.moves import format_moves as format_moves
from cardems.moves import move_tokens
from cardems.moves import play as play
from cardems.numbers import SHOWN, read_number, shown
from cardems.pyramid.layout import COVER_MASK, POSITION_COUNT, POSITIONS
from cardems.rng import shuffled

STOCK_TOP = POSITION_COUNT + 1
"""The place number of the stock's top card in a move (written ``S``)."""
WASTE_TOP = POSITION_COUNT + 2
"""The place number of the waste's top card in a move (written ``W``)."""
PLACE_LETTERS = {STOCK_TOP: "S", WASTE_TOP: "W"}
PASSES = {"P3": 3, "P1": 1, "P2": 2, "U": None}
"""Passes through the stock each variant allows (None: unlimited)."""
VARIANTS = ("P3", "P1", "P2", "U")
POINTS_PER_CARD = 10
MAKE_13 = N_("The cards must make 13 (a king goes alone)")
NOT_A_KING = N_("Only a king is removed alone")
EXPECTED = "expected D, R, 12, S, W, 22+28, 22+S, 22+W or S+W"


def value(card: Card) -> int:
    """The card's value: its rank, A 1 to K 13."""
    return int(card.rank)


class MoveKind(Enum):
    """The three kinds of move."""

    DRAW = "D"
    RECYCLE = "R"
    REMOVE = "remove"


class MoveParseError(ValueError):
    """A move string that cannot be read; the message says why."""


def place_text(place: int) -> str:
    """``12``, ``S`` or ``W``."""
    return PLACE_LETTERS.get(place, str(place))


@dataclass(frozen=True, order=True)
class Move:
    """A move. A removal names one place (a king) or two (``first < second``); places
    are positions 1–28, :data:`STOCK_TOP` and :data:`WASTE_TOP`."""

    kind: MoveKind
    first: int = 0
    second: int = 0

    @classmethod
    def draw(cls) -> Move:
        """Turn the stock's top card onto the waste."""
        return cls(MoveKind.DRAW)

    @classmethod
    def recycle(cls) -> Move:
        """Turn the waste over to make the empty stock again."""
        return cls(MoveKind.RECYCLE)

    @classmethod
    def remove(cls, a: int, b: int = 0) -> Move:
        """Remove the card at place ``a`` alone (a king) or with the one at ``b``."""
        for place in (a, b) if b else (a,):
            if not 1 <= place <= WASTE_TOP:
                raise MoveParseError(f"place {place} out of range 1-{POSITION_COUNT}, S or W")
        if a == b:
            raise MoveParseError(f"a pair needs two different places, got {place_text(a)} twice")
        return cls(MoveKind.REMOVE, min(a, b), max(a, b)) if b else cls(MoveKind.REMOVE, a)

    @property
    def places(self) -> tuple[int, ...]:
        """The places a removal takes cards from (none for a draw or a recycle)."""
        if self.kind is not MoveKind.REMOVE:
            return ()
        return (self.first, self.second) if self.second else (self.first,)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move written as in the module docstring."""
        if len(text) > SHOWN:  # no move is that long: refused without echoing all of it
            raise MoveParseError(f"not a move: {shown(text)!r} ({EXPECTED})")
        token = "".join(text.split()).upper()
        if token in ("D", "R"):
            return cls.draw() if token == "D" else cls.recycle()
        parts = token.split("+")
        if len(parts) > 2 or not all(parts):
            raise MoveParseError(f"not a move: {text!r} ({EXPECTED})")
        places = [_parse_place(part, text) for part in parts]
        if len(places) == 2 and places[0] == places[1]:
            raise MoveParseError(f"not a move: {text!r} (a pair needs two different places)")
        return cls.remove(*places)

    def __str__(self) -> str:
        if self.kind is MoveKind.REMOVE:
            return "+".join(place_text(place) for place in self.places)
        return str(self.kind.value)


def _parse_place(part: str, text: str) -> int:
    letters = {letter: place for place, letter in PLACE_LETTERS.items()}
    if part in letters:
        return letters[part]
    position = read_number(part)
    if position is None:
        raise MoveParseError(f"not a move: {text!r} ({part!r} is not a position, S or W)")
    if not 1 <= position <= POSITION_COUNT:
        raise MoveParseError(
            f"not a move: {text!r} (position {position} out of range 1-{POSITION_COUNT})"
        )
    return position


def parse_moves(texts: Iterable[str]) -> list[Move]:
    """Parse several moves; each string may hold several separated by spaces or commas
    (:func:`~cardems.moves.format_moves` writes them back)."""
    return [Move.parse(token) for token in move_tokens(texts)]


@dataclass(frozen=True, slots=True)
class PyramidState:
    """An immutable, hashable position.

    ``pyramid[i]`` is the card at position ``i + 1`` or None once removed; ``stock``
    lists the face-down cards, the top one (drawn next) first; ``waste`` is bottom →
    top; ``recycles`` counts the waste turned over so far; ``passes`` is the variant's
    limit of passes through the stock (None: unlimited); ``moves`` counts the moves made.
    """

    pyramid: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...] = ()
    recycles: int = 0
    passes: int | None = 3
    moves: int = 0

    @property
    def removed_mask(self) -> int:
        """Bit ``i`` set when position ``i + 1`` is empty."""
        return sum(1 << i for i, card in enumerate(self.pyramid) if card is None)

    @property
    def score(self) -> int:
        """10 for each card removed from the pyramid."""
        return POINTS_PER_CARD * self.pyramid.count(None)

    @property
    def stock_top(self) -> Card | None:
        """The stock's top card (it plays, as the waste's top card does)."""
        return self.stock[0] if self.stock else None

    @property
    def waste_top(self) -> Card | None:
        """The waste's top card."""
        return self.waste[-1] if self.waste else None

    @property
    def can_recycle(self) -> bool:
        """Whether the variant allows one more pass through the stock."""
        return self.passes is None or self.recycles + 1 < self.passes

    def card_at(self, place: int) -> Card | None:
        """The card a move's place names (None when there is none)."""
        if place == STOCK_TOP:
            return self.stock_top
        if place == WASTE_TOP:
            return self.waste_top
        return self.pyramid[place - 1]

    def card_count(self) -> int:
        """Cards still in play (pyramid, stock and waste)."""
        return POSITION_COUNT - self.pyramid.count(None) + len(self.stock) + len(self.waste)

    def is_free(self, position: int) -> bool:
        """Whether the card at ``position`` is there and both cards covering it are gone."""
        i = position - 1
        if self.pyramid[i] is None:
            return False
        mask = COVER_MASK[i]
        return not any(self.pyramid[j] for j in range(POSITION_COUNT) if mask >> j & 1)

    def free(self) -> list[int]:
        """The free positions, in increasing order."""
        return [p for p in POSITIONS if self.is_free(p)]

    def is_won(self) -> bool:
        """All 28 pyramid cards removed (cards may remain in the stock and waste)."""
        return not any(self.pyramid)

    def removals(self) -> list[Move]:
        """Every legal removal: kings alone, then pairs that make 13."""
        if self.is_won():
            return []
        places = [(p, card) for p in self.free() if (card := self.pyramid[p - 1])]
        tops = [(place, self.card_at(place)) for place in (STOCK_TOP, WASTE_TOP)]
        places += [(place, card) for place, card in tops if card is not None]
        moves = [Move.remove(p) for p, card in places if card.rank is Rank.KING]
        moves += [
            Move.remove(a, b)
            for k, (a, card) in enumerate(places)
            for b, other in places[k + 1 :]
            if value(card) + value(other) == 13
        ]
        return moves

    def legal_moves(self) -> list[Move]:
        """Every legal move: removals, then draw or recycle."""
        if self.is_won():
            return []
        moves = self.removals()
        if self.stock:
            moves.append(Move.draw())
        elif self.waste and self.can_recycle:
            moves.append(Move.recycle())
        return moves

    def is_blocked(self) -> bool:
        """No removal now nor after any number of draws and recycles: nothing can change
        the pyramid any more."""
        if self.is_won():
            return False
        state = self
        for _ in range(2 * (len(self.stock) + len(self.waste)) + 2):
            if state.removals():
                return False
            if state.stock:
                state = state.apply(Move.draw())
            elif state.waste and state.can_recycle:
                state = state.apply(Move.recycle())
            else:
                return True
        return True  # round and round the stock, never a removal

    @property
    def outcome(self) -> str | None:
        """``won``, ``blocked``, or None while the pyramid can still change."""
        if self.is_won():
            return "won"
        return "blocked" if self.is_blocked() else None

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here, or None when it is legal."""
        if self.is_won():
            return N_("The game is won")
        if move.kind is MoveKind.DRAW:
            return None if self.stock else N_("The stock is empty")
        if move.kind is MoveKind.RECYCLE:
            if self.stock:
                return N_("The stock is not empty yet")
            if not self.waste:
                return N_("The stock and the waste are empty")
            return None if self.can_recycle else N_("No more passes through the stock")
        cards = []
        for place in move.places:
            card = self.card_at(place)
            if card is None:
                if place == STOCK_TOP:
                    return N_("The stock is empty")
                if place == WASTE_TOP:
                    return N_("The waste is empty")
                return N_("Position %(num)d is empty") % {"num": place}
            if place <= POSITION_COUNT and not self.is_free(place):
                return N_("The card at position %(num)d is covered") % {"num": place}
            cards.append(card)
        if len(cards) == 1:
            return None if cards[0].rank is Rank.KING else NOT_A_KING
        return None if value(cards[0]) + value(cards[1]) == 13 else MAKE_13

    def apply(self, move: Move) -> PyramidState:
        """The position after ``move``; raise :class:`IllegalMove` if it is refused."""
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        moves = self.moves + 1
        if move.kind is MoveKind.DRAW:
            stock, waste = self.stock[1:], (*self.waste, self.stock[0])
            return PyramidState(self.pyramid, stock, waste, self.recycles, self.passes, moves)
        if move.kind is MoveKind.RECYCLE:
            return PyramidState(self.pyramid, self.waste, (), self.recycles + 1, self.passes, moves)
        pyramid = list(self.pyramid)
        stock, waste = self.stock, self.waste
        for place in move.places:
            if place == STOCK_TOP:
                stock = stock[1:]
            elif place == WASTE_TOP:
                waste = waste[:-1]
            else:
                pyramid[place - 1] = None
        return PyramidState(tuple(pyramid), stock, waste, self.recycles, self.passes, moves)


def initial_state(deck: Sequence[Card], passes: int | None = 3) -> PyramidState:
    """The starting position for a shuffled deck of 52 cards (see the module docstring)."""
    if len(deck) != 52 or set(deck) != set(ALL_CARDS):
        raise ValueError("a Pyramid deck holds the 52 cards once each")
    return PyramidState(tuple(deck[:POSITION_COUNT]), tuple(deck[POSITION_COUNT:]), (), 0, passes)


def deal_deck(code: DealCode) -> list[Card]:
    """The shuffled deck for ``code``."""
    return shuffled(list(ALL_CARDS), code.prefix, code.number)


def deal(code: DealCode) -> PyramidState:
    """The starting position of ``code``."""
    return initial_state(deal_deck(code), PASSES[code.variant])
