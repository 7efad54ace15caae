"""The one solitaire table: intents in, events and the view out, for any kit solitaire.

Gestures (targets as :mod:`cardems.kit.piles` names them):

- **tap** on a stock plays its move (a selection is dropped first). Without a selection
  a tap plays the solitaire's tap move (a card sent home) or selects the pile's
  available cards; with one, it plays the move from the selection to the pile, or
  refuses with the engine's words (then selects the pile if it can be); a tap on the
  selection drops it. A tap on a card that cannot be selected does nothing (or says
  ``Declaration.empty_refusal``).
- **double tap** plays the first legal of the solitaire's best moves for the card (with
  ``choose_among_several``, several leave it selected); with none, it is a tap (or says
  ``nowhere_refusal``).
- **drag** selects the source (``column:3:2``: the cards from index 2 up) and taps the
  target (with ``drags_select=False`` it plays that move or refuses it, selecting
  nothing). Nothing is dragged to or from a stock, unless its top card plays
  (``PileSpec.top_plays``: then a tap on it with a selection plays the move to it when
  that is legal).
- **undo**, **redo** walk the history (100 moves back); **finish** (when declared)
  plays the solitaire's finishing moves, each logged as its own intent; **home** (a
  solitaire with home piles, ``PileSpec.home``) sends a pile's top card to the first
  home pile that takes it, logged as the intent of that move.

Every intent that changes the position, the selection or what can be redone is logged,
so replaying the log rebuilds the table exactly. The timer starts at the first move,
pauses when the game ends without a win (an undo resumes it) and stops at a win;
after a win nothing more is accepted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar, Generic

from cardems.core.game import Action, Event, IntentError, Record, TableSettings, View
from cardems.core.hints import Hint, move_hint, no_move
from cardems.core.history import History, IllegalMove
from cardems.core.solitaire import SolitaireActions
from cardems.dealcode import DealCode
from cardems.i18n.languages import DEFAULT_LANGUAGE
from cardems.i18n.markers import N_
from cardems.kit.piles import STOCK_ROLE, Declaration
from cardems.kit.play import Play
from cardems.kit.solitaire import M, S, Solitaire
from cardems.kit.view import table_view
from cardems.timer import GameTimer

NOT_DRAGGED = N_("Cards are not dragged to or from the stock")
CANNOT_FINISH = N_("Not every card can go home yet")
NO_HOME = N_("This card cannot go home now")


class SolitaireTable(SolitaireActions, Generic[S, M]):
    """A game of a kit solitaire as the web app and the terminal player drive it."""

    def __init__(
        self,
        solitaire: Solitaire[S, M],
        code: DealCode,
        settings: TableSettings = TableSettings(),  # noqa: B008 - frozen, shared safely
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.solitaire = solitaire
        self.declaration: Declaration = solitaire.declaration
        self.code = code
        self.settings = settings
        self.log: list[Action] = []
        self.records: list[Record] = []
        self.timer = GameTimer(clock=clock)
        self.history: History[S] = History(solitaire.deal(code))
        self.selected: str | None = None
        self.selected_count: int | None = None
        """How many top cards of the selected pile are taken (None: all its free ones)."""
        self.message: str | None = None
        self._status: tuple[S | None, str] = (None, "playing")

    @property
    def state(self) -> S:
        """The position on the table."""
        return self.history.current

    @property
    def status(self) -> str:
        """``playing`` or how the game ended (worked out once per position)."""
        state = self.state
        if self._status[0] is not state:
            self._status = (state, self.solitaire.status(state))
        return self._status[1]

    # -- intents -------------------------------------------------------------------------

    def act(self, intent: Action) -> list[Event]:
        """The five gestures of every solitaire, ``("finish",)`` when declared and
        ``("home", target)`` when the solitaire has home piles."""
        if intent == ("finish",):
            if not self.declaration.finish:
                raise IntentError(f"unknown intent {intent!r}")
            return self.finish()
        if intent[0] == "home" and len(intent) == 2:
            if not self.declaration.homes:
                raise IntentError(f"unknown intent {intent!r}")
            try:
                return self.home(intent[1])
            except ValueError as error:
                raise IntentError(str(error)) from None
        return super().act(intent)

    def tap(self, target: str) -> list[Event]:
        """A tap on a pile (see the module docstring)."""
        return self._logged(("tap", target), lambda: self._tap(self._target(target)))

    def double_tap(self, target: str) -> list[Event]:
        """Play the card's best move (see the module docstring)."""
        return self._logged(("double_tap", target), lambda: self._double_tap(self._target(target)))

    def drag(self, source: str, target: str) -> list[Event]:
        """Select ``source``'s cards, then tap ``target``."""
        source_pile, index = self.declaration.parse(source)
        return self._logged(
            ("drag", source, target),
            lambda: self._drag(source_pile, index, self._target(target)),
        )

    def undo(self) -> list[Event]:
        """Take back the last move (up to 100)."""
        return self._logged(("undo",), lambda: self._walk(self.history.undo, "undo"))

    def redo(self) -> list[Event]:
        """Re-apply the last undone move."""
        return self._logged(("redo",), lambda: self._walk(self.history.redo, "redo"))

    def finish(self) -> list[Event]:
        """Play the solitaire's finishing moves, each logged as the intent that plays it
        (one undo step each), so a saved game replays without this intent."""
        if self.status == "won":
            return self._refuse(self.declaration.won_refusal)
        if not self.can_finish:
            return self._refuse(CANNOT_FINISH)
        events: list[Event] = []
        while self.status == "playing" and (moves := self.solitaire.finish_moves(self.state)):
            self.log.append(self.solitaire.intent_of(self.state, moves[0]))
            events += self._play(moves[0])
        return events

    def home(self, target: str) -> list[Event]:
        """Send the top card of ``target`` to the first home pile that takes it, logged
        as the intent that plays that move (so a saved game replays without this one);
        a card on a home pile, or one that may not be taken, is answered as a tap on it."""
        pile = self._target(target)
        if self.status == "won":
            return self._refuse(self.declaration.won_refusal)
        if self.declaration.spec(pile).home or not self.selectable(pile):
            return self._nothing(pile)
        state = self.state
        for home in self.declaration.homes:
            move = self.solitaire.move_for(state, pile, home, 1)
            if move is not None and state.refusal(move) is None:
                self.log.append(self.solitaire.intent_of(state, move))
                events = self._drop_selection()
                return events + self._play(move, pile, home)
        return self._refuse(NO_HOME)

    @property
    def can_finish(self) -> bool:
        """Whether the ``finish`` intent applies now."""
        return (
            self.declaration.finish
            and self.status == "playing"
            and self.solitaire.finish_moves(self.state) is not None
        )

    # -- answers -------------------------------------------------------------------------

    def view(self) -> View:
        """Everything the player may see, JSON-ready (see :mod:`cardems.kit.view`)."""
        return table_view(self)

    def hint(self, lang: str = DEFAULT_LANGUAGE) -> Hint:
        """The solver's next move in words in ``lang`` with the intent that plays it, or
        why there is none (``lost``, ``undecided``, ``over``)."""
        status = self.status
        if status != "playing":
            return no_move("over" if status == "won" else "lost", lang)
        state = self.state
        verdict, move = self.solitaire.hint_move(state, self.history.previous)
        if move is None:
            return no_move(verdict, lang)
        play = self.solitaire.play(state, move)
        if verdict == "move":
            words = self.solitaire.hint_words(state, move, lang)
        else:
            words = no_move(verdict, lang)["words"]
        intents = [self.solitaire.intent_of(state, move)]
        notation = self.solitaire.notation(move)
        return move_hint(notation, play.source, play.target, play.card, intents, words, verdict)

    def winnable(self, seconds: float = 3.0) -> bool | None:
        """Whether the position can still be won (None: undecided in ``seconds``)."""
        return self.solitaire.winnable(self.state, seconds)

    def play_move(self, move: M) -> list[Event]:
        """Play an engine move (a terminal player's entry) by the one intent that plays it,
        logged as that intent; its refusal when it is illegal."""
        reason = self.state.refusal(move)
        if reason is not None:
            return self._refuse(reason)
        return self.act(self.solitaire.intent_of(self.state, move))

    def legal_intents(self) -> list[Action]:
        """One intent per legal move (see :meth:`Solitaire.intent_of`)."""
        return [self.solitaire.intent_of(self.state, move) for move in self.state.legal_moves()]

    def hidden_cards(self) -> frozenset[str]:
        """The cards the player may not see now."""
        return self.solitaire.hidden_cards(self.state)

    def selectable(self, target: str) -> bool:
        """Whether the pile's cards may be selected now."""
        spec = self.declaration.spec(target)
        return (
            (spec.role != STOCK_ROLE or spec.top_plays)
            and spec.selectable
            and self.solitaire.free(self.state, target) > 0
        )

    def legal_plays(self) -> list[Play]:
        """The legal moves now as plays, leaving out a stock's own (placement help's
        input): only the face-up cards of a stock whose top card plays count."""
        state, solitaire, spec = self.state, self.solitaire, self.declaration.spec

        def counts(play: Play, end: str) -> bool:
            pile = spec(end)
            return pile.role != STOCK_ROLE or (pile.top_plays and bool(play.cards))

        plays = []
        for move in state.legal_moves():
            play = solitaire.play(state, move)
            if counts(play, play.source) and counts(play, play.target):
                plays.append(play)
        return plays

    def accepting(self, plays: list[Play] | None = None) -> set[str]:
        """The piles the selection can move to now (placement help): the other ends of
        the legal plays from it (of the cards selected, when a drag named them)."""
        selected, count = self.selected, self.selected_count
        found: set[str] = set()
        if selected is None:
            return found
        pairing = self.declaration.pairing
        for play in self.legal_plays() if plays is None else plays:
            if play.source == selected and count in (None, play.count):
                found.add(play.target)
            elif pairing and play.target == selected:
                found.add(play.source)
        return found

    # -- the gestures' work --------------------------------------------------------------

    def _target(self, target: str) -> str:
        pile, index = self.declaration.parse(target)
        if index is not None:
            raise self.declaration.unknown(target)
        return pile

    def _logged(self, intent: Action, action: Callable[[], list[Event]]) -> list[Event]:
        before = (self.history.current, self.selected, self.selected_count, self.history.can_redo)
        events = action()
        after = (self.history.current, self.selected, self.selected_count, self.history.can_redo)
        if after != before:
            self.log.append(intent)
        return events

    def _refuse(self, reason: str) -> list[Event]:
        self.message = reason if self.settings.move_errors else None
        return [{"type": "error", "message": reason}]

    def _nothing(self, target: str) -> list[Event]:
        """A tap or drag on a pile whose cards may not be taken: the pile's own words
        when it holds cards and declares them, else the declaration's (or nothing)."""
        refusal = self.declaration.spec(target).kept_refusal
        if refusal is None or not self.solitaire.size(self.state, target):
            refusal = self.declaration.empty_refusal
        return [] if refusal is None else self._refuse(refusal)

    def _select(
        self, target: str, count: int | None = None, keep_message: bool = False
    ) -> list[Event]:
        self.selected, self.selected_count = target, count
        if not keep_message:
            self.message = None
        return [{"type": "select", "target": target}]

    def _drop_selection(self) -> list[Event]:
        if self.selected is None:
            return []
        self.selected = self.selected_count = None
        return [{"type": "deselect"}]

    def _tap(self, target: str) -> list[Event]:
        status, state = self.status, self.state
        if status == "won":
            return self._refuse(self.declaration.won_refusal)
        spec = self.declaration.spec(target)
        if spec.role == STOCK_ROLE:
            if status != "playing":
                return self._refuse(self.declaration.over_refusal)
            if spec.top_plays and self.selected is not None:
                if target == self.selected:
                    return self._drop_selection()
                paired = self.solitaire.move_for(state, self.selected, target, self.selected_count)
                if paired is not None and state.refusal(paired) is None:
                    source = self.selected
                    self.selected = self.selected_count = None
                    return self._play(paired, source, target)
            events = self._drop_selection()
            move = self.solitaire.tap_move(state, target)
            return events + ([] if move is None else self._play(move))
        selectable = self.selectable(target)
        if self.selected is None:
            if not selectable:
                return self._nothing(target)
            move = self.solitaire.tap_move(state, target)
            if move is not None and state.refusal(move) is None:
                return self._play(move)
            return self._select(target)
        if target == self.selected:
            self.message = None
            return self._drop_selection()
        move = self.solitaire.move_for(state, self.selected, target, self.selected_count)
        if move is None:
            return self._select(target) if selectable else []
        reason = state.refusal(move)
        if reason is not None:
            refused = self._refuse(reason)
            return refused + (self._select(target, keep_message=True) if selectable else [])
        source = self.selected
        self.selected = self.selected_count = None
        return self._play(move, source, target)

    def _double_tap(self, target: str) -> list[Event]:
        state = self.state
        spec = self.declaration.spec(target)
        if (
            (spec.role == STOCK_ROLE and not spec.top_plays)
            or self.status == "won"
            or not self.selectable(target)
        ):
            return self._tap(target)
        moves = [m for m in self.solitaire.best_moves(state, target) if state.refusal(m) is None]
        if not moves:
            refusal = self.declaration.nowhere_refusal
            return self._tap(target) if refusal is None else self._refuse(refusal)
        if len(moves) > 1 and self.declaration.choose_among_several:
            return self._select(target) if self.selected != target else []
        events: list[Event] = [] if self.selected in (None, target) else [{"type": "deselect"}]
        self.selected = self.selected_count = None
        play = self.solitaire.play(state, moves[0])
        other = play.target if play.source == target else play.source
        return events + self._play(moves[0], target, other)

    def _drag(self, source: str, index: int | None, target: str) -> list[Event]:
        specs = (self.declaration.spec(source), self.declaration.spec(target))
        if any(spec.role == STOCK_ROLE and not spec.top_plays for spec in specs):
            return self._refuse(NOT_DRAGGED)
        if self.status == "won":
            return self._refuse(self.declaration.won_refusal)
        if not self.selectable(source):
            return self._nothing(source)
        count = None if index is None else self.solitaire.size(self.state, source) - index
        if count is not None and count <= 0:
            return self._nothing(source)
        if not self.declaration.drags_select:
            return self._drag_alone(source, count, target)
        events = []
        if (self.selected, self.selected_count) != (source, count):
            events = self._select(source, count)
        if specs[1].role == STOCK_ROLE and not self.solitaire.free(self.state, target):
            return events  # no top card on the stock to play with
        return events + self._tap(target)

    def _drag_alone(self, source: str, count: int | None, target: str) -> list[Event]:
        """A drag that selects nothing: its move, or the refusal of it."""
        state = self.state
        move = self.solitaire.move_for(state, source, target, count)
        if move is None:
            return []
        reason = state.refusal(move)
        if reason is not None:
            return self._refuse(reason)
        self.selected = self.selected_count = None
        return self._play(move, source, target)

    def _play(self, move: M, source: str | None = None, target: str | None = None) -> list[Event]:
        before = self.state
        try:
            state = before.apply(move)
        except IllegalMove as error:
            return self._refuse(error.reason)
        events = [self._move_event(before, state, move, source, target)]
        if self.settings.auto_move:
            while (auto := self.solitaire.auto_move(state)) is not None:
                after = state.apply(auto)
                events.append({**self._move_event(state, after, auto), "auto": True})
                state = after
        self.history.push(state)
        self.selected = self.selected_count = None
        self.message = None
        self.timer.start()
        return events + self._end_events()

    def _move_event(
        self, before: S, after: S, move: M, source: str | None = None, target: str | None = None
    ) -> Event:
        play = self.solitaire.play(before, move)
        if {source, target} != {play.source, play.target}:  # the gesture's ends are not
            source = target = None  # the move's (a king tapped with a card selected)
        event: Event = {
            "type": "move",
            "move": self.solitaire.notation(move),
            "from": source or play.source,
            "to": target or play.target,
        }
        return event | self.solitaire.narrate(before, after, move, play)

    def _end_events(self) -> list[Event]:
        status = self.status
        if status == "playing":
            return []
        if status == "won":
            self.timer.stop()
        else:
            self.timer.pause()
        return [{"type": status}]

    def _walk(self, step: Callable[[], S], name: str) -> list[Event]:
        if self.status == "won":
            return self._refuse(self.declaration.won_refusal)
        try:
            step()
        except IllegalMove as error:
            return self._refuse(error.reason)
        self.selected = self.selected_count = None
        self.message = None
        if self.status == "playing":
            self.timer.start()  # back from an end without a win: play goes on
        return [{"type": name}, *self._end_events()]


class GameTable(SolitaireTable[S, M]):
    """The table of one game, made from a deal code alone (as the game's tests and the
    terminal player make it): the class names the game's solitaire (``solitaire_of``),
    or gives it per deal (:meth:`solitaire_for`, where the variant changes the piles)."""

    solitaire_of: ClassVar[Solitaire[Any, Any]]

    def __init__(
        self,
        code: DealCode,
        settings: TableSettings = TableSettings(),  # noqa: B008 - frozen, shared safely
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(self.solitaire_for(code), code, settings, clock)

    @classmethod
    def solitaire_for(cls, code: DealCode) -> Solitaire[S, M]:
        """The solitaire that plays ``code`` (:attr:`solitaire_of` by default)."""
        return cls.solitaire_of
