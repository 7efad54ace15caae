"""A second toy on the kit, for ``PileSpec.top_plays``: two face-up cards and a stock whose
top card is face up; two of the three that make 13 leave together, a draw turns the
stock's top card under the others."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardems.cards import Card
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.kit import STOCK_ROLE, Declaration, PileSpec, Play, Solitaire

STOCK = "stock"
CARDS = ("card:1", "card:2")


def declaration(top_plays: bool) -> Declaration:
    return Declaration(
        piles=(PileSpec("card", count=2), PileSpec(STOCK, role=STOCK_ROLE, top_plays=top_plays)),
        pairing=True,
    )


@dataclass(frozen=True)
class PairMove:
    """A draw (no places) or the pair at ``places``."""

    places: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "+".join(self.places) or "draw"


@dataclass(frozen=True)
class PairState:
    cards: tuple[str | None, str | None]
    stock: tuple[str, ...]
    moves: int = 0

    @property
    def score(self) -> int:
        return self.cards.count(None)

    @property
    def outcome(self) -> str | None:
        return "won" if self.cards == (None, None) else None

    def card(self, place: str) -> str | None:
        if place == STOCK:
            return self.stock[0] if self.stock else None
        return self.cards[CARDS.index(place)]

    def refusal(self, move: PairMove) -> str | None:
        if not move.places:
            return None if self.stock else "The stock is empty"
        codes = [self.card(place) for place in move.places]
        if len(set(move.places)) != 2 or None in codes:
            return "There is no card there"
        total = sum(int(Card.parse(code).rank) for code in codes if code)
        return None if total == 13 else "The cards must make 13"

    def legal_moves(self) -> list[PairMove]:
        moves = [PairMove(pair) for pair in ((*CARDS,), ("card:1", STOCK), ("card:2", STOCK))]
        return [move for move in (*moves, PairMove()) if self.refusal(move) is None]

    def apply(self, move: PairMove) -> PairState:
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        if not move.places:
            return replace(self, stock=(*self.stock[1:], self.stock[0]), moves=self.moves + 1)
        cards = tuple(None if place in move.places else self.card(place) for place in CARDS)
        stock = self.stock[1:] if STOCK in move.places else self.stock
        return PairState((cards[0], cards[1]), stock, self.moves + 1)


DEAL = PairState(("6S", "2H"), ("7H", "JD", "KC"))


class Pairs(Solitaire[PairState, PairMove]):
    """The toy with the stock's top card in play."""

    declaration = declaration(top_plays=True)

    def deal(self, code: DealCode) -> PairState:
        return DEAL

    def cards(self, state: PairState, target: str) -> tuple[str | None, ...]:
        if target == STOCK:
            return (*([None] * (len(state.stock) - 1)), state.stock[0]) if state.stock else ()
        code = state.card(target)
        return () if code is None else (code,)

    def free(self, state: PairState, target: str) -> int:
        return 0 if state.card(target) is None else 1

    def play(self, state: PairState, move: PairMove) -> Play:
        if not move.places:
            return Play(STOCK, STOCK)
        first, second = move.places
        return Play(first, second, 1, tuple(code for code in (state.card(first),) if code))

    def move_for(
        self, state: PairState, source: str, target: str, count: int | None
    ) -> PairMove | None:
        return PairMove((source, target) if target == STOCK else tuple(sorted((source, target))))

    def tap_move(self, state: PairState, target: str) -> PairMove | None:
        return PairMove() if target == STOCK else None

    def place(self, state: PairState, target: str) -> dict[str, Any]:
        return {"x": 108 * self.declaration.targets.index(target), "y": 0}

    def board(self, state: PairState) -> dict[str, int]:
        return {"width": 324, "height": 140}


class DrawOnly(Pairs):
    """The same toy, its stock a plain one: a tap draws."""

    declaration = declaration(top_plays=False)


CODE = DealCode("HH", 1, "N", 0)
"""Any code: the toy deals the same every time."""
