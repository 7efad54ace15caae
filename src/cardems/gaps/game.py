"""Gaps, also called Montana: the deck dealt face up in four rows of thirteen, the aces
taken out; each space takes the card one rank above the card on its left, of its suit,
until every row runs from the two to the king in one suit. Two redeals (``N``) or none
(``S``, strict)."""

from __future__ import annotations

from cardems.core import kinds
from cardems.dealcode import GameFamily, Variant, letters
from cardems.i18n.markers import N_
from cardems.kit.spaces import Lead, SpacesRules, declare
from cardems.kit.spaces.game import SpacesGame

VARIANTS = (Variant("N", N_("Redeals: %(num)d"), 2), Variant("S", N_("Redeals: %(num)d"), 0))
FAMILY = GameFamily("GP", "gaps", N_("Gaps"), letters(VARIANTS), 7)


class Gaps(SpacesGame):
    """Gaps (``GP1-N-…``)."""

    family = FAMILY
    rules = declare(
        SpacesRules("Gaps", redeals=(("N", 2), ("S", 0)), rows=4, columns=13, lead=Lead.ANY_TWO)
    )
    level_cuts = (723, 1925)
    kind = kinds.OTHER
    tagline = N_(
        "The deck in four rows with four spaces: fill each space with the next card of the"
        " suit on its left, until every row runs from two to king."
    )
    variant_legend = N_("Redeals")
    variants = VARIANTS


GAME = Gaps()
