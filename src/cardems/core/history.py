"""What every game shares: refused actions and the undo/redo history."""

from __future__ import annotations

from collections import deque
from collections.abc import MutableSequence
from typing import Generic, TypeVar

S = TypeVar("S")

UNDO_LIMIT = 100


class IllegalMove(ValueError):
    """An action the rules refuse; ``reason`` is the player-facing explanation."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class History(Generic[S]):
    """Immutable game states with undo (the last ``limit`` moves) and redo.

    ``push`` records the state a move produced and forgets anything that could be
    redone; ``undo`` and ``redo`` walk back and forth and return the new current state.
    """

    def __init__(self, initial: S, limit: int | None = UNDO_LIMIT) -> None:
        self._current = initial
        self._past: deque[S] = deque(maxlen=limit)
        self._future: list[S] = []

    @property
    def current(self) -> S:
        """The state now on the table."""
        return self._current

    @property
    def previous(self) -> S | None:
        """The state the last move started from (what undo would bring back), if any."""
        return self._past[-1] if self._past else None

    @property
    def line(self) -> list[S]:
        """The positions undo can walk back through, oldest first, then the current one."""
        return [*self._past, self._current]

    @property
    def can_undo(self) -> bool:
        """Whether a move can be taken back."""
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        """Whether an undone move can be re-applied."""
        return bool(self._future)

    def push(self, state: S) -> None:
        """Record a move's result; clears the redo list."""
        self._past.append(self._current)
        self._current = state
        self._future.clear()

    def undo(self) -> S:
        """Take back the last move; raise :class:`IllegalMove` if there is none."""
        return self._step(self._past, self._future, "Nothing to undo")

    def redo(self) -> S:
        """Re-apply the last undone move; raise :class:`IllegalMove` if there is none."""
        return self._step(self._future, self._past, "Nothing to redo")

    def _step(self, back: MutableSequence[S], forth: MutableSequence[S], nothing: str) -> S:
        """The state on top of ``back``, made current (the current one goes onto
        ``forth``); :class:`IllegalMove` saying ``nothing`` if ``back`` is empty."""
        if not back:
            raise IllegalMove(nothing)
        forth.append(self._current)
        self._current = back.pop()
        return self._current
