"""Hints a player can follow to the win in a game of columns, free cells and foundations.

A hint is the first move of a winning line from the position on the table. The line the
solver found is kept for every position along it (:class:`Lines`), so following the
hints plays that one line to the win, and asking again on the same position answers at
once and the same; so does a position proved lost (a search bounded in time would not:
under load it may stop short of the proof it made before). Solving afresh from each
position instead would wander: the solver finds *a* line, not the same one, and its
first moves from two neighbouring positions can undo each other (a card parked in a
cell, then sent straight back), for ever.

A kept line never passes a position twice (a solver's line may, through the moves it
makes by itself: those loops are cut out), and a hint never proposes a move that goes
back to where the last move started (the same placement, whichever cell a card is in):
when the solver's line starts that way, the other moves are tried (see
:meth:`Lines.next_move`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Generic, Protocol, Self, TypeVar

from cardems.cellgames.game import Verdict
from cardems.cellgames.notation import Move, Place
from cardems.i18n.markers import N_

MAX_POSITIONS = 2_000
"""Positions whose line or loss is kept (a few lines of one game); past it the cache
starts afresh."""

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

    @property
    def placement(self) -> Hashable: ...

    def apply(self, move: Move) -> Self: ...

    def legal_moves(self) -> list[Move]: ...


P = TypeVar("P", bound=Position)


class Lines(Generic[P]):
    """Winning lines found from the positions of one table, kept per position."""

    def __init__(self, solve: Callable[[P, float], Verdict]) -> None:
        self._solve = solve
        self._lines: dict[Hashable, tuple[tuple[Move, ...], int]] = {}
        self._lost: set[Hashable] = set()

    def next_move(self, state: P, before: P | None, seconds: float) -> tuple[str, Move | None]:
        """``("move", m)``: the first move of a winning line from ``state`` that does not go
        back to ``before`` (where the last move started); else ``lost`` (proved),
        ``undecided`` (out of ``seconds``) with no move, or ``("back", m)`` when every
        winning line found starts with a move ``m`` that goes back (Solve plays it, a hint
        only says so)."""
        back = None if before is None else before.placement
        kept = self._lines.get(state.position)
        if kept is not None:
            line, index = kept
            if state.apply(line[index]).placement != back:
                return "move", line[index]
            verdict, move = self._another(state, back, time.monotonic() + seconds)
            return (verdict, move) if verdict != "back" else ("back", line[index])
        if state.position in self._lost:
            return "lost", None
        deadline = time.monotonic() + seconds
        result = self._solve(state, seconds)
        if result.winnable is False:
            self._keep_lost(state)
            return "lost", None
        if result.winnable is None:
            return "undecided", None
        first = self._keep(state, result.moves)[0]
        if state.apply(first).placement != back:
            return "move", first
        verdict, move = self._another(state, back, deadline)
        return (verdict, move) if verdict != "back" else ("back", first)

    def _another(self, state: P, back: Hashable, deadline: float) -> tuple[str, Move | None]:
        """A winning line through some move other than one going ``back`` (``back`` with no
        move when there is none)."""
        undecided = False
        for move in state.legal_moves():
            after = state.apply(move)
            if after.placement == back:
                continue
            kept = self._lines.get(after.position)
            if kept is not None:
                line, index = kept
                rest = list(line[index:])
            elif after.position in self._lost:
                continue
            else:
                left = deadline - time.monotonic()
                if left <= 0:
                    return "undecided", None
                result = self._solve(after, left)
                if result.winnable is False:
                    self._keep_lost(after)
                if not result.winnable:
                    undecided = undecided or result.winnable is None
                    continue
                rest = result.moves
            if state.position not in _positions(after, rest):
                self._keep(state, [move, *rest])
                return "move", move
        return ("undecided" if undecided else "back"), None

    def _keep_lost(self, state: P) -> None:
        """Remember that ``state`` is proved lost."""
        self._make_room(1)
        self._lost.add(state.position)

    def _make_room(self, positions: int) -> None:
        """Start afresh when ``positions`` more would pass :data:`MAX_POSITIONS`."""
        if len(self._lines) + len(self._lost) + positions > MAX_POSITIONS:
            self._lines.clear()
            self._lost.clear()

    def _keep(self, state: P, moves: list[Move]) -> list[Move]:
        """Remember ``moves`` (its loops cut out) as the line of ``state`` and of every
        position along it; the line kept."""
        line = _loop_free(state, moves)
        self._make_room(len(line))
        kept = tuple(line)
        for index, move in enumerate(kept):
            self._lines[state.position] = (kept, index)
            state = state.apply(move)
        return line


def _positions(state: P, moves: list[Move]) -> list[Hashable]:
    """The positions ``moves`` pass through from ``state`` (``state`` first)."""
    found = [state.position]
    for move in moves:
        state = state.apply(move)
        found.append(state.position)
    return found


def _loop_free(state: P, moves: list[Move]) -> list[Move]:
    """``moves`` without the stretches that come back to a position passed before."""
    line: list[Move] = []
    at: dict[Hashable, int] = {state.position: 0}
    for move in moves:
        state = state.apply(move)
        seen = at.get(state.position)
        if seen is not None:  # back where the line was after ``seen`` moves: cut the loop
            del line[seen:]
            at = {key: index for key, index in at.items() if index <= seen}
        else:
            line.append(move)
            at[state.position] = len(line)
    return line


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
