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
