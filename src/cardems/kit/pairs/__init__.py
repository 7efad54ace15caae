"""The pairs family (Pyramid, Heart to Heart): games declared as data
(:mod:`.declare`), one engine (:mod:`.engine`) and one table (:mod:`.table`) for all."""

from cardems.kit.pairs.declare import SAME_RANK, SUM, Pairing, PairsRules, Stock
from cardems.kit.pairs.engine import (
    STOCK_TOP,
    WASTE_TOP,
    MoveKind,
    MoveParseError,
    PairsMove,
    PairsState,
)
from cardems.kit.pairs.table import Look, PairsSolitaire

__all__ = [
    "SAME_RANK",
    "STOCK_TOP",
    "SUM",
    "WASTE_TOP",
    "Look",
    "MoveKind",
    "MoveParseError",
    "Pairing",
    "PairsMove",
    "PairsRules",
    "PairsSolitaire",
    "PairsState",
    "Stock",
]
