"""Klondike rules: the immutable state, moves, scores, win and stuck.

The players' rules are the game's rules page (``web/rules/<lang>.html``).

A card is its ordinal 0–51 (:attr:`cardems.cards.Card.ordinal`: suit S, H, D, C times
13 plus rank − 1); hearts and diamonds are red.

The deal: ``cardems.rng.shuffled`` of the 52 ordinals for the family ``KL<version>``
(the same cards in every variant, so a deal number can be played at draw 1 and draw 3).
The columns are dealt row by row as at a table: the first seven cards go one to each
column from left to right, the next six to columns 2–7, and so on; the top card of each
column is face up. The 24 cards left form the stock, ``deck[28]`` drawn first.

The variant (:data:`VARIANTS`) sets the draw and the passes: ``D1`` and ``D3`` draw one
or three cards and pass through the stock any number of times; ``D1L`` allows one pass
(no recycle) and ``D3L`` three passes (two recycles), as Windows' Vegas rules had.

Move notation (parsed by :meth:`Move.parse`, written by ``str(move)``; they round-trip):

==========  ==================================================================
``D``       draw: turn one card (``D1``) or three (``D3``) from stock to waste
``R``       recycle: the stock is empty, the waste turns back into the stock
``W>3``     the waste's top card onto column 3 (columns 1–7, left to right)
``W>F``     the waste's top card to its foundation
``2>F``     column 2's top card to its foundation
``2>5``     from column 2 onto column 5 the face-up run that fits there
``FH>3``    the top card of the hearts foundation back onto column 3
==========  ==================================================================

Input is case-insensitive and ignores spaces. A face-down card left on top of a column
turns over at once, as in Microsoft's game.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from cardems.cards import Card
from cardems.core.history import IllegalMove
from cardems.core.stuck import progress_reachable
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.moves import format_moves as format_moves
from cardems.moves import move_tokens
from cardems.numbers import SHOWN, shown
from cardems.rng import shuffled

T = TypeVar("T")

COLUMNS = 7
SUITS = "SHDC"
"""Foundation order, as the card ordinals (suit index = ordinal // 13)."""
VARIANTS = ("D3", "D1", "D3L", "D1L")
"""Draw three, draw one; with ``L`` the limited passes (three for draw three, one for
draw one)."""

STUCK_LIMIT = 5_000
"""Positions the "stuck" search may see before it gives up and says "not stuck"."""

NO_STOCK = N_("The stock is empty")
NO_RECYCLE = N_("The stock still has cards")
NO_PASSES = N_("No passes left through the stock")
EMPTY_WASTE = N_("The waste is empty")
EMPTY_COLUMN = N_("That column is empty")
EMPTY_FOUNDATION = N_("That foundation is empty")
ONLY_KING = N_("Only a king may fill an empty column")
BUILD_DOWN = N_("Must be one rank lower and of the other colour")
FOUNDATION_ORDER = N_("A foundation is built up by suit from the ace")
NO_RUN = N_("No face-up run of that column fits there")


def rank_of(card: int) -> int:
    """1 (ace) to 13 (king)."""
    return card % 13 + 1


def suit_of(card: int) -> int:
    """0–3 in :data:`SUITS` order."""
    return card // 13


def is_red(card: int) -> bool:
    """Hearts and diamonds."""
    return suit_of(card) in (1, 2)


def builds_on(card: int, base: int) -> bool:
    """Whether ``card`` may lie on ``base`` in a column: one rank lower, other colour."""
    return rank_of(card) + 1 == rank_of(base) and is_red(card) != is_red(base)


@functools.cache
def card_text(card: int) -> str:
    """``AH``, ``TD``, ``KS``."""
    return str(Card.from_index(card))


SCORINGS = ("standard", "vegas")
"""The player's choice of score (:attr:`KlondikeState.score`); the deal's code does not
carry it, the game's options do."""


@dataclass(frozen=True)
class Rules:
    """What a variant sets: cards per draw and the recycles allowed (None: any); and the
    scoring the player chose (:data:`SCORINGS`)."""

    draw: int
    recycles: int | None
    scoring: str = "standard"

    @classmethod
    def of(cls, variant: str, scoring: str = "standard") -> Rules:
        """The rules of ``D1``, ``D3``, ``D1L`` or ``D3L``, scored ``scoring``."""
        if variant not in VARIANTS:
            raise ValueError(f"unknown Klondike variant {variant!r}")
        if scoring not in SCORINGS:
            raise ValueError(f"unknown Klondike scoring {scoring!r}")
        draw = int(variant[1])
        limited = variant.endswith("L")
        return cls(draw, (0 if draw == 1 else 2) if limited else None, scoring)


class MoveParseError(ValueError):
    """A move string that cannot be read; the message says why."""


EXPECTED = "expected D, R, W>3, W>F, 2>F, 2>5 or FH>3"


@dataclass(frozen=True, order=True)
class Move:
    """A move: ``source`` ``D``/``R`` (draw, recycle), ``W``, ``1``–``7`` or ``F`` plus a
    suit letter; ``target`` ``F`` or ``1``–``7`` (empty for a draw or a recycle)."""

    source: str
    target: str = ""

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in the notation of the module docstring."""
        if len(text) > SHOWN:
            raise MoveParseError(f"not a move: {shown(text)!r} ({EXPECTED})")
        token = "".join(text.split()).upper()
        if token in ("D", "R"):
            return cls(token)
        parts = token.split(">")
        if len(parts) != 2:
            raise MoveParseError(f"not a move: {text!r} ({EXPECTED})")
        source, target = parts
        columns = [str(n) for n in range(1, COLUMNS + 1)]
        sources = ["W", *columns, *(f"F{suit}" for suit in SUITS)]
        if source not in sources or target not in ("F", *columns):
            raise MoveParseError(f"not a move: {text!r} ({EXPECTED})")
        if source == target or (source.startswith("F") and target == "F"):
            raise MoveParseError(f"not a move: {text!r} (source and target are the same)")
        return cls(source, target)

    def __str__(self) -> str:
        return f"{self.source}>{self.target}" if self.target else self.source


DRAW = Move("D")
RECYCLE = Move("R")


def parse_moves(texts: Iterable[str]) -> list[Move]:
    """Parse several moves; each string may hold several separated by spaces or commas
    (:func:`~cardems.moves.format_moves` writes them back)."""
    return [Move.parse(token) for token in move_tokens(texts)]


STANDARD_POINTS = {"waste>column": 5, "to foundation": 10, "turn": 5, "from foundation": -15}
"""Microsoft's standard scoring; a recycle costs 100 at draw one, 20 at draw three."""
VEGAS_STAKE = 52
VEGAS_CARD = 5
"""Vegas scoring: the deal costs 52, each card on the foundations pays 5 back (a card
taken back from a foundation takes its 5 with it)."""


@dataclass(frozen=True, slots=True)
class KlondikeState:
    """An immutable, hashable position.

    ``columns[i]`` lists column ``i + 1``'s cards bottom → top, of which the first
    ``hidden[i]`` are face down; ``stock`` lists the face-down stock, the next drawn
    first; ``waste`` is bottom → top; ``foundations[s]`` is the top rank of suit ``s``
    (0: empty). ``recycles`` counts the recycles made, ``moves`` every move, ``points``
    the standard score (never below 0) whichever scoring counts.
    """

    rules: Rules
    columns: tuple[tuple[int, ...], ...]
    hidden: tuple[int, ...]
    stock: tuple[int, ...]
    waste: tuple[int, ...]
    foundations: tuple[int, ...] = (0, 0, 0, 0)
    recycles: int = 0
    moves: int = 0
    points: int = 0

    @property
    def vegas(self) -> int:
        """The Vegas score: :data:`VEGAS_STAKE` paid, :data:`VEGAS_CARD` back for each
        card on the foundations (−52 to 208)."""
        return VEGAS_CARD * sum(self.foundations) - VEGAS_STAKE

    @property
    def score(self) -> int:
        """The score the rules' scoring counts: standard (:data:`STANDARD_POINTS`,
        :attr:`points`) or :attr:`vegas`."""
        return self.vegas if self.rules.scoring == "vegas" else self.points

    @property
    def outcome(self) -> str | None:
        """``won``, ``stuck`` (no progress left, see :attr:`stuck`), or None."""
        if self.won:
            return "won"
        return "stuck" if self.stuck else None

    @property
    def won(self) -> bool:
        """All 52 cards are on the foundations."""
        return sum(self.foundations) == 52

    def card_count(self) -> int:
        """Every card, wherever it is (always 52)."""
        laid = sum(len(column) for column in self.columns)
        return laid + len(self.stock) + len(self.waste) + sum(self.foundations)

    def face_up(self, column: int) -> tuple[int, ...]:
        """Column ``column``'s face-up cards (0-based index), bottom → top."""
        return self.columns[column][self.hidden[column] :]

    def recycles_left(self) -> bool:
        """Whether the waste may still be turned back into the stock."""
        return self.rules.recycles is None or self.recycles < self.rules.recycles

    # -- the shared verbs ---------------------------------------------------------

    def refusal(self, move: Move) -> str | None:
        """Why ``move`` may not be played now, or None."""
        try:
            self._play(move)
        except IllegalMove as error:
            return error.reason
        return None

    def apply(self, move: Move) -> KlondikeState:
        """The state after ``move``; :class:`IllegalMove` if it is refused."""
        return self._play(move)

    def legal_moves(self) -> list[Move]:
        """Every move that may be played now: of :data:`CANDIDATES`, in their order, those
        whose cards may go where they would (:meth:`_plausible`, a quick look) and
        the rules then allow."""
        return [move for move, _ in self.successors()]

    def successors(self) -> list[tuple[Move, KlondikeState]]:
        """Each legal move (in :meth:`legal_moves`' order) with the state it leads to."""
        found = []
        for move in CANDIDATES:
            if self._plausible(move):
                with contextlib.suppress(IllegalMove):
                    found.append((move, self._play(move)))
        return found

    def _plausible(self, move: Move) -> bool:
        """False only for a move the rules refuse: nothing to take, or no card of the
        source one rank below the target's top (a king onto an empty column, the next
        card of its suit onto a foundation)."""
        source, target = move.source, move.target
        if source in ("D", "R"):
            return True
        if source == "W":
            cards: tuple[int, ...] = self.waste[-1:]
        elif source[0] == "F":
            suit = SUITS.index(source[1])
            cards = (suit * 13 + self.foundations[suit] - 1,) if self.foundations[suit] else ()
        else:
            column = int(source) - 1
            cards = self.columns[column][self.hidden[column] :]
            if target == "F":
                cards = cards[-1:]
        if target == "F":
            return bool(cards) and rank_of(cards[0]) == self.foundations[suit_of(cards[0])] + 1
        base = self.columns[int(target) - 1]
        top = rank_of(base[-1]) if base else 14
        return any(rank_of(card) + 1 == top for card in cards)

    @property
    def position(self) -> tuple[object, ...]:
        """The cards' placement and the passes used where they are limited (no score or
        counter), for comparing positions."""
        passes = 0 if self.rules.recycles is None else self.recycles
        return (self.columns, self.hidden, self.stock, self.waste, self.foundations, passes)

    @property
    def progress(self) -> int:
        """How far the deal has come: the face-down cards turned, the cards played out of
        the stock and waste (neither ever comes back) and the cards home; 0 at the deal,
        97 when won."""
        down = sum(self.hidden) + len(self.stock) + len(self.waste)
        return 52 - COLUMNS - down + sum(self.foundations)

    @property
    def stuck(self) -> bool:
        """Not won, and no sequence of moves leads beyond this position's
        :attr:`progress` (a face-down card turned, a card played from the waste, a card
        home beyond those there now), so the deal can no longer be won
        (:mod:`cardems.core.stuck`; past :data:`STUCK_LIMIT` positions, not stuck)."""
        if self.won:
            return False
        now = self.progress
        return (
            progress_reachable(
                self, _successors, _position, lambda s: s.progress > now, STUCK_LIMIT
            )
            is False
        )

    # -- the rules ----------------------------------------------------------------

    def _play(self, move: Move) -> KlondikeState:
        if move.source == "D":
            if not self.stock:
                raise IllegalMove(NO_STOCK)
            drawn = self.stock[: self.rules.draw]
            return replace(
                self,
                stock=self.stock[len(drawn) :],
                waste=self.waste + drawn,
                moves=self.moves + 1,
            )
        if move.source == "R":
            if self.stock:
                raise IllegalMove(NO_RECYCLE)
            if not self.waste:
                raise IllegalMove(EMPTY_WASTE)
            if not self.recycles_left():
                raise IllegalMove(NO_PASSES)
            cost = 100 if self.rules.draw == 1 else 20
            return replace(
                self,
                stock=self.waste,
                waste=(),
                recycles=self.recycles + 1,
                moves=self.moves + 1,
                points=max(0, self.points - cost),
            )
        if move.source == "W":
            if not self.waste:
                raise IllegalMove(EMPTY_WASTE)
            card = self.waste[-1]
            after = replace(self, waste=self.waste[:-1])
            if move.target == "F":
                return after._to_foundation(card, STANDARD_POINTS["to foundation"])
            return after._onto_column((card,), int(move.target) - 1, "waste>column")
        if move.source.startswith("F"):
            suit = SUITS.index(move.source[1])
            if not self.foundations[suit]:
                raise IllegalMove(EMPTY_FOUNDATION)
            card = suit * 13 + self.foundations[suit] - 1
            foundations = _set(self.foundations, suit, self.foundations[suit] - 1)
            after = replace(self, foundations=foundations)
            return after._onto_column((card,), int(move.target) - 1, "from foundation")
        source = int(move.source) - 1
        column = self.columns[source]
        if not column:
            raise IllegalMove(EMPTY_COLUMN)
        if move.target == "F":
            after = self._take(source, len(column) - 1)
            return after._to_foundation(column[-1], STANDARD_POINTS["to foundation"])
        target = int(move.target) - 1
        start = self._run_start(source, target)
        return self._take(source, start)._onto_column(column[start:], target, "")

    def _run_start(self, source: int, target: int) -> int:
        """Where the face-up run of ``source`` that fits on ``target`` starts."""
        column = self.columns[source]
        base = self.columns[target]
        for start in range(self.hidden[source], len(column)):
            card = column[start]
            if builds_on(card, base[-1]) if base else rank_of(card) == 13:
                return start
        if not base:
            raise IllegalMove(ONLY_KING)
        raise IllegalMove(NO_RUN if len(column) > 1 else BUILD_DOWN)

    def _take(self, column: int, start: int) -> KlondikeState:
        """Remove ``columns[column][start:]``, turning over a face-down card left on top."""
        kept = self.columns[column][:start]
        hidden = min(self.hidden[column], len(kept))
        points = self.points
        if kept and hidden == len(kept):
            hidden -= 1
            points += STANDARD_POINTS["turn"]
        return replace(
            self,
            columns=_set(self.columns, column, kept),
            hidden=_set(self.hidden, column, hidden),
            points=points,
        )

    def _to_foundation(self, card: int, points: int) -> KlondikeState:
        suit = suit_of(card)
        if rank_of(card) != self.foundations[suit] + 1:
            raise IllegalMove(FOUNDATION_ORDER)
        return replace(
            self,
            foundations=_set(self.foundations, suit, rank_of(card)),
            moves=self.moves + 1,
            points=max(0, self.points + points),
        )

    def _onto_column(self, cards: tuple[int, ...], target: int, kind: str) -> KlondikeState:
        base = self.columns[target]
        if base and not builds_on(cards[0], base[-1]):
            raise IllegalMove(BUILD_DOWN)
        if not base and rank_of(cards[0]) != 13:
            raise IllegalMove(ONLY_KING)
        return replace(
            self,
            columns=_set(self.columns, target, base + cards),
            moves=self.moves + 1,
            points=max(0, self.points + STANDARD_POINTS.get(kind, 0)),
        )


_SOURCES = ("W", *(str(n) for n in range(1, COLUMNS + 1)), *(f"F{suit}" for suit in SUITS))
_TARGETS = ("F", *(str(n) for n in range(1, COLUMNS + 1)))
CANDIDATES: tuple[Move, ...] = (
    DRAW,
    RECYCLE,
    *(Move(s, t) for s in _SOURCES for t in _TARGETS if s != t and not (s[0] == t == "F")),
)
"""Every move the notation can name, in the order :meth:`KlondikeState.legal_moves`
lists them."""


def _successors(state: KlondikeState) -> list[KlondikeState]:
    return [after for _, after in state.successors()]


def _position(state: KlondikeState) -> tuple[object, ...]:
    return state.position


def _set(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def deal_deck(code: DealCode) -> list[int]:
    """The shuffled ordinals of deal ``code`` (the variant does not change them)."""
    return shuffled(list(range(52)), f"{code.game}{code.version}", code.number)


def deal(code: DealCode, scoring: str = "standard") -> KlondikeState:
    """The first position of deal ``code``, scored ``scoring`` (:data:`SCORINGS`)."""
    return deal_cards(deal_deck(code), Rules.of(code.variant, scoring))


def deal_cards(deck: Sequence[int], rules: Rules) -> KlondikeState:
    """Lay ``deck`` out row by row (see the module docstring)."""
    columns: list[list[int]] = [[] for _ in range(COLUMNS)]
    cards = iter(deck)
    for row in range(COLUMNS):
        for column in range(row, COLUMNS):
            columns[column].append(next(cards))
    return KlondikeState(
        rules,
        tuple(tuple(column) for column in columns),
        tuple(range(COLUMNS)),
        tuple(cards),
        (),
    )
