"""Pyramid's A*, compiled (``_astar.c``): the search of :mod:`cardems.pyramid.shortest`."""

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
