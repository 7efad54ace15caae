"""The Seahaven Towers table on the solitaire kit (the family's hooks are
:class:`~cardems.cellgames.table.CellSolitaire`; see there for the gestures).

Seahaven's own: runs build down by suit and move together within the group limit; an
empty column takes only a king (or a king-led run); a foundation's top card may be
taken back to the table. The variant sets the free cells (``C4``, ``C2``, ``C1``: one
solitaire each). With the auto-move setting every card that can go home goes (in
Seahaven every such card is safe: :func:`~cardems.seahaven.rules.safe_home_moves`).
``stuck``: no useful move is left (:func:`~cardems.seahaven.rules.has_useful_move`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from cardems.cards import Card, Rank
from cardems.cellgames.game import Verdict
from cardems.cellgames.table import FAN, CellSolitaire
from cardems.core.game import TableSettings
from cardems.dealcode import DealCode
from cardems.kit import SolitaireTable
from cardems.seahaven import rules
from cardems.seahaven.rules import COLUMNS, STUCK_SEARCH_LIMIT, Move, Place, SeahavenState

MIN_FAN = 26  # a fan never hides more of a card's index than this leaves


class SeahavenSolitaire(CellSolitaire[SeahavenState]):
    """Seahaven's rules for the family's hooks, with ``cells`` free cells."""

    n_columns = COLUMNS
    fan_room = 7 * FAN
    """The board has room for a column of 8 cards at the full fan (a fresh deal has 5), so
    it fits a window without scrolling; longer columns are fanned tighter down to
    ``MIN_FAN``, then the board grows. (The browser spreads fans into spare height on
    tall screens.)"""
    min_fan = MIN_FAN

    def deal(self, code: DealCode) -> SeahavenState:
        return rules.deal(code)

    def stuck(self, state: SeahavenState) -> bool:
        """No useful move, by the solver's faster search; past its limit "not stuck"."""
        from cardems.seahaven.solver import progress_possible

        return progress_possible(state, STUCK_SEARCH_LIMIT) is False

    def count_for(self, state: SeahavenState, source: Place, dest: Place) -> int:
        """The part of the run that builds on the destination's top card, or the
        king-led part into an empty column (1 if none fits)."""
        if source.kind != "column" or dest.kind != "column":
            return 1
        pile = state.columns[source.index]
        target_pile = state.columns[dest.index]
        for count in range(1, rules.run_length(pile) + 1):
            card = pile[-count]
            if target_pile:
                if rules.builds_on(card, target_pile[-1]):
                    return count
            elif card.rank is Rank.KING:
                return count
        return 1

    def run_length(self, state: SeahavenState, pile: tuple[Card, ...]) -> int:
        return rules.run_length(pile)

    def group_limit(self, state: SeahavenState) -> int:
        return rules.group_limit(state)

    def safe_home_moves(self, state: SeahavenState) -> Iterator[Move]:
        return rules.safe_home_moves(state)

    def solve(self, state: SeahavenState, seconds: float) -> Verdict:
        from cardems.seahaven.solver import solve_state

        return solve_state(state, time_limit=seconds)


SOLITAIRES = {
    cells: SeahavenSolitaire(cells) for cells in sorted(set(rules.VARIANT_CELLS.values()))
}
"""One solitaire per count of free cells."""


def solitaire_of(code: DealCode) -> SeahavenSolitaire:
    """The solitaire of the deal's variant (its free cells)."""
    return SOLITAIRES[rules.cells_of(code.variant)]


class SeahavenTable(SolitaireTable[SeahavenState, Move]):
    """A game of Seahaven Towers as the web app and the terminal player drive it."""

    def __init__(
        self,
        code: DealCode,
        settings: TableSettings = TableSettings(),  # noqa: B008 - frozen, shared safely
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(solitaire_of(code), code, settings, clock)
