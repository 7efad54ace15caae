"""A Hearts match several people share: each seat played by its person or by a bot.

The log is the solo table's (``("pass", "2", "2C 3C 4C")``, ``("play", "1", "QS")``), so
a shared match replays like any other. Which seats the bots play for (empty seats,
players who left, seats whose turn clock ran out) is the caller's to say, at every
call: the match itself knows no people. Each seat gets its own view
(:func:`cardems.hearts.table.player_view` of that seat) and its own events: the public
ones (plays, tricks, round and match ends) and only its own pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from cardems.cards import CardParseError
from cardems.core.game import Action, Event, IntentError, TableSettings, View
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.hearts.core import cards_of, to_card
from cardems.hearts.rules import Match, Phase
from cardems.hearts.table import (
    MATCH_OVER,
    POINTS_REMAIN,
    HeartsTable,
    _text,
    coached,
    hidden_from,
    passed_event,
    player_view,
    points_out,
)

SEATS = (0, 1, 2, 3)
Tagged = tuple[int | None, Event]
"""An event and the one seat it is for (None: every seat)."""


class SharedMatch(HeartsTable):
    """One match of four seats, any of them people (see the module docstring)."""

    def __init__(self, code: DealCode, level: str, *, secret: str = "") -> None:
        super().__init__(code, TableSettings(), level, secret=secret)
        self._coached: dict[tuple[int, int], dict[str, Any]] = {}

    def coach_of(self, seat: int) -> View | None:
        """The coach's notes on ``seat``'s cards in the last round finished, as the part
        ``coach`` of a view (the game's ``localize`` words it), or None before a round
        has ended. The coach sees what the seat saw as it played, nothing else (see
        :mod:`cardems.hearts.coach`). Slow (a search per card): made once per round and
        seat; call it without holding the match still (it reads one finished round)."""
        history = self.match.history
        if not history:
            return None
        done = history[-1]
        notes = self._coached.get((done.number, seat))
        if notes is None:
            notes = coached(done, self.code.number * 16 + done.number, seat)
            self._coached[done.number, seat] = notes
        return {"game": "hearts", "refusals": {}, "coach": notes}

    @property
    def waiting(self) -> frozenset[int]:
        """The seats the match waits for: those yet to pass, or the one to play."""
        if self.match.over:
            return frozenset()
        rnd = self.match.round
        if rnd.phase is Phase.PASSING:
            return frozenset(seat for seat in SEATS if not rnd.passes[seat])
        return frozenset() if rnd.to_play is None else frozenset({rnd.to_play})

    @property
    def over(self) -> bool:
        """Whether the match has a winner."""
        return self.match.over

    def score_of(self, seat: int) -> int:
        """``seat``'s total points."""
        return self.match.totals[seat]

    def replay(self, action: Action) -> list[Tagged]:
        """One saved action of any seat again, with its events; ValueError if it does
        not fit the match."""
        tagged: list[Tagged] = []
        try:
            self._step(action, tagged)
        except (IllegalMove, CardParseError, IndexError, ValueError) as error:
            raise ValueError(f"{action!r}: {error}") from None
        return tagged

    def mark(self) -> object:
        """Where the match is now, for :meth:`back_to` (the match itself is immutable)."""
        return self.match, len(self.log)

    def back_to(self, mark: object) -> None:
        """The match as it was at ``mark`` again: a move whose save lost the race."""
        match, length = cast(tuple[Match, int], mark)
        self.match = match
        del self.log[length:]

    def act_as(self, seat: int, intent: Action, bots: Iterable[int]) -> list[Tagged]:
        """``seat``'s pass, play or early finish, then the bots' moves for ``bots`` until
        a person must act; a refusal is one ``error`` event for ``seat``."""
        kind, *args = intent
        if self.match.over:
            return [(seat, {"type": "error", "message": MATCH_OVER})]
        tagged: list[Tagged] = []
        try:
            if kind in ("pass", "play") and len(args) == 1:
                self._step((kind, str(seat), args[0]), tagged)
            elif kind == "finish" and not args:
                self._finish_round(seat, tagged)
            else:
                raise IntentError(f"unknown intent {intent!r}")
        except IllegalMove as error:
            return [*tagged, (seat, {"type": "error", "message": error.reason})]
        except CardParseError as error:
            raise IntentError(str(error)) from None
        return tagged + self.run_bots(bots)

    def run_bots(self, bots: Iterable[int]) -> list[Tagged]:
        """The bots pass and play for ``bots`` until the match waits for another seat;
        while passing they pass last, once only their seats are left to."""
        bot_seats = frozenset(bots)
        tagged: list[Tagged] = []
        while due := self.waiting & bot_seats:
            rnd = self.match.round
            if rnd.phase is Phase.PASSING:
                if not self.waiting <= bot_seats:
                    break
                for seat in sorted(due):
                    chosen = cards_of(self.bot(seat).choose_pass(self.match.view(seat)))
                    self._step(("pass", str(seat), _text(chosen)), tagged)
                continue
            (seat,) = due
            card = to_card(self.bot(seat).choose_play(self.match.view(seat)))
            self._step(("play", str(seat), str(card)), tagged)
        return tagged

    def _step(self, action: Action, tagged: list[Tagged]) -> None:
        """One logged action and its events, each with the version it led to; the four
        passes, each for its seat, once the last is made."""
        before = self.match.round
        events: list[Event] = []
        self.match = self._apply(self.match, action, events)
        version = len(self.log)
        after = self.match.round
        tagged += [(None, {**event, "version": version}) for event in events]
        if before.phase is Phase.PASSING and after.phase is not Phase.PASSING:
            tagged += [
                (seat, {**passed_event(before, after, seat), "version": version}) for seat in SEATS
            ]

    def _finish_round(self, seat: int, tagged: list[Tagged]) -> None:
        """Once the round's 26 points are out, ``seat`` (whose turn it is) ends it: every
        seat's lowest legal card is played until the round is over."""
        rnd = self.match.round
        if rnd.to_play != seat:
            hand = rnd.hand(seat)
            raise IllegalMove((hand and rnd.refusal(seat, hand[0])) or POINTS_REMAIN)
        if not points_out(rnd):
            raise IllegalMove(POINTS_REMAIN)
        number = rnd.number
        while not self.match.over and self.match.round.number == number:
            now = self.match.round
            assert now.to_play is not None
            card = now.legal_plays(now.to_play)[0]
            self._step(("play", str(now.to_play), str(card)), tagged)

    def view_of(self, seat: int) -> View:
        """What ``seat`` may see: its own hand, passes and every public fact."""
        data = player_view(self, seat)
        winner = self.match.winner
        data["status"] = "playing" if winner is None else "won" if winner == seat else "lost"
        return data

    def hidden_from(self, seat: int) -> frozenset[str]:
        """The cards of the round in play that ``seat`` may not see."""
        return hidden_from(self.match.round, seat)


def events_for(seat: int, tagged: Iterable[Tagged]) -> list[Event]:
    """The events ``seat`` receives of ``tagged``."""
    return [event for audience, event in tagged if audience is None or audience == seat]
