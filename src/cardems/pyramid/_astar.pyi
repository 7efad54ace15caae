"""Pyramid's searches, compiled (``_astar.c``): the A* of :mod:`cardems.kit.pairs.shortest`
and the decision of :mod:`cardems.kit.pairs.decide`."""

def search(
    values: bytes,
    pool: bytes,
    removed: int,
    cursor: int,
    recycles: int,
    passes: int,
    node_limit: int,
    /,
) -> tuple[int, list[int] | None, int]: ...
def decide(
    values: bytes,
    pool: bytes,
    removed: int,
    cursor: int,
    recycles: int,
    passes: int,
    node_limit: int,
    /,
) -> tuple[int, list[int] | None, int]: ...
