"""Pyramid's searches, compiled (``_astar.c``): the A* of :mod:`cardems.kit.pairs.shortest`
and the decision of :mod:`cardems.kit.pairs.decide`."""

from typing import Protocol

class _Search(Protocol):
    """Both searches' call: ``(status, line, positions)`` from a position's values."""

    def __call__(
        self,
        values: bytes,
        pool: bytes,
        removed: int,
        cursor: int,
        recycles: int,
        passes: int,
        node_limit: int,
        /,
    ) -> tuple[int, list[int] | None, int]: ...

search: _Search
decide: _Search
