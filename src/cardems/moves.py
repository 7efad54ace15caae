"""Several moves in one text, as the command line, saves and tests write them: separated
by spaces or commas, formatted with single spaces (each game parses its own moves); and
several moves played in turn."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, Self, TypeVar

from cardems.core.history import IllegalMove
from cardems.i18n.markers import N_


class MoveParseError(ValueError):
    """A move's text that cannot be read; the message says why (each game's parser)."""


def move_tokens(texts: Iterable[str]) -> list[str]:
    """The moves' texts in ``texts``; each string may hold several, separated by spaces
    or commas."""
    return [token for text in texts for token in text.replace(",", " ").split()]


def format_moves(moves: Iterable[object]) -> str:
    """Moves separated by single spaces; what a game's ``parse_moves`` reads back."""
    return " ".join(str(move) for move in moves)


class Playable(Protocol):
    """An immutable position whose ``apply`` returns the next one or raises
    :class:`~cardems.core.history.IllegalMove`."""

    def apply(self, move: Any, /) -> Self: ...


P = TypeVar("P", bound=Playable)


def play(state: P, moves: Iterable[object]) -> P:
    """Apply ``moves`` in turn; raise :class:`IllegalMove` naming the move that fails."""
    for number, move in enumerate(moves, 1):
        try:
            state = state.apply(move)
        except IllegalMove as error:
            values = {"num": number, "move": str(move), "reason": error.reason}
            raise IllegalMove(N_("move %(num)d (%(move)s): %(reason)s") % values) from None
    return state
