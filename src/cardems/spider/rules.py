"""Spider's notation and the solver's compact position.

The rules are the build family's (:mod:`cardems.spider.declared`: Spider's declaration,
played by :mod:`cardems.kit.building.engine`); the players' rules are the game's rules
page (``web/rules/<lang>.html``). This module holds what Spider's own search needs:

Two decks: 104 cards of 1 suit (``S1``: eight spades of each rank), 2 suits (``S2``:
four spades and four hearts) or 4 suits (``S4``: two of each card). Cards repeat, so a
card is here a *physical* card, an ``int``: ``copy * 52 + ordinal`` where ``ordinal`` is
:attr:`cardems.cards.Card.ordinal` (its face) and ``copy`` counts the copies of that
face from 0 (the family's :class:`~cardems.kit.building.engine.Twin`). Its face is
``card % 52``; views name a card by face (``7S``) and by identity (``7S.2``, the second
copy): see :func:`card_id`.

Move notation (parsed by :meth:`Move.parse`, written by ``str(move)``; they round-trip):

==========  ==============================================================
``D``       deal: one card from the stock face up on every column
``3>7``     move the top card of column 3 onto column 7
``3:4>7``   move the top 4 cards of column 3 (a run of one suit) onto column 7
==========  ==============================================================

Input is case-insensitive and ignores spaces; ``3:1>7`` is read as ``3>7``.

:class:`SpiderState` is the search's position (:mod:`cardems.spider.solver` and its C
twin, and the "stuck" search): a legal move played unchecked (:meth:`SpiderState.after`),
a complete run K→A on top of a column gone at once, a face-down card turned when
uncovered, the stock dealt only while no column is empty, as the declaration plays them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from cardems.cards import Card
from cardems.core.stuck import progress_reachable
from cardems.kit.building.board import compiled_search
from cardems.moves import format_moves as format_moves
from cardems.moves import move_tokens
from cardems.numbers import SHOWN, read_number, shown

COLUMNS = 10
RUN = 13
RUNS = 8
STUCK_LIMIT = 3_000
"""Positions the "stuck" search may see before it gives up and says "not stuck"."""


def rank_of(card: int) -> int:
    """The rank 1–13 (A–K) of a physical card."""
    return card % RUN + 1


def suit_of(card: int) -> int:
    """The suit order 0–3 (S, H, D, C) of a physical card."""
    return card % 52 // RUN


@functools.cache
def card_text(card: int) -> str:
    """The face of a physical card in card notation: ``7S``."""
    return str(Card.from_index(card % 52))


@functools.cache
def card_id(card: int) -> str:
    """The identity of a physical card, unique in a deal: ``7S.2`` (its second copy)."""
    return f"{card_text(card)}.{card // 52 + 1}"


def follows(lower: int, upper: int) -> bool:
    """Whether ``lower`` lies in a one-suit run on ``upper`` (same suit, one rank lower)."""
    return lower % 52 + 1 == upper % 52 and upper % RUN != 0


class MoveParseError(ValueError):
    """A move string that cannot be read; the message says why."""


EXPECTED = "expected D, 3>7 or 3:4>7"


@dataclass(frozen=True, order=True)
class Move:
    """A deal (``source`` −1) or a move of the top ``count`` cards of column ``source``
    onto column ``target`` (0-based)."""

    source: int
    target: int = 0
    count: int = 0

    @classmethod
    def deal(cls) -> Move:
        """Deal a card from the stock onto every column."""
        return cls(-1)

    @property
    def is_deal(self) -> bool:
        """Whether this is the stock's deal."""
        return self.source < 0

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``D``, ``3>7`` or ``3:4>7`` (see the module docstring)."""
        if len(text) > SHOWN:
            raise MoveParseError(f"not a move: {shown(text)!r} ({EXPECTED})")
        token = "".join(text.split()).upper()
        if token == "D":
            return cls.deal()
        head, arrow, tail = token.partition(">")
        source_text, colon, count_text = head.partition(":")
        numbers = [read_number(part) for part in (source_text, tail, count_text or "1")]
        if not arrow or (colon and not count_text) or None in numbers:
            raise MoveParseError(f"not a move: {text!r} ({EXPECTED})")
        source, target, count = (number or 0 for number in numbers)
        for column in (source, target):
            if not 1 <= column <= COLUMNS:
                raise MoveParseError(f"not a move: {text!r} (columns are 1-{COLUMNS})")
        if not 1 <= count <= RUN:
            raise MoveParseError(f"not a move: {text!r} (1 to {RUN} cards move together)")
        return cls(source - 1, target - 1, count)

    def __str__(self) -> str:
        if self.is_deal:
            return "D"
        many = f":{self.count}" if self.count > 1 else ""
        return f"{self.source + 1}{many}>{self.target + 1}"


def parse_moves(texts: Iterable[str]) -> list[Move]:
    """Parse several moves; each string may hold several separated by spaces or commas
    (:func:`~cardems.moves.format_moves` writes them back)."""
    return [Move.parse(token) for token in move_tokens(texts)]


def run_length(column: tuple[int, ...], down: int) -> int:
    """How many cards on top of a column form a run of one suit (its movable cards)."""
    if len(column) == down:
        return 0
    length = 1
    while length < len(column) - down and follows(column[-length], column[-length - 1]):
        length += 1
    return length


@dataclass(frozen=True, slots=True)
class SpiderState:
    """An immutable, hashable position.

    ``columns[i]`` lists column ``i + 1``'s cards bottom → top, of which the first
    ``down[i]`` lie face down; ``stock`` is dealt from its start; ``runs`` holds the suit
    order of each run gone to the foundations, in order; ``moves`` counts moves and deals.
    """

    columns: tuple[tuple[int, ...], ...]
    down: tuple[int, ...]
    stock: tuple[int, ...]
    runs: tuple[int, ...] = ()
    moves: int = 0

    def run_length(self, column: int) -> int:
        """The movable cards on top of ``column`` (0-based)."""
        return run_length(self.columns[column], self.down[column])

    def is_won(self) -> bool:
        """All eight runs gone to the foundations."""
        return len(self.runs) == RUNS

    def can_deal(self) -> bool:
        """The stock has cards and no column is empty."""
        return bool(self.stock) and all(self.columns)

    @property
    def progress(self) -> int:
        """How far the deal has come, a number no move lowers: a card dealt from the
        stock or a face-down card turned counts 1, a run gone 13. A win needs every one
        (the stock dealt, every card turned, eight runs), so a position from which no
        line of moves raises it can no longer be won."""
        return RUN * len(self.runs) - len(self.stock) - sum(self.down)

    @property
    def stuck(self) -> bool:
        """Not won, and no sequence of moves leads beyond this position's
        :attr:`progress`, so the deal can no longer be won (:mod:`cardems.core.stuck`,
        positions compared by :func:`position`; past :data:`STUCK_LIMIT`, not stuck)."""
        return not self.is_won() and self.progress_reachable() is False

    def progress_reachable(self, *, use_compiled: bool = True) -> bool | None:
        """Whether a line of moves raises :attr:`progress` (None: past
        :data:`STUCK_LIMIT` positions), by the C search when it was built (the same
        search, in the same order: the tests compare the two)."""
        extension = compiled_search("cardems.spider._solver") if use_compiled else None
        if extension is not None:
            faces = [[card % 52 for card in column] for column in self.columns]
            reached: bool | None = extension.progress_reachable(
                faces, list(self.down), len(self.stock), len(self.runs), STUCK_LIMIT
            )
            return reached
        now = self.progress
        return progress_reachable(
            self, _successors, position, lambda s: s.progress > now, STUCK_LIMIT
        )

    def legal_moves(self) -> list[Move]:
        """Every legal move: onto a card one higher or an empty column, then the deal."""
        if self.is_won():
            return []
        moves = []
        for source, column in enumerate(self.columns):
            run = self.run_length(source)
            for target, pile in enumerate(self.columns):
                if target == source or not run:
                    continue
                if not pile:
                    moves += [Move(source, target, count) for count in range(1, run + 1)]
                    continue
                count = rank_of(pile[-1]) - rank_of(column[-1])
                if 1 <= count <= run:
                    moves.append(Move(source, target, count))
        if self.can_deal():
            moves.append(Move.deal())
        return moves

    def after(self, move: Move) -> SpiderState:
        """The position after a legal ``move`` (unchecked: the solver's fast path)."""
        columns = list(self.columns)
        down = list(self.down)
        runs = self.runs
        if move.is_deal:
            dealt = self.stock[:COLUMNS]
            touched: tuple[int, ...] = tuple(range(len(dealt)))
            for i, card in enumerate(dealt):
                columns[i] = (*columns[i], card)
            stock = self.stock[COLUMNS:]
        else:
            moving = columns[move.source][-move.count :]
            columns[move.source] = columns[move.source][: -move.count]
            columns[move.target] = columns[move.target] + moving
            touched = (move.target, move.source)
            stock = self.stock
        for i in touched:
            column = columns[i]
            ace_on_top = len(column) - down[i] >= RUN and rank_of(column[-1]) == 1
            if ace_on_top and run_length(column, down[i]) >= RUN:
                runs = (*runs, suit_of(column[-1]))
                column = column[:-RUN]
            if down[i] and down[i] == len(column):
                down[i] -= 1
            columns[i] = column
        return SpiderState(tuple(columns), tuple(down), stock, runs, self.moves + 1)


def position(state: SpiderState) -> tuple[object, ...]:
    """The position by faces with its columns sorted: positions that differ by which copy
    of a face lies where play alike, and so do those that differ by the order of their
    columns until the next deal (which tells them apart: its first card goes to column 1),
    so the stuck search, which stops at a deal, may take them as one; the solver does so
    too, as a cut past a deal."""
    faces = (tuple(card % 52 for card in column) for column in state.columns)
    return (*sorted(zip(state.down, faces, strict=True)), len(state.stock))


def _successors(state: SpiderState) -> list[SpiderState]:
    return [state.after(move) for move in state.legal_moves()]
