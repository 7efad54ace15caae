"""The Seahaven Towers table: taps, double taps and drags in; a view and events out.

It implements :class:`cardems.core.game.Table` (see ``docs/ARCHITECTURE.md`` for the
view every table answers):

- A tap on a pile with nothing selected sends its top card home when that is legal;
  otherwise it selects the pile (a column's whole top run, a cell's card, or a
  foundation's top card, which can be taken back). A tap on another pile then moves the
  selection there — as many cards of the run as the destination needs — or, if the
  rules refuse, reports why and selects the tapped pile when it holds cards. Tapping the
  selected pile again deselects it.
- A drag moves from ``source`` to ``target``; ``column:N:k`` drags the cards from index
  ``k`` (0-based from the bottom) up.
- A double tap tries, in order: the foundation, the longest column that accepts the card
  or run, an empty column (for a king-led run that does not already fill its column), the
  first free cell.
- With ``settings.auto_move`` every *safe* card goes home after each move the player
  makes; in Seahaven every card that can go to its foundation is safe (see
  :func:`~cardems.seahaven.rules.safe_home_moves`). The player's move and its automatic
  follow-ups are one undo step; each card moved counts as a move. (The deal itself is
  left as dealt.)
- Once every card left can go home by plain moves, the view says ``can_finish`` and the
  ``finish`` intent sends them home, one logged drag each (see :mod:`cardems.cellgames.table`).
- Placement help frames, with nothing selected, the cards that can go home or onto
  another column; with a selection, every pile gets ``accepts`` and the cards of the piles
  that do not accept it are dimmed.
- Status: ``won``; ``stuck`` when no *useful* move remains (see
  :func:`~cardems.seahaven.rules.has_useful_move`: shuttling cards back and forth never
  counts); else ``playing``. The timer starts at the first move, stops at a win or when
  stuck, and resumes if an undo leaves the stuck position behind. A won game is final:
  every intent after the win is refused.
"""

from __future__ import annotations

from collections.abc import Iterator

from cardems.cards import Card, Rank
from cardems.cellgames import table as cells_table
from cardems.cellgames.table import FAN, CellTable
from cardems.cellgames.table import GAME_WON as GAME_WON
from cardems.cellgames.table import HINT_SECONDS as HINT_SECONDS
from cardems.cellgames.table import MOVED as MOVED
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.seahaven.rules import (
    COLUMNS,
    STUCK_SEARCH_LIMIT,
    Move,
    Place,
    SeahavenState,
    builds_on,
    deal,
    group_limit,
    run_length,
    safe_home_moves,
)
from cardems.seahaven.solver import SolveResult, progress_possible, solve_state

UNKNOWN_TARGET = N_(
    "unknown target %(target)s: expected column:1-10 (or column:N:k),"
    " cell:1-%(cells)d or foundation:S|H|D|C"
)

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
MIN_FAN = 26  # a fan never hides more of a card's index than this leaves
FAN_ROOM = 7 * FAN
"""The board has room for a column of 8 cards at the full fan (a fresh deal has 5), so it
fits a window without scrolling; longer columns are fanned tighter down to ``MIN_FAN``,
then the board grows. (The browser spreads fans into spare height on tall screens.)"""


def parse_target(target: str, n_cells: int) -> tuple[Place, int | None]:
    """Read ``column:3``, ``column:3:k``, ``cell:1``, ``foundation:H``; raise ValueError."""
    return cells_table.parse_target(target, n_cells, COLUMNS, UNKNOWN_TARGET)


def count_for(state: SeahavenState, source: Place, dest: Place) -> int:
    """How many cards of ``source``'s top run the move to ``dest`` takes (1 if none fits)."""
    if source.kind != "column" or dest.kind != "column":
        return 1
    pile = state.columns[source.index]
    run = run_length(pile)
    target_pile = state.columns[dest.index]
    for count in range(1, run + 1):
        card = pile[-count]
        if target_pile:
            if builds_on(card, target_pile[-1]):
                return count
        elif card.rank is Rank.KING:
            return count
    return 1


class SeahavenTable(CellTable[SeahavenState]):
    """One Seahaven game at the table (see the module docstring for the behaviour)."""

    n_columns = COLUMNS
    fan_room = FAN_ROOM
    min_fan = MIN_FAN
    unknown_target = UNKNOWN_TARGET

    def first_position(self, code: DealCode) -> SeahavenState:
        """The deal's first position."""
        return deal(code)

    def _stuck(self, state: SeahavenState) -> bool:
        """No useful move (:func:`~cardems.seahaven.rules.has_useful_move`), by the solver's
        faster search; past its limit the answer is "not stuck"."""
        return progress_possible(state, STUCK_SEARCH_LIMIT) is False

    # -- the rules, for the shared table -----------------------------------------------

    def count_for(self, state: SeahavenState, source: Place, dest: Place) -> int:
        """See :func:`count_for`."""
        return count_for(state, source, dest)

    def run_length(self, pile: tuple[Card, ...]) -> int:
        """The top run of a column."""
        return run_length(pile)

    def builds_on(self, state: SeahavenState, card: Card, below: Card) -> bool:
        """See :func:`~cardems.seahaven.rules.builds_on`."""
        return builds_on(card, below)

    def group_limit(self, state: SeahavenState) -> int:
        """See :func:`~cardems.seahaven.rules.group_limit`."""
        return group_limit(state)

    def safe_home_moves(self, state: SeahavenState) -> Iterator[Move]:
        """See :func:`~cardems.seahaven.rules.safe_home_moves`."""
        return safe_home_moves(state)

    def solve(self, state: SeahavenState, seconds: float) -> SolveResult:
        """The solver on ``state`` within ``seconds``."""
        return solve_state(state, time_limit=seconds)
