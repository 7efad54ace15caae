"""The parts of a table of columns, free cells and foundations that do not depend on the
game's rules: taps, double taps and drags in, events out; undo and redo; hints; the
selection, framed cards and piles of the view. A game's table subclasses :class:`CellTable`
and gives its rules through the hooks (:meth:`CellTable.count_for`, ``run_length``,
``safe_home_moves``, ``solve``) and its state's verbs (``refusal``, ``apply``,
``legal_moves``, ``cards_at``).

Finishing: once every card left can go home by plain moves (a column's top card or a cell's
card to its foundation, again and again: :func:`finish_moves`), the view says
``can_finish`` and the ``finish`` intent plays those moves, each logged as an ordinary
drag (one undo step each), so a saved game replays without knowing the intent."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from cardems.cards import Card, Suit
from cardems.cellgames.game import Verdict
from cardems.cellgames.hints import Lines, move_words
from cardems.cellgames.notation import SUIT_LETTERS, Move, Place, format_move
from cardems.core.game import Action, Event, Record, TableSettings
from cardems.core.hints import Hint, move_hint, no_move
from cardems.core.history import History, IllegalMove
from cardems.core.solitaire import SolitaireActions
from cardems.dealcode import DealCode
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.languages import DEFAULT_LANGUAGE
from cardems.i18n.markers import N_
from cardems.timer import GameTimer

GAME_WON = N_("The game is won: start a new deal")
CANNOT_FINISH = N_("Not every card can go home yet")

HINT_SECONDS = 3.0
"""Search budget of a hint; with no line found in time, the hint says "undecided"."""

MOVED = "Moved %(card)s."
# Said by the browser after a move (client strings of cardems.web.i18n).


# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
STEP = 108  # a card and the gap beside it
FAN = 36  # between the cards of a column
COLUMN_TOP = 140 + 2 * 8 + 24


class CellState(Protocol):
    """What the table needs of a game's position."""

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def cells(self) -> tuple[Card | None, ...]: ...

    @property
    def won(self) -> bool: ...

    @property
    def score(self) -> int: ...

    @property
    def moves(self) -> int: ...

    @property
    def foundations(self) -> tuple[int, int, int, int]: ...

    def foundation_top(self, suit_index: int) -> Card | None: ...

    @property
    def position(self) -> tuple[object, ...]: ...

    @property
    def placement(self) -> tuple[object, ...]: ...

    def cards_at(self, place: Place) -> tuple[Card, ...]: ...

    def refusal(self, move: Move) -> str | None: ...

    def apply(self, move: Move) -> Self: ...

    def legal_moves(self) -> list[Move]: ...


S = TypeVar("S", bound=CellState)


def parse_target(
    target: str, n_cells: int, n_columns: int, unknown: str
) -> tuple[Place, int | None]:
    """Read ``column:3``, ``column:3:k``, ``cell:1``, ``foundation:H``; raise ValueError
    with ``unknown`` (formatted with ``target`` and ``cells``)."""
    parts = target.strip().split(":")
    kind = parts[0].lower()
    try:
        if kind == "column" and len(parts) in (2, 3):
            number = int(parts[1])
            index = int(parts[2]) if len(parts) == 3 else None
            if 1 <= number <= n_columns and (index is None or index >= 0):
                return Place("column", number - 1), index
        elif kind == "cell" and len(parts) == 2:
            number = int(parts[1])
            if 1 <= number <= n_cells:
                return Place("cell", number - 1), None
        elif kind == "foundation" and len(parts) == 2 and parts[1].upper() in SUIT_LETTERS:
            return Place("foundation", SUIT_LETTERS.index(parts[1].upper())), None
    except ValueError:
        pass
    raise ValueError(unknown % {"target": repr(target), "cells": n_cells})


def home_move(state: CellState, source: Place) -> Move | None:
    """The move of the top card of ``source`` to its foundation, if that is legal."""
    cards = state.cards_at(source)
    if not cards or source.kind == "foundation":
        return None
    move = Move(source, Place("foundation", cards[-1].suit.order))
    return move if state.refusal(move) is None else None


def next_home_move(state: CellState) -> Move | None:
    """The first column's top card or cell's card that can go home now, as a move."""
    sources = [Place("column", i) for i, pile in enumerate(state.columns) if pile]
    sources += [Place("cell", i) for i, card in enumerate(state.cells) if card is not None]
    return next((m for m in (home_move(state, place) for place in sources) if m), None)


def finish_moves(state: CellState) -> list[Move] | None:
    """The moves that send every card left home one at a time (a column's top card or a
    cell's card to its foundation), or None when that does not clear the table (or it is
    clear already). A card gone home never keeps another from following, so taking the
    first card that can go each time decides it."""
    if state.won or any(map(_buried, state.columns)):
        return None
    moves: list[Move] = []
    while not state.won:
        move = next_home_move(state)
        if move is None:
            return None
        moves.append(move)
        state = state.apply(move)
    return moves


def _buried(pile: tuple[Card, ...]) -> bool:
    """Whether a card lies under a higher one of its own suit (it cannot go home first)."""
    lowest: dict[Suit, int] = {}
    for card in pile:
        if card.rank > lowest.get(card.suit, 14):
            return True
        lowest[card.suit] = card.rank
    return False


class CellTable(SolitaireActions, ABC, Generic[S]):
    """One game at the table; see the game's table module for the behaviour."""

    n_columns: ClassVar[int]
    unknown_target: ClassVar[str]
    """The refusal of a target that names no pile (``%(target)s``, ``%(cells)d``)."""
    fan_room: ClassVar[int]
    """A column's fan fits this height: longer columns are fanned tighter, down to
    ``min_fan``; then the board grows."""
    min_fan: ClassVar[int] = 0
    foundations_give_back: ClassVar[bool] = True
    """Whether a foundation's top card may be selected and moved back to the table."""

    code: DealCode
    settings: TableSettings
    log: list[Action]
    records: list[Record]
    history: History[S]
    n_cells: int
    selected: Place | None
    message: str | None
    timer: GameTimer

    def __init__(
        self,
        code: DealCode,
        settings: TableSettings = TableSettings(),  # noqa: B008 - frozen, shared safely
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.code = code
        self.settings = settings
        self.log = []
        self.records = []
        self.history = History(self.first_position(code))
        self.n_cells = len(self.history.current.cells)
        self.selected = None
        self.message = None
        self.timer = GameTimer(clock=clock)
        self._status_cache: dict[tuple[object, ...], str] = {}
        self.lines = Lines(self.solve)

    @property
    def state(self) -> S:
        """The position on the table."""
        return self.history.current

    @property
    def status(self) -> str:
        """``playing``, ``won`` or ``stuck`` (no useful move, see :meth:`_stuck`)."""
        state = self.state
        key = state.position
        status = self._status_cache.get(key)
        if status is None:
            status = "won" if state.won else "stuck" if self._stuck(state) else "playing"
            if len(self._status_cache) > 512:
                self._status_cache.clear()
            self._status_cache[key] = status
        return status

    # -- the game's rules --------------------------------------------------------------

    @abstractmethod
    def first_position(self, code: DealCode) -> S:
        """The deal's first position."""

    @abstractmethod
    def _stuck(self, state: S) -> bool:
        """Whether no useful move is left."""

    @abstractmethod
    def count_for(self, state: S, source: Place, dest: Place) -> int:
        """How many cards of ``source``'s top run the move to ``dest`` takes."""

    @abstractmethod
    def run_length(self, pile: tuple[Card, ...]) -> int:
        """How many top cards of a column may move together."""

    @abstractmethod
    def builds_on(self, state: S, card: Card, below: Card) -> bool:
        """Whether ``card`` may lie on ``below`` in a column."""

    @abstractmethod
    def group_limit(self, state: S) -> int:
        """The largest group of cards that may move together now."""

    @abstractmethod
    def safe_home_moves(self, state: S) -> Iterator[Move]:
        """The moves home the table makes by itself (with the auto-move setting)."""

    @abstractmethod
    def solve(self, state: S, seconds: float) -> Verdict:
        """The game's solver on ``state`` within ``seconds``."""

    def _target(self, target: str) -> tuple[Place, int | None]:
        return parse_target(target, self.n_cells, self.n_columns, self.unknown_target)

    # -- the view -----------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """Everything the player sees, JSON-ready (see the view contract)."""
        state = self.state
        selected_cards = self._selected_count()
        accepts = self._accepting() if self.selected is not None else set()
        framed = self._framed() if self.selected is None else set()
        help_on = self.settings.placement_help
        longest = max(1, *(len(pile) for pile in state.columns))
        fan = max(self.min_fan, min(FAN, self.fan_room // max(1, longest - 1)))
        fan_height = max(self.fan_room, fan * (longest - 1))
        piles: list[dict[str, Any]] = []
        for index, pile in enumerate(state.columns):
            place = Place("column", index)
            run = self.run_length(pile)
            cards = []
            for position, card in enumerate(pile):
                from_top = len(pile) - position
                is_selected = self.selected == place and from_top <= selected_cards
                cards.append(
                    self._card_view(
                        str(card),
                        available=from_top <= run,
                        framed=help_on and (place, from_top) in framed,
                        dimmed=help_on and self._dims(place, accepts),
                        selected=is_selected,
                    )
                )
            piles.append(self._pile(place, "column", cards, accepts, index * STEP, COLUMN_TOP, fan))
        for index, cell_card in enumerate(state.cells):
            place = Place("cell", index)
            cards = []
            if cell_card is not None:
                cards.append(
                    self._card_view(
                        str(cell_card),
                        available=True,
                        framed=help_on and (place, 1) in framed,
                        dimmed=help_on and self._dims(place, accepts),
                        selected=self.selected == place,
                    )
                )
            piles.append(self._pile(place, "cell", cards, accepts, index * STEP))
        for index, height in enumerate(state.foundations):
            place = Place("foundation", index)
            top = state.foundation_top(index)
            cards = []
            if top is not None:
                cards.append(
                    self._card_view(
                        str(top),
                        available=True,
                        framed=False,
                        dimmed=help_on and self._dims(place, accepts),
                        selected=self.selected == place,
                    )
                )
            pile_view = self._pile(
                place, "foundation", cards, accepts, (self.n_columns - 4 + index) * STEP
            )
            pile_view["suit"] = SUIT_LETTERS[index]
            pile_view["count"] = height
            piles.append(pile_view)
        return {
            "game": self.code.family.name,
            "code": str(self.code),
            "variant": self.code.variant,
            "cells": self.n_cells,
            "status": self.status,
            "score": state.score,
            "moves": state.moves,
            "elapsed": self.timer.elapsed(),
            "can_undo": self.history.can_undo,
            "can_redo": self.history.can_redo,
            "selected": None if self.selected is None else self.selected.target,
            "message": self.message if self.settings.move_errors else None,
            "group_limit": self.group_limit(state),
            "piles": piles,
            "board": {
                "width": self.n_columns * STEP - 8,
                "height": COLUMN_TOP + 140 + fan_height + 8,
            },
            "shortcuts": {"d": None},
            "double_tap_after_move": False,
            "can_finish": self.can_finish,
        }

    @property
    def can_finish(self) -> bool:
        """Whether the ``finish`` intent applies: every card left can go home by plain moves."""
        return self.status == "playing" and finish_moves(self.state) is not None

    # -- intents -----------------------------------------------------------------------

    def act(self, intent: Action) -> list[Event]:
        """The five gestures of every solitaire, and ``("finish",)`` (see :meth:`finish`)."""
        if intent == ("finish",):
            return self.finish()
        return super().act(intent)

    def finish(self) -> list[Event]:
        """Send every card left home, each move an ordinary drag (one undo step each);
        refused unless :attr:`can_finish`."""
        if self.state.won:
            return self._refuse(GAME_WON)
        if not self.can_finish:
            return self._refuse(CANNOT_FINISH)
        events: list[Event] = []
        while (move := next_home_move(self.state)) is not None:
            events += self._play(move, ("drag", move.source.target, move.dest.target))
        return events

    def tap(self, target: str) -> list[Event]:
        """Send a top card home, select a pile, or move the selection to ``target``."""
        place, _ = self._target(target)
        if self.state.won:
            return self._refuse(GAME_WON)
        intent: Action = ("tap", target)
        selected = self.selected
        if selected is None:
            if not self.state.cards_at(place):
                return self._refuse(N_("There is no card there"))
            if place.kind == "foundation" and not self.foundations_give_back:
                return self._refuse(N_("Cards on a foundation stay there"))
            move = home_move(self.state, place)
            if move is not None:
                return self._play(move, intent)
            return self._select(place, intent)
        if place == selected:
            self.selected = None
            self._accept(intent)
            return [{"type": "deselect"}]
        move = Move(selected, place, self.count_for(self.state, selected, place))
        reason = self.state.refusal(move)
        if reason is None:
            return self._play(move, intent)
        events = self._refuse(reason)
        if self.state.cards_at(place) and (
            place.kind != "foundation" or self.foundations_give_back
        ):
            events += self._select(place, intent)
        return events

    def double_tap(self, target: str) -> list[Event]:
        """Move the card or run at ``target`` to the first place that takes it (see module)."""
        place, _ = self._target(target)
        state = self.state
        if state.won:
            return self._refuse(GAME_WON)
        if not state.cards_at(place):
            return self._refuse(N_("There is no card there"))
        for move in self._double_tap_moves(place):
            if state.refusal(move) is None:
                return self._play(move, ("double_tap", target))
        return self._refuse(N_("This card has nowhere to go"))

    def drag(self, source: str, target: str) -> list[Event]:
        """Move from ``source`` (``column:N:k`` picks the cards from index k up) to ``target``."""
        src, index = self._target(source)
        dest, _ = self._target(target)
        state = self.state
        if state.won:
            return self._refuse(GAME_WON)
        cards = state.cards_at(src)
        if not cards:
            return self._refuse(N_("There is no card there"))
        if index is not None:
            if index >= len(cards):
                return self._refuse(N_("There is no card there"))
            count = len(cards) - index
        else:
            count = self.count_for(state, src, dest)
        move = Move(src, dest, count)
        reason = state.refusal(move)
        if reason is not None:
            return self._refuse(reason)
        return self._play(move, ("drag", source, target))

    def undo(self) -> list[Event]:
        """Take back the last move (with its automatic follow-ups)."""
        return self._walk(self.history.undo, "undo")

    def redo(self) -> list[Event]:
        """Re-apply the last undone move."""
        return self._walk(self.history.redo, "redo")

    def play_move(self, move: Move) -> list[Event]:
        """Play a move given in notation form (a terminal player's entry); logged as a drag."""
        reason = self.state.refusal(move)
        if reason is not None:
            return self._refuse(reason)
        return self._play(move, self.drag_of(move))

    def drag_of(self, move: Move) -> Action:
        """The drag that plays exactly ``move`` now: from a column it names the index its
        cards start at, so that no other count is taken."""
        source = move.source.target
        if move.source.kind == "column":
            source += f":{len(self.state.columns[move.source.index]) - move.count}"
        return ("drag", source, move.dest.target)

    def legal_intents(self) -> list[Action]:
        """One drag per legal move (see :meth:`drag_of`)."""
        return [self.drag_of(move) for move in self.state.legal_moves()]

    def hidden_cards(self) -> frozenset[str]:
        """None: every card is dealt face up."""
        return frozenset()

    # -- answers -----------------------------------------------------------------------

    def hint(self, lang: str = DEFAULT_LANGUAGE) -> Hint:
        """The first move of a winning line from here (see :mod:`cardems.cellgames.hints`),
        in words in ``lang``, with the drag that plays it; or why there is none."""
        status = self.status
        if status != "playing":
            return no_move("lost" if status == "stuck" else "over", lang)
        state = self.state
        verdict, move = self.lines.next_move(state, self.history.previous, HINT_SECONDS)
        if move is None:
            return no_move(verdict, lang)
        card = state.cards_at(move.source)[-move.count]
        if verdict == "move":
            words = move_words(move, card_name(card, lang), translations(lang).gettext)
        else:
            words = no_move(verdict, lang)["words"]
        return move_hint(
            format_move(move),
            move.source.target,
            move.dest.target,
            str(card),
            [self.drag_of(move)],
            words,
            verdict,
        )

    def _double_tap_moves(self, place: Place) -> list[Move]:
        state = self.state
        moves: list[Move] = []
        home = home_move(state, place)
        if home is not None:
            moves.append(home)
        filled = [
            i for i in range(self.n_columns) if state.columns[i] and Place("column", i) != place
        ]
        filled.sort(key=lambda i: -len(state.columns[i]))
        for index in filled:
            dest = Place("column", index)
            moves.append(Move(place, dest, self.count_for(state, place, dest)))
        empty = next((i for i in range(self.n_columns) if not state.columns[i]), None)
        if empty is not None:
            dest = Place("column", empty)
            count = self.count_for(state, place, dest)
            cards = state.cards_at(place)
            if not (place.kind == "column" and count == len(cards)):
                moves.append(Move(place, dest, count))
        free = next((i for i, card in enumerate(state.cells) if card is None), None)
        if free is not None and place.kind != "cell":
            moves.append(Move(place, Place("cell", free)))
        return moves

    def _play(self, move: Move, intent: Action) -> list[Event]:
        events: list[Event] = [self._move_event(move, self.state)]
        state = self.state.apply(move)
        if self.settings.auto_move:
            while (auto := next(self.safe_home_moves(state), None)) is not None:
                events.append({**self._move_event(auto, state), "auto": True})
                state = state.apply(auto)
        self.timer.start()
        self.history.push(state)
        self.selected = None
        self._accept(intent)
        return events + self._end_events()

    def _walk(self, step: Callable[[], S], kind: str) -> list[Event]:
        if self.state.won:
            return self._refuse(GAME_WON)
        try:
            step()
        except IllegalMove as error:
            return self._refuse(error.reason)
        self.selected = None
        self._accept((kind,))
        events: list[Event] = [{"type": kind}]
        if self.status == "playing" and self.timer.stopped:
            self.timer.stopped = False
            self.timer.start()
        return events + self._end_events()

    def _end_events(self) -> list[Event]:
        status = self.status
        if status == "playing":
            return []
        self.timer.stop()
        return [{"type": status}]

    def _select(self, place: Place, intent: Action) -> list[Event]:
        self.selected = place
        self._accept(intent)
        return [{"type": "select", "target": place.target}]

    def _accept(self, intent: Action) -> None:
        self.log.append(intent)
        self.message = None

    def _refuse(self, reason: str) -> list[Event]:
        self.message = reason
        return [{"type": "error", "message": reason}]

    @staticmethod
    def _move_event(move: Move, before: CellState) -> Event:
        """A move's event; ``card`` is the card that leads the moved cards (the browser
        follows it when one answer moves several cards)."""
        return {
            "type": "move",
            "move": format_move(move),
            "from": move.source.target,
            "to": move.dest.target,
            "card": str(before.cards_at(move.source)[-move.count]),
            "say": MOVED,
        }

    def _selected_count(self) -> int:
        if self.selected is None:
            return 0
        if self.selected.kind == "column":
            return self.run_length(self.state.columns[self.selected.index])
        return 1

    def _accepting(self) -> set[Place]:
        """The piles the selection can move to."""
        assert self.selected is not None
        state = self.state
        found = set()
        dests = [Place("column", i) for i in range(self.n_columns)]
        dests += [Place("cell", i) for i in range(self.n_cells)]
        dests += [Place("foundation", i) for i in range(4)]
        for dest in dests:
            move = Move(self.selected, dest, self.count_for(state, self.selected, dest))
            if state.refusal(move) is None:
                found.add(dest)
        return found

    def _dims(self, place: Place, accepts: set[Place]) -> bool:
        return self.selected is not None and place != self.selected and place not in accepts

    def _framed(self) -> set[tuple[Place, int]]:
        """(pile, depth from the top) of cards that can go home or onto another column."""
        state = self.state
        framed: set[tuple[Place, int]] = set()
        columns = [Place("column", i) for i in range(self.n_columns)]
        sources = [place for place in columns if state.columns[place.index]]
        sources += [Place("cell", i) for i, card in enumerate(state.cells) if card is not None]
        for source in sources:
            if home_move(state, source) is not None:
                framed.add((source, 1))
            cards = state.cards_at(source)
            for dest in columns:
                if dest == source:
                    continue
                count = self.count_for(state, source, dest)
                below = state.columns[dest.index]
                if below and not self.builds_on(state, cards[-count], below[-1]):
                    continue  # what the rules would refuse first, told cheaply
                if not below and source.kind == "column" and count == len(cards):
                    continue
                if state.refusal(Move(source, dest, count)) is None:
                    framed.add((source, count))
        return framed

    @staticmethod
    def _card_view(
        card: str, *, available: bool, framed: bool, dimmed: bool, selected: bool
    ) -> dict[str, Any]:
        return {
            "card": card,
            "face_up": True,
            "available": available,
            "framed": framed,
            "dimmed": dimmed,
            "selected": selected,
        }

    def _pile(
        self,
        place: Place,
        kind: str,
        cards: list[dict[str, Any]],
        accepts: set[Place],
        x: int,
        y: int = 0,
        fan: int = 0,
    ) -> dict[str, Any]:
        pile: dict[str, Any] = {
            "target": place.target,
            "kind": kind,
            "cards": cards,
            "x": x,
            "y": y,
            "fan": fan,
        }
        if self.selected is not None:
            pile["accepts"] = place in accepts
        return pile
