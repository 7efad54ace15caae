"""The pairs family's engine: positions, moves, refusals, outcome and notation, for any
:class:`~cardems.kit.pairs.declare.PairsRules`.

A game declares its rules and binds them to a state class (``class HeartState(PairsState):
rules = RULES``), which makes the game's move class (its :attr:`PairsState.move`, bound to
the same rules; the game's module names it ``Move``). The layout's places are
positions ``1`` … ``size``; :data:`STOCK_TOP` and :data:`WASTE_TOP` name the stock's
and the waste's top cards.

Move notation (parsed by :meth:`PairsMove.parse`, written by ``str(move)``; they
round-trip):

==========  ==========================================================
``D``       draw: turn the stock's top card onto the waste
``R``       recycle: the stock is empty, the waste goes back (same order)
``12``      remove the card at position 12 alone (a king, where kings go alone)
``S``/``W`` remove the card on top of the stock / the waste alone
``22+28``   remove the pair at positions 22 and 28 (smaller first)
``22+S``    remove position 22 with the stock's top card (``W``: the waste's)
``S+W``     remove the stock's and the waste's top cards
==========  ==========================================================

Input is case-insensitive and ignores spaces; ``W+22`` and ``28+22`` are accepted. The
stock's top card is a place only where it plays. Each draw, recycle and removal counts as
one move; each layout card removed scores the declared points.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Self

from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.ending import WonOrBlocked
from cardems.kit.pairs.declare import PairsRules
from cardems.moves import MoveParseError as MoveParseError
from cardems.moves import move_tokens
from cardems.numbers import SHOWN, read_number, shown
from cardems.rng import shuffled

STOCK_TOP = 100
"""The place number of the stock's top card in a move (written ``S``)."""
WASTE_TOP = 101
"""The place number of the waste's top card in a move (written ``W``)."""
LETTERS = {STOCK_TOP: "S", WASTE_TOP: "W"}


class MoveKind(Enum):
    """What a move does: a draw, a recycle, or a removal — of two layout cards, of one
    with the waste's top card, or any other (a card alone, with the stock's top)."""

    DRAW = "D"
    RECYCLE = "R"
    PAIR = "pair"
    WASTE = "waste"
    REMOVE = "remove"


@dataclass(frozen=True, order=True)
class PairsMove:
    """A move: ``first < second`` name the places a removal takes (``second`` 0 for a
    card alone); a game binds :attr:`rules` in a subclass."""

    kind: MoveKind
    first: int = 0
    second: int = 0
    rules: ClassVar[PairsRules]

    @classmethod
    def draw(cls) -> Self:
        """Turn the stock's top card onto the waste."""
        return cls(MoveKind.DRAW)

    @classmethod
    def recycle(cls) -> Self:
        """Turn the waste over to make the empty stock again."""
        return cls(MoveKind.RECYCLE)

    @classmethod
    def remove(cls, a: int, b: int = 0) -> Self:
        """Remove the card at place ``a`` alone or with the one at ``b``."""
        size = cls.rules.size
        for place in (a, b) if b else (a,):
            if not 1 <= place <= size and place not in LETTERS:
                raise MoveParseError(f"place {place} out of range 1-{size}, S or W")
        if a == b:
            raise MoveParseError(f"a pair needs two different places, got {place_text(a)} twice")
        if not b:
            return cls(MoveKind.REMOVE, a)
        low, high = min(a, b), max(a, b)
        if high <= size:
            return cls(MoveKind.PAIR, low, high)
        return cls(
            MoveKind.WASTE if high == WASTE_TOP and low <= size else MoveKind.REMOVE, low, high
        )

    @classmethod
    def pair(cls, a: int, b: int) -> Self:
        """Pair the layout cards at positions ``a`` and ``b`` (any order)."""
        for place in (a, b):
            cls._check(place)
        return cls.remove(a, b)

    @classmethod
    def with_waste(cls, position: int) -> Self:
        """Pair the layout card at ``position`` with the waste's top card."""
        cls._check(position)
        return cls.remove(position, WASTE_TOP)

    @classmethod
    def _check(cls, position: int) -> None:
        rules = cls.rules
        if not 1 <= position <= rules.size:
            raise MoveParseError(f"{rules.place_word} {position} out of range 1-{rules.size}")

    @property
    def places(self) -> tuple[int, ...]:
        """The places a removal takes cards from (none for a draw or a recycle)."""
        if self.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
            return ()
        return (self.first, self.second) if self.second else (self.first,)

    @classmethod
    def parse(cls, text: str) -> Self:
        """Read a move written as in the module docstring."""
        rules = cls.rules
        expected = f"expected {rules.expected}"
        if len(text) > SHOWN:  # no move is that long: refused without echoing all of it
            raise MoveParseError(f"not a move: {shown(text)!r} ({expected})")
        token = "".join(text.split()).upper()
        if token in ("D", "R"):
            return cls.draw() if token == "D" else cls.recycle()
        parts = token.split("+")
        alone = rules.pairing.alone is not None
        if len(parts) > 2 or not all(parts) or (len(parts) == 1 and not alone):
            raise MoveParseError(f"not a move: {text!r} ({expected})")
        places = [cls._parse_place(part, text) for part in parts]
        if len(places) == 2 and places[0] == places[1]:
            if places[0] in LETTERS:
                raise MoveParseError(
                    f"not a move: {text!r} ({parts[0]!r} twice: the second is not a"
                    f" {rules.place_word} or another top card)"
                )
            raise MoveParseError(f"not a move: {text!r} (a pair needs two different places)")
        return cls.remove(*places)

    @classmethod
    def _parse_place(cls, part: str, text: str) -> int:
        rules = cls.rules
        letters = {"W": WASTE_TOP, **({"S": STOCK_TOP} if rules.stock.top_plays else {})}
        if part in letters:
            return letters[part]
        position = read_number(part)
        if position is None:
            named = ", S or W" if rules.stock.top_plays else " or W"
            raise MoveParseError(
                f"not a move: {text!r} ({part!r} is not a {rules.place_word}{named})"
            )
        if not 1 <= position <= rules.size:
            raise MoveParseError(
                f"not a move: {text!r} ({rules.place_word} {position} out of range 1-{rules.size})"
            )
        return position

    @classmethod
    def parse_many(cls, texts: Iterable[str]) -> list[Self]:
        """Parse several moves; each string may hold several separated by spaces or
        commas (:func:`~cardems.moves.format_moves` writes them back)."""
        return [cls.parse(token) for token in move_tokens(texts)]

    def __str__(self) -> str:
        if self.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
            return str(self.kind.value)
        return "+".join(place_text(place) for place in self.places)


def place_text(place: int) -> str:
    """``12``, ``S`` or ``W``."""
    return LETTERS.get(place, str(place))


@dataclass(frozen=True)
class PairsState(WonOrBlocked):
    """An immutable, hashable position; a game binds :attr:`rules` in a subclass, which
    gets :attr:`move`, a :class:`PairsMove` subclass bound to the same rules.

    ``cards[i]`` is the card at position ``i + 1`` (the rules' ``empty`` once removed);
    ``stock`` lists the face-down cards, the next one drawn first; ``waste`` is bottom →
    top; ``recycles`` counts the waste turned over so far; ``passes`` is the variant's
    limit of passes through the stock (None: unlimited); ``moves`` counts the moves made.
    """

    cards: tuple[Any, ...]
    stock: tuple[Any, ...]
    waste: tuple[Any, ...] = ()
    recycles: int = 0
    passes: int | None = None
    moves: int = 0
    rules: ClassVar[PairsRules]
    move: ClassVar[type[PairsMove]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        rules = cls.__dict__.get("rules")
        if rules is not None:
            namespace = {"rules": rules, "__module__": cls.__module__, "__qualname__": "Move"}
            namespace["__doc__"] = f"A {rules.name} move."
            cls.move = type("Move", (PairsMove,), namespace)

    @functools.cached_property
    def removed_mask(self) -> int:
        """Bit ``i`` set when position ``i + 1`` is empty (worked out once a position)."""
        return sum(1 << i for i, card in enumerate(self.cards) if not card)

    @property
    def score(self) -> int:
        """The declared points for each card removed from the layout."""
        return self.rules.points_per_card * sum(1 for card in self.cards if not card)

    @property
    def stock_top(self) -> Any:
        """The stock's top card (None when empty)."""
        return self.stock[0] if self.stock else None

    @property
    def waste_top(self) -> Any:
        """The waste's top card (None when empty)."""
        return self.waste[-1] if self.waste else None

    @property
    def can_recycle(self) -> bool:
        """Whether the variant allows one more pass through the stock."""
        return self.passes is None or self.recycles + 1 < self.passes

    def card_at(self, place: int) -> Any:
        """The card a move's place names (None or the rules' empty when there is none);
        the stock's top only where it plays."""
        if place == STOCK_TOP:
            return self.stock_top if self.rules.stock.top_plays else None
        if place == WASTE_TOP:
            return self.waste_top
        return self.cards[place - 1]

    def card_count(self) -> int:
        """Cards still in play (layout, stock and waste)."""
        return sum(1 for card in self.cards if card) + len(self.stock) + len(self.waste)

    def free_mask(self) -> int:
        """Bit ``i`` set while position ``i + 1`` holds a card nothing covers."""
        return self._free

    @functools.cached_property
    def _free(self) -> int:
        return self.rules.covers.free(self.removed_mask)

    def is_free(self, position: int) -> bool:
        """Whether the card at ``position`` is there and nothing covers it any more."""
        return bool(self.free_mask() >> (position - 1) & 1)

    def free(self) -> list[int]:
        """The free positions, in increasing order."""
        mask = self.free_mask()
        return [i + 1 for i in range(self.rules.size) if mask >> i & 1]

    available = free
    is_available = is_free

    def is_won(self) -> bool:
        """The layout cleared (cards may remain in the stock and waste)."""
        return not any(self.cards)

    def _tops(self) -> list[tuple[int, Any]]:
        """The playable places and their cards: free positions, the stock's and the
        waste's tops."""
        places = [(p, self.cards[p - 1]) for p in self.free()]
        return places + [
            (place, card)
            for place in (STOCK_TOP, WASTE_TOP)
            if (card := self.card_at(place)) is not None
        ]

    def removals(self) -> list[PairsMove]:
        """Every legal removal: cards alone, then pairs."""
        if self.is_won():
            return []
        pairing, value, move = self.rules.pairing, self.rules.value, self.move
        places = self._tops()
        moves = [move.remove(p) for p, card in places if value(card) == pairing.alone]
        moves += [
            move.remove(a, b)
            for k, (a, card) in enumerate(places)
            for b, other in places[k + 1 :]
            if pairing.matches(value(card), value(other))
        ]
        return moves

    def legal_moves(self) -> list[PairsMove]:
        """Every legal move: removals, then draw or recycle."""
        if self.is_won():
            return []
        moves = self.removals()
        if self.stock:
            moves.append(self.move.draw())
        elif self.waste and self.can_recycle:
            moves.append(self.move.recycle())
        return moves

    def is_blocked(self) -> bool:
        """No removal now nor after any number of draws and recycles."""
        if self.is_won():
            return False
        if self.passes is None and not self.rules.stock.top_plays:
            return not self._pool_partners()
        state = self
        for _ in range(2 * (len(self.stock) + len(self.waste)) + 2):
            if state.removals():
                return False
            if state.stock:
                state = state.apply(self.move.draw())
            elif state.waste and state.can_recycle:
                state = state.apply(self.move.recycle())
            else:
                return True
        return True  # round and round the stock, never a removal

    def _pool_partners(self) -> bool:
        """With unlimited passes every stock and waste card comes to the waste's top in
        turn: whether a free card, or one of those, can ever be removed."""
        pairing, value = self.rules.pairing, self.rules.value
        free = [value(self.cards[p - 1]) for p in self.free()]
        pool = {value(card) for card in (*self.stock, *self.waste)}
        if pairing.alone is not None and (pairing.alone in free or pairing.alone in pool):
            return True
        return any(
            pairing.partner(v) in pool or any(pairing.matches(v, w) for w in free[k + 1 :])
            for k, v in enumerate(free)
        )

    def refusal(self, move: PairsMove) -> str | None:
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
        values = []
        for place in move.places:
            card = self.card_at(place)
            if not card:
                if place == STOCK_TOP:
                    return N_("The stock is empty")
                if place == WASTE_TOP:
                    return N_("The waste is empty")
                return N_("Position %(num)d is empty") % {"num": place}
            if place <= self.rules.size and not self.is_free(place):
                return N_("The card at position %(num)d is covered") % {"num": place}
            values.append(self.rules.value(card))
        pairing = self.rules.pairing
        if len(values) == 1:
            if values[0] == pairing.alone:
                return None
            return pairing.alone_refusal or pairing.refusal
        return None if pairing.matches(values[0], values[1]) else pairing.refusal

    def apply(self, move: PairsMove) -> Self:
        """The position after ``move``; raise :class:`IllegalMove` if it is refused."""
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        moves = self.moves + 1
        if move.kind is MoveKind.DRAW:
            waste = (*self.waste, self.stock[0])
            return dataclasses.replace(self, stock=self.stock[1:], waste=waste, moves=moves)
        if move.kind is MoveKind.RECYCLE:
            recycles = self.recycles + 1
            return dataclasses.replace(
                self, stock=self.waste, waste=(), recycles=recycles, moves=moves
            )
        cards = list(self.cards)
        stock, waste = self.stock, self.waste
        for place in move.places:
            if place == STOCK_TOP:
                stock = stock[1:]
            elif place == WASTE_TOP:
                waste = waste[:-1]
            else:
                cards[place - 1] = self.rules.empty
        return dataclasses.replace(self, cards=tuple(cards), stock=stock, waste=waste, moves=moves)

    @classmethod
    def initial(cls, deck: Sequence[Any], passes: int | None = None) -> Self:
        """The starting position for a shuffled deck."""
        rules = cls.rules
        if len(deck) != len(rules.deck) or sorted(map(rules.text, deck)) != sorted(
            map(rules.text, rules.deck)
        ):
            raise ValueError(f"a {rules.name} deck holds {rules.deck_words}")
        end = len(deck) - rules.stock.waste_dealt
        return cls(
            tuple(deck[: rules.size]), tuple(deck[rules.size : end]), tuple(deck[end:]), 0, passes
        )

    @classmethod
    def deck_of(cls, code: DealCode) -> list[Any]:
        """The shuffled deck for ``code``."""
        return shuffled(list(cls.rules.deck), code.prefix, code.number)

    @classmethod
    def deal(cls, code: DealCode) -> Self:
        """The starting position of ``code``."""
        return cls.initial(cls.deck_of(code), cls.rules.stock.passes.get(code.variant))
