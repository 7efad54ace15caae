"""The TriPeaks table on the solitaire kit: its piles, gestures, layout and hints.

Targets: ``peak:1`` … ``peak:28``, ``stock``, ``waste``. A tap on the stock turns its
top card onto the waste. A tap (or a double tap) on a face-up peak card that is one rank
above or below the waste's card plays it; a face-up card that does not fit is selected,
and a tap or a drop on the waste then says why it cannot go there. A drag of a peak card
onto the waste plays it or is refused in the engine's words. A tap on a face-down card or
an empty place does nothing. Everything else (undo, the timer, the view) is the kit's
:class:`SolitaireTable`.

Face-down cards never reach the browser: :meth:`TriPeaksSolitaire.cards` gives them as
None and :meth:`TriPeaksSolitaire.hidden_cards` names them for the web layer's checks.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from cardems.cards import Card
from cardems.core.game import Action, Event, TableSettings
from cardems.dealcode import DealCode
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.markers import N_
from cardems.kit import (
    DREW,
    HALF_CARD,
    MOVED,
    STOCK_ROLE,
    Declaration,
    PileSpec,
    Play,
    Solitaire,
    SolitaireTable,
)
from cardems.tripeaks.layout import POSITION_COUNT, ROW, X2
from cardems.tripeaks.rules import GONE, Move, TriPeaksState, card_text, deal

STOCK = "stock"
WASTE = "waste"
PEAK = "peak"
UNKNOWN_TARGET = N_("unknown TriPeaks target %(target)s: expected peak:1 … peak:28, stock or waste")
DRAW_HINT = N_("Hint: turn a card from the stock")
# TRANSLATORS: card is a card's name ("4 of hearts"), num a peak position (1-28).
PLAY_HINT = N_("Hint: play the %(card)s at position %(num)d onto the waste's %(other)s")

HINT_NODES = 200_000
"""Positions a hint's or Winnable?'s search may visit (a second or two at most), past
which it answers "undecided"."""

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
HALF_STEP = 54  # half a card and half the gap: the rows are offset by half a card
LOW_ROW_Y = 380
BOARD = {"width": 18 * HALF_STEP + 100, "height": LOW_ROW_Y + 140 + 10}
STOCK_PLACE = {"x": 6 * HALF_STEP, "y": LOW_ROW_Y}
WASTE_PLACE = {"x": 10 * HALF_STEP, "y": LOW_ROW_Y}

DECLARATION = Declaration(
    piles=(
        PileSpec(PEAK, count=POSITION_COUNT, outlined=False),
        PileSpec(STOCK, role=STOCK_ROLE, counted=True),
        PileSpec(WASTE, counted=True, selectable=False),
    ),
    covering=True,
    unknown_target=UNKNOWN_TARGET,
    shortcuts={"d": {"type": "tap", "target": STOCK}},
)


def peak_target(position: int) -> str:
    """The target name of a peak position."""
    return f"{PEAK}:{position}"


def _position(target: str) -> int:
    return int(target.partition(":")[2])


def _source(move: Move) -> str:
    return STOCK if move.is_draw else peak_target(move.position)


class TriPeaksSolitaire(Solitaire[TriPeaksState, Move]):
    """TriPeaks' hooks for the kit."""

    declaration = DECLARATION

    def deal(self, code: DealCode) -> TriPeaksState:
        return deal(code)

    def cards(self, state: TriPeaksState, target: str) -> tuple[str | None, ...]:
        """A peak position's card (None while face down), the stock face down, the
        waste's top card."""
        if target == STOCK:
            return (None,) * len(state.stock)
        if target == WASTE:
            return (card_text(state.waste_top),)
        position = _position(target)
        card = state.peaks[position - 1]
        if card == GONE:
            return ()
        return (card_text(card) if state.is_face_up(position) else None,)

    def size(self, state: TriPeaksState, target: str) -> int:
        return len(state.waste) if target == WASTE else len(self.cards(state, target))

    def free(self, state: TriPeaksState, target: str) -> int:
        """Face-up peak cards; the waste's card never leaves."""
        if target in (STOCK, WASTE):
            return 0
        return int(state.is_face_up(_position(target)))

    def play(self, state: TriPeaksState, move: Move) -> Play:
        if move.is_draw:
            return Play(STOCK, WASTE)
        return Play(_source(move), WASTE, 1, (card_text(state.peaks[move.position - 1]),))

    def move_for(
        self, state: TriPeaksState, source: str, target: str, count: int | None
    ) -> Move | None:
        """A face-up peak card onto the waste; nothing else has a move's shape."""
        if target != WASTE or source in (STOCK, WASTE):
            return None
        return Move.play(_position(source))

    def tap_move(self, state: TriPeaksState, target: str) -> Move | None:
        """The stock turns a card; a face-up peak card goes to the waste."""
        if target == STOCK:
            return Move.draw()
        if target == WASTE or not state.is_face_up(_position(target)):
            return None
        return Move.play(_position(target))

    def best_moves(self, state: TriPeaksState, source: str) -> Sequence[Move]:
        """A peak card's one move, when it is legal."""
        move = self.move_for(state, source, WASTE, 1)
        return [] if move is None or state.refusal(move) else [move]

    def intent_of(self, state: TriPeaksState, move: Move) -> Action:
        """A tap on the stock or on the peak card."""
        return ("tap", _source(move))

    def narrate(self, before: TriPeaksState, after: TriPeaksState, move: Move, play: Play) -> Event:
        """The card that landed on the waste (a draw's could not be seen before)."""
        return {"say": DREW if move.is_draw else MOVED, "card": card_text(after.waste_top)}

    def hidden_cards(self, state: TriPeaksState) -> frozenset[str]:
        """The stock's cards and the face-down peak cards."""
        face_up = set(state.face_up())
        down = [c for p, c in enumerate(state.peaks, 1) if c != GONE and p not in face_up]
        return frozenset(card_text(card) for card in (*state.stock, *down))

    def place(self, state: TriPeaksState, target: str) -> dict[str, Any]:
        if target == STOCK:
            return dict(STOCK_PLACE)
        if target == WASTE:
            return dict(WASTE_PLACE)
        i = _position(target) - 1
        return {"row": ROW[i], "x": X2[i] * HALF_STEP, "y": (ROW[i] - 1) * HALF_CARD}

    def board(self, state: TriPeaksState) -> dict[str, int]:
        return BOARD

    def view_extra(self, state: TriPeaksState) -> dict[str, Any]:
        """The streak running now (each card of it scores one more)."""
        return {"streak": state.streak}

    def hint_move(
        self, state: TriPeaksState, previous: TriPeaksState | None
    ) -> tuple[str, Move | None]:
        """The next move of a winning line; "undecided" past :data:`HINT_NODES`."""
        from cardems.tripeaks.solver import solve  # the solver loads on demand

        verdict = solve(state, HINT_NODES)
        if verdict.line:
            return ("move", verdict.line[0])
        return ("undecided" if verdict.winnable is None else "lost", None)

    def hint_words(self, state: TriPeaksState, move: Move, lang: str) -> str:
        """ "Hint: play the 7 of hearts at position 3 onto the waste's 8 of clubs"."""
        gettext = translations(lang).gettext
        if move.is_draw:
            return str(gettext(DRAW_HINT))
        card = card_name(Card.from_index(state.peaks[move.position - 1]), lang)
        other = card_name(Card.from_index(state.waste_top), lang)
        return str(gettext(PLAY_HINT)) % {"card": card, "num": move.position, "other": other}

    def winnable(self, state: TriPeaksState, seconds: float) -> bool | None:
        """The verdict search (None: undecided within :data:`HINT_NODES`)."""
        from cardems.tripeaks.solver import solve

        return solve(state, HINT_NODES).winnable


SOLITAIRE = TriPeaksSolitaire()


class TriPeaksTable(SolitaireTable[TriPeaksState, Move]):
    """A game of TriPeaks as the web app drives it."""

    def __init__(
        self,
        code: DealCode,
        settings: TableSettings = TableSettings(),  # noqa: B008 - frozen, shared safely
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(SOLITAIRE, code, settings, clock)
