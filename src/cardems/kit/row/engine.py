"""The row family's engine: the immutable position, its moves and their notation.

A card is its ordinal 0–51 (:attr:`cardems.cards.Card.ordinal`): suit ``ordinal // 13``,
rank ``ordinal % 13 + 1``. The deal: ``cardems.rng.shuffled`` of the 52 cards for the
code; its first ``rules.deal`` cards go one on each pile, left to right.

Move notation (:func:`parse_move` reads what ``str(move)`` writes): ``7-4``, the pile
that is 7th from the left onto the 4th (numbers as the row stands before the move).

Score: one point for each pile gathered onto another (a won game of 52 cards scores 51);
the piles left are the cards dealt less the score.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardems.cards import Card
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.ending import WonOrBlocked
from cardems.kit.row.declare import DECK_SIZE, Match, RowRules
from cardems.moves import MoveParseError as MoveParseError
from cardems.numbers import SHOWN, shown
from cardems.rng import shuffled

NOT_LEFT = N_("A pile moves only onto a pile to its left")
# TRANSLATORS: places is a list of numbers, such as "1, 3".
NOT_A_JUMP = N_("A pile may move left by these numbers of places only: %(places)s")
NO_MATCH = {
    Match.SUIT_OR_RANK: N_("The top cards must be of the same suit or the same rank"),
    Match.SUIT: N_("The top cards must be of the same suit"),
    Match.RANK: N_("The top cards must be of the same rank"),
}
NO_PILE = N_("There is no pile %(num)d")
WON = N_("The game is won")


@dataclass(frozen=True, order=True)
class Move:
    """The pile at ``source`` (0-based, from the left) onto the pile at ``target``."""

    source: int
    target: int

    @property
    def jump(self) -> int:
        return self.source - self.target

    def __str__(self) -> str:
        return f"{self.source + 1}-{self.target + 1}"


def parse_move(text: str, piles: int = DECK_SIZE) -> Move:
    """Read ``7-4`` (spaces ignored): two pile numbers 1…``piles``, the first moving onto
    the second."""
    expected = f"expected two piles 1-{piles} such as 7-4"
    if len(text) > SHOWN:
        raise MoveParseError(f"not a move: {shown(text)!r} ({expected})")
    first, dash, second = "".join(text.split()).partition("-")
    numbers = [int(part) for part in (first, second) if part.isascii() and part.isdigit()]
    if not dash or len(numbers) != 2:
        raise MoveParseError(f"not a move: {text!r} ({expected})")
    if not all(1 <= n <= piles for n in numbers) or numbers[0] == numbers[1]:
        raise MoveParseError(f"not a move: {text!r} ({expected}, two different piles)")
    return Move(numbers[0] - 1, numbers[1] - 1)


def card_text(card: int) -> str:
    """``AS``, ``TH``: the notation of ordinal ``card``."""
    return str(Card.from_index(card))


@dataclass(frozen=True, slots=True)
class RowState(WonOrBlocked):
    """An immutable, hashable position: ``piles`` left to right, each bottom → top."""

    rules: RowRules
    piles: tuple[tuple[int, ...], ...]
    moves: int = 0

    @property
    def score(self) -> int:
        """One point a pile gathered onto another (the cards less the piles: each pile
        was dealt one card)."""
        return self.card_count() - len(self.piles)

    @property
    def piles_left(self) -> int:
        return len(self.piles)

    def card_count(self) -> int:
        return sum(map(len, self.piles))

    def tops(self) -> tuple[int, ...]:
        """The top card of each pile, left to right: all that the rules look at."""
        return tuple(pile[-1] for pile in self.piles)

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` is refused here (a marked message), or None when it is legal."""
        if self.is_won():
            return WON
        for index in (move.source, move.target):
            if not 0 <= index < len(self.piles):
                return NO_PILE % {"num": index + 1}
        if move.jump <= 0:
            return NOT_LEFT
        if move.jump not in self.rules.jumps:
            return NOT_A_JUMP % {"places": ", ".join(map(str, self.rules.jumps))}
        match = self.rules.match
        if not match.matches(self.piles[move.source][-1], self.piles[move.target][-1]):
            return NO_MATCH[match]
        return None

    def legal_moves(self) -> list[Move]:
        """Every legal move, the leftmost pile's first, its shortest jump first."""
        if self.is_won():
            return []
        tops = self.tops()
        matches = self.rules.match.matches
        return [
            Move(i, i - jump)
            for i in range(1, len(tops))
            for jump in self.rules.jumps
            if jump <= i and matches(tops[i], tops[i - jump])
        ]

    def apply(self, move: Move) -> RowState:
        """The position after ``move``; :class:`IllegalMove` when it is refused."""
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        piles = list(self.piles)
        piles[move.target] = piles[move.target] + piles[move.source]
        del piles[move.source]
        return RowState(self.rules, tuple(piles), self.moves + 1)

    def is_won(self) -> bool:
        return len(self.piles) == 1


def deal(rules: RowRules, code: DealCode) -> RowState:
    """The first position of ``code`` under ``rules``."""
    deck = shuffled(list(range(DECK_SIZE)), code.prefix, code.number)
    return RowState(rules, tuple((card,) for card in deck[: rules.deal]))
