"""The FreeCell table on the solitaire kit (the family's hooks are
:class:`~cardems.cellgames.table.CellSolitaire`; see there for the gestures).

FreeCell's own: runs build down in alternating colours (by suit in Baker's Game) and
move together within the group limit; any card may go to an empty column; a
foundation keeps its cards ("Cards on a foundation stay there"). With the auto-move
setting only *safe* cards go home (:func:`~cardems.freecell.rules.is_safe_home`).
``stuck``: no useful move is left (no moves between columns and cells lead to a card
that can go home: see :func:`~cardems.freecell.solver.progress_possible`).
"""

from __future__ import annotations

from cardems.cellgames.table import FAN, RulesSolitaire
from cardems.dealcode import DealCode
from cardems.freecell import rules
from cardems.freecell.rules import CELLS, COLUMNS, FreeCellState, Move
from cardems.kit.table import GameTable

STUCK_SEARCH_LIMIT = 10_000
"""Positions the "no useful move" search may visit before it gives up and says "not stuck"."""


class FreeCellSolitaire(RulesSolitaire[FreeCellState]):
    """FreeCell's rules for the family's hooks."""

    n_columns = COLUMNS
    fan_room = 14 * FAN
    foundations_give_back = False
    stuck_limit = STUCK_SEARCH_LIMIT
    solver = "cardems.freecell.solver"

    def deal(self, code: DealCode) -> FreeCellState:
        return rules.deal(code)


SOLITAIRE = FreeCellSolitaire(CELLS)


class FreeCellTable(GameTable[FreeCellState, Move]):
    """A game of FreeCell as the web app and the terminal player drive it."""

    solitaire_of = SOLITAIRE
