"""A verdict search's answer, the same in every family whose solver gives one (discard,
row, spaces): ``winnable`` (None: undecided within the budget), a winning line, the
positions expanded."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

M = TypeVar("M")


@dataclass(frozen=True)
class Verdict(Generic[M]):
    """``winnable`` (None: undecided within the budget), a winning line, the positions
    expanded."""

    winnable: bool | None
    line: tuple[M, ...] | None
    nodes: int

    def hint(self) -> tuple[str, M | None]:
        """What a hint says of it (:meth:`cardems.kit.solitaire.Solitaire.hint_move`):
        ``("move", move)`` for the first move of the winning line, else ``("lost", None)``
        or ``("undecided", None)``."""
        if self.line:
            return ("move", self.line[0])
        return ("undecided" if self.winnable is None else "lost", None)
