"""The Heart to Heart table: taps, selection, placement help and the view.

Targets: ``heart:1`` … ``heart:25``, ``stock``, ``waste``. A tap on the stock draws (or
recycles when the stock is empty). A tap on an available card or on the waste selects
it; a tap on the selected one deselects it; a tap on a second card of the same rank
removes the pair; a second card of another rank becomes the selection (with the error
"Must be of the same rank"). A tap on a covered card or an empty place does nothing.
``drag(a, b)`` selects ``a`` then taps ``b``. ``double_tap`` on the stock draws; on an
available card or the waste it pairs the card with its only partner (another available
card or the waste's top card of the same rank), or with the waste when there are several;
with several partners on the heart and none on the waste it leaves the card selected for
the player to choose; with none it is a tap (a quick second tap still deselects).

The timer starts at the first move, pauses when the game is blocked (an undo lets play
go on) and stops for good at a win. After a win nothing more is accepted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardems.cards import Card, Rank, Suit
from cardems.core.game import Action, Event, Record, TableSettings
from cardems.core.hints import Hint, move_hint, no_move
from cardems.core.history import History, IllegalMove
from cardems.core.solitaire import SolitaireActions
from cardems.dealcode import DealCode
from cardems.heart_to_heart.layout import POSITION_COUNT, POSITIONS, ROW, X
from cardems.heart_to_heart.rules import SAME_RANK, HeartState, Move, MoveKind, card_text, deal
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.languages import DEFAULT_LANGUAGE
from cardems.i18n.markers import N_
from cardems.numbers import read_number
from cardems.timer import GameTimer

STOCK = "stock"
WASTE = "waste"
NO_MORE_MOVES = N_("No more moves possible")
UNKNOWN_TARGET = N_(
    "unknown Heart to Heart target %(target)s: expected heart:1 … heart:25, stock or waste"
)
DRAW_HINT = N_("Hint: draw a card")
RECYCLE_HINT = N_("Hint: turn the waste over to make a new stock")
# TRANSLATORS: a place named in hints, e.g. "pair the 4 of hearts at position 25 with …".
PLACE = N_("position %(num)s")
# TRANSLATORS: card is a card's name ("4 of hearts"), place a position ("position 25").
WASTE_HINT = N_("Hint: pair the %(card)s at %(place)s with the waste's %(other)s")
PAIR_HINT = N_("Hint: pair the %(card)s at %(from)s with the %(other)s at %(to)s")
DREW = "Drew the %(card)s."
RECYCLED = "Turned the waste over: a new stock."
PAIRED = "Paired."
# Said by the browser after a move (client strings of cardems.web.i18n).

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
STEP = 108  # a card and the gap beside it
ROW_STEP = 70  # half a card: the heart's rows overlap
BOARD = {"width": 6 * STEP - 8, "height": ROW_STEP * 6 + 140 + 30}
STOCK_PLACE = (0, 300)
WASTE_PLACE = (5 * STEP, 300)


def heart_target(position: int) -> str:
    """The target name of a heart position."""
    return f"heart:{position}"


def parse_target(target: str) -> str:
    """Validate a target name; raise ``ValueError`` with a clear message otherwise."""
    if target in (STOCK, WASTE):
        return target
    kind, _, number = target.partition(":")
    position = read_number(number) if kind == "heart" else None
    if position is not None and 1 <= position <= POSITION_COUNT:
        return f"heart:{position}"
    raise ValueError(UNKNOWN_TARGET % {"target": repr(target)})


def _position(target: str) -> int:
    return int(target.partition(":")[2])


def move_targets(move: Move) -> tuple[str, str]:
    """The ``from`` and ``to`` targets of a move, for events and hints."""
    if move.kind is MoveKind.DRAW:
        return STOCK, WASTE
    if move.kind is MoveKind.RECYCLE:
        return WASTE, STOCK
    if move.kind is MoveKind.WASTE:
        return heart_target(move.first), WASTE
    return heart_target(move.first), heart_target(move.second)


def intent_of(move: Move) -> Action:
    """The intent that plays ``move``: a tap on the stock, or a drag of one card onto its
    pair (the waste's card onto a heart card)."""
    source, target = move_targets(move)
    if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
        return ("tap", STOCK)
    if move.kind is MoveKind.WASTE:
        return ("drag", WASTE, source)
    return ("drag", source, target)


def hint_words(move: Move, state: HeartState, lang: str) -> str:
    """A hint's words for ``move``: "Hint: pair the 7 of hearts at position 3 with …"."""
    gettext = translations(lang).gettext
    if move.kind is MoveKind.DRAW:
        return str(gettext(DRAW_HINT))
    if move.kind is MoveKind.RECYCLE:
        return str(gettext(RECYCLE_HINT))
    card = card_name(Card(Rank(state.heart[move.first - 1]), Suit.HEARTS), lang)
    place = str(gettext(PLACE)) % {"num": move.first}
    if move.kind is MoveKind.WASTE:
        other = card_name(Card(Rank(state.waste[-1]), Suit.HEARTS), lang)
        return str(gettext(WASTE_HINT)) % {"card": card, "place": place, "other": other}
    other = card_name(Card(Rank(state.heart[move.second - 1]), Suit.HEARTS), lang)
    to = str(gettext(PLACE)) % {"num": move.second}
    return str(gettext(PAIR_HINT)) % {"card": card, "from": place, "other": other, "to": to}


class HeartToHeartTable(SolitaireActions):
    """A game of Heart to Heart as the web app and the terminal player drive it."""

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
        self.history: History[HeartState] = History(deal(code))
        self.selected: str | None = None
        self.message: str | None = None
        self._status: tuple[HeartState | None, str] = (None, "playing")

    @property
    def state(self) -> HeartState:
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
        """Pair the card at ``target`` with its partner (see the module); the stock draws."""
        return self._logged(("double_tap", target), lambda: self._double_tap(parse_target(target)))

    def drag(self, source: str, target: str) -> list[Event]:
        """Select ``source``, then tap ``target``."""
        return self._logged(
            ("drag", source, target), lambda: self._drag(parse_target(source), parse_target(target))
        )

    def undo(self) -> list[Event]:
        """Take back the last move (up to 100)."""
        return self._logged(("undo",), lambda: self._walk(self.history.undo, "undo"))

    def redo(self) -> list[Event]:
        """Re-apply the last undone move."""
        return self._logged(("redo",), lambda: self._walk(self.history.redo, "redo"))

    def winnable(self) -> bool:
        """Whether the position can still be won (exact; about a millisecond). The web
        app calls it after each move when the player asked to be warned early."""
        from cardems.heart_to_heart.solver import is_winnable

        return is_winnable(self.state)

    def hint(self, lang: str = DEFAULT_LANGUAGE) -> Hint:
        """The next move of a winning line (the shortest when it is found quickly), in
        words in ``lang`` with the intent that plays it; or "lost" when the position
        cannot be won (the solver is exact and quick: never "undecided")."""
        from cardems.heart_to_heart.shortest import best_hint  # the solver loads on demand

        if self.status != "playing":
            return no_move("lost" if self.status == "blocked" else "over", lang)
        move = best_hint(self.state)
        if move is None:
            return no_move("lost", lang)
        source, target = move_targets(move)
        card = None if move.kind is MoveKind.DRAW else self._card_at(source)
        words = hint_words(move, self.state, lang)
        return move_hint(str(move), source, target, card, [intent_of(move)], words)

    def _card_at(self, target: str) -> str | None:
        if target == STOCK:
            return None
        if target == WASTE:
            top = self.state.waste_top
            return None if top is None else card_text(top)
        return card_text(self.state.heart[_position(target) - 1])

    # -- helpers -------------------------------------------------------------------------

    def legal_intents(self) -> list[Action]:
        """One intent per legal move: a tap on the stock, or a drag of one card onto its pair."""
        return [intent_of(move) for move in self.state.legal_moves()]

    def hidden_cards(self) -> frozenset[str]:
        """None by code: every rank is dealt four times, so the stock's face-down cards are
        hidden by shape instead (``card`` is null)."""
        return frozenset()

    def _logged(self, intent: Action, action: Callable[[], list[Event]]) -> list[Event]:
        before = (self.history.current, self.selected, self.history.can_redo)
        events = action()
        if (self.history.current, self.selected, self.history.can_redo) != before:
            self.log.append(intent)
        return events

    def _refuse(self, reason: str) -> list[Event]:
        self.message = reason if self.settings.move_errors else None
        return [{"type": "error", "message": reason}]

    def _selectable(self, target: str) -> bool:
        if target == WASTE:
            return bool(self.state.waste)
        return target != STOCK and self.state.is_available(_position(target))

    def _rank(self, target: str) -> int:
        if target == WASTE:
            return self.state.waste[-1]
        return self.state.heart[_position(target) - 1]

    def _tap(self, target: str) -> list[Event]:
        status = self.status
        if status == "won":
            return self._refuse(N_("The game is won"))
        if target == STOCK:
            if status == "blocked":
                return self._refuse(NO_MORE_MOVES)
            move = Move.draw() if self.state.stock else Move.recycle()
            events: list[Event] = []
            if self.selected is not None:
                self.selected = None
                events.append({"type": "deselect"})
            return events + self._move(move, *move_targets(move))
        if not self._selectable(target):
            return []  # a covered card, an empty place or an empty waste: nothing happens
        if self.selected is None:
            return self._select(target)
        if self.selected == target:
            self.selected = None
            self.message = None
            return [{"type": "deselect"}]
        if self._rank(self.selected) != self._rank(target):
            return [*self._refuse(SAME_RANK), *self._select(target, keep_message=True)]
        first = self.selected
        if WASTE in (first, target):
            heart = target if first == WASTE else first
            move = Move.with_waste(_position(heart))
        else:
            move = Move.pair(_position(first), _position(target))
        self.selected = None
        return self._move(move, first, target)

    def _partners(self, target: str) -> list[str]:
        """The other available cards, and the waste's top card, of ``target``'s rank."""
        rank = self._rank(target)
        partners = [
            heart_target(p)
            for p in self.state.available()
            if heart_target(p) != target and self.state.heart[p - 1] == rank
        ]
        if target != WASTE and self.state.waste_top == rank:
            partners.append(WASTE)
        return partners

    def _double_tap(self, target: str) -> list[Event]:
        if target == STOCK or self.status == "won" or not self._selectable(target):
            return self._tap(target)
        partners = self._partners(target)
        if not partners:  # nothing to pair: the second tap is a tap (deselects)
            return self._tap(target)
        if len(partners) > 1 and WASTE not in partners:
            return self._select(target) if self.selected != target else []
        partner = partners[0] if len(partners) == 1 else WASTE
        events: list[Event] = []
        if self.selected not in (None, target):
            events.append({"type": "deselect"})
        self.selected = target
        return events + self._tap(partner)

    def _drag(self, source: str, target: str) -> list[Event]:
        if source == STOCK or target == STOCK:
            return self._refuse(N_("Cards are not dragged to or from the stock"))
        if self.status == "won":
            return self._refuse(N_("The game is won"))
        if not self._selectable(source):
            return []
        events = self._select(source) if self.selected != source else []
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
        if move.kind is MoveKind.DRAW:  # the card it turned, which a listener cannot see
            event |= {"say": DREW, "card": card_text(state.waste[-1])}
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

    def _walk(self, step: Callable[[], HeartState], name: str) -> list[Event]:
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
        free = set(state.available())
        free_ranks = [state.heart[p - 1] for p in free]
        top = state.waste_top
        selected_rank = self._rank(self.selected) if self.selected else None

        def face(target: str, rank: int, available: bool) -> dict[str, Any]:
            partner = available and (
                free_ranks.count(rank) - (target != WASTE) > 0 or (target != WASTE and top == rank)
            )
            matches = available and rank == selected_rank and target != self.selected
            return {
                "card": card_text(rank),
                "face_up": True,
                "available": available,
                "covered": target != WASTE and not available,
                "framed": help_on and partner,
                "dimmed": help_on
                and selected_rank is not None
                and target != self.selected
                and not matches,
                "selected": target == self.selected,
            }

        piles: list[dict[str, Any]] = []
        for p in POSITIONS:
            rank = state.heart[p - 1]
            target = heart_target(p)
            cards = [face(target, rank, p in free)] if rank else []
            piles.append(
                {
                    "target": target,
                    "kind": "heart",
                    "cards": cards,
                    "row": ROW[p - 1],
                    "column": X[p - 1],
                    "x": X[p - 1] * STEP,
                    "y": (ROW[p - 1] - 1) * ROW_STEP,
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
        piles.append(
            {
                "target": STOCK,
                "kind": "stock",
                "cards": [dict(hidden) for _ in state.stock],
                "count": len(state.stock),
                "x": STOCK_PLACE[0],
                "y": STOCK_PLACE[1],
                "fan": 0,
            }
        )
        waste_cards = [face(WASTE, top, True)] if top is not None else []
        piles.append(
            {
                "target": WASTE,
                "kind": "waste",
                "cards": waste_cards,
                "count": len(state.waste),
                "x": WASTE_PLACE[0],
                "y": WASTE_PLACE[1],
                "fan": 0,
            }
        )
        return {
            "game": "heart-to-heart",
            "code": str(self.code),
            "variant": self.code.variant,
            "status": self.status,
            "score": state.score,
            "moves": state.moves,
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
