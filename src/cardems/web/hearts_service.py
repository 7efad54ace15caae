"""Hearts matches on the server: the player at seat 0 against three bots.

A match is saved as its deal code, the opponents' level and the log of every action of
every seat (``("pass", seat, "2C 3C 4C")``, ``("play", seat, "QS")``), so a reload or a
server restart replays it exactly without asking the bots again. The server alone runs
the bots (each gets only its seat's view) and answers the player's intents with the
events that followed and the player's view. Nothing that leaves this module holds a card
the player may not see: the view comes from ``view(seat=0)`` and every event names only
cards played in public or passed to or by the player.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from cardems.cards import Card, CardParseError, parse_cards
from cardems.dealcode import DealCode, DealCodeError
from cardems.engine import IllegalMove
from cardems.hearts.bots import LEVELS, Bot, hint, make_bot
from cardems.hearts.core import (
    MOON_POINTS,
    POINT_MASK,
    QS_BIT,
    cards_of,
    mask_of,
    points_of,
    to_card,
)
from cardems.hearts.rules import SEAT_NAMES, Match, Phase, Round
from cardems.i18n.markers import N_
from cardems.store import CorruptSave, SavedGame, Store
from cardems.web.service import ApiError

GAME = "hearts"
PLAYER = 0
CACHE_SIZE = 500
Event = dict[str, Any]
LogEntry = tuple[str, ...]


@dataclass
class LiveMatch:
    """A Hearts match in memory: its save, the engine state, the bots and the action log."""

    saved: SavedGame
    match: Match
    level: str
    log: list[LogEntry]
    bots: dict[int, Bot] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    last_used: float = field(default_factory=time.monotonic)

    def bot(self, seat: int) -> Bot:
        """The opponent in ``seat`` (made on first use, seeded by the deal)."""
        if seat not in self.bots:
            self.bots[seat] = make_bot(self.level, self.match.code.number * 4 + seat)
        return self.bots[seat]

    @property
    def status(self) -> str:
        """``playing``, or ``won``/``lost`` once the match has a winner."""
        if self.match.winner is None:
            return "playing" if self.saved.status != "abandoned" else "abandoned"
        return "won" if self.match.winner == PLAYER else "lost"


def replay(match: Match, log: list[LogEntry]) -> Match:
    """The match after the logged actions; ValueError if the log does not fit it."""
    for entry in log:
        kind, seat_text, cards_text = entry
        seat = int(seat_text)
        cards = parse_cards(cards_text)
        try:
            if kind == "pass":
                match = match.pass_cards(seat, cards)
            elif kind == "play" and len(cards) == 1:
                match = match.play(seat, cards[0])
            else:
                raise ValueError(f"unknown action {entry!r}")
        except IllegalMove as error:
            raise ValueError(f"{entry!r}: {error}") from None
    return match


def round_record(rnd: Round) -> dict[str, Any]:
    """A finished round as the statistics keep it, from the player's side."""
    return {
        "round": rnd.number,
        "points": rnd.scores[PLAYER],
        "moon": rnd.moon_shooter == PLAYER,
        "queen": bool(rnd.taken[PLAYER] & QS_BIT),
    }


class HeartsService:
    """Creates, loads, plays and saves Hearts matches for players."""

    def __init__(self, store: Store, hint_level: str = "expert") -> None:
        self.store = store
        self.hint_level = hint_level
        self._live: OrderedDict[str, LiveMatch] = OrderedDict()
        self._guard = threading.Lock()

    # Creating and loading ---------------------------------------------------------------

    def new_match(self, player_id: str, request: Any) -> LiveMatch:
        """A match from ``{"level", "code"}`` (both optional: medium, a random deal)."""
        if not isinstance(request, dict):
            raise ApiError(400, "a new match needs a JSON object")
        level = request.get("level") or "medium"
        if level not in LEVELS:
            raise ApiError(400, f"unknown opponent level {level!r}: use {', '.join(LEVELS)}")
        text = request.get("code")
        if text in (None, ""):
            from cardems.hearts.adapter import ADAPTER

            code = ADAPTER.random_code("N", winnable=False)
        else:
            if not isinstance(text, str):
                raise ApiError(400, "the code must be a string such as HT1-N-AAAAAAM")
            try:
                code = DealCode.parse(text)
            except DealCodeError as error:
                raise ApiError(400, str(error), part=error.part) from None
            if code.game != "HT":
                raise ApiError(400, f"{text} is a {code.family.title} code, not a Hearts one")
        game_id = self.store.create_game(player_id, GAME, code.variant, str(code), {"level": level})
        with self._guard:
            for stale in [
                key for key, live in self._live.items() if live.saved.player_id == player_id
            ]:
                del self._live[stale]
        return self.load(player_id, game_id)

    def load(self, player_id: str, game_id: str) -> LiveMatch:
        """The player's match, from memory or replayed from its save."""
        with self._guard:
            live = self._live.get(game_id)
            if live is None:
                try:
                    saved = self.store.load_game(game_id)
                except CorruptSave as error:
                    raise ApiError(409, str(error)) from None
                if saved is None or saved.game != GAME:
                    raise ApiError(404, "no such Hearts match: it may have been replaced")
                live = self._rebuild(saved)
                self._live[game_id] = live
                while len(self._live) > CACHE_SIZE:
                    self._live.popitem(last=False)
            self._live.move_to_end(game_id)
        if live.saved.player_id != player_id:
            raise ApiError(403, "this match belongs to another player")
        live.last_used = time.monotonic()
        return live

    @staticmethod
    def _rebuild(saved: SavedGame) -> LiveMatch:
        level = saved.options.get("level", "medium")
        try:
            if level not in LEVELS:
                raise ValueError(f"unknown level {level!r}")
            match = replay(Match.new(saved.code), list(saved.log))
        except (ValueError, KeyError, TypeError, IndexError, CardParseError) as error:
            raise ApiError(409, f"the saved match {saved.id} cannot be replayed: {error}") from None
        return LiveMatch(saved=saved, match=match, level=level, log=list(saved.log))

    # Playing ----------------------------------------------------------------------------

    def intent(
        self, player_id: str, game_id: str, request: Any
    ) -> tuple[LiveMatch, list[Event], dict[str, Any]]:
        """Apply ``{"type": "pass", "cards": [...]}`` or ``{"type": "play", "card": ...}``.

        The bots then act until the player must act again. Returns the match, the events
        and the player's new view; bad input is a 4xx and changes nothing."""
        kind, cards = parse_intent(request)
        live = self.load(player_id, game_id)
        with live.lock:
            if live.saved.status == "abandoned":
                raise ApiError(409, "this match was replaced by a newer one: it cannot be played")
            if live.match.over:
                raise ApiError(409, "the match is over: start a new one")
            match = live.match
            log: list[LogEntry] = []
            events: list[Event] = []
            try:
                if kind == "pass":
                    match = match.pass_cards(PLAYER, cards)
                    log.append(("pass", str(PLAYER), " ".join(map(str, cards))))
                elif kind == "finish":
                    match = self._finish(live, match, log, events)
                else:
                    (card,) = cards
                    round_before = match.round
                    match = match.play(PLAYER, card)
                    log.append(("play", str(PLAYER), str(card)))
                    events += play_events(round_before, match, PLAYER, card)
            except IllegalMove as error:
                raise ApiError(422, str(error), view=player_view(live)) from None
            match = self._bots(live, match, log, events)
            rounds = [round_record(r) for r in match.history[len(live.match.history) :]]
            live.match = match
            live.log.extend(log)
            self._save(live, rounds)
            return live, events, player_view(live)

    def _bots(
        self, live: LiveMatch, match: Match, log: list[LogEntry], events: list[Event]
    ) -> Match:
        """Let the opponents act until the player's turn, a pass or the match's end."""
        while not match.over:
            rnd = match.round
            if rnd.phase is Phase.PASSING:
                if not rnd.passes[PLAYER]:
                    break
                for seat in (1, 2, 3):
                    if not rnd.passes[seat]:
                        chosen = cards_of(live.bot(seat).choose_pass(match.view(seat)))
                        match = match.pass_cards(seat, chosen)
                        log.append(("pass", str(seat), " ".join(map(str, chosen))))
                after = match.round
                events.append(
                    {
                        "type": "passed",
                        "round": rnd.number,
                        "to": rnd.receiver(PLAYER),
                        "from": rnd.passer(PLAYER),
                        "cards": [str(c) for c in cards_of(after.passes[PLAYER])],
                        "received": [str(c) for c in cards_of(after.passes[rnd.passer(PLAYER)])],
                    }
                )
                continue
            turn = rnd.to_play
            if turn is None or turn == PLAYER:
                break
            card = to_card(live.bot(turn).choose_play(match.view(turn)))
            before = match.round
            match = match.play(turn, card)
            log.append(("play", str(turn), str(card)))
            events += play_events(before, match, turn, card)
        return match

    def _finish(
        self, live: LiveMatch, match: Match, log: list[LogEntry], events: list[Event]
    ) -> Match:
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
                card = to_card(live.bot(seat).choose_play(match.view(seat)))
            match = match.play(seat, card)
            log.append(("play", str(seat), str(card)))
            events += play_events(rnd, match, seat, card)
        return match

    def _save(self, live: LiveMatch, rounds: list[dict[str, Any]]) -> None:
        match = live.match
        self.store.save_progress(
            live.saved.id,
            log=live.log,
            elapsed=0.0,
            timer_stopped=True,
            status=live.status,
            score=match.totals[PLAYER],
            moves=sum(1 for entry in live.log if entry[1] == str(PLAYER)),
            hearts_rounds=rounds,
        )

    def hint(self, player_id: str, game_id: str) -> dict[str, Any]:
        """The expert's choice for the player now: three cards to pass or one to play."""
        live = self.load(player_id, game_id)
        with live.lock:
            seat_view = live.match.view(PLAYER)
        if live.match.over:
            return {"cards": []}
        return {"cards": [str(c) for c in hint(seat_view, self.hint_level)]}


POINTS_REMAIN = N_("Points remain in play: the round goes on")


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
    tied = after.winner is None and max(after.totals) >= 100
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


def player_view(live: LiveMatch) -> dict[str, Any]:
    """What the page shows, built only from ``view(seat=0)`` and public history."""
    match = live.match
    seat_view = match.view(PLAYER)
    data = seat_view.to_json()
    rnd = match.round
    refusals: dict[str, str] = {}
    if rnd.phase is Phase.PLAYING:
        for card in seat_view.hand:
            reason = rnd.refusal(PLAYER, card)
            if reason is not None:
                refusals[str(card)] = reason
    data.update(
        id=live.saved.id,
        code=str(match.code),
        level=live.level,
        status=live.status,
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
        tie=match.winner is None and max(match.totals) >= 100,
        can_finish=points_out(rnd) and rnd.to_play == PLAYER,
    )
    return data


def parse_intent(request: Any) -> tuple[str, list[Card]]:
    """``{"type": "pass", "cards": ["2C", "3C", "4C"]}`` or ``{"type": "play", "card": "QS"}``."""
    if not isinstance(request, dict):
        raise ApiError(400, "an intent must be a JSON object with a type")
    kind = request.get("type")
    try:
        if kind == "pass":
            raw = request.get("cards")
            if not isinstance(raw, list) or not all(isinstance(c, str) for c in raw):
                raise ApiError(400, 'a pass needs "cards": a list of three cards such as "QS"')
            if len(raw) != 3:
                raise ApiError(400, f"pass exactly three cards, not {len(raw)}")
            cards = [Card.parse(c) for c in raw]
            if len(set(cards)) != 3:
                raise ApiError(400, "pass three different cards")
            return kind, cards
        if kind == "play":
            raw_card = request.get("card")
            if not isinstance(raw_card, str) or len(raw_card) > 8:
                raise ApiError(400, 'a play needs "card", such as "QS"')
            return kind, [Card.parse(raw_card)]
    except CardParseError as error:
        raise ApiError(400, str(error)) from None
    if kind == "finish":
        return kind, []
    raise ApiError(400, f"unknown intent type {kind!r}: use pass, play or finish")
