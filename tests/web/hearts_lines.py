"""Prepared Hearts action logs for the web tests (bots in every seat, seat 0 included)."""

from __future__ import annotations

from cardems.hearts.bots import make_bot
from cardems.hearts.core import cards_of, to_card
from cardems.hearts.rules import Match, Phase

Entry = tuple[str, str, str]


def bot_log(code: str, until: int | None = None) -> tuple[list[Entry], Match]:
    """Easy bots play the whole match ``code``; the log (cut to ``until`` entries)."""
    bots = [make_bot("easy", seat) for seat in range(4)]
    match = Match.new(code)
    log: list[Entry] = []
    while not match.over and (until is None or len(log) < until):
        rnd = match.round
        if rnd.phase is Phase.PASSING:
            seat = next(s for s in range(4) if not rnd.passes[s])
            cards = cards_of(bots[seat].choose_pass(match.view(seat)))
            match = match.pass_cards(seat, cards)
            log.append(("pass", str(seat), " ".join(map(str, cards))))
            continue
        seat = rnd.to_play or 0
        card = to_card(bots[seat].choose_play(match.view(seat)))
        match = match.play(seat, card)
        log.append(("play", str(seat), str(card)))
    return log, match


def near_end_log(code: str) -> list[Entry]:
    """A log that stops just before the player's last card of the match's last round.

    Every seat holds at most one card then, so the match ends the same way whoever plays."""
    log, match = bot_log(code)
    assert match.over
    last = max(i for i, entry in enumerate(log) if entry[:2] == ("play", "0"))
    return log[:last]


def first_round_end_log(code: str) -> list[Entry]:
    """A log that stops just before the player's last card of the match's first round."""
    log, _ = bot_log(code, until=4 + 52)  # three seats pass, then 52 cards
    last = max(i for i, entry in enumerate(log) if entry[:2] == ("play", "0"))
    return log[:last]
