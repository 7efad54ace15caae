"""The discard family's engine: the immutable position, its moves and their notation.

A card is its ordinal 0–51 (:attr:`cardems.cards.Card.ordinal`): suit ``ordinal // 13``,
rank ``ordinal % 13 + 1``. The deal: ``cardems.rng.shuffled`` of the 52 cards for the
code; the first ``piles`` cards go one on each pile, left to right, and the rest form the
stock, dealt in that order.

Move notation (:func:`parse_move` reads what ``str(move)`` writes):

=======  ===============================================================
``D``    deal: one card from the stock onto each pile, left to right
``3``    discard the top card of pile 3 (a higher card of its suit shows)
``31``   move the top card of pile 3 to the empty pile 1
=======  ===============================================================

Score: one point for each card discarded.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardems.cards import Card
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.discard.declare import DECK_SIZE, DiscardRules
from cardems.kit.ending import WonOrBlocked
from cardems.moves import MoveParseError as MoveParseError
from cardems.numbers import SHOWN, shown
from cardems.rng import shuffled

DEAL = -1
"""A move's ``source`` when it deals from the stock."""

NOT_BEATEN = N_("Only a card with a higher card of its suit on top of another pile can go")
NOT_EMPTY = N_("Only an empty pile takes a card")
ONLY_CARD = N_("Its only card would just change piles")
STOCK_EMPTY = N_("The stock is empty")
NO_CARD = N_("Pile %(num)d is empty")
WON = N_("The game is won")


@dataclass(frozen=True, order=True)
class Move:
    """``source`` pile (0-based) or :data:`DEAL`; ``target`` pile, or None: discard."""

    source: int
    target: int | None = None

    @property
    def is_deal(self) -> bool:
        return self.source == DEAL

    def __str__(self) -> str:
        if self.is_deal:
            return "D"
        if self.target is None:
            return str(self.source + 1)
        return f"{self.source + 1}{self.target + 1}"


def parse_move(text: str, piles: int) -> Move:
    """Read ``D``, a pile ``1``… or two piles ``31`` (spaces and case ignored)."""
    expected = f"expected D, a pile 1-{piles}, or two piles such as 31"
    if len(text) > SHOWN:
        raise MoveParseError(f"not a move: {shown(text)!r} ({expected})")
    token = "".join(text.split()).upper()
    if token == "D":
        return Move(DEAL)
    numbers = [int(c) for c in token if c.isdigit() and c.isascii()]
    if len(numbers) != len(token) or len(numbers) not in (1, 2) or token == "":
        raise MoveParseError(f"not a move: {text!r} ({expected})")
    if not all(1 <= n <= piles for n in numbers) or numbers[:1] == numbers[1:]:
        raise MoveParseError(f"not a move: {text!r} ({expected}, two different piles)")
    return Move(numbers[0] - 1, numbers[1] - 1 if len(numbers) == 2 else None)


def card_text(card: int) -> str:
    """``AS``, ``TH``: the notation of ordinal ``card``."""
    return str(Card.from_index(card))


@dataclass(frozen=True, slots=True)
class DiscardState(WonOrBlocked):
    """An immutable, hashable position: ``piles`` bottom → top, ``stock`` dealt first
    first, ``discarded`` the cards thrown out (bottom → top)."""

    rules: DiscardRules
    piles: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    discarded: tuple[int, ...] = ()
    moves: int = 0

    @property
    def score(self) -> int:
        """One point a card discarded."""
        return len(self.discarded)

    def card_count(self) -> int:
        return sum(map(len, self.piles)) + len(self.stock) + len(self.discarded)

    def beaten(self, i: int) -> bool:
        """Whether pile ``i``'s top card has a higher card of its suit on another top."""
        pile = self.piles[i]
        if not pile:
            return False
        card, value = pile[-1], self.rules.value(pile[-1])
        return any(
            other and other[-1] // 13 == card // 13 and self.rules.value(other[-1]) > value
            for j, other in enumerate(self.piles)
            if j != i
        )

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is refused here (a marked message), or None when it is legal."""
        if self.is_won():
            return WON
        if move.is_deal:
            return None if self.stock else STOCK_EMPTY
        if not self.piles[move.source]:
            return NO_CARD % {"num": move.source + 1}
        if move.target is None:
            return None if self.beaten(move.source) else NOT_BEATEN
        if self.piles[move.target]:
            return NOT_EMPTY
        return ONLY_CARD if len(self.piles[move.source]) == 1 else None

    def legal_moves(self) -> list[Move]:
        """Discards, then moves to empty piles, then the deal."""
        if self.is_won():
            return []
        n = len(self.piles)
        moves = [Move(i) for i in range(n) if self.beaten(i)]
        empty = [j for j in range(n) if not self.piles[j]]
        moves += [Move(i, j) for j in empty for i in range(n) if len(self.piles[i]) > 1]
        if self.stock:
            moves.append(Move(DEAL))
        return moves

    def apply(self, move: Move) -> DiscardState:
        """The position after ``move``; :class:`IllegalMove` when it is refused."""
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        piles = list(self.piles)
        discarded, stock = self.discarded, self.stock
        if move.is_deal:
            dealt = stock[: len(piles)]
            for i, card in enumerate(dealt):
                piles[i] = (*piles[i], card)
            stock = stock[len(dealt) :]
        else:
            card = piles[move.source][-1]
            piles[move.source] = piles[move.source][:-1]
            if move.target is None:
                discarded = (*discarded, card)
            else:
                piles[move.target] = (card,)
        return DiscardState(self.rules, tuple(piles), stock, discarded, self.moves + 1)

    def is_won(self) -> bool:
        return len(self.discarded) == self.rules.discards_to_win


def deal(rules: DiscardRules, code: DealCode) -> DiscardState:
    """The first position of ``code`` under ``rules``."""
    deck = shuffled(list(range(DECK_SIZE)), code.prefix, code.number)
    n = rules.piles
    return DiscardState(rules, tuple((card,) for card in deck[:n]), tuple(deck[n:]))
