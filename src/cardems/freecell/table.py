"""The FreeCell table: taps, double taps and drags in; a view and events out.

It implements :class:`cardems.core.game.Table` (see ``docs/ARCHITECTURE.md`` for the
view every table answers):

- A tap on a pile with nothing selected sends its top card home when that is legal;
  otherwise it selects the pile (a column's whole top sequence or a cell's card). A tap
  on another pile then moves the selection there — as many cards of the sequence as the
  destination needs (into an empty column: the longest part that may move) — or, if the
  rules refuse, reports why and selects the tapped pile when it holds cards. Tapping the
  selected pile again deselects it.
- A drag moves from ``source`` to ``target``; ``column:N:k`` drags the cards from index
  ``k`` (0-based from the bottom) up.
- A double tap tries, in order: the foundation, the longest column that accepts the card
  or sequence, an empty column (unless the sequence already fills its column), the first
  free cell.
- With ``settings.auto_move`` every *safe* card goes home after each move the player
  makes (see :func:`~cardems.freecell.rules.is_safe_home`). The player's move and its
  automatic follow-ups are one undo step; each card moved counts as a move. (The deal
  itself is left as dealt.)
- Once every card left can go home by plain moves, the view says ``can_finish`` and the
  ``finish`` intent sends them home, one logged drag each (see :mod:`cardems.cellgames.table`).
- Placement help frames, with nothing selected, the cards that can go home or onto
  another column; with a selection, every pile gets ``accepts`` and the cards of the piles
  that do not accept it are dimmed.
- Status: ``won``; ``stuck`` when no *useful* move remains (no moves between columns
  and cells lead to a card that can go home: shuttling cards back and forth never counts,
  see :func:`~cardems.freecell.solver.progress_possible`); else ``playing``. The timer
  starts at the first move, stops at a win or when stuck, and resumes if an undo leaves
  the stuck position behind. A won game is final: every intent after the win is refused.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardems.cards import Card
from cardems.cellgames import table as cells_table
from cardems.cellgames.table import FAN, CellTable
from cardems.cellgames.table import GAME_WON as GAME_WON
from cardems.cellgames.table import HINT_SECONDS as HINT_SECONDS
from cardems.cellgames.table import MOVED as MOVED
from cardems.dealcode import DealCode
from cardems.freecell.rules import (
    COLUMNS,
    FreeCellState,
    Move,
    Place,
    builds_on,
    deal,
    group_limit,
    run_length,
    safe_home_moves,
)
from cardems.freecell.solver import SolveResult, progress_possible, solve_state
from cardems.i18n.markers import N_

STUCK_SEARCH_LIMIT = 10_000
"""Positions the "no useful move" search may visit before it gives up and says "not stuck"."""

UNKNOWN_TARGET = N_(
    "unknown target %(target)s: expected column:1-8 (or column:N:k),"
    " cell:1-%(cells)d or foundation:S|H|D|C"
)

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
FAN_ROOM = 14 * FAN
"""A column's fan fits this height: longer columns are fanned tighter."""


def parse_target(target: str, n_cells: int) -> tuple[Place, int | None]:
    """Read ``column:3``, ``column:3:k``, ``cell:1``, ``foundation:H``; raise ValueError."""
    return cells_table.parse_target(target, n_cells, COLUMNS, UNKNOWN_TARGET)


def count_for(state: FreeCellState, source: Place, dest: Place) -> int:
    """How many cards of ``source``'s top sequence the move to ``dest`` takes: the part
    that builds on the destination's top card, or into an empty column the longest part
    that may move (1 if none fits)."""
    if source.kind != "column" or dest.kind != "column":
        return 1
    pile = state.columns[source.index]
    run = run_length(pile, state.by_suit)
    target_pile = state.columns[dest.index]
    if not target_pile:
        return max(1, min(run, group_limit(state, dest)))
    for count in range(1, run + 1):
        if builds_on(pile[-count], target_pile[-1], state.by_suit):
            return count
    return 1


class FreeCellTable(CellTable[FreeCellState]):
    """One FreeCell game at the table (see the module docstring for the behaviour)."""

    n_columns = COLUMNS
    fan_room = FAN_ROOM
    unknown_target = UNKNOWN_TARGET
    foundations_give_back = False

    def first_position(self, code: DealCode) -> FreeCellState:
        """The deal's first position."""
        return deal(code)

    def _stuck(self, state: FreeCellState) -> bool:
        """No useful move (see the module docstring); past the search's limit the answer is
        "not stuck"."""
        return progress_possible(state, STUCK_SEARCH_LIMIT) is False

    # -- the rules, for the shared table -----------------------------------------------

    def count_for(self, state: FreeCellState, source: Place, dest: Place) -> int:
        """See :func:`count_for`."""
        return count_for(state, source, dest)

    def run_length(self, pile: tuple[Card, ...]) -> int:
        """The top run of a column."""
        return run_length(pile, self.state.by_suit)

    def builds_on(self, state: FreeCellState, card: Card, below: Card) -> bool:
        """See :func:`~cardems.freecell.rules.builds_on`."""
        return builds_on(card, below, state.by_suit)

    def group_limit(self, state: FreeCellState) -> int:
        """See :func:`~cardems.freecell.rules.group_limit`."""
        return group_limit(state)

    def safe_home_moves(self, state: FreeCellState) -> Iterator[Move]:
        """See :func:`~cardems.freecell.rules.safe_home_moves`."""
        return safe_home_moves(state)

    def solve(self, state: FreeCellState, seconds: float) -> SolveResult:
        """The solver on ``state`` within ``seconds``."""
        return solve_state(state, time_limit=seconds)
