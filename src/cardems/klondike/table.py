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
from cardems.klondike.rules import (
    COLUMNS,
    DRAW,
    RECYCLE,
    SCORINGS,
    SUITS,
    KlondikeState,
    Move,
    card_text,
    deal,
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


class KlondikeSolitaire(Solitaire[KlondikeState, Move]):
    """Klondike's hooks for the kit."""

    declaration = DECLARATION

    def __init__(self, scoring: str = "standard") -> None:
        self.scoring = scoring

    def deal(self, code: DealCode) -> KlondikeState:
        """The deal scored as this table's scoring (standard or Vegas)."""
        return deal(code, self.scoring)

    def cards(self, state: KlondikeState, target: str) -> tuple[str | None, ...]:
        """The stock face down, the waste's top card, a column's cards (face-down ones
        as None), a foundation's top card."""
        if target == STOCK:
            return (None,) * len(state.stock)
        if target == WASTE:
            return (card_text(state.waste[-1]),) if state.waste else ()
        kind, _, name = target.partition(":")
        if kind == "foundation":
            suit = SUITS.index(name)
            height = state.foundations[suit]
            return (card_text(suit * 13 + height - 1),) if height else ()
        column = int(name) - 1
        hidden = state.hidden[column]
        cards = state.columns[column]
        return (None,) * hidden + tuple(card_text(card) for card in cards[hidden:])

    def size(self, state: KlondikeState, target: str) -> int:
        return len(state.waste) if target == WASTE else len(self.cards(state, target))

    def hidden_cards(self, state: KlondikeState) -> frozenset[str]:
        """The stock's cards and the columns' face-down ones."""
        down = (
            card
            for column, hidden in zip(state.columns, state.hidden, strict=True)
            for card in column[:hidden]
        )
        return frozenset(card_text(card) for card in (*state.stock, *down))

    def free(self, state: KlondikeState, target: str) -> int:
        """The waste's and a foundation's top card, a column's face-up cards."""
        if target == STOCK:
            return 0
        if target.startswith("column:"):
            return len(state.face_up(int(target.partition(":")[2]) - 1))
        return int(bool(self.cards(state, target)))

    def play(self, state: KlondikeState, move: Move) -> Play:
        if move == DRAW:
            return Play(STOCK, WASTE)
        if move == RECYCLE:
            return Play(WASTE, STOCK)
        after = state.apply(move)
        source = target_of(move.source)
        if move.target == "F":
            card = self._moving_card(state, move)
            return Play(source, f"foundation:{SUITS[suit_of(card)]}", 1, (card_text(card),))
        target = int(move.target) - 1
        count = len(after.columns[target]) - len(state.columns[target])
        moved = after.columns[target][-count:]
        return Play(source, column_target(target), count, tuple(map(card_text, moved)))

    @staticmethod
    def _moving_card(state: KlondikeState, move: Move) -> int:
        if move.source == "W":
            return state.waste[-1]
        if move.source.startswith("F"):
            suit = SUITS.index(move.source[1])
            return suit * 13 + state.foundations[suit] - 1
        return state.columns[int(move.source) - 1][-1]

    def move_for(
        self, state: KlondikeState, source: str, target: str, count: int | None
    ) -> Move | None:
        """The move of the selection to ``target``; None for the stock, or a count that
        is not the run that fits there."""
        start = notation_of(source, source=True)
        end = notation_of(target, source=False)
        if start is None or end is None or start == end or (start[0] == "F" and end == "F"):
            return None
        move = Move(start, end)
        if count is not None and start.isdigit() and state.refusal(move) is None:
            if self.play(state, move).count != count:
                return None
        elif count not in (None, 1) and not start.isdigit():
            return None
        return move

    def tap_move(self, state: KlondikeState, target: str) -> Move | None:
        """The stock draws, or recycles the waste once it is empty."""
        if target != STOCK:
            return None
        return DRAW if state.stock else RECYCLE

    def best_moves(self, state: KlondikeState, source: str) -> Sequence[Move]:
        """To the foundation first, then onto the columns left to right."""
        start = notation_of(source, source=True)
        moves = [move for move in state.legal_moves() if move.source == start]
        return sorted(moves, key=lambda move: move.target != "F")

    def narrate(self, before: KlondikeState, after: KlondikeState, move: Move, play: Play) -> Event:
        """The card a draw turned (which a listener cannot see), else the moved card."""
        if move == DRAW:
            return {"say": DREW, "card": card_text(after.waste[-1])}
        if move == RECYCLE:
            return {"say": RECYCLED, "card": ""}
        return {"say": MOVED, "card": play.cards[0] if play.cards else ""}

    def auto_move(self, state: KlondikeState) -> Move | None:
        """A card no other card can need, to its foundation."""
        from cardems.klondike.solver import is_safe

        foundations = list(state.foundations)
        tops = [("W", state.waste[-1])] if state.waste else []
        tops += [(str(c + 1), col[-1]) for c, col in enumerate(state.columns) if col]
        for source, card in tops:
            if rank_of(card) == foundations[suit_of(card)] + 1 and is_safe(card, foundations):
                return Move(source, "F")
        return None

    def finish_moves(self, state: KlondikeState) -> Sequence[Move] | None:
        """Every card home, lowest first, once all are face up and the stock and the
        waste are empty."""
        if state.stock or state.waste or any(state.hidden) or state.won:
            return None
        moves: list[Move] = []
        while not state.won:
            tops = [(rank_of(col[-1]), c) for c, col in enumerate(state.columns) if col]
            _, column = min(tops)
            move = Move(str(column + 1), "F")
            state = state.apply(move)
            moves.append(move)
        return moves

    def place(self, state: KlondikeState, target: str) -> dict[str, Any]:
        if target == STOCK:
            return {"x": 0, "y": 0}
        if target == WASTE:
            return {"x": CARD_STEP, "y": 0}
        kind, _, name = target.partition(":")
        if kind == "foundation":
            return {"x": (3 + SUITS.index(name)) * CARD_STEP, "y": 0}
        return {"x": (int(name) - 1) * CARD_STEP, "y": COLUMNS_Y}

    def board(self, state: KlondikeState) -> dict[str, int]:
        longest = max(len(column) for column in state.columns)
        return {
            "width": COLUMNS * CARD_STEP - 8,
            "height": COLUMNS_Y + 140 + FAN * max(12, longest),
        }

    def view_extra(self, state: KlondikeState) -> dict[str, Any]:
        """The scoring that counts (``score`` is its score), and the passes left."""
        left = None if state.rules.recycles is None else state.rules.recycles - state.recycles
        return {"scoring": state.rules.scoring, "recycles_left": left}

    def hint_move(
        self, state: KlondikeState, previous: KlondikeState | None
    ) -> tuple[str, Move | None]:
        """The next move of the solver's winning line; "lost" when it proves there is
        none, "undecided" past its budget."""
        from cardems.klondike.solver import solve

        verdict = solve(state, HINT_NODES)
        if verdict.winnable is None:
            return ("undecided", None)
        if not verdict.line:
            return ("lost", None)
        return ("move", verdict.line[0])

    def hint_words(self, state: KlondikeState, move: Move, lang: str) -> str:
        """ "Hint: move the 7 of hearts to column 3"."""
        gettext = translations(lang).gettext
        if move == DRAW:
            return str(gettext(DRAW_HINT))
        if move == RECYCLE:
            return str(gettext(RECYCLE_HINT))
        play = self.play(state, move)
        card = card_name(Card.parse(play.cards[0]), lang)
        if move.target == "F":
            place = str(gettext(FOUNDATION_PLACE))
        else:
            place = str(gettext(COLUMN_PLACE)) % {"num": move.target}
        return str(gettext(MOVE_HINT)) % {"card": card, "place": place}

    def winnable(self, state: KlondikeState, seconds: float) -> bool | None:
        """The solver's verdict within its budget (None: undecided)."""
        from cardems.klondike.solver import solve

        return solve(state, HINT_NODES).winnable


SOLITAIRES = {scoring: KlondikeSolitaire(scoring) for scoring in SCORINGS}
"""The table's hooks for each scoring."""
SOLITAIRE = SOLITAIRES["standard"]


class KlondikeTable(SolitaireTable[KlondikeState, Move]):
    """A game of Klondike as the web app drives it."""

    def __init__(
        self,
        code: DealCode,
        settings: TableSettings = TableSettings(),  # noqa: B008 - frozen, shared safely
        clock: Callable[[], float] = time.monotonic,
        scoring: str = "standard",
    ) -> None:
        super().__init__(SOLITAIRES[scoring], code, settings, clock)
