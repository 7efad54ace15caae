"""Deal difficulty in FreeCell, Baker's Game and Seahaven: a rating per deal and its level.

**The rating** of a winnable deal is a number, higher for harder deals:

- FreeCell: ``log2(1 + n)``, ``n`` the positions the solver expands to find a win
  (:data:`RATE_NODES` at most; past it the deal is not rated), plus 3 for each free cell
  the win needs: the most cells its line fills at once (:func:`peak_cells`; an upper bound
  of the fewest a win needs, as the solver's line is one win among many: its lines fill
  all four cells in most deals, so this tells apart only the deals won with fewer);
  Baker's Game the same, the solve within ``freecell.difficulty.BAKERS_NODES``;
- Seahaven Towers with ``k`` free cells: the same, less 3 for each smaller variant
  (2 and 1 cells for ``C4``, 1 cell for ``C2``) the same deal number is won in as well
  (each within :data:`SPARE_NODES`): a deal that needs fewer free cells than it has is
  easier than its effort alone says.

**The levels** (the new-game choice :data:`cardems.core.difficulty.DIFFICULTY`): the
rated deals of each variant are split in thirds by rating — the easiest third is
``easy``, then ``medium``, then ``hard`` (:func:`thirds`); only winnable deals are rated.
The levels of FreeCell's 32,000 classic deals, of Baker's Game's deals 1–900 and of
Seahaven's shipped pools are computed once and shipped (``freecell/levels.txt``: one
letter per classic deal, ``e``/``m``/``h``, or ``-`` when not rated;
``freecell/levels-B.txt``: a number and its letter per line; ``seahaven/pools/levels-C<k>.txt``:
a code and its letter per line), so that a
deal's level does not move when the solver changes; ``python3 -m
cardems.cellgames.difficulty`` rebuilds them. A level's deal is drawn at random among the
deals of that level; its code reproduces it, and its level, exactly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from importlib.resources.abc import Traversable
from typing import Protocol, Self, TypeVar

from cardems.cellgames.notation import Move
from cardems.core.difficulty import LEVELS

LETTERS = {level: level[0] for level in LEVELS}
"""How the shipped tables write each level."""

RATE_NODES = 2_000_000
"""Positions the rating's solve may expand (a deal past it is not rated)."""
SPARE_NODES = 200_000
"""Positions each solve with fewer free cells may expand (past it: not won with fewer)."""
CELL_WEIGHT = 3.0
"""How much a free cell a win needs weighs, in doublings of the solver's effort: how much
harder a FreeCell deal rates for each cell its line fills, how much easier a Seahaven
deal rates for each smaller variant it is won in too."""


class Filling(Protocol):
    """What :func:`peak_cells` needs of a position."""

    @property
    def cells(self) -> tuple[object | None, ...]: ...

    def apply(self, move: Move) -> Self: ...


def rating(nodes: int, *, cells: int = 0, spare: int = 0) -> float:
    """A deal's rating from the solver's effort, the cells its win fills and how many
    smaller variants it is won in as well."""
    return math.log2(1 + nodes) + CELL_WEIGHT * (cells - spare)


def peak_cells(state: Filling, moves: Sequence[Move]) -> int:
    """The most free cells ``moves`` fill at once, played from ``state``."""
    peak = sum(card is not None for card in state.cells)
    for move in moves:
        state = state.apply(move)
        peak = max(peak, sum(card is not None for card in state.cells))
    return peak


def thirds(ratings: Sequence[float | None]) -> list[str | None]:
    """Each rating's level: the lowest third ``easy``, the middle ``medium``, the highest
    ``hard`` (equal ratings share a level); None stays None (not rated)."""
    rated = sorted(value for value in ratings if value is not None)
    if not rated:
        return [None] * len(ratings)
    first, second = rated[len(rated) // 3], rated[2 * len(rated) // 3]

    def level(value: float | None) -> str | None:
        if value is None:
            return None
        return "easy" if value < first else "medium" if value < second else "hard"

    return [level(value) for value in ratings]


def letters(levels: Sequence[str | None]) -> str:
    """Levels as the shipped tables write them."""
    return "".join("-" if level is None else LETTERS[level] for level in levels)


def level_of_letter(letter: str) -> str | None:
    """The level a shipped table's letter names (None for ``-``)."""
    return next((level for level, mark in LETTERS.items() if mark == letter), None)


K = TypeVar("K")


def read_levels(path: Traversable, key: Callable[[str], K]) -> dict[K, str]:
    """A shipped table of levels, a line a deal: its key (read by ``key``), a space and its
    level's letter; the deals not rated (``-``) left out, and nothing when the file is
    missing."""
    if not path.is_file():
        return {}
    found = {}
    for line in path.read_text(encoding="ascii").splitlines():
        text, _, letter = line.partition(" ")
        level = level_of_letter(letter)
        if level is not None:
            found[key(text)] = level
    return found


def main() -> None:
    """Rebuild the shipped tables of levels (Seahaven's pools, Baker's Game's deals,
    FreeCell's classic deals)."""
    from cardems.freecell.difficulty import write_bakers_levels
    from cardems.freecell.difficulty import write_levels as freecell_levels
    from cardems.seahaven.difficulty import write_levels as seahaven_levels

    seahaven_levels()
    write_bakers_levels()
    freecell_levels()


if __name__ == "__main__":
    main()
