"""The Seahaven Towers table on the solitaire kit (the family's hooks are
:class:`~cardems.cellgames.table.RulesSolitaire`; see there for the gestures).

Seahaven's own: runs build down by suit and move together within the group limit; an
empty column takes only a king (or a king-led run); a foundation's top card may be
taken back to the table. The variant sets the free cells (``C4``, ``C2``, ``C1``: one
solitaire each). With the auto-move setting every card that can go home goes (in
Seahaven every such card is safe: :func:`~cardems.seahaven.rules.safe_home_moves`).
``stuck``: no useful move is left (:func:`~cardems.seahaven.rules.has_useful_move`).
"""

from __future__ import annotations

from cardems.cellgames.table import FAN, RulesSolitaire
from cardems.dealcode import DealCode
from cardems.kit.table import GameTable
from cardems.seahaven import rules
from cardems.seahaven.rules import COLUMNS, STUCK_SEARCH_LIMIT, Move, SeahavenState

MIN_FAN = 26  # a fan never hides more of a card's index than this leaves


class SeahavenSolitaire(RulesSolitaire[SeahavenState]):
    """Seahaven's rules for the family's hooks, with ``cells`` free cells."""

    n_columns = COLUMNS
    fan_room = 7 * FAN
    """The board has room for a column of 8 cards at the full fan (a fresh deal has 5), so
    it fits a window without scrolling; longer columns are fanned tighter down to
    ``MIN_FAN``, then the board grows. (The browser spreads fans into spare height on
    tall screens.)"""
    min_fan = MIN_FAN
    stuck_limit = STUCK_SEARCH_LIMIT
    solver = "cardems.seahaven.solver"

    def deal(self, code: DealCode) -> SeahavenState:
        return rules.deal(code)


SOLITAIRES = {
    cells: SeahavenSolitaire(cells) for cells in sorted(set(rules.VARIANT_CELLS.values()))
}
"""One solitaire per count of free cells."""


def solitaire_of(code: DealCode) -> SeahavenSolitaire:
    """The solitaire of the deal's variant (its free cells)."""
    return SOLITAIRES[rules.cells_of(code.variant)]


class SeahavenTable(GameTable[SeahavenState, Move]):
    """A game of Seahaven Towers as the web app and the terminal player drive it."""

    @classmethod
    def solitaire_for(cls, code: DealCode) -> SeahavenSolitaire:
        """The solitaire of the deal's free cells."""
        return solitaire_of(code)
