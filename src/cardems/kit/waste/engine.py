"""The waste family's engine: one interpreter of every declaration.

A card is its ordinal 0–51 (:attr:`cardems.cards.Card.ordinal`), rank ``ordinal % 13 +
1``. A move names a layout pile 1…P (its top card goes onto the waste) or, as 0, the
draw: the stock's next card turned onto the waste (one pass, no redeal). The game is
won when the layout is empty (cards may remain in the stock) and blocked when no move
is left.

Notation (:func:`parse_move` reads, ``str(move)`` writes; they round-trip): ``D`` the
draw, ``12`` pile 12.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from cardems.cards import Card
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.ending import WonOrBlocked
from cardems.kit.waste.declare import DECK_SIZE, Onto, WasteDeclaration
from cardems.moves import MoveParseError as MoveParseError
from cardems.moves import move_tokens
from cardems.moves import play as play
from cardems.numbers import SHOWN, read_number, shown
from cardems.rng import shuffled

GONE = -1
"""A layout position whose card has been played."""
DECK: tuple[int, ...] = tuple(range(DECK_SIZE))

WON = N_("The game is won")
STOCK_EMPTY = N_("The stock is empty")


@functools.cache
def card_text(card: int) -> str:
    """The card notation of ordinal ``card``: ``AS``, ``TH``."""
    return str(Card.from_index(card))


def rank_of(card: int) -> int:
    """The rank (A = 1 … K = 13) of ordinal ``card``."""
    return card % 13 + 1


@dataclass(frozen=True, order=True)
class Move:
    """A move: ``pile`` 1…P plays that pile's top card, 0 draws from the stock."""

    pile: int = 0

    @classmethod
    def draw(cls) -> Move:
        """Turn the stock's top card onto the waste."""
        return cls(0)

    @property
    def is_draw(self) -> bool:
        """Whether the move turns a stock card."""
        return self.pile == 0

    @property
    def position(self) -> int:
        """The pile's number (a TriPeaks pile is one position)."""
        return self.pile

    def __str__(self) -> str:
        return "D" if self.is_draw else str(self.pile)


class Rules:
    """A declaration with one variant's rule, and the masks the engine and solver use
    (one per declaration and variant: :func:`rules_of`; compared by identity)."""

    def __init__(self, declaration: WasteDeclaration, variant: str) -> None:
        self.declaration = declaration
        self.variant = variant
        self.onto: Onto = {v.letter: v.onto for v in declaration.variants}[variant]
        layout = declaration.layout
        self.count = layout.count
        self.piles = layout.piles
        self.pile_of = tuple(
            next(p for p, pile in enumerate(layout.piles, 1) if i + 1 in pile)
            for i in range(self.count)
        )
        """``pile_of[i]``: the pile of position ``i + 1``."""
        self.cover = tuple(sum(1 << (p - 1) for p in c) for c in layout.covered_by)
        """``cover[i]``: the mask of the positions over position ``i + 1``."""
        self.fits = tuple(
            tuple(bool(b) and (not a or self.onto.fits(a, b)) for b in range(14)) for a in range(14)
        )
        """``fits[top][rank]``: whether a card of ``rank`` goes on ``top`` (0: an empty
        waste, which takes any card)."""

    def parse(self, text: str) -> Move:
        """Read ``D`` (with a stock) or a pile number (case and spaces ignored)."""
        piles = len(self.piles)
        noun = self.declaration.words.pile or self.declaration.kind
        draw = "D or " if self.declaration.stock else ""
        expected = f"expected {draw}a {noun} 1-{piles}"
        if len(text) > SHOWN:
            raise MoveParseError(f"not a move: {shown(text)!r} ({expected})")
        token = "".join(text.split()).upper()
        if token == "D" and self.declaration.stock:
            return Move.draw()
        number = read_number(token)
        if number is None:
            raise MoveParseError(f"not a move: {text!r} ({expected})")
        if not 1 <= number <= piles:
            raise MoveParseError(f"not a move: {text!r} ({noun} {number} out of range 1-{piles})")
        return Move(number)

    def parse_moves(self, texts: Iterable[str]) -> list[Move]:
        """Several moves; each string may hold several, separated by spaces or commas."""
        return [self.parse(token) for token in move_tokens(texts)]


@functools.cache
def rules_of(declaration: WasteDeclaration, variant: str) -> Rules:
    """The rules of ``declaration``'s ``variant`` (made once)."""
    return Rules(declaration, variant)


@dataclass(frozen=True, slots=True)
class WasteState(WonOrBlocked):
    """An immutable, hashable position: ``layout[i]`` the card at position ``i + 1`` or
    :data:`GONE`, ``stock`` next card first, ``waste`` bottom → top; ``moves`` counts
    draws and plays, ``score`` and ``streak`` follow the declaration's scoring."""

    rules: Rules
    layout: tuple[int, ...]
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    moves: int = 0
    score: int = 0
    streak: int = 0

    @property
    def present_mask(self) -> int:
        """Bit ``i`` set while position ``i + 1`` still holds its card."""
        return sum(1 << i for i, card in enumerate(self.layout) if card != GONE)

    @property
    def waste_top(self) -> int:
        """The waste's top card (the waste is empty only before a declaration's
        ``empty_start`` game plays its first card)."""
        return self.waste[-1]

    @property
    def top_rank(self) -> int:
        """The rank of the waste's top card; 0 while the waste is empty."""
        return rank_of(self.waste[-1]) if self.waste else 0

    @property
    def wrap(self) -> bool:
        """Whether K and A are one apart."""
        return self.rules.onto.wrap

    def card_count(self) -> int:
        """Cards in play: layout, stock and waste."""
        return len(self.layout) - self.layout.count(GONE) + len(self.stock) + len(self.waste)

    def is_face_up(self, position: int) -> bool:
        """Whether the card at ``position`` is there and nothing covers it (free)."""
        i = position - 1
        return self.layout[i] != GONE and not self.rules.cover[i] & self.present_mask

    def face_up(self) -> list[int]:
        """The free positions, in increasing order."""
        present = self.present_mask
        cover = self.rules.cover
        return [
            i + 1 for i in range(len(self.layout)) if present >> i & 1 and not cover[i] & present
        ]

    def top(self, pile: int) -> int | None:
        """The position of pile ``pile``'s top card, None when the pile is empty."""
        for position in reversed(self.rules.piles[pile - 1]):
            if self.layout[position - 1] != GONE:
                return position
        return None

    def fits(self, card: int) -> bool:
        """Whether ``card`` may go on the waste's top card."""
        return self.rules.fits[self.top_rank][rank_of(card)]

    def is_won(self) -> bool:
        """Every layout card played (cards may remain in the stock)."""
        return self.layout.count(GONE) == len(self.layout)

    def is_blocked(self) -> bool:
        """The stock is empty and no free card fits the waste."""
        if self.is_won() or self.stock:
            return False
        return not any(self.fits(self.layout[p - 1]) for p in self.face_up())

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is illegal here (a marked message), or None when it is legal."""
        words = self.rules.declaration.words
        if self.is_won():
            return WON
        if move.is_draw:
            return None if self.stock else STOCK_EMPTY
        position = self.top(move.pile)
        if position is None:
            return words.empty % {"num": move.pile}
        if not self.is_face_up(position):
            return words.face_down % {"num": move.pile}
        if self.fits(self.layout[position - 1]):
            return None
        onto = self.rules.onto
        if onto.kings_block and self.top_rank == 13:
            return words.kings_block
        return words.one_apart if onto.wrap else words.one_apart_no_wrap

    def legal_moves(self) -> list[Move]:
        """Every legal move: the piles whose free top card fits, then the draw."""
        if self.is_won():
            return []
        pile_of = self.rules.pile_of
        moves = [Move(pile_of[p - 1]) for p in self.face_up() if self.fits(self.layout[p - 1])]
        if self.stock:
            moves.append(Move.draw())
        return moves

    def apply(self, move: Move) -> WasteState:
        """The position after ``move``; raise :class:`IllegalMove` if it is refused."""
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        scoring = self.rules.declaration.scoring
        moves = self.moves + 1
        if move.is_draw:
            waste = (*self.waste, self.stock[0])
            score = self.score - scoring.draw_cost
            return WasteState(self.rules, self.layout, self.stock[1:], waste, moves, score, 0)
        position = self.top(move.pile)
        assert position is not None
        layout = list(self.layout)
        card = layout[position - 1]
        layout[position - 1] = GONE
        streak = self.streak + 1
        score = self.score + (streak if scoring.streak else 1)
        if position in scoring.bonus_at:
            cleared = sum(layout[p - 1] == GONE for p in scoring.bonus_at)
            score += scoring.bonus[cleared - 1]
        waste = (*self.waste, card)
        return WasteState(self.rules, tuple(layout), self.stock, waste, moves, score, streak)


def initial_state(rules: Rules, deck: Iterable[int]) -> WasteState:
    """The starting position for a shuffled deck of the 52 ordinals."""
    cards = list(deck)
    if sorted(cards) != list(DECK):
        raise ValueError(f"a {rules.declaration.words.title} deck holds each of the 52 cards once")
    n = rules.count
    start = rules.declaration.start
    if rules.declaration.empty_start:
        return WasteState(rules, tuple(cards), (), ())
    if start is not None:
        cards.remove(start)
        return WasteState(rules, tuple(cards[:n]), tuple(cards[n:]), (start,))
    return WasteState(rules, tuple(cards[:n]), tuple(cards[n + 1 :]), (cards[n],))


def deal_deck(code: DealCode) -> list[int]:
    """The shuffled deck of ordinals for ``code``."""
    return shuffled(list(DECK), code.prefix, code.number)


def deal(declaration: WasteDeclaration, code: DealCode) -> WasteState:
    """The starting position of ``code``."""
    return initial_state(rules_of(declaration, code.variant), deal_deck(code))
