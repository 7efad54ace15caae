"""The Spider table: taps, selection, placement help, hints and the view.

Targets: ``column:1`` … ``column:10`` (``column:3:k``: from the card at index ``k`` up,
as a drag from a fanned column sends), ``stock`` and ``foundation:1`` … ``foundation:8``.
A tap on the stock deals. A tap on a column with nothing selected picks up its movable
run (from card ``k`` with ``column:N:k``; a card that is not on top of a run of one suit
is refused); a tap on the same column puts it down; a tap on another column moves as many
of the picked-up cards as fit there (onto a card one rank higher, or all of them onto an
empty column). ``drag(a, b)`` picks up ``a`` then taps ``b``. ``double_tap`` on a column
moves its run (or the cards from ``k``) where it fits best: onto a card of the same suit
one rank higher, else any card one rank higher, else an empty column; with no place it is
a tap. Runs K→A go off by themselves; the foundations take no taps.

Built on :mod:`cardems.core.solitaire` as Heart to Heart's table is: the game's own parts
(rules, targets, words) are apart from the plumbing (:class:`SolitaireActions`, history,
timer), to port onto the solitaire kit.
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
from cardems.spider.rules import (
    COLUMNS,
    ONE_SUIT,
    RUN,
    RUNS,
    WON,
    Move,
    SpiderState,
    card_id,
    card_text,
    deal,
    follows,
    rank_of,
)
from cardems.timer import GameTimer

STOCK = "stock"
UNKNOWN_TARGET = N_(
    "unknown Spider target %(target)s: expected column:1 … column:10, column:N:k,"
    " stock or foundation:1 … foundation:8"
)
NO_MORE_MOVES = N_("No more moves possible")
NOTHING_FITS = N_("None of these cards fits there")
RUNS_GO_OFF = N_("Runs of one suit from king to ace go off by themselves")
DEAL_HINT = N_("Hint: deal a card onto every column")
# TRANSLATORS: card is a card's name ("7 of spades"); from and to are column numbers.
MOVE_HINT = N_("Hint: move the %(card)s from column %(from)d to column %(to)d")
HINT_SECONDS = 3.0

STEP = 108  # a card and the gap beside it
FAN = 30  # between the face-up cards of a column
COLUMN_TOP = 140 + 24


def column_target(column: int, index: int | None = None) -> str:
    """The target of a column (0-based), or of its cards from ``index`` up."""
    return f"column:{column + 1}" if index is None else f"column:{column + 1}:{index}"


def parse_target(target: str) -> tuple[str, int, int | None]:
    """``("column", i, k)``, ``("stock", 0, None)`` or ``("foundation", i, None)``
    (0-based); ValueError with a clear message otherwise."""
    if target == STOCK:
        return STOCK, 0, None
    parts = target.split(":")
    numbers = [read_number(part) for part in parts[1:]]
    if None not in numbers and numbers:
        first = (numbers[0] or 0) - 1
        if parts[0] == "column" and len(parts) in (2, 3) and 0 <= first < COLUMNS:
            return "column", first, numbers[1] if len(parts) == 3 else None
        if parts[0] == "foundation" and len(parts) == 2 and 0 <= first < RUNS:
            return "foundation", first, None
    raise ValueError(UNKNOWN_TARGET % {"target": repr(target)})


def intent_of(move: Move, state: SpiderState) -> Action:
    """The intent that plays ``move`` in ``state``: a tap on the stock or a drag of its
    cards (from the first that moves)."""
    if move.is_deal:
        return ("tap", STOCK)
    first = len(state.columns[move.source]) - move.count
    return ("drag", column_target(move.source, first), column_target(move.target))


def hint_words(move: Move, state: SpiderState, lang: str) -> str:
    """A hint's words: "Hint: move the 7 of spades from column 3 to column 7"."""
    gettext = translations(lang).gettext
    if move.is_deal:
        return str(gettext(DEAL_HINT))
    card = state.columns[move.source][-move.count]
    name = card_name(Card.from_index(card % 52), lang)
    values = {"card": name, "from": move.source + 1, "to": move.target + 1}
    return str(gettext(MOVE_HINT)) % values


class SpiderTable(SolitaireActions):
    """A game of Spider as the web app drives it."""

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
        self.history: History[SpiderState] = History(deal(code))
        self.selected: tuple[int, int] | None = None
        """The picked-up cards: (column, how many from its top)."""
        self.message: str | None = None
        self._status: tuple[SpiderState | None, str] = (None, "playing")

    @property
    def state(self) -> SpiderState:
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
        """A tap on a column, the stock or a foundation."""
        return self._logged(("tap", target), lambda: self._tap(parse_target(target)))

    def double_tap(self, target: str) -> list[Event]:
        """Move the column's run (or the cards from ``k``) where it fits best."""
        return self._logged(("double_tap", target), lambda: self._double_tap(parse_target(target)))

    def drag(self, source: str, target: str) -> list[Event]:
        """Pick up ``source``, then tap ``target``."""
        return self._logged(
            ("drag", source, target), lambda: self._drag(parse_target(source), parse_target(target))
        )

    def undo(self) -> list[Event]:
        """Take back the last move (up to 100)."""
        return self._logged(("undo",), lambda: self._walk(self.history.undo, "undo"))

    def redo(self) -> list[Event]:
        """Re-apply the last undone move."""
        return self._logged(("redo",), lambda: self._walk(self.history.redo, "redo"))

    def hint(self, lang: str = DEFAULT_LANGUAGE) -> Hint:
        """The next move of a winning line the solver finds within a few seconds, in
        words in ``lang`` with the intent that plays it; "lost" when it proves none,
        "undecided" when it runs out of time."""
        from cardems.spider.solver import solve

        if self.status != "playing":
            return no_move("lost" if self.status == "blocked" else "over", lang)
        result = solve(self.state, seconds=HINT_SECONDS)
        if not result.moves:
            return no_move("lost" if result.winnable is False else "undecided", lang)
        move = result.moves[0]
        words = hint_words(move, self.state, lang)
        if move.is_deal:
            return move_hint(
                "D", STOCK, column_target(0), None, [intent_of(move, self.state)], words
            )
        card = card_text(self.state.columns[move.source][-move.count])
        source, target = column_target(move.source), column_target(move.target)
        return move_hint(str(move), source, target, card, [intent_of(move, self.state)], words)

    def legal_intents(self) -> list[Action]:
        """One intent per legal move."""
        return [intent_of(move, self.state) for move in self.state.legal_moves()]

    def hidden_cards(self) -> frozenset[str]:
        """The faces of which every copy is face down or in the stock (cards repeat, so a
        face with a copy in sight is hidden by shape: its face-down copies show no card)."""
        state = self.state
        hidden = {card_text(card) for card in state.stock}
        shown = set()
        for column, down in zip(state.columns, state.down, strict=True):
            hidden |= {card_text(card) for card in column[:down]}
            shown |= {card_text(card) for card in column[down:]}
        return frozenset(hidden - shown)

    # -- helpers -------------------------------------------------------------------------

    def _logged(self, intent: Action, action: Callable[[], list[Event]]) -> list[Event]:
        before = (self.history.current, self.selected, self.history.can_redo)
        events = action()
        if (self.history.current, self.selected, self.history.can_redo) != before:
            self.log.append(intent)
        return events

    def _refuse(self, reason: str) -> list[Event]:
        self.message = reason if self.settings.move_errors else None
        return [{"type": "error", "message": reason}]

    def _count(self, column: int, index: int | None) -> int | str:
        """How many cards a pick-up of ``column`` from ``index`` takes, or why it cannot."""
        cards = self.state.columns[column]
        run = self.state.run_length(column)
        if not cards:
            return N_("Column %(num)d is empty") % {"num": column + 1}
        if index is None:
            return run
        count = len(cards) - index
        return count if 1 <= count <= run else ONE_SUIT

    def _tap(self, place: tuple[str, int, int | None]) -> list[Event]:
        kind, column, index = place
        if self.status == "won":
            return self._refuse(WON)
        if kind == "foundation":
            return self._refuse(RUNS_GO_OFF)
        if kind == STOCK:
            return self._deselect() + self._move(Move.deal())
        if self.selected is None:
            return self._pick(column, index)
        source, picked = self.selected
        if source == column:
            return self._deselect()
        self.selected = None
        events: list[Event] = [{"type": "deselect"}]
        pile = self.state.columns[column]
        count = rank_of(pile[-1]) - rank_of(self.state.columns[source][-1]) if pile else picked
        if not 1 <= count <= picked:
            return events + self._refuse(NOTHING_FITS)
        return events + self._move(Move(source, column, count))

    def _pick(self, column: int, index: int | None) -> list[Event]:
        count = self._count(column, index)
        if isinstance(count, str):
            return self._refuse(count)
        self.selected = (column, count)
        self.message = None
        return [{"type": "select", "target": column_target(column)}]

    def _deselect(self) -> list[Event]:
        if self.selected is None:
            return []
        self.selected = None
        self.message = None
        return [{"type": "deselect"}]

    def _double_tap(self, place: tuple[str, int, int | None]) -> list[Event]:
        kind, column, index = place
        if kind != "column" or self.status == "won":
            return self._tap(place)
        count = self._count(column, index)
        if isinstance(count, str):
            return self._refuse(count)
        move = self._best_move(column, count if index is not None else None)
        if move is None:
            return self._tap(place)
        return self._deselect() + self._move(move)

    def _best_move(self, column: int, count: int | None) -> Move | None:
        """Where the cards from ``column`` fit best (see the module docstring)."""
        state = self.state
        cards = state.columns[column]

        def merit(move: Move) -> tuple[int, int]:
            pile = state.columns[move.target]
            if not pile:
                return 0, move.count
            return (2 if follows(cards[-move.count], pile[-1]) else 1), move.count

        moves = [
            move
            for move in state.legal_moves()
            if move.source == column and (count is None or move.count == count)
        ]
        useful = [m for m in moves if state.columns[m.target] or m.count < len(cards)]
        return max(useful, key=merit, default=None)

    def _drag(
        self, source: tuple[str, int, int | None], target: tuple[str, int, int | None]
    ) -> list[Event]:
        if STOCK in (source[0], target[0]):
            return self._refuse(N_("Cards are not dragged to or from the stock"))
        if self.status == "won":
            return self._refuse(WON)
        if source[0] != "column":
            return self._refuse(RUNS_GO_OFF)
        self.selected = None
        events = self._pick(source[1], source[2])
        if self.selected is None:
            return events
        return events + self._tap(target)

    def _move(self, move: Move) -> list[Event]:
        before = self.state
        try:
            state = before.apply(move)
        except IllegalMove as error:
            return self._refuse(error.reason)
        self.history.push(state)
        self.message = None
        self.timer.start()
        if move.is_deal:
            event: Event = {"type": "move", "move": "D", "from": STOCK, "to": column_target(0)}
        else:
            card = before.columns[move.source][-move.count]
            event = {
                "type": "move",
                "move": str(move),
                "from": column_target(move.source),
                "to": column_target(move.target),
                "card": card_text(card),
                "id": card_id(card),
            }
        events = [event]
        if len(state.runs) > len(before.runs):
            events.append({"type": "run", "count": len(state.runs) - len(before.runs)})
        return events + self._end_events()

    def _end_events(self) -> list[Event]:
        status = self.status
        if status == "won":
            self.timer.stop()
            return [{"type": "won"}]
        if status == "blocked":
            self.timer.pause()
            return [{"type": "blocked"}]
        return []

    def _walk(self, step: Callable[[], SpiderState], name: str) -> list[Event]:
        if self.status == "won":
            return self._refuse(WON)
        try:
            step()
        except IllegalMove as error:
            return self._refuse(error.reason)
        self.selected = None
        self.message = None
        return [{"type": name}, *self._end_events()]

    # -- view ----------------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Everything the player may see, JSON-ready (see the view contract); face-down
        cards show no card, face-up ones their face (``card``) and identity (``id``)."""
        state = self.state
        help_on = self.settings.placement_help
        legal = state.legal_moves()
        movable = {(m.source, m.count) for m in legal if not m.is_deal}
        accepts = set()
        if self.selected is not None:
            source, picked = self.selected
            accepts = {m.target for m in legal if m.source == source and m.count <= picked}
        piles: list[dict[str, Any]] = []
        longest = max(map(len, state.columns))
        for index, column in enumerate(state.columns):
            down = state.down[index]
            run = state.run_length(index)
            cards = []
            for position, card in enumerate(column):
                from_top = len(column) - position
                if position < down:
                    cards.append(_face_down())
                    continue
                picked = self.selected is not None and self.selected[0] == index
                cards.append(
                    {
                        "card": card_text(card),
                        "id": card_id(card),
                        "face_up": True,
                        "available": from_top <= run,
                        "framed": help_on
                        and self.selected is None
                        and (index, from_top) in movable,
                        "dimmed": help_on
                        and self.selected is not None
                        and not picked
                        and index not in accepts,
                        "selected": picked and from_top <= (self.selected or (0, 0))[1],
                    }
                )
            pile: dict[str, Any] = {
                "target": column_target(index),
                "kind": "column",
                "cards": cards,
                "x": index * STEP,
                "y": COLUMN_TOP,
                "fan": FAN,
            }
            if self.selected is not None:
                pile["accepts"] = index in accepts
            piles.append(pile)
        for index in range(RUNS):
            suit = state.runs[index] if index < len(state.runs) else None
            king = [] if suit is None else [_king(suit)]
            piles.append(
                {
                    "target": f"foundation:{index + 1}",
                    "kind": "foundation",
                    "cards": king,
                    "count": RUN if king else 0,
                    "x": index * STEP,
                    "y": 0,
                    "fan": 0,
                }
            )
        piles.append(
            {
                "target": STOCK,
                "kind": "stock",
                "cards": [_face_down() for _ in range(len(state.stock) // COLUMNS)],
                "count": len(state.stock),
                "x": (COLUMNS - 1) * STEP,
                "y": 0,
                "fan": 0,
            }
        )
        return {
            "game": self.code.family.name,
            "code": str(self.code),
            "variant": self.code.variant,
            "status": self.status,
            "score": state.score,
            "moves": state.moves,
            "elapsed": self.timer.elapsed(),
            "can_undo": self.history.can_undo and self.status != "won",
            "can_redo": self.history.can_redo and self.status != "won",
            "selected": None if self.selected is None else column_target(self.selected[0]),
            "message": self.message if self.settings.move_errors else None,
            "piles": piles,
            "board": {"width": COLUMNS * STEP - 8, "height": COLUMN_TOP + 140 + FAN * longest},
            "shortcuts": {"d": {"type": "tap", "target": STOCK}},
            "double_tap_after_move": False,
        }


def _face_down() -> dict[str, Any]:
    return {
        "card": None,
        "face_up": False,
        "available": False,
        "framed": False,
        "dimmed": False,
        "selected": False,
    }


def _king(suit: int) -> dict[str, Any]:
    card = suit * RUN + RUN - 1
    return {
        "card": card_text(card),
        "face_up": True,
        "available": False,
        "framed": False,
        "dimmed": False,
        "selected": False,
    }
