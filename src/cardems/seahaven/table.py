"""The Seahaven Towers table: taps, double taps and drags in; a view and events out.

It implements :class:`cardems.core.game.Table` (see ``docs/ARCHITECTURE.md`` for the
view every table answers):

- A tap on a pile with nothing selected sends its top card home when that is legal;
  otherwise it selects the pile (a column's whole top run, a cell's card, or a
  foundation's top card, which can be taken back). A tap on another pile then moves the
  selection there — as many cards of the run as the destination needs — or, if the
  rules refuse, reports why and selects the tapped pile when it holds cards. Tapping the
  selected pile again deselects it.
- A drag moves from ``source`` to ``target``; ``column:N:k`` drags the cards from index
  ``k`` (0-based from the bottom) up.
- A double tap tries, in order: the foundation, the longest column that accepts the card
  or run, an empty column (for a king-led run that does not already fill its column), the
  first free cell.
- With ``settings.auto_move`` every *safe* card goes home after each move the player
  makes; in Seahaven every card that can go to its foundation is safe (see
  :func:`~cardems.seahaven.rules.safe_home_moves`). The player's move and its automatic
  follow-ups are one undo step; each card moved counts as a move. (The deal itself is
  left as dealt.)
- Placement help frames, with nothing selected, the cards that can go home or onto
  another column; with a selection, every pile gets ``accepts`` and the cards of the piles
  that do not accept it are dimmed.
- Status: ``won``; ``stuck`` when no *useful* move remains (see
  :func:`~cardems.seahaven.rules.has_useful_move`: shuttling cards back and forth never
  counts); else ``playing``. The timer starts at the first move, stops at a win or when
  stuck, and resumes if an undo leaves the stuck position behind. A won game is final:
  every intent after the win is refused.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardems.cards import Rank
from cardems.core.game import Action, Event, Record, TableSettings
from cardems.core.history import History, IllegalMove
from cardems.core.solitaire import SolitaireActions
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.seahaven.rules import (
    COLUMNS,
    STUCK_SEARCH_LIMIT,
    SUIT_LETTERS,
    Move,
    Place,
    SeahavenState,
    apply_move,
    check_move,
    deal,
    format_move,
    group_limit,
    home_move,
    legal_moves,
    run_length,
    safe_home_moves,
)
from cardems.seahaven.solver import progress_possible, solve_state
from cardems.timer import GameTimer

GAME_WON = N_("The game is won: start a new deal")

HINT_SECONDS = 2.0
"""Search budget of a hint; with none found in time, ``hint`` answers None."""

UNKNOWN_TARGET = N_(
    "unknown target %(target)s: expected column:1-10 (or column:N:k),"
    " cell:1-%(cells)d or foundation:S|H|D|C"
)
MOVED = "Moved %(card)s."
# Said by the browser after a move (client strings of cardems.web.i18n).

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
STEP = 108  # a card and the gap beside it
FAN = 36  # between the cards of a column
COLUMN_TOP = 140 + 2 * 8 + 24
MIN_FAN = 26  # a fan never hides more of a card's index than this leaves
FAN_ROOM = 7 * FAN
"""The board has room for a column of 8 cards at the full fan (a fresh deal has 5), so it
fits a window without scrolling; longer columns are fanned tighter down to ``MIN_FAN``,
then the board grows. (The browser spreads fans into spare height on tall screens.)"""


def parse_target(target: str, n_cells: int) -> tuple[Place, int | None]:
    """Read ``column:3``, ``column:3:k``, ``cell:1``, ``foundation:H``; raise ValueError."""
    parts = target.strip().split(":")
    kind = parts[0].lower()
    try:
        if kind == "column" and len(parts) in (2, 3):
            number = int(parts[1])
            index = int(parts[2]) if len(parts) == 3 else None
            if 1 <= number <= COLUMNS and (index is None or index >= 0):
                return Place("column", number - 1), index
        elif kind == "cell" and len(parts) == 2:
            number = int(parts[1])
            if 1 <= number <= n_cells:
                return Place("cell", number - 1), None
        elif kind == "foundation" and len(parts) == 2 and parts[1].upper() in SUIT_LETTERS:
            return Place("foundation", SUIT_LETTERS.index(parts[1].upper())), None
    except ValueError:
        pass
    raise ValueError(UNKNOWN_TARGET % {"target": repr(target), "cells": n_cells})


def count_for(state: SeahavenState, source: Place, dest: Place) -> int:
    """How many cards of ``source``'s top run the move to ``dest`` takes (1 if none fits)."""
    if source.kind != "column" or dest.kind != "column":
        return 1
    pile = state.columns[source.index]
    run = run_length(pile)
    target_pile = state.columns[dest.index]
    for count in range(1, run + 1):
        card = pile[-count]
        if target_pile:
            top = target_pile[-1]
            if card.suit is top.suit and card.rank == top.rank - 1:
                return count
        elif card.rank is Rank.KING:
            return count
    return 1


class SeahavenTable(SolitaireActions):
    """One Seahaven game at the table (see the module docstring for the behaviour)."""

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
        self.history: History[SeahavenState] = History(deal(code))
        self.n_cells = len(self.history.current.cells)
        self.selected: Place | None = None
        self.message: str | None = None
        self.timer = GameTimer(clock=clock)
        self._status_cache: dict[tuple[object, ...], str] = {}

    # -- state -------------------------------------------------------------------------

    @property
    def state(self) -> SeahavenState:
        """The position on the table."""
        return self.history.current

    @property
    def status(self) -> str:
        """``playing``, ``won`` or ``stuck`` (no useful move)."""
        state = self.state
        key = state.position
        status = self._status_cache.get(key)
        if status is None:
            status = "won" if state.won else "stuck" if self._stuck(state) else "playing"
            if len(self._status_cache) > 512:
                self._status_cache.clear()
            self._status_cache[key] = status
        return status

    @staticmethod
    def _stuck(state: SeahavenState) -> bool:
        """No useful move (:func:`~cardems.seahaven.rules.has_useful_move`), by the solver's
        faster search; past its limit the answer is "not stuck"."""
        return progress_possible(state, STUCK_SEARCH_LIMIT) is False

    # -- intents -----------------------------------------------------------------------

    def tap(self, target: str) -> list[Event]:
        """Send a top card home, select a pile, or move the selection to ``target``."""
        place, _ = parse_target(target, self.n_cells)
        if self.state.won:
            return self._refuse(GAME_WON)
        intent: Action = ("tap", target)
        selected = self.selected
        if selected is None:
            if not self.state.cards_at(place):
                return self._refuse(N_("There is no card there"))
            move = home_move(self.state, place)
            if move is not None:
                return self._play(move, intent)
            return self._select(place, intent)
        if place == selected:
            self.selected = None
            self._accept(intent)
            return [{"type": "deselect"}]
        move = Move(selected, place, count_for(self.state, selected, place))
        reason = check_move(self.state, move)
        if reason is None:
            return self._play(move, intent)
        events = self._refuse(reason)
        if self.state.cards_at(place):
            events += self._select(place, intent)
        return events

    def double_tap(self, target: str) -> list[Event]:
        """Move the card or run at ``target`` to the first place that takes it (see module)."""
        place, _ = parse_target(target, self.n_cells)
        state = self.state
        if state.won:
            return self._refuse(GAME_WON)
        if not state.cards_at(place):
            return self._refuse(N_("There is no card there"))
        for move in self._double_tap_moves(place):
            if check_move(state, move) is None:
                return self._play(move, ("double_tap", target))
        return self._refuse(N_("This card has nowhere to go"))

    def drag(self, source: str, target: str) -> list[Event]:
        """Move from ``source`` (``column:N:k`` picks the cards from index k up) to ``target``."""
        src, index = parse_target(source, self.n_cells)
        dest, _ = parse_target(target, self.n_cells)
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
            count = count_for(state, src, dest)
        move = Move(src, dest, count)
        reason = check_move(state, move)
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
        intent: Action = ("drag", move.source.target, move.dest.target)
        if move.source.kind == "column" and move.count > 1:
            index = len(self.state.columns[move.source.index]) - move.count
            intent = ("drag", f"{move.source.target}:{index}", move.dest.target)
        reason = check_move(self.state, move)
        if reason is not None:
            return self._refuse(reason)
        return self._play(move, intent)

    def legal_intents(self) -> list[Action]:
        """One drag per legal move (a run's drag names the index it starts at)."""
        intents: list[Action] = []
        state = self.state
        for move in legal_moves(state):
            source = move.source.target
            if move.source.kind == "column":
                source += f":{len(state.columns[move.source.index]) - move.count}"
            intents.append(("drag", source, move.dest.target))
        return intents

    def hidden_cards(self) -> frozenset[str]:
        """None: every card of Seahaven is dealt face up."""
        return frozenset()

    # -- answers -----------------------------------------------------------------------

    def hint(self) -> dict[str, Any] | None:
        """The next move of a winning line from here, or ``None`` (none found or none exists)."""
        result = solve_state(self.state, time_limit=HINT_SECONDS)
        if not result.moves:
            return None
        move = result.moves[0]
        return {"move": format_move(move), "from": move.source.target, "to": move.dest.target}

    def view(self) -> dict[str, Any]:
        """Everything the player sees, JSON-ready (see the view contract)."""
        state = self.state
        selected_cards = self._selected_count()
        accepts = self._accepting() if self.selected is not None else set()
        framed = self._framed() if self.selected is None else set()
        help_on = self.settings.placement_help
        longest = max(1, *(len(pile) for pile in state.columns))
        fan = max(MIN_FAN, min(FAN, FAN_ROOM // max(1, longest - 1)))
        fan_height = max(FAN_ROOM, fan * (longest - 1))
        piles: list[dict[str, Any]] = []
        for index, pile in enumerate(state.columns):
            place = Place("column", index)
            run = run_length(pile)
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
            pile_view = self._pile(place, "foundation", cards, accepts, (6 + index) * STEP)
            pile_view["suit"] = SUIT_LETTERS[index]
            pile_view["count"] = height
            piles.append(pile_view)
        return {
            "game": "seahaven",
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
            "group_limit": group_limit(state),
            "piles": piles,
            "board": {"width": 10 * STEP - 8, "height": COLUMN_TOP + 140 + fan_height + 8},
            "shortcuts": {"d": None},
            "double_tap_after_move": False,
        }

    # -- helpers -----------------------------------------------------------------------

    def _double_tap_moves(self, place: Place) -> list[Move]:
        state = self.state
        moves: list[Move] = []
        home = home_move(state, place)
        if home is not None:
            moves.append(home)
        filled = [i for i in range(COLUMNS) if state.columns[i] and Place("column", i) != place]
        filled.sort(key=lambda i: -len(state.columns[i]))
        for index in filled:
            dest = Place("column", index)
            moves.append(Move(place, dest, count_for(state, place, dest)))
        empty = next((i for i in range(COLUMNS) if not state.columns[i]), None)
        if empty is not None:
            dest = Place("column", empty)
            count = count_for(state, place, dest)
            cards = state.cards_at(place)
            if not (place.kind == "column" and count == len(cards)):
                moves.append(Move(place, dest, count))
        free = next((i for i, card in enumerate(state.cells) if card is None), None)
        if free is not None and place.kind != "cell":
            moves.append(Move(place, Place("cell", free)))
        return moves

    def _play(self, move: Move, intent: Action) -> list[Event]:
        state = apply_move(self.state, move)
        events: list[Event] = [self._move_event(move)]
        if self.settings.auto_move:
            while (auto := next(safe_home_moves(state), None)) is not None:
                state = apply_move(state, auto)
                events.append({**self._move_event(auto), "auto": True})
        self.timer.start()
        self.history.push(state)
        self.selected = None
        self._accept(intent)
        return events + self._end_events()

    def _walk(self, step: Callable[[], SeahavenState], kind: str) -> list[Event]:
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
    def _move_event(move: Move) -> Event:
        return {
            "type": "move",
            "move": format_move(move),
            "from": move.source.target,
            "to": move.dest.target,
            "say": MOVED,
        }

    def _selected_count(self) -> int:
        if self.selected is None:
            return 0
        if self.selected.kind == "column":
            return run_length(self.state.columns[self.selected.index])
        return 1

    def _accepting(self) -> set[Place]:
        """The piles the selection can move to."""
        assert self.selected is not None
        state = self.state
        found = set()
        dests = [Place("column", i) for i in range(COLUMNS)]
        dests += [Place("cell", i) for i in range(self.n_cells)]
        dests += [Place("foundation", i) for i in range(4)]
        for dest in dests:
            move = Move(self.selected, dest, count_for(state, self.selected, dest))
            if check_move(state, move) is None:
                found.add(dest)
        return found

    def _dims(self, place: Place, accepts: set[Place]) -> bool:
        return self.selected is not None and place != self.selected and place not in accepts

    def _framed(self) -> set[tuple[Place, int]]:
        """(pile, depth from the top) of cards that can go home or onto another column."""
        state = self.state
        framed: set[tuple[Place, int]] = set()
        sources = [Place("column", i) for i in range(COLUMNS) if state.columns[i]]
        sources += [Place("cell", i) for i, card in enumerate(state.cells) if card is not None]
        for source in sources:
            if home_move(state, source) is not None:
                framed.add((source, 1))
            for index in range(COLUMNS):
                dest = Place("column", index)
                if dest == source:
                    continue
                count = count_for(state, source, dest)
                whole = source.kind == "column" and count == len(state.cards_at(source))
                if whole and not state.columns[index]:
                    continue
                if check_move(state, Move(source, dest, count)) is None:
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
