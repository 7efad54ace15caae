"""The TriPeaks table: taps, drags, placement help, hints and the view.

Targets: ``peak:1`` … ``peak:28``, ``stock``, ``waste``. A tap on the stock turns its
top card onto the waste. A tap (or a double tap) on a face-up peak card plays it onto
the waste when it is one rank above or below the waste's card, and is refused with the
reason otherwise; a drag of a peak card onto the waste does the same. A tap on a
face-down card, an empty place or the waste does nothing. There is no selection: every
gesture is one move or none.

Face-down cards never reach the browser: the view gives them no ``card`` and
:meth:`TriPeaksTable.hidden_cards` names them for the checks of the web layer.

The timer starts at the first move, pauses when the game is blocked (an undo lets play
go on) and stops for good at a win. After a win nothing more is accepted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardems.cards import Card
from cardems.core.game import Action, Event, Record, TableSettings
from cardems.core.hints import Hint, move_hint, no_move
from cardems.core.history import History, IllegalMove
from cardems.core.solitaire import SolitaireActions
from cardems.dealcode import DealCode
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.languages import DEFAULT_LANGUAGE
from cardems.i18n.markers import N_
from cardems.numbers import read_number
from cardems.timer import GameTimer
from cardems.tripeaks.layout import POSITION_COUNT, POSITIONS, ROW, X2
from cardems.tripeaks.rules import GONE, Move, TriPeaksState, card_text, deal

STOCK = "stock"
WASTE = "waste"
WON = N_("The game is won")
NO_MORE_MOVES = N_("No more moves possible")
UNKNOWN_TARGET = N_("unknown TriPeaks target %(target)s: expected peak:1 … peak:28, stock or waste")
DRAW_HINT = N_("Hint: turn a card from the stock")
# TRANSLATORS: card is a card's name ("4 of hearts"), num a peak position (1-28).
PLAY_HINT = N_("Hint: play the %(card)s at position %(num)d onto the waste's %(other)s")
DREW = "Drew the %(card)s."
PLAYED = "Moved %(card)s."
# Said by the browser after a move (client strings of cardems.web.i18n).

HINT_NODES = 200_000
"""Positions a hint's or Winnable?'s search may visit (a few seconds at most), past
which it answers "undecided"."""

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
HALF_STEP = 54  # half a card and half the gap: the rows are offset by half a card
ROW_STEP = 70  # half a card's height: the rows overlap
LOW_ROW_Y = 380
BOARD = {"width": 18 * HALF_STEP + 100, "height": LOW_ROW_Y + 140 + 30}
STOCK_PLACE = (6 * HALF_STEP, LOW_ROW_Y)
WASTE_PLACE = (10 * HALF_STEP, LOW_ROW_Y)


def peak_target(position: int) -> str:
    """The target name of a peak position."""
    return f"peak:{position}"


def parse_target(target: str) -> str:
    """Validate a target name; raise ``ValueError`` with a clear message otherwise."""
    if target in (STOCK, WASTE):
        return target
    kind, _, number = target.partition(":")
    position = read_number(number) if kind == "peak" else None
    if position is not None and 1 <= position <= POSITION_COUNT:
        return peak_target(position)
    raise ValueError(UNKNOWN_TARGET % {"target": repr(target)})


def _position(target: str) -> int:
    return int(target.partition(":")[2])


def intent_of(move: Move) -> Action:
    """The intent that plays ``move``: a tap on the stock or on the peak card."""
    return ("tap", STOCK if move.is_draw else peak_target(move.position))


def hint_words(move: Move, state: TriPeaksState, lang: str) -> str:
    """A hint's words: "Hint: play the 7 of hearts at position 3 onto the waste's 8 …"."""
    gettext = translations(lang).gettext
    if move.is_draw:
        return str(gettext(DRAW_HINT))
    card = card_name(Card.from_index(state.peaks[move.position - 1]), lang)
    other = card_name(Card.from_index(state.waste_top), lang)
    values = {"card": card, "num": move.position, "other": other}
    return str(gettext(PLAY_HINT)) % values


class TriPeaksTable(SolitaireActions):
    """A game of TriPeaks as the web app drives it."""

    def __init__(
        self,
        code: DealCode,
        settings: TableSettings = TableSettings(),  # noqa: B008 - frozen, shared safely
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.code = code
        self.settings = settings
        self.log: list[Action] = []
        self.records: list[Record] = []
        self.timer = GameTimer(clock=clock)
        self.history: History[TriPeaksState] = History(deal(code))
        self.message: str | None = None

    @property
    def state(self) -> TriPeaksState:
        """The position on the table."""
        return self.history.current

    @property
    def status(self) -> str:
        """``playing``, ``won`` or ``blocked``."""
        return self.state.outcome or "playing"

    # -- intents -------------------------------------------------------------------------

    def tap(self, target: str) -> list[Event]:
        """A tap on a peak card, the waste or the stock."""
        return self._logged(("tap", target), lambda: self._tap(parse_target(target)))

    def double_tap(self, target: str) -> list[Event]:
        """The same as a tap: every gesture plays at most one move."""
        return self._logged(("double_tap", target), lambda: self._tap(parse_target(target)))

    def drag(self, source: str, target: str) -> list[Event]:
        """A peak card dragged onto the waste plays it; anything else is refused."""
        return self._logged(
            ("drag", source, target), lambda: self._drag(parse_target(source), parse_target(target))
        )

    def undo(self) -> list[Event]:
        """Take back the last move (up to 100)."""
        return self._logged(("undo",), lambda: self._walk(self.history.undo, "undo"))

    def redo(self) -> list[Event]:
        """Re-apply the last undone move."""
        return self._logged(("redo",), lambda: self._walk(self.history.redo, "redo"))

    def winnable(self) -> bool | None:
        """Whether the position can still be won (None: undecided within the budget)."""
        from cardems.tripeaks.solver import solve

        return solve(self.state, HINT_NODES).winnable

    def hint(self, lang: str = DEFAULT_LANGUAGE) -> Hint:
        """The next move of a winning line, in words in ``lang`` with the intent that
        plays it; "lost" when no line wins, "undecided" past the search's budget."""
        from cardems.tripeaks.solver import solve

        if self.status != "playing":
            return no_move("lost" if self.status == "blocked" else "over", lang)
        verdict = solve(self.state, HINT_NODES)
        if not verdict.line:
            return no_move("undecided" if verdict.winnable is None else "lost", lang)
        move = verdict.line[0]
        source = STOCK if move.is_draw else peak_target(move.position)
        card = None if move.is_draw else card_text(self.state.peaks[move.position - 1])
        words = hint_words(move, self.state, lang)
        return move_hint(str(move), source, WASTE, card, [intent_of(move)], words)

    def legal_intents(self) -> list[Action]:
        """One intent per legal move: a tap on the stock or on a playable peak card."""
        return [intent_of(move) for move in self.state.legal_moves()]

    def hidden_cards(self) -> frozenset[str]:
        """The stock's cards and the face-down peak cards."""
        state = self.state
        face_up = set(state.face_up())
        down = [card for p, card in enumerate(state.peaks, 1) if card != GONE and p not in face_up]
        return frozenset(card_text(card) for card in (*state.stock, *down))

    # -- helpers -------------------------------------------------------------------------

    def _logged(self, intent: Action, action: Callable[[], list[Event]]) -> list[Event]:
        before = (self.history.current, self.history.can_redo)
        events = action()
        if (self.history.current, self.history.can_redo) != before:
            self.log.append(intent)
        return events

    def _refuse(self, reason: str) -> list[Event]:
        self.message = reason if self.settings.move_errors else None
        return [{"type": "error", "message": reason}]

    def _tap(self, target: str) -> list[Event]:
        status = self.status
        if status == "won":
            return self._refuse(WON)
        if target == STOCK:
            return self._refuse(NO_MORE_MOVES) if status == "blocked" else self._move(Move.draw())
        if target == WASTE or not self.state.is_face_up(_position(target)):
            return []  # the waste, a face-down card or an empty place: nothing happens
        return self._move(Move.play(_position(target)))

    def _drag(self, source: str, target: str) -> list[Event]:
        if self.status == "won":
            return self._refuse(WON)
        if source in (STOCK, WASTE) or target != WASTE:
            return self._refuse(N_("Peak cards are played onto the waste"))
        if not self.state.is_face_up(_position(source)):
            return []
        return self._move(Move.play(_position(source)))

    def _move(self, move: Move) -> list[Event]:
        try:
            state = self.state.apply(move)
        except IllegalMove as error:
            return self._refuse(error.reason)
        self.history.push(state)
        self.message = None
        self.timer.start()
        source = STOCK if move.is_draw else peak_target(move.position)
        card = card_text(state.waste_top)
        event: Event = {
            "type": "move",
            "move": str(move),
            "from": source,
            "to": WASTE,
            "card": card,
            "say": DREW if move.is_draw else PLAYED,
        }
        return [event, *self._end_events()]

    def _end_events(self) -> list[Event]:
        status = self.status
        if status == "won":
            self.timer.stop()
            return [{"type": "won"}]
        if status == "blocked":
            self.timer.pause()
            return [{"type": "blocked"}]
        return []

    def _walk(self, step: Callable[[], TriPeaksState], name: str) -> list[Event]:
        if self.status == "won":
            return self._refuse(WON)
        try:
            step()
        except IllegalMove as error:
            return self._refuse(error.reason)
        self.message = None
        return [{"type": name}, *self._end_events()]

    # -- view ----------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Everything the player may see, JSON-ready (see the view contract)."""
        state = self.state
        help_on = self.settings.placement_help
        face_up = set(state.face_up())

        def face(card: int) -> dict[str, Any]:
            return {
                "card": card_text(card),
                "face_up": True,
                "available": True,
                "framed": help_on and state.fits(card),
                "dimmed": False,
                "selected": False,
            }

        down = {
            "card": None,
            "face_up": False,
            "available": False,
            "framed": False,
            "dimmed": False,
            "selected": False,
        }
        piles: list[dict[str, Any]] = []
        for p in POSITIONS:
            card = state.peaks[p - 1]
            cards = [] if card == GONE else [face(card) if p in face_up else dict(down)]
            if cards and p not in face_up:
                cards[0]["covered"] = True
            piles.append(
                {
                    "target": peak_target(p),
                    "kind": "peak",
                    "cards": cards,
                    "row": ROW[p - 1],
                    "x": X2[p - 1] * HALF_STEP,
                    "y": (ROW[p - 1] - 1) * ROW_STEP,
                    "fan": 0,
                }
            )
        piles.append(
            {
                "target": STOCK,
                "kind": "stock",
                "cards": [dict(down) for _ in state.stock],
                "count": len(state.stock),
                "x": STOCK_PLACE[0],
                "y": STOCK_PLACE[1],
                "fan": 0,
            }
        )
        top = face(state.waste_top) | {"framed": False}
        piles.append(
            {
                "target": WASTE,
                "kind": "waste",
                "cards": [top],
                "count": len(state.waste),
                "x": WASTE_PLACE[0],
                "y": WASTE_PLACE[1],
                "fan": 0,
            }
        )
        return {
            "game": "tripeaks",
            "code": str(self.code),
            "variant": self.code.variant,
            "status": self.status,
            "score": state.score,
            "moves": state.moves,
            "streak": state.streak,
            "elapsed": self.timer.elapsed(),
            "can_undo": self.history.can_undo and self.status != "won",
            "can_redo": self.history.can_redo and self.status != "won",
            "selected": None,
            "message": self.message,
            "piles": piles,
            "board": BOARD,
            "shortcuts": {"d": {"type": "tap", "target": STOCK}},
        }
