"""Aces Up (also Idiot's Delight): four piles dealt from the stock; a card goes when a
higher card of its suit shows on another pile, until only the four aces are left."""

from __future__ import annotations

from cardems.core import kinds
from cardems.dealcode import GameFamily
from cardems.i18n.markers import N_
from cardems.kit.discard import DiscardRules
from cardems.kit.discard.game import DiscardGame

FAMILY = GameFamily("AU", "aces-up", N_("Aces Up"), ("N",), 7)


class AcesUp(DiscardGame):
    """Aces Up (``AU1-N-…``)."""

    family = FAMILY
    rules = DiscardRules("Aces Up", piles=4, aces_high=True)
    level_cuts = (121, 691)
    kind = kinds.OTHER
    tagline = N_(
        "Four piles dealt from the stock: throw out each card beaten by a higher card of"
        " its suit, until only the four aces are left."
    )


GAME = AcesUp()
