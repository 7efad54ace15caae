"""The Spider table on the solitaire kit: its piles, gestures into moves, layout, hints.

Targets: ``column:1`` … ``column:10`` (a drag may name the card its cards start at:
``column:3:k``), ``stock`` and ``foundation:1`` … ``foundation:8`` (the runs gone, which
take no cards). A tap on the stock deals. A tap on a column picks up its run of one suit;
a tap on another column then moves as many of those cards as fit there (onto a card one
rank higher, or all of them into an empty column). A double tap moves the run where it
fits best: onto a card of its suit one rank higher, else any card one rank higher, else
an empty column. Runs K→A go off by themselves. Everything else (selection, undo, the
timer, the view) is the kit's :class:`SolitaireTable`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardems.cards import Card
from cardems.core.game import Event
from cardems.dealcode import DealCode
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.markers import N_
from cardems.kit import (
    CARD_STEP,
    STOCK_ROLE,
    Declaration,
    PileSpec,
    Play,
    Solitaire,
)
from cardems.kit.solitaire import MOVED
from cardems.kit.table import GameTable
from cardems.spider.declared import SpiderBoard, deal
from cardems.spider.rules import (
    COLUMNS,
    RUN,
    RUNS,
    Move,
    SpiderState,
    card_id,
    card_text,
    follows,
    rank_of,
)

STOCK = "stock"
UNKNOWN_TARGET = N_(
    "unknown Spider target %(target)s: expected column:1 … column:10, column:N:k,"
    " stock or foundation:1 … foundation:8"
)
DEAL_HINT = N_("Hint: deal a card onto every column")
# TRANSLATORS: card is a card's name ("7 of spades"); from and to are column numbers.
MOVE_HINT = N_("Hint: move the %(card)s from column %(from)d to column %(to)d")
HINT_SECONDS = 3.0

FAN = 30  # between the cards of a column
COLUMN_TOP = 140 + 24

DECLARATION = Declaration(
    piles=(
        PileSpec("column", count=COLUMNS, runs=True, fan=FAN),
        PileSpec("foundation", count=RUNS, selectable=False),
        PileSpec("stock", role=STOCK_ROLE, counted=True),
    ),
    unknown_target=UNKNOWN_TARGET,
    accepts_in_view=True,
    shortcuts={"d": {"type": "tap", "target": STOCK}},
)


def column_target(column: int) -> str:
    """The target of a column (0-based)."""
    return f"column:{column + 1}"


def _column(target: str) -> int | None:
    kind, _, number = target.partition(":")
    return int(number) - 1 if kind == "column" else None


def hint_words(move: Move, state: SpiderBoard, lang: str) -> str:
    """A hint's words: "Hint: move the 7 of spades from column 3 to column 7"."""
    gettext = translations(lang).gettext
    if move.is_deal:
        return str(gettext(DEAL_HINT))
    card = state.columns[move.source][-move.count]
    name = card_name(Card.from_index(card % 52), lang)
    values = {"card": name, "from": move.source + 1, "to": move.target + 1}
    return str(gettext(MOVE_HINT)) % values


class SpiderSolitaire(Solitaire[SpiderBoard, Move]):
    """Spider's hooks for the kit's table."""

    declaration = DECLARATION

    def __init__(self) -> None:
        self.lines: dict[tuple[object, ...], list[Move]] = {}

    def deal(self, code: DealCode) -> SpiderBoard:
        """The deal's first position."""
        return deal(code)

    def cards(self, state: SpiderBoard, target: str) -> tuple[str | None, ...]:
        """A column's cards (None face down), a king per run gone, a back per deal left."""
        column = _column(target)
        if column is not None:
            down = state.down[column]
            return tuple(
                None if i < down else card_text(card)
                for i, card in enumerate(state.columns[column])
            )
        if target == STOCK:
            return (None,) * (len(state.stock) // COLUMNS)
        index = int(target.partition(":")[2]) - 1
        return (card_text(state.runs[index] * RUN + RUN - 1),) if index < len(state.runs) else ()

    def identities(self, state: SpiderBoard, target: str) -> tuple[str | None, ...] | None:
        """Each face-up card of a column by identity (``7S.2``): cards repeat."""
        column = _column(target)
        if column is None:
            return None
        down = state.down[column]
        return tuple(
            None if i < down else card_id(card) for i, card in enumerate(state.columns[column])
        )

    def size(self, state: SpiderBoard, target: str) -> int:
        """The stock's cards (it shows a back per deal); a run gone counts 13."""
        if target == STOCK:
            return len(state.stock)
        if target.startswith("foundation:"):
            return RUN * len(self.cards(state, target))
        return len(self.cards(state, target))

    def free(self, state: SpiderBoard, target: str) -> int:
        """A column's run of one suit on top; nothing elsewhere."""
        column = _column(target)
        return 0 if column is None else state.run_length(column)

    def hidden_cards(self, state: SpiderBoard) -> frozenset[str]:
        """The faces of which every copy is face down or in the stock (cards repeat, so a
        face with a copy in sight is hidden by shape: its face-down copies show no card)."""
        hidden = {card_text(card) for card in state.stock}
        shown = set()
        for column, down in zip(state.columns, state.down, strict=True):
            hidden |= {card_text(card) for card in column[:down]}
            shown |= {card_text(card) for card in column[down:]}
        return frozenset(hidden - shown)

    def play(self, state: SpiderBoard, move: Move) -> Play:
        """A deal goes from the stock to the columns; a move from column to column."""
        if move.is_deal:
            return Play(STOCK, column_target(0), COLUMNS)
        moving = state.columns[move.source][-move.count :]
        faces = tuple(card_text(card) for card in moving)
        return Play(column_target(move.source), column_target(move.target), move.count, faces)

    def move_for(
        self, state: SpiderBoard, source: str, target: str, count: int | None
    ) -> Move | None:
        """``count`` cards (None: as many as fit) from one column to another."""
        first, second = _column(source), _column(target)
        if first is None or second is None or first == second or not state.columns[first]:
            return None
        if count is None:
            pile = state.columns[second]
            run = state.run_length(first)
            count = rank_of(pile[-1]) - rank_of(state.columns[first][-1]) if pile else run
            count = count if 1 <= count <= run else 1
        return Move(first, second, min(max(count, 1), RUN))

    def tap_move(self, state: SpiderBoard, target: str) -> Move | None:
        """A tap on the stock deals."""
        return Move.deal() if target == STOCK else None

    def best_moves(self, state: SpiderBoard, source: str) -> Sequence[Move]:
        """Onto a card of the same suit one higher, then any card one higher, then an
        empty column (not a whole column that has no face-down card); longer runs first."""
        column = _column(source)
        if column is None:
            return []
        cards = state.columns[column]

        def merit(move: Move) -> tuple[int, int]:
            pile = state.columns[move.target]
            if not pile:
                return 0, move.count
            return (2 if follows(cards[-move.count], pile[-1]) else 1), move.count

        moves = [
            move
            for move in state.legal_moves()
            if move.source == column and (state.columns[move.target] or move.count < len(cards))
        ]
        return sorted(moves, key=merit, reverse=True)

    def narrate(self, before: SpiderBoard, after: SpiderBoard, move: Move, play: Play) -> Event:
        """The card that leads the move, by face and by identity."""
        if move.is_deal:
            return {"card": None, "say": MOVED}
        card = before.columns[move.source][-move.count]
        return {"card": card_text(card), "id": card_id(card), "say": MOVED}

    def place(self, state: SpiderBoard, target: str) -> dict[str, Any]:
        """Foundations along the top, the stock at the top right, the columns below."""
        kind, _, number = target.partition(":")
        if kind == "column":
            return {"x": (int(number) - 1) * CARD_STEP, "y": COLUMN_TOP}
        if kind == "foundation":
            return {"x": (int(number) - 1) * CARD_STEP, "y": 0}
        return {"x": (COLUMNS - 1) * CARD_STEP, "y": 0}

    def board(self, state: SpiderBoard) -> dict[str, int]:
        """Ten columns wide, as tall as the longest column."""
        longest = max(map(len, state.columns))
        return {"width": COLUMNS * CARD_STEP - 8, "height": COLUMN_TOP + 140 + FAN * longest}

    def hint_move(
        self, state: SpiderBoard, previous: SpiderBoard | None
    ) -> tuple[str, Move | None]:
        """The next move of the winning line the solver finds within a few seconds. The
        line's later positions keep the rest of it (the last line found only), so that
        hints followed one after the other play that line to its win: a new search from
        each position could choose another line each time and go round."""
        from cardems.spider.solver import solve

        rest = self.lines.get(_exact(state))
        if rest:
            return ("move", rest[0])
        result = solve(state.fast, seconds=HINT_SECONDS)
        if not result.moves:
            return ("lost" if result.winnable is False else "undecided", None)
        self.lines = {}
        fast = state.fast
        for i, move in enumerate(result.moves):
            self.lines[_exact(fast)] = result.moves[i:]
            fast = fast.after(move)
        return ("move", result.moves[0])

    def hint_words(self, state: SpiderBoard, move: Move, lang: str) -> str:
        """The hint's words in ``lang``."""
        return hint_words(move, state, lang)

    def winnable(self, state: SpiderBoard, seconds: float) -> bool | None:
        """The solver's verdict within ``seconds``."""
        from cardems.spider.solver import solve

        return solve(state.fast, seconds=seconds).winnable

    def verdict(self, state: SpiderBoard, first_move: bool) -> tuple[bool | None, Move | None]:
        """The verdict a table waits for (where a game was lost), bounded by the positions
        expanded (no clock), with the first move of its winning line: the portfolio's for
        one and two suits; with four, its first beam alone within that beam's share,
        2,500,000 of the portfolio's 26,500,000 expansions (some ten seconds on an
        undecided deal). A win it finds is proved; what it leaves undecided stays undecided."""
        from cardems.spider.solver import FOUR_SUITS, solve, suits_in_play

        if suits_in_play(state.fast) > 2:
            nodes, shape = FOUR_SUITS[0]
            result = solve(state.fast, nodes=nodes, **shape)
        else:
            result = solve(state.fast)
        return result.winnable, (result.moves[0] if result.moves else None)


def _exact(state: SpiderBoard | SpiderState) -> tuple[object, ...]:
    """The position as it lies (columns in order: a move names its columns)."""
    return (state.columns, state.down, state.stock)


SOLITAIRE = SpiderSolitaire()


class SpiderTable(GameTable[SpiderBoard, Move]):
    """A game of Spider as the web app drives it."""

    solitaire_of = SOLITAIRE


def intent_of(move: Move, state: SpiderBoard) -> tuple[str, ...]:
    """The intent that plays ``move`` in ``state`` (the kit's: a tap on the stock, or a
    drag from the first card that moves)."""
    return SOLITAIRE.intent_of(state, move)
