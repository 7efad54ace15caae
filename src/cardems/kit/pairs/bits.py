"""What the pairs family's searches share: the members of a bit set, and a line read back
from the parents a search kept."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from cardems.kit.pairs.engine import PairsMove

Node = TypeVar("Node")


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def line_back(parent: dict[Node, tuple[Node, PairsMove]], node: Node) -> list[PairsMove]:
    """The moves from the search's start to ``node``, read back through ``parent`` (each
    node's predecessor and the move that left it)."""
    line: list[PairsMove] = []
    while node in parent:
        node, move = parent[node]
        line.append(move)
    line.reverse()
    return line
