"""The search behind a solitaire's ``stuck`` status: can any sequence of moves still make
progress (a card home, a face-down card turned, a card dealt or taken from the stock)?

A game whose moves can go round for ever (Klondike's stock, Spider's columns) is stuck
when none can: every position reachable from here without progress is as far as the game
can go, so it can no longer be won. The game says what progress is; this module walks the
positions reachable without it, up to a limit (past it the answer is None: undecided).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

S = TypeVar("S")


def progress_reachable(
    start: S,
    successors: Callable[[S], Iterable[S]],
    position: Callable[[S], Hashable],
    progressed: Callable[[S], bool],
    limit: int,
) -> bool | None:
    """True once a position reachable from ``start`` is ``progressed``; False when every
    position reachable without progress is seen (the game is stuck); None when more than
    ``limit`` positions were seen first."""
    seen = {position(start)}
    queue = deque([start])
    while queue:
        for after in successors(queue.popleft()):
            if progressed(after):
                return True
            key = position(after)
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                queue.append(after)
    return False
