"""The typed move: what an engine move does, in the table's words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Play:
    """An engine move seen by the table: from which pile to which, how many cards, and
    the face-up cards that move (bottom first: ``cards[0]`` leads a run; empty when
    the card moved is face down, as a draw's)."""

    source: str
    target: str
    count: int = 1
    cards: tuple[str, ...] = ()

    @property
    def card(self) -> str | None:
        """The card that leads the move, if it may be seen."""
        return self.cards[0] if self.cards else None
