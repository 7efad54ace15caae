"""A Hearts match at the table: the player at seat 0 against three bots.

The table logs every action of every seat (``("pass", "2", "2C 3C 4C")``,
``("play", "1", "QS")``), so a reload or a server restart replays the match exactly
without asking the bots again. It alone runs the bots (each gets only its seat's view)
and answers the player's intents — ``("pass", "2C 3C 4C")``, ``("play", "QS")``,
``("finish",)`` — with the events that followed and the player's view. Nothing that
leaves this module holds a card the player may not see: the view comes from
``view(seat=0)`` and every event names only cards played in public or passed to or by
the player. Each finished round is kept as a record for the statistics. With the
player's ``coach`` setting, each round's end also runs the coach
(:mod:`cardems.hearts.coach`) on the player's cards, here in the worker thread that runs
the bots; the view then carries its notes on the costly ones, naming only cards played in
that round and facts the player saw.
"""

from __future__ import annotations

import hashlib
import itertools
import time
from collections.abc import Callable
from typing import Any

from cardems.cards import Card, CardParseError, parse_cards
from cardems.core.game import Action, Event, IntentError, Record, TableSettings, View
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.hearts.bots import Bot, hint, make_bot
from cardems.hearts.coach import THRESHOLD, coach_round, costly
from cardems.hearts.core import (
    FULL_DECK,
    MOON_POINTS,
    POINT_MASK,
    QS_BIT,
    cards_of,
    mask_of,
    points_of,
    to_card,
)
from cardems.hearts.fairness import commitment
from cardems.hearts.rules import MATCH_TARGET, SEAT_NAMES, Match, Options, Phase, Round
from cardems.i18n.markers import N_
from cardems.timer import GameTimer

PLAYER = 0
HINT_LEVEL = "expert"
MATCH_OVER = N_("The match is over")
POINTS_REMAIN = N_("Points remain in play: the round goes on")


class HeartsTable:
    """One match: the player's intents in, the bots' replies, events and a view out."""

    def __init__(
        self,
        code: DealCode,
        settings: TableSettings,
        level: str,
        clock: Callable[[], float] = time.monotonic,
        *,
        secret: str = "",
        target: int = MATCH_TARGET,
    ) -> None:
        self.code = code
        self.secret = secret
        """The match's secret (:mod:`cardems.hearts.fairness`), shown once it has ended."""
        self.settings = settings
        self.level = level
        self.match = Match.new(code, Options(target=target))
        self.log: list[Action] = []
        self.records: list[Record] = []
        self.timer = GameTimer(stopped=True, clock=clock)  # Hearts is not played against time
        self._bots: dict[int, Bot] = {}
        self.coached: dict[str, Any] | None = None
        """The coach's notes on the player's last round, JSON-ready (made while the
        ``coach`` setting is on; not saved: a server restart forgets them)."""

    def bot(self, seat: int) -> Bot:
        """The opponent in ``seat`` (made on first use), seeded by the match's secret
        where it has one, so that nobody replays the bots from the code alone (a code
        can be known: typed, or shown at a match's end); else by the deal."""
        if seat not in self._bots:
            self._bots[seat] = make_bot(self.level, bot_seed(self.code, self.secret, seat))
        return self._bots[seat]

    @property
    def status(self) -> str:
        """``playing``, or ``won``/``lost`` once the match has a winner."""
        if self.match.winner is None:
            return "playing"
        return "won" if self.match.winner == PLAYER else "lost"

    # -- intents -------------------------------------------------------------------------

    def act(self, intent: Action) -> list[Event]:
        """Pass, play or finish the round; then the bots act until the player's turn."""
        kind, *args = intent
        if self.match.over:
            return [{"type": "error", "message": MATCH_OVER}]
        match = self.match
        rounds = len(match.history)
        events: list[Event] = []
        try:
            if kind == "pass" and len(args) == 1:
                match = self._apply(match, ("pass", str(PLAYER), args[0]), events)
            elif kind == "play" and len(args) == 1:
                match = self._apply(match, ("play", str(PLAYER), args[0]), events)
            elif kind == "finish" and not args:
                match = self._finish(match, events)
            else:
                raise IntentError(f"unknown intent {intent!r}")
        except IllegalMove as error:
            return [{"type": "error", "message": error.reason}]
        except CardParseError as error:
            raise IntentError(str(error)) from None
        match = self._bots_act(match, events)
        self.match = match
        self.records += [round_record(r) for r in match.history[rounds:]]
        if self.settings.coach:
            for done in match.history[rounds:]:
                self.coached = coached(done, self.code.number * 16 + done.number)
        return events

    def restore(self, action: Action) -> None:
        """Re-apply one logged action of any seat; ValueError if it does not fit."""
        try:
            self.match = self._apply(self.match, action, None)
        except (IllegalMove, CardParseError, IndexError) as error:
            raise ValueError(f"{action!r}: {error}") from None

    def _apply(self, match: Match, action: Action, events: list[Event] | None) -> Match:
        """One seat's pass or play, logged; its events go to ``events`` when given."""
        kind, seat_text, cards_text = action
        seat = int(seat_text)
        cards = parse_cards(cards_text)
        if kind == "pass":
            match = match.pass_cards(seat, cards)
        elif kind == "play" and len(cards) == 1:
            before = match.round
            match = match.play(seat, cards[0])
            if events is not None:
                events += play_events(before, match, seat, cards[0])
        else:
            raise IllegalMove(f"unknown action {action!r}")
        self.log.append((kind, str(seat), " ".join(map(str, cards))))
        return match

    def _bots_act(self, match: Match, events: list[Event]) -> Match:
        """Let the opponents act until the player's turn, a pass or the match's end."""
        while not match.over:
            rnd = match.round
            if rnd.phase is Phase.PASSING:
                if not rnd.passes[PLAYER]:
                    break
                for seat in (1, 2, 3):
                    if not rnd.passes[seat]:
                        chosen = cards_of(self.bot(seat).choose_pass(match.view(seat)))
                        match = self._apply(match, ("pass", str(seat), _text(chosen)), events)
                events.append(passed_event(rnd, match.round))
                continue
            turn = rnd.to_play
            if turn is None or turn == PLAYER:
                break
            card = to_card(self.bot(turn).choose_play(match.view(turn)))
            match = self._apply(match, ("play", str(turn), str(card)), events)
        return match

    def _finish(self, match: Match, events: list[Event]) -> Match:
        """End the round early once its 26 points are out: the cards left are played
        (the player's lowest legal card, the bots' choices) without changing any score."""
        if not points_out(match.round):
            raise IllegalMove(POINTS_REMAIN)
        number = match.round.number
        while not match.over and match.round.number == number:
            rnd = match.round
            seat = rnd.to_play
            assert seat is not None
            if seat == PLAYER:
                card = rnd.legal_plays(PLAYER)[0]
            else:
                card = to_card(self.bot(seat).choose_play(match.view(seat)))
            match = self._apply(match, ("play", str(seat), str(card)), events)
        return match

    # -- answers -------------------------------------------------------------------------

    def hint(self, lang: str = "en") -> dict[str, Any] | None:
        """The expert's choice for the player now: three cards to pass or one to play."""
        if self.match.over:
            return {"cards": []}
        return {"cards": [str(c) for c in hint(self.match.view(PLAYER), HINT_LEVEL)]}

    def legal_intents(self) -> list[Action]:
        """Every pass of three cards, or every legal card, or the early finish."""
        if self.match.over:
            return []
        rnd = self.match.round
        if rnd.phase is Phase.PASSING:
            if rnd.passes[PLAYER]:
                return []
            hand = rnd.hand(PLAYER)
            return [("pass", _text(three)) for three in itertools.combinations(hand, 3)]
        if rnd.to_play != PLAYER:
            return []
        intents: list[Action] = [("play", str(card)) for card in rnd.legal_plays(PLAYER)]
        if points_out(rnd):
            intents.append(("finish",))
        return intents

    def view(self) -> View:
        """What the page shows, built only from ``view(seat=0)`` and public history."""
        return player_view(self)

    def hidden_cards(self) -> frozenset[str]:
        """The cards in the other hands that the player neither passed nor received."""
        return hidden_from(self.match.round, PLAYER)


def hidden_from(rnd: Round, seat: int) -> frozenset[str]:
    """The cards of ``rnd`` in the other hands that ``seat`` neither passed nor received."""
    seen = rnd.hands[seat] | rnd.passes[seat] | rnd.played_mask
    if rnd.phase is not Phase.PASSING:
        seen |= rnd.passes[rnd.passer(seat)]
    return frozenset(str(card) for card in cards_of(FULL_DECK & ~seen))


def _text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(map(str, cards))


def bot_seed(code: DealCode, secret: str, seat: int) -> int:
    """The seed of the bot in ``seat``: from the match's secret when it has one."""
    if not secret:
        return code.number * 4 + seat
    digest = hashlib.sha256(f"cardems bot:{secret}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def coached(rnd: Round, seed: int, seat: int = PLAYER) -> dict[str, Any]:
    """The coach's notes on ``seat``'s costly cards of the finished ``rnd``, the seats its
    reasons name counted from ``seat`` (0: "you", 1: the next in the order of play, as
    the table draws them around the player)."""
    notes = [note.to_json() for note in costly(coach_round(rnd, seat, seed=seed))]
    for note in notes:
        for reason in note["reasons"]:
            reason["seats"] = [(other - seat) % 4 for other in reason["seats"]]
    return {"round": rnd.number, "threshold": THRESHOLD, "notes": notes}


def passed_event(before: Round, after: Round, seat: int = PLAYER) -> Event:
    """The pass ``seat`` sees: the three cards it gave and the three it received."""
    return {
        "type": "passed",
        "round": before.number,
        "to": before.receiver(seat),
        "from": before.passer(seat),
        "cards": [str(c) for c in cards_of(after.passes[seat])],
        "received": [str(c) for c in cards_of(after.passes[before.passer(seat)])],
    }


def round_record(rnd: Round) -> Record:
    """A finished round as the statistics keep it, from the player's side."""
    return {
        "round": rnd.number,
        "points": rnd.scores[PLAYER],
        "moon": rnd.moon_shooter == PLAYER,
        "queen": bool(rnd.taken[PLAYER] & QS_BIT),
    }


def points_out(rnd: Round) -> bool:
    """Whether all 26 points of a round in play have been taken (nothing left to score)."""
    if rnd.options.jack_of_diamonds:  # the J♦ still scores
        return False
    return rnd.phase is Phase.PLAYING and sum(rnd.raw_points) == MOON_POINTS


def play_events(before: Round, after: Match, seat: int, card: Card) -> list[Event]:
    """The events of one card played: the play, and the trick, round and match it ended."""
    events: list[Event] = [
        {"type": "play", "round": before.number, "seat": seat, "card": str(card)}
    ]
    if len(before.trick) < 3:
        return events
    done = (
        after.history[-1] if after.history and after.history[-1].number == before.number else None
    )
    rnd = done or after.round
    trick = rnd.tricks[-1]
    events.append(
        {
            "type": "trick",
            "round": before.number,
            "leader": trick.leader,
            "winner": trick.winner,
            "cards": [str(to_card(c)) for c in trick.cards],
            "points": points_of(mask_of(trick.cards)),
        }
    )
    if done is None:
        return events
    tied = after.tied
    events.append(
        {
            "type": "round_end",
            "round": done.number,
            "raw": list(done.raw_points),
            "scores": list(done.scores),
            "moon": done.moon_shooter,
            "totals": list(after.totals),
            "tie": tied,
            "taken": [[str(c) for c in cards_of(mask & POINT_MASK)] for mask in done.taken],
        }
    )
    if after.winner is not None:
        events.append(
            {
                "type": "match_end",
                "round": done.number,
                "winner": after.winner,
                "totals": list(after.totals),
            }
        )
    return events


def player_view(table: HeartsTable, seat: int = PLAYER) -> View:
    """What the page shows ``seat``, built only from ``view(seat)`` and public history."""
    match = table.match
    seat_view = match.view(seat)
    data = seat_view.to_json()
    mine = str(seat)
    rnd = match.round
    refusals: dict[str, str] = {}
    if rnd.phase is Phase.PLAYING and seat_view.hand_mask:
        hand = seat_view.hand
        if rnd.to_play != seat:  # one reason for every card: whose turn it is
            refusals = dict.fromkeys(data["hand"], rnd.refusal(seat, hand[0]) or "")
        else:
            for card in hand:
                reason = rnd.refusal(seat, card)
                if reason is not None:
                    refusals[str(card)] = reason
    ended = match.winner is not None
    data.update(
        game="hearts",
        code=str(match.code) if ended else None,  # the code names every hand
        commitment=commitment(str(match.code), table.secret),
        secret=table.secret if ended else None,
        variant=match.code.variant,
        level=table.level,
        status=table.status,
        score=match.totals[seat],
        moves=sum(1 for entry in table.log if entry[1] == mine),
        message=None,
        winner=match.winner,
        names=list(SEAT_NAMES),
        pass_to=seat_view.pass_to,
        pass_from=seat_view.pass_from,
        passes_chosen=list(seat_view.passes_chosen),
        refusals=refusals,
        history=[
            {"round": r.number, "scores": list(r.scores), "moon": r.moon_shooter}
            for r in match.history
        ],
        tie=match.tied,
        target=match.target,
        can_finish=points_out(rnd) and rnd.to_play == seat,
        coach=table.coached if table.settings.coach else None,
    )
    return data


PASS_NEEDS_CARDS = N_('a pass needs "cards": a list of three cards such as "QS"')
PASS_THREE = N_("pass exactly three cards, not %(num)d")
PASS_DIFFERENT = N_("pass three different cards")
PLAY_NEEDS_CARD = N_('a play needs "card", such as "QS"')
UNKNOWN_INTENT = N_("unknown intent type %(kind)s: use pass, play or finish")


def parse_intent(request: dict[str, Any]) -> Action:
    """``{"type": "pass", "cards": ["2C", "3C", "4C"]}``, ``{"type": "play", "card": "QS"}``
    or ``{"type": "finish"}`` as an intent; :class:`IntentError` otherwise."""
    kind = request.get("type")
    try:
        if kind == "pass":
            raw = request.get("cards")
            if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
                raise IntentError(PASS_NEEDS_CARDS)
            if len(raw) != 3:
                raise IntentError(PASS_THREE % {"num": len(raw)})
            cards = [Card.parse(c) for c in raw]
            if len(set(cards)) != 3:
                raise IntentError(PASS_DIFFERENT)
            return ("pass", _text(cards))
        if kind == "play":
            raw_card = request.get("card")
            if not isinstance(raw_card, str) or len(raw_card) > 8:
                raise IntentError(PLAY_NEEDS_CARD)
            return ("play", str(Card.parse(raw_card)))
    except CardParseError as error:
        raise IntentError(str(error)) from None
    if kind == "finish":
        return ("finish",)
    raise IntentError(UNKNOWN_INTENT % {"kind": repr(kind)})
