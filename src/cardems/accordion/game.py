"""Accordion (also Idle Year, Tower of Babel): the whole deck dealt face up in one row; a
pile moves onto the pile next to it on the left, or the third to its left, when their
top cards match in suit or rank, until one pile is left."""

from __future__ import annotations

from cardems.core import kinds
from cardems.dealcode import GameFamily
from cardems.i18n.markers import N_
from cardems.kit.row import Match, RowRules, declare
from cardems.kit.row.game import RowGame

FAMILY = GameFamily("AC", "accordion", N_("Accordion"), ("N",), 7)


class Accordion(RowGame):
    """Accordion (``AC1-N-…``), the open way: every card dealt at the start, as Solitaire
    Till Dawn and the published solvers play it (PySolFC deals from a stock one card at
    a time; a player who may deal at will wins the same deals)."""

    family = FAMILY
    rules = declare(RowRules("Accordion", jumps=(1, 3), match=Match.SUIT_OR_RANK))
    level_cuts = (2000, 5300)
    kind = kinds.OTHER
    tagline = N_(
        "The whole deck in one row: move a pile onto its neighbour or the third pile to"
        " its left when their top cards match in suit or rank, until one pile is left."
    )


GAME = Accordion()
