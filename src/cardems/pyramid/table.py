"""The Pyramid table: taps, selection, placement help and the view.

Targets: ``pyramid:1`` … ``pyramid:28``, ``stock`` (its top card plays), ``waste``.

* A tap on a free king removes it: in the pyramid, or on top of the stock or the waste.
* A tap on the stock draws (or turns the waste over when the stock is empty); with a card
  selected it removes the pair when the stock's top card makes 13 with it, else it drops
  the selection and draws.
* A tap on another free card or on
  the waste selects it; on the selected card deselects it; on a second card that makes 13
  with the selection removes the pair; on a card that does not becomes the selection
  (with the error "The cards must make 13").
* ``drag(a, b)`` selects ``a`` (the stock's top card too) then taps ``b``.
* ``double_tap`` removes a king; pairs a card with its only partner (a free card, the
  stock's or the waste's top); with several it selects the card for the player to choose;
  with none it is a tap.

The timer starts at the first move, pauses when the game is blocked (an undo lets play go
on) and stops at a win. After a win nothing more is accepted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardems.cards import Card, Rank
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
from cardems.pyramid.layout import INDEX_IN_ROW, POSITION_COUNT, POSITIONS, ROW, ROWS
from cardems.pyramid.rules import (
    MAKE_13,
    STOCK_TOP,
    WASTE_TOP,
    Move,
    MoveKind,
    PyramidState,
    deal,
    value,
)
from cardems.timer import GameTimer

STOCK = "stock"
WASTE = "waste"
NO_MORE_MOVES = N_("No more moves possible")
UNKNOWN_TARGET = N_(
    "unknown Pyramid target %(target)s: expected pyramid:1 … pyramid:28, stock or waste"
)
DRAW_HINT = N_("Hint: draw a card")
RECYCLE_HINT = N_("Hint: turn the waste over to make a new stock")
# TRANSLATORS: card is a card's name ("king of spades"), place where it lies.
KING_HINT = N_("Hint: remove the %(card)s at %(place)s")
# TRANSLATORS: two cards that make 13, each with where it lies.
PAIR_HINT = N_("Hint: remove the %(card)s at %(from)s with the %(other)s at %(to)s")
# TRANSLATORS: a place named in hints, e.g. "the 6 of hearts at position 25".
PLACE = N_("position %(num)s")
# TRANSLATORS: a place named in hints: the top of the stock.
STOCK_PLACE_WORDS = N_("the top of the stock")
# TRANSLATORS: a place named in hints: the top of the waste.
WASTE_PLACE_WORDS = N_("the top of the waste")
DREW = "Drew the %(card)s."
RECYCLED = "Turned the waste over: a new stock."
PAIRED = "Paired."
# Said by the browser after a move (client strings of cardems.web.i18n).

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
STEP = 108  # a card and the gap beside it
ROW_STEP = 70  # half a card: the pyramid's rows overlap
PILES_Y = (ROWS - 1) * ROW_STEP + 140 + 30
BOARD = {"width": ROWS * STEP - 8, "height": PILES_Y + 140}
STOCK_XY = (2 * STEP, PILES_Y)
WASTE_XY = (4 * STEP, PILES_Y)


def pyramid_target(position: int) -> str:
    """The target name of a pyramid position."""
    return f"pyramid:{position}"


def parse_target(target: str) -> str:
    """Validate a target name; raise ``ValueError`` with a clear message otherwise."""
    if target in (STOCK, WASTE):
        return target
    kind, _, number = target.partition(":")
    position = read_number(number) if kind == "pyramid" else None
    if position is not None and 1 <= position <= POSITION_COUNT:
        return pyramid_target(position)
    raise ValueError(UNKNOWN_TARGET % {"target": repr(target)})


def place_of(target: str) -> int:
    """A move's place number for a target."""
    if target == STOCK:
        return STOCK_TOP
    if target == WASTE:
        return WASTE_TOP
    return int(target.partition(":")[2])


def target_of(place: int) -> str:
    """The target a move's place lies at."""
    if place == STOCK_TOP:
        return STOCK
    if place == WASTE_TOP:
        return WASTE
    return pyramid_target(place)


def move_targets(move: Move) -> tuple[str, str]:
    """The ``from`` and ``to`` targets of a move, for events and hints."""
    if move.kind is MoveKind.DRAW:
        return STOCK, WASTE
    if move.kind is MoveKind.RECYCLE:
        return WASTE, STOCK
    places = move.places
    return target_of(places[0]), target_of(places[-1])


def intent_of(move: Move) -> Action:
    """The intent that plays ``move``: a tap on the stock or on a king, or a drag of one
    card onto its partner."""
    if move.kind is not MoveKind.REMOVE:
        return ("tap", STOCK)
    source, target = move_targets(move)
    if not move.second:
        return ("tap", source)
    if target == STOCK:  # the stock's top card is dragged, the stock is not tapped
        source, target = target, source
    return ("drag", source, target)


def hint_words(move: Move, state: PyramidState, lang: str) -> str:
    """A hint's words for ``move``: "Hint: remove the 6 of hearts at position 22 with …"."""
    gettext = translations(lang).gettext
    if move.kind is MoveKind.DRAW:
        return str(gettext(DRAW_HINT))
    if move.kind is MoveKind.RECYCLE:
        return str(gettext(RECYCLE_HINT))

    def where(place: int) -> str:
        if place == STOCK_TOP:
            return str(gettext(STOCK_PLACE_WORDS))
        if place == WASTE_TOP:
            return str(gettext(WASTE_PLACE_WORDS))
        return str(gettext(PLACE)) % {"num": place}

    def name(place: int) -> str:
        card = state.card_at(place)
        assert card is not None
        return card_name(card, lang)

    first = move.first
    if not move.second:
        return str(gettext(KING_HINT)) % {"card": name(first), "place": where(first)}
    second = move.second
    values = {"card": name(first), "from": where(first), "other": name(second), "to": where(second)}
    return str(gettext(PAIR_HINT)) % values


class PyramidTable(SolitaireActions):
    """A game of Pyramid as the web app drives it."""

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
        self.history: History[PyramidState] = History(deal(code))
        self.selected: str | None = None
        self.message: str | None = None
        self._status: tuple[PyramidState | None, str] = (None, "playing")

    @property
    def state(self) -> PyramidState:
        """The position on the table."""
        return self.history.current

    @property
    def status(self) -> str:
        """``playing``, ``won`` or ``blocked`` (worked out once per position)."""
        state = self.state
        if self._status[0] is not state:
            self._status = (state, state.outcome or "playing")
        return self._status[1]

    # -- intents -------------------------------------------------------------------------

    def tap(self, target: str) -> list[Event]:
        """A tap on a card, the waste or the stock."""
        return self._logged(("tap", target), lambda: self._tap(parse_target(target)))

    def double_tap(self, target: str) -> list[Event]:
        """Remove a king, or pair the card with its only partner (see the module)."""
        return self._logged(("double_tap", target), lambda: self._double_tap(parse_target(target)))

    def drag(self, source: str, target: str) -> list[Event]:
        """Select ``source``, then tap ``target``."""
        return self._logged(
            ("drag", source, target), lambda: self._drag(parse_target(source), parse_target(target))
        )

    def undo(self) -> list[Event]:
        """Take back the last move."""
        return self._logged(("undo",), lambda: self._walk(self.history.undo, "undo"))

    def redo(self) -> list[Event]:
        """Re-apply the last undone move."""
        return self._logged(("redo",), lambda: self._walk(self.history.redo, "redo"))

    def winnable(self, seconds: float = 1.0) -> bool | None:
        """Whether the position can still be won: exact, or None past a node budget of
        about ``seconds``."""
        from cardems.pyramid.shortest import COMPILED, search

        nodes_per_second = 500_000 if COMPILED else 50_000
        return search(self.state, max(1_000, int(seconds * nodes_per_second))).winnable

    def hint(self, lang: str = DEFAULT_LANGUAGE) -> Hint:
        """The next move of a shortest win, in words in ``lang`` with the intent that plays
        it; "lost" when the position cannot be won, "undecided" past the search's budget."""
        from cardems.pyramid.shortest import HINT_NODES, search

        if self.status != "playing":
            return no_move("lost" if self.status == "blocked" else "over", lang)
        outcome = search(self.state, HINT_NODES)
        if not outcome.line:
            return no_move("undecided" if outcome.gave_up else "lost", lang)
        move = outcome.line[0]
        source, target = move_targets(move)
        card = self.state.card_at(move.first) if move.kind is MoveKind.REMOVE else None
        words = hint_words(move, self.state, lang)
        text = None if card is None else str(card)
        return move_hint(str(move), source, target, text, [intent_of(move)], words)

    # -- helpers -------------------------------------------------------------------------

    def legal_intents(self) -> list[Action]:
        """One intent per legal move."""
        return [intent_of(move) for move in self.state.legal_moves()]

    def hidden_cards(self) -> frozenset[str]:
        """The stock's cards under its top one: face down."""
        return frozenset(str(card) for card in self.state.stock[1:])

    def _logged(self, intent: Action, action: Callable[[], list[Event]]) -> list[Event]:
        before = (self.history.current, self.selected, self.history.can_redo)
        events = action()
        if (self.history.current, self.selected, self.history.can_redo) != before:
            self.log.append(intent)
        return events

    def _refuse(self, reason: str) -> list[Event]:
        self.message = reason if self.settings.move_errors else None
        return [{"type": "error", "message": reason}]

    def _card(self, target: str) -> Card | None:
        """The card at ``target`` if it can play (free, or the top of the stock/waste)."""
        place = place_of(target)
        if place <= POSITION_COUNT and not self.state.is_free(place):
            return None
        return self.state.card_at(place)

    def _remove(self, *targets: str) -> list[Event]:
        events: list[Event] = []
        if self.selected is not None and self.selected not in targets:
            events.append({"type": "deselect"})
        self.selected = None
        move = Move.remove(*(place_of(target) for target in targets))
        return events + self._move(move, targets[0], targets[-1])

    def _draw(self) -> list[Event]:
        if self.status == "blocked":
            return self._refuse(NO_MORE_MOVES)
        events: list[Event] = []
        if self.selected is not None:
            self.selected = None
            events.append({"type": "deselect"})
        move = Move.draw() if self.state.stock else Move.recycle()
        return events + self._move(move, *move_targets(move))

    def _tap(self, target: str) -> list[Event]:
        if self.status == "won":
            return self._refuse(N_("The game is won"))
        card = self._card(target)
        if card is not None and card.rank is Rank.KING:
            return self._remove(target)
        if target == STOCK and self.selected in (None, STOCK):
            if self.selected == STOCK:
                self.selected = None
                return [{"type": "deselect"}]
            return self._draw()
        if card is None:
            return self._draw() if target == STOCK else []  # covered or empty: nothing
        if self.selected is None:
            return self._select(target)
        if self.selected == target:
            self.selected = None
            self.message = None
            return [{"type": "deselect"}]
        chosen = self._card(self.selected)
        assert chosen is not None
        if value(chosen) + value(card) == 13:
            return self._remove(self.selected, target)
        if target == STOCK:
            return self._draw()
        return [*self._refuse(MAKE_13), *self._select(target, keep_message=True)]

    def _partners(self, target: str) -> list[str]:
        """The other playable cards that make 13 with the card at ``target``."""
        card = self._card(target)
        assert card is not None
        places = [pyramid_target(p) for p in self.state.free()] + [STOCK, WASTE]
        return [
            other
            for other in places
            if other != target
            and (partner := self._card(other)) is not None
            and value(partner) + value(card) == 13
        ]

    def _double_tap(self, target: str) -> list[Event]:
        card = self._card(target)
        if self.status == "won" or card is None:
            return self._tap(target)
        if card.rank is Rank.KING:
            return self._remove(target)
        partners = self._partners(target)
        if not partners:
            return self._tap(target)
        if len(partners) > 1:
            return self._select(target) if self.selected != target else []
        return self._remove(target, partners[0])

    def _drag(self, source: str, target: str) -> list[Event]:
        if self.status == "won":
            return self._refuse(N_("The game is won"))
        card = self._card(source)
        if card is None:
            return []
        if card.rank is Rank.KING:
            return self._remove(source)
        events = self._select(source) if self.selected != source else []
        if target == STOCK and self._card(STOCK) is None:
            return events
        return events + self._tap(target)

    def _select(self, target: str, keep_message: bool = False) -> list[Event]:
        self.selected = target
        if not keep_message:
            self.message = None
        return [{"type": "select", "target": target}]

    def _move(self, move: Move, source: str, target: str) -> list[Event]:
        try:
            state = self.state.apply(move)
        except IllegalMove as error:
            return self._refuse(error.reason)
        self.history.push(state)
        self.message = None
        self.timer.start()
        event: Event = {"type": "move", "move": str(move), "from": source, "to": target}
        if move.kind is MoveKind.DRAW:
            event |= {"say": DREW, "card": str(state.waste[-1])}
        elif move.kind is MoveKind.RECYCLE:
            event |= {"say": RECYCLED, "card": ""}
        else:
            event["say"] = PAIRED
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

    def _walk(self, step: Callable[[], PyramidState], name: str) -> list[Event]:
        if self.status == "won":
            return self._refuse(N_("The game is won"))
        try:
            step()
        except IllegalMove as error:
            return self._refuse(error.reason)
        self.selected = None
        self.message = None
        return [{"type": name}, *self._end_events()]

    # -- view ----------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Everything the player may see, JSON-ready (see the view contract)."""
        state = self.state
        help_on = self.settings.placement_help
        playable = [pyramid_target(p) for p in state.free()] + [STOCK, WASTE]
        cards = {target: card for target in playable if (card := self._card(target))}
        selected = cards.get(self.selected) if self.selected else None

        def face(target: str, card: Card, available: bool) -> dict[str, Any]:
            partner = available and (
                card.rank is Rank.KING
                or any(
                    other != target and value(o) + value(card) == 13 for other, o in cards.items()
                )
            )
            matches = available and selected is not None and value(selected) + value(card) == 13
            return {
                "card": str(card),
                "face_up": True,
                "available": available,
                "covered": target.startswith("pyramid:") and not available,
                "framed": help_on and partner,
                "dimmed": help_on
                and selected is not None
                and target != self.selected
                and not matches,
                "selected": target == self.selected,
            }

        piles: list[dict[str, Any]] = []
        for p in POSITIONS:
            card = state.pyramid[p - 1]
            target = pyramid_target(p)
            row = ROW[p - 1]
            column = (ROWS - row) / 2 + INDEX_IN_ROW[p - 1]
            piles.append(
                {
                    "target": target,
                    "kind": "pyramid",
                    "cards": [] if card is None else [face(target, card, target in cards)],
                    "row": row,
                    "column": column,
                    "x": column * STEP,
                    "y": (row - 1) * ROW_STEP,
                    "fan": 0,
                }
            )
        hidden = {
            "card": None,
            "face_up": False,
            "available": False,
            "framed": False,
            "dimmed": False,
            "selected": False,
        }
        stock_cards = [dict(hidden) for _ in state.stock[1:]]
        if state.stock:
            stock_cards.append(face(STOCK, state.stock[0], True))
        piles.append(
            {
                "target": STOCK,
                "kind": "stock",
                "cards": stock_cards,
                "count": len(state.stock),
                "x": STOCK_XY[0],
                "y": STOCK_XY[1],
                "fan": 0,
            }
        )
        top = state.waste_top
        piles.append(
            {
                "target": WASTE,
                "kind": "waste",
                "cards": [] if top is None else [face(WASTE, top, True)],
                "count": len(state.waste),
                "x": WASTE_XY[0],
                "y": WASTE_XY[1],
                "fan": 0,
            }
        )
        return {
            "game": "pyramid",
            "code": str(self.code),
            "variant": self.code.variant,
            "status": self.status,
            "score": state.score,
            "moves": state.moves,
            "pass": state.recycles + 1,
            "passes": state.passes,
            "elapsed": self.timer.elapsed(),
            "can_undo": self.history.can_undo and self.status != "won",
            "can_redo": self.history.can_redo and self.status != "won",
            "selected": self.selected,
            "message": self.message,
            "piles": piles,
            "board": BOARD,
            "shortcuts": {"d": {"type": "tap", "target": STOCK}},
            "double_tap_after_move": True,
        }
