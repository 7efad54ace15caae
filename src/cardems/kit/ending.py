"""How a kit engine's game ends, written once: won, else blocked once nothing can change."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class WonOrBlocked:
    """A mixin for an engine state: :attr:`outcome` is ``won`` once :meth:`is_won`,
    ``blocked`` while :meth:`is_blocked` (by default: no legal move is left), else None
    while the game goes on."""

    __slots__ = ()

    def is_won(self) -> bool:
        raise NotImplementedError

    def legal_moves(self) -> Sequence[Any]:
        raise NotImplementedError

    def is_blocked(self) -> bool:
        """Whether nothing can change the position any more (no legal move left)."""
        return not self.legal_moves()

    @property
    def outcome(self) -> str | None:
        """``won``, ``blocked``, or None while the game goes on."""
        if self.is_won():
            return "won"
        return "blocked" if self.is_blocked() else None
