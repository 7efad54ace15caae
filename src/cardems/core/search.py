"""What the searches share: the line of moves read back from the parents a search kept."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

Node = TypeVar("Node")
MoveT = TypeVar("MoveT")


def line_back(parents: Mapping[Node, tuple[Node, MoveT] | None], node: Node) -> list[MoveT]:
    """The moves from the search's start to ``node``, read back through ``parents`` (each
    node's predecessor and the move that left it; the start has None there, or no entry)."""
    line: list[MoveT] = []
    step = parents.get(node)
    while step is not None:
        node, move = step
        line.append(move)
        step = parents.get(node)
    line.reverse()
    return line
