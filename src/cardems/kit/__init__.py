"""The solitaire kit: piles declared once, one generic table behind them.

A solitaire supplies its rules engine (an immutable state), a :class:`Solitaire` (its
pile declaration, layout, gestures and solver hooks) and a thin table class; the kit's
:class:`SolitaireTable` does selection, taps, double taps, drags, placement help, move
errors, undo and redo, finishing, hints, events and the view. ``docs/KIT.md`` is the
guide, with Heart to Heart as its worked example.
"""

from cardems.kit.game import KitGame
from cardems.kit.piles import CARD_STEP, HALF_CARD, STOCK_ROLE, Declaration, PileSpec
from cardems.kit.play import Play
from cardems.kit.solitaire import (
    DRAW_HINT,
    DREW,
    MOVED,
    PAIRED,
    RECYCLE_HINT,
    RECYCLED,
    Solitaire,
    target_index,
)
from cardems.kit.table import SolitaireTable

__all__ = [
    "CARD_STEP",
    "DRAW_HINT",
    "DREW",
    "HALF_CARD",
    "MOVED",
    "PAIRED",
    "RECYCLED",
    "RECYCLE_HINT",
    "STOCK_ROLE",
    "Declaration",
    "KitGame",
    "PileSpec",
    "Play",
    "Solitaire",
    "SolitaireTable",
    "target_index",
]
