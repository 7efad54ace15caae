"""Heart to Heart rules: the immutable state, moves, score, win and blocked.

The players' rules are the game's rules page (``web/rules/<lang>.html``).

All 52 cards are hearts, so a card is just its rank, an ``int`` 1–13 (A = 1, K = 13).

The deal: ``cardems.rng.shuffled`` of the 52 ranks (``[1..13] * 4``) for the code's
family and number. Heart positions 1–25 get ``deck[0:25]``; the stock gets
``deck[25:51]`` with ``deck[25]`` drawn first; ``deck[51]`` lies face up on the waste.

Move notation (parsed by :meth:`Move.parse`, written by ``str(move)``; they round-trip):

==========  ==========================================================
``D``       draw: turn the stock's top card onto the waste
``R``       recycle: the stock is empty, the waste goes back (same order)
``12+25``   pair the cards at heart positions 12 and 25 (smaller first)
``25+W``    pair the card at position 25 with the waste's top card
==========  ==========================================================

Input is case-insensitive and ignores spaces; ``W+25`` and ``25+12`` are accepted.
Each draw, recycle and pair counts as one move; each heart card removed scores 10.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from cardems.cards import Card, CardParseError, Rank, Suit
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.heart_to_heart.layout import COVER_MASK, POSITION_COUNT, POSITIONS
from cardems.i18n.markers import N_
from cardems.moves import format_moves as format_moves
from cardems.moves import move_tokens
from cardems.moves import play as play
from cardems.numbers import SHOWN, read_number, shown
from cardems.rng import shuffled

DECK: tuple[int, ...] = tuple(rank for _ in range(4) for rank in range(1, 14))
"""The unshuffled deck: four copies of each rank, A to K."""

POINTS_PER_CARD = 10
SAME_RANK = N_("Must be of the same rank")


@functools.cache
def card_text(rank: int) -> str:
    """The card notation of a heart of ``rank``: ``AH``, ``TH``, ``KH``."""
    return str(Card(Rank(rank), Suit.HEARTS))


def parse_heart(text: str) -> int:
    """The rank of a heart card written ``4H``, ``10♥``, ``th``; other suits are refused."""
    card = Card.parse(text)
    if card.suit is not Suit.HEARTS:
        raise CardParseError(f"not a heart: {text!r} (Heart to Heart has only hearts)")
    return int(card.rank)


class MoveKind(Enum):
    """The four kinds of move."""

    DRAW = "D"
    RECYCLE = "R"
    PAIR = "pair"
    WASTE = "waste"


class MoveParseError(ValueError):
    """A move string that cannot be read; the message says why."""


@dataclass(frozen=True, order=True)
class Move:
    """A move. ``first``/``second`` are heart positions (``first < second`` for a pair)."""

    kind: MoveKind
    first: int = 0
    second: int = 0

    @classmethod
    def draw(cls) -> Move:
        """Turn the stock's top card onto the waste."""
        return cls(MoveKind.DRAW)

    @classmethod
    def recycle(cls) -> Move:
        """Return the waste to the empty stock."""
        return cls(MoveKind.RECYCLE)

    @classmethod
    def pair(cls, a: int, b: int) -> Move:
        """Pair the heart cards at positions ``a`` and ``b`` (any order)."""
        if a == b:
            raise ValueError(f"a pair needs two different positions, got {a} twice")
        for p in (a, b):
            _check_position(p)
        return cls(MoveKind.PAIR, min(a, b), max(a, b))

    @classmethod
    def with_waste(cls, position: int) -> Move:
        """Pair the heart card at ``position`` with the waste's top card."""
        _check_position(position)
        return cls(MoveKind.WASTE, position)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``D``, ``R``, ``12+25`` or ``25+W`` (see the module docstring)."""
        if len(text) > SHOWN:  # no move is that long: refused without echoing all of it
            raise MoveParseError(f"not a move: {shown(text)!r} (expected D, R, 12+25 or 25+W)")
        token = "".join(text.split()).upper()
        if token in ("D", "R"):
            return cls.draw() if token == "D" else cls.recycle()
        parts = token.split("+")
        if len(parts) != 2 or not all(parts):
            raise MoveParseError(f"not a move: {text!r} (expected D, R, 12+25 or 25+W)")
        if "W" in parts:
            other = parts[1] if parts[0] == "W" else parts[0]
            return cls.with_waste(_parse_position(other, text))
        a, b = (_parse_position(part, text) for part in parts)
        if a == b:
            raise MoveParseError(f"not a move: {text!r} (a pair needs two different positions)")
        return cls.pair(a, b)

    def __str__(self) -> str:
        if self.kind is MoveKind.PAIR:
            return f"{self.first}+{self.second}"
        if self.kind is MoveKind.WASTE:
            return f"{self.first}+W"
        return str(self.kind.value)


def _check_position(position: int) -> None:
    if not 1 <= position <= POSITION_COUNT:
        raise MoveParseError(f"heart position {position} out of range 1-{POSITION_COUNT}")


def _parse_position(part: str, text: str) -> int:
    position = read_number(part)
    if position is None:
        raise MoveParseError(f"not a move: {text!r} ({part!r} is not a heart position or W)")
    if not 1 <= position <= POSITION_COUNT:
        raise MoveParseError(
            f"not a move: {text!r} (heart position {position} out of range 1-{POSITION_COUNT})"
        )
    return position


def parse_moves(texts: Iterable[str]) -> list[Move]:
    """Parse several moves; each string may hold several separated by spaces or commas
    (:func:`~cardems.moves.format_moves` writes them back)."""
    return [Move.parse(token) for token in move_tokens(texts)]


@dataclass(frozen=True, slots=True)
class HeartState:
    """An immutable, hashable position.

    ``heart[i]`` is the rank at position ``i + 1`` or 0 once removed; ``stock`` lists
    the face-down cards, the next one drawn first; ``waste`` is bottom → top;
    ``moves`` counts draws, recycles and pairs made so far.
    """

    heart: tuple[int, ...]
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    moves: int = 0

    @property
    def removed_mask(self) -> int:
        """Bit ``i`` set when position ``i + 1`` is empty."""
        return sum(1 << i for i, rank in enumerate(self.heart) if not rank)

    @property
    def score(self) -> int:
        """10 for each card removed from the heart."""
        return POINTS_PER_CARD * self.heart.count(0)

    @property
    def waste_top(self) -> int | None:
        """The rank of the waste's top card, the only one that plays."""
        return self.waste[-1] if self.waste else None

    def card_count(self) -> int:
        """Cards still in play (heart, stock and waste)."""
        return POSITION_COUNT - self.heart.count(0) + len(self.stock) + len(self.waste)

    def _present_mask(self) -> int:
        """Bit ``i`` set while position ``i + 1`` still holds its card."""
        return sum(1 << i for i, rank in enumerate(self.heart) if rank)

    def is_available(self, position: int) -> bool:
        """Whether the card at ``position`` is there and nothing covers it any more."""
        i = position - 1
        return bool(self.heart[i]) and not COVER_MASK[i] & self._present_mask()

    def available(self) -> list[int]:
        """The available positions, in increasing order."""
        present = self._present_mask()
        return [p for p in POSITIONS if present >> (p - 1) & 1 and not COVER_MASK[p - 1] & present]

    def is_won(self) -> bool:
        """All 25 heart cards removed (cards may remain in the stock)."""
        return not any(self.heart)

    def is_blocked(self) -> bool:
        """No available card has a possible partner: neither another available heart
        card of its rank nor a card of its rank anywhere in the stock or the waste."""
        if self.is_won():
            return False
        free = [self.heart[p - 1] for p in self.available()]
        pool = set(self.stock) | set(self.waste)
        return not any(free.count(rank) > 1 or rank in pool for rank in free)

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
        if move.kind is MoveKind.DRAW:
            return None if self.stock else N_("The stock is empty")
        if move.kind is MoveKind.RECYCLE:
            if self.stock:
                return N_("The stock is not empty yet")
            return None if self.waste else N_("The stock and the waste are empty")
        for position in (move.first, move.second)[: 2 if move.kind is MoveKind.PAIR else 1]:
            if not self.heart[position - 1]:
                return N_("Position %(num)d is empty") % {"num": position}
            if not self.is_available(position):
                return N_("The card at position %(num)d is covered") % {"num": position}
        rank = self.heart[move.first - 1]
        if move.kind is MoveKind.WASTE:
            if not self.waste:
                return N_("The waste is empty")
            return None if self.waste[-1] == rank else SAME_RANK
        return None if self.heart[move.second - 1] == rank else SAME_RANK

    def legal_moves(self) -> list[Move]:
        """Every legal move: heart pairs, pairs with the waste, then draw or recycle."""
        if self.is_won():
            return []
        free = self.available()
        moves = [
            Move.pair(a, b)
            for k, a in enumerate(free)
            for b in free[k + 1 :]
            if self.heart[a - 1] == self.heart[b - 1]
        ]
        top = self.waste_top
        moves += [Move.with_waste(p) for p in free if self.heart[p - 1] == top]
        if self.stock:
            moves.append(Move.draw())
        elif self.waste:
            moves.append(Move.recycle())
        return moves

    def apply(self, move: Move) -> HeartState:
        """The position after ``move``; raise :class:`IllegalMove` if it is refused."""
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        moves = self.moves + 1
        if move.kind is MoveKind.DRAW:
            return HeartState(self.heart, self.stock[1:], (*self.waste, self.stock[0]), moves)
        if move.kind is MoveKind.RECYCLE:
            return HeartState(self.heart, self.waste, (), moves)
        heart = list(self.heart)
        heart[move.first - 1] = 0
        if move.kind is MoveKind.PAIR:
            heart[move.second - 1] = 0
            return HeartState(tuple(heart), self.stock, self.waste, moves)
        return HeartState(tuple(heart), self.stock, self.waste[:-1], moves)


def initial_state(deck: Sequence[int]) -> HeartState:
    """The starting position for a shuffled deck of 52 ranks (see the module docstring)."""
    if len(deck) != 52 or sorted(deck) != sorted(DECK):
        raise ValueError("a Heart to Heart deck holds four of each rank 1-13")
    return HeartState(tuple(deck[:25]), tuple(deck[25:51]), (deck[51],))


def deal_deck(code: DealCode) -> list[int]:
    """The shuffled deck of ranks for ``code``."""
    return shuffled(list(DECK), code.prefix, code.number)


def deal(code: DealCode) -> HeartState:
    """The starting position of ``code``."""
    return initial_state(deal_deck(code))
