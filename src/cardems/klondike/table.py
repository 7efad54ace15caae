"""The Klondike table on the solitaire kit: its piles, gestures, layout and hints.

Targets: ``stock``, ``waste``, ``column:1`` … ``column:7`` (a drag's source may name the
card a run starts at, ``column:3:2``) and ``foundation:S`` … ``foundation:C``. A tap on
the stock draws (or recycles the waste once the stock is empty); a tap on a card selects
it and a tap on a place moves the selection there; a double tap sends a card to its
foundation, or else to the first column that takes it. With the auto-move setting, a
card no other card can need goes to its foundation by itself; once every card is face
up and the stock and waste are empty, ``finish`` plays the rest home. Everything else
(undo, the timer, the view) is the kit's :class:`SolitaireTable`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from cardems.cards import Card
from cardems.core.game import Event, TableSettings
from cardems.dealcode import DealCode
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.markers import N_
from cardems.kit import (
    CARD_STEP,
    DREW,
    MOVED,
    RECYCLE_HINT,
    RECYCLED,
    STOCK_ROLE,
    Declaration,
    PileSpec,
    Play,
    Solitaire,
    SolitaireTable,
)
from cardems.kit.building import UNLIMITED
from cardems.klondike.declared import KlondikeBoard, family_move
from cardems.klondike.declared import board as first_board
from cardems.klondike.rules import (
    COLUMNS,
    DRAW,
    RECYCLE,
    SCORINGS,
    SUITS,
    Move,
    rank_of,
    suit_of,
)

STOCK = "stock"
WASTE = "waste"
UNKNOWN_TARGET = N_(
    "unknown Klondike target %(target)s: expected stock, waste, column:1 … column:7"
    " or foundation:S, H, D, C"
)
DRAW_HINT = N_("Hint: turn cards from the stock")
# TRANSLATORS: card is a card's name ("4 of hearts"), place a pile ("column 3").
MOVE_HINT = N_("Hint: move the %(card)s to %(place)s")
COLUMN_PLACE = N_("column %(num)s")
FOUNDATION_PLACE = N_("its foundation")
HINT_NODES = 200_000
"""Positions a hint's or Winnable?'s search may expand (about a second at most)."""

FAN = 30
COLUMNS_Y = 170

DECLARATION = Declaration(
    piles=(
        PileSpec(STOCK, role=STOCK_ROLE, counted=True),
        PileSpec(WASTE, counted=True),
        PileSpec("foundation", names=tuple(SUITS), home=True),
        PileSpec("column", count=COLUMNS, runs=True, fan=FAN),
    ),
    unknown_target=UNKNOWN_TARGET,
    finish=True,
    accepts_in_view=True,
    shortcuts={"d": {"type": "tap", "target": STOCK}},
)


def column_target(column: int) -> str:
    """``column:N`` of a 0-based column."""
    return f"column:{column + 1}"


def target_of(place: str) -> str:
    """The target of a move's source or target in the notation (``W``, ``3``, ``FH``)."""
    if place == "W":
        return WASTE
    if place.startswith("F"):
        return f"foundation:{place[1:]}"
    return f"column:{place}"


def notation_of(target: str, *, source: bool) -> str | None:
    """A target's place in the move notation (None: the stock, or a foundation
    named as a source-less target)."""
    if target == WASTE:
        return "W"
    kind, _, name = target.partition(":")
    if kind == "column":
        return name
    if kind == "foundation":
        return f"F{name}" if source else "F"
    return None


class KlondikeSolitaire(Solitaire[KlondikeBoard, Move]):
    """Klondike's hooks for the kit, on the build family's engine
    (:class:`~cardems.klondike.declared.KlondikeBoard`)."""

    declaration = DECLARATION

    def __init__(self, scoring: str = "standard") -> None:
        self.scoring = scoring

    def deal(self, code: DealCode) -> KlondikeBoard:
        """The deal scored as this table's scoring (standard or Vegas)."""
        return first_board(code, self.scoring)

    def cards(self, board: KlondikeBoard, target: str) -> tuple[str | None, ...]:
        """The stock face down, the waste's top card, a column's cards (face-down ones
        as None), a foundation's top card."""
        state = board.state
        if target == STOCK:
            return (None,) * len(state.stock)
        if target == WASTE:
            return (str(state.waste[-1]),) if state.waste else ()
        kind, _, name = target.partition(":")
        if kind == "foundation":
            top = state.foundation_top(SUITS.index(name))
            return () if top is None else (str(top),)
        column = int(name) - 1
        hidden = state.down_at(column)
        cards = state.columns[column]
        return (None,) * hidden + tuple(str(card) for card in cards[hidden:])

    def size(self, board: KlondikeBoard, target: str) -> int:
        return len(board.state.waste) if target == WASTE else len(self.cards(board, target))

    def hidden_cards(self, board: KlondikeBoard) -> frozenset[str]:
        """The stock's cards and the columns' face-down ones."""
        state = board.state
        down = (
            card
            for index, column in enumerate(state.columns)
            for card in column[: state.down_at(index)]
        )
        return frozenset(str(card) for card in (*state.stock, *down))

    def free(self, board: KlondikeBoard, target: str) -> int:
        """The waste's and a foundation's top card, a column's face-up cards."""
        if target == STOCK:
            return 0
        if target.startswith("column:"):
            column = int(target.partition(":")[2]) - 1
            return len(board.state.columns[column]) - board.state.down_at(column)
        return int(bool(self.cards(board, target)))

    def play(self, board: KlondikeBoard, move: Move) -> Play:
        if move == DRAW:
            return Play(STOCK, WASTE)
        if move == RECYCLE:
            return Play(WASTE, STOCK)
        played = family_move(board.state, move)
        source = target_of(move.source)
        moving = board.state.cards_at(played.source)[-played.count :]
        texts = tuple(str(card) for card in moving)
        if move.target == "F":
            return Play(source, f"foundation:{SUITS[played.dest.index]}", 1, texts)
        return Play(source, f"column:{move.target}", played.count, texts)

    def move_for(
        self, board: KlondikeBoard, source: str, target: str, count: int | None
    ) -> Move | None:
        """The move of the selection to ``target``; None for the stock, or a count that
        is not the run that fits there."""
        start = notation_of(source, source=True)
        end = notation_of(target, source=False)
        if start is None or end in (None, "W") or start == end or (start[0] == "F" and end == "F"):
            return None
        move = Move(start, end)
        if count is not None and start.isdigit() and board.refusal(move) is None:
            if self.play(board, move).count != count:
                return None
        elif count not in (None, 1) and not start.isdigit():
            return None
        return move

    def tap_move(self, board: KlondikeBoard, target: str) -> Move | None:
        """The stock draws, or recycles the waste once it is empty."""
        if target != STOCK:
            return None
        return DRAW if board.state.stock else RECYCLE

    def best_moves(self, board: KlondikeBoard, source: str) -> Sequence[Move]:
        """To the foundation first, then onto the columns left to right."""
        start = notation_of(source, source=True)
        moves = [move for move in board.legal_moves() if move.source == start]
        return sorted(moves, key=lambda move: move.target != "F")

    def narrate(self, before: KlondikeBoard, after: KlondikeBoard, move: Move, play: Play) -> Event:
        """The card a draw turned (which a listener cannot see), else the moved card."""
        if move == DRAW:
            return {"say": DREW, "card": str(after.state.waste[-1])}
        if move == RECYCLE:
            return {"say": RECYCLED, "card": ""}
        return {"say": MOVED, "card": play.cards[0] if play.cards else ""}

    def auto_move(self, board: KlondikeBoard) -> Move | None:
        """A card no other card can need, to its foundation."""
        from cardems.klondike.solver import is_safe

        state = board.state
        foundations = list(state.foundations)
        tops = [("W", state.waste[-1])] if state.waste else []
        tops += [(str(c + 1), col[-1]) for c, col in enumerate(state.columns) if col]
        for source, card in tops:
            ordinal = card.ordinal
            if rank_of(ordinal) == foundations[suit_of(ordinal)] + 1 and is_safe(
                ordinal, foundations
            ):
                return Move(source, "F")
        return None

    def finish_moves(self, board: KlondikeBoard) -> Sequence[Move] | None:
        """Every card home, lowest first, once all are face up and the stock and the
        waste are empty."""
        state = board.state
        if state.stock or state.waste or any(state.down) or state.won:
            return None
        moves: list[Move] = []
        while not board.won:
            columns = board.state.columns
            tops = [(int(col[-1].rank), c) for c, col in enumerate(columns) if col]
            _, column = min(tops)
            move = Move(str(column + 1), "F")
            board = board.apply(move)
            moves.append(move)
        return moves

    def place(self, board: KlondikeBoard, target: str) -> dict[str, Any]:
        if target == STOCK:
            return {"x": 0, "y": 0}
        if target == WASTE:
            return {"x": CARD_STEP, "y": 0}
        kind, _, name = target.partition(":")
        if kind == "foundation":
            return {"x": (3 + SUITS.index(name)) * CARD_STEP, "y": 0}
        return {"x": (int(name) - 1) * CARD_STEP, "y": COLUMNS_Y}

    def board(self, board: KlondikeBoard) -> dict[str, int]:
        longest = max(len(column) for column in board.state.columns)
        return {
            "width": COLUMNS * CARD_STEP - 8,
            "height": COLUMNS_Y + 140 + FAN * max(12, longest),
        }

    def view_extra(self, board: KlondikeBoard) -> dict[str, Any]:
        """The scoring that counts (``score`` is its score), and the passes left."""
        redeals = board.state.rules.stock.redeals
        left = None if redeals == UNLIMITED else redeals - board.recycles
        return {"scoring": board.scoring, "recycles_left": left}

    def hint_move(
        self, board: KlondikeBoard, previous: KlondikeBoard | None
    ) -> tuple[str, Move | None]:
        """The next move of the solver's winning line; "lost" when it proves there is
        none, "undecided" past its budget."""
        from cardems.klondike.solver import solve

        verdict = solve(board, HINT_NODES)
        if verdict.winnable is None:
            return ("undecided", None)
        if not verdict.line:
            return ("lost", None)
        return ("move", verdict.line[0])

    def hint_words(self, board: KlondikeBoard, move: Move, lang: str) -> str:
        """ "Hint: move the 7 of hearts to column 3"."""
        gettext = translations(lang).gettext
        if move == DRAW:
            return str(gettext(DRAW_HINT))
        if move == RECYCLE:
            return str(gettext(RECYCLE_HINT))
        play = self.play(board, move)
        card = card_name(Card.parse(play.cards[0]), lang)
        if move.target == "F":
            place = str(gettext(FOUNDATION_PLACE))
        else:
            place = str(gettext(COLUMN_PLACE)) % {"num": move.target}
        return str(gettext(MOVE_HINT)) % {"card": card, "place": place}

    def winnable(self, board: KlondikeBoard, seconds: float) -> bool | None:
        """The solver's verdict within its budget (None: undecided)."""
        from cardems.klondike.solver import solve

        return solve(board, HINT_NODES).winnable


SOLITAIRES = {scoring: KlondikeSolitaire(scoring) for scoring in SCORINGS}
"""The table's hooks for each scoring."""
SOLITAIRE = SOLITAIRES["standard"]


class KlondikeTable(SolitaireTable[KlondikeBoard, Move]):
    """A game of Klondike as the web app drives it."""

    def __init__(
        self,
        code: DealCode,
        settings: TableSettings = TableSettings(),  # noqa: B008 - frozen, shared safely
        clock: Callable[[], float] = time.monotonic,
        scoring: str = "standard",
    ) -> None:
        super().__init__(SOLITAIRES[scoring], code, settings, clock)
