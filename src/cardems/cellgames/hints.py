"""Hints a player can follow to the win in a game of columns, free cells and foundations.

A hint is the first move of a winning line from the position on the table. The line the
solver found is kept for every position along it (:class:`Lines`), so following the
hints plays that one line to the win, and asking again on the same position answers at
once and the same. Solving afresh from each position instead would wander: the solver
finds *a* line, not the same one, and its first moves from two neighbouring positions
can undo each other (a card parked in a cell, then sent straight back), for ever.

A hint never proposes the move that goes back to the position before the last move: when
the solver's line starts that way, the other moves are tried first (see
:meth:`Lines.next_move`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Generic, Protocol, Self, TypeVar

from cardems.cellgames.game import Verdict
from cardems.cellgames.notation import Move, Place
from cardems.i18n.markers import N_

MAX_POSITIONS = 20_000
"""Positions whose line is kept (a few games' worth); past it the cache starts afresh."""

HOME = N_("Hint: move the %(card)s to its foundation")
MOVE = N_("Hint: move the %(card)s from %(from)s to %(to)s")
# TRANSLATORS: a group of cards moves: the card named and the cards lying on it.
MOVE_GROUP = N_("Hint: move the %(card)s and the cards on it from %(from)s to %(to)s")
# TRANSLATORS: places named in hints, e.g. "move the 4 of spades from column 6 to
# free cell 3".
PLACES = {
    "column": N_("column %(num)s"),
    "cell": N_("free cell %(num)s"),
    "foundation": N_("its foundation"),
}


class Position(Protocol):
    """What the lines need of a game's position."""

    @property
    def position(self) -> Hashable: ...

    def apply(self, move: Move) -> Self: ...

    def legal_moves(self) -> list[Move]: ...


P = TypeVar("P", bound=Position)


class Lines(Generic[P]):
    """Winning lines found from the positions of one table, kept per position."""

    def __init__(self, solve: Callable[[P, float], Verdict]) -> None:
        self._solve = solve
        self._lines: dict[Hashable, tuple[tuple[Move, ...], int]] = {}

    def next_move(
        self, state: P, before: Hashable | None, seconds: float
    ) -> tuple[str, Move | None]:
        """``("move", m)``: the first move of a winning line from ``state`` that does not go
        back to the position ``before``; else ``lost`` (proved), ``undecided`` (out of
        ``seconds``) or ``back`` (every winning line goes back) with no move."""
        kept = self._lines.get(state.position)
        if kept is not None:
            line, index = kept
            if state.apply(line[index]).position != before:
                return "move", line[index]
        deadline = time.monotonic() + seconds
        result = self._solve(state, seconds)
        if result.winnable is not True:
            return ("undecided" if result.winnable is None else "lost"), None
        first = result.moves[0]
        if state.apply(first).position != before:
            self._keep(state, result.moves)
            return "move", first
        return self._another(state, before, deadline)

    def _another(
        self, state: P, before: Hashable | None, deadline: float
    ) -> tuple[str, Move | None]:
        """A winning line through some move other than the one going back to ``before``."""
        undecided = False
        for move in state.legal_moves():
            after = state.apply(move)
            if after.position == before:
                continue
            kept = self._lines.get(after.position)
            if kept is not None:
                line, index = kept
                self._keep(state, [move, *line[index:]])
                return "move", move
            left = deadline - time.monotonic()
            if left <= 0:
                return "undecided", None
            result = self._solve(after, left)
            if result.winnable:
                self._keep(state, [move, *result.moves])
                return "move", move
            undecided = undecided or result.winnable is None
        return ("undecided" if undecided else "back"), None

    def _keep(self, state: P, moves: list[Move]) -> None:
        """Remember ``moves`` as the line of ``state`` and of every position along it."""
        if len(self._lines) + len(moves) > MAX_POSITIONS:
            self._lines.clear()
        line = tuple(moves)
        for index, move in enumerate(line):
            self._lines[state.position] = (line, index)
            state = state.apply(move)


def place_words(place: Place, gettext: Callable[[str], str]) -> str:
    """How a hint names a pile: "column 3", "free cell 1", "its foundation"."""
    return gettext(PLACES[place.kind]) % {"num": place.index + 1}


def move_words(move: Move, card: str, gettext: Callable[[str], str]) -> str:
    """A hint's words for ``move`` of the cards led by ``card`` (already named)."""
    if move.dest.kind == "foundation":
        return gettext(HOME) % {"card": card}
    template = MOVE_GROUP if move.count > 1 else MOVE
    return gettext(template) % {
        "card": card,
        "from": place_words(move.source, gettext),
        "to": place_words(move.dest, gettext),
    }
