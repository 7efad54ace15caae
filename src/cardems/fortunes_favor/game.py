"""Fortune's Favor: the four aces start on the foundations, 12 columns of one card each,
face up, and a stock of the other 36; a tap turns one card onto the waste, and the stock
is never turned over; cards build down in the same suit, one at a time; an empty column
takes the waste's top card at once (the stock's next card when the waste is empty, as
PySolFC deals it), and any card once the stock and the waste are empty."""

from __future__ import annotations

from cardems.core import kinds
from cardems.i18n.markers import N_
from cardems.kit.building import Build, BuildRules, Stock, Suits, Tableau, declare
from cardems.kit.building.game import BuildGame

RULES = declare(
    BuildRules(
        N_("Fortune's Favor"),
        Tableau(deal=(1,) * 12, aces_home=True),
        build=Build(suits=Suits.SAME),
        stock=Stock(draw=1, keep_waste=True, fill_columns=True),
        prefix="FF",
    )
)


class FortunesFavor(BuildGame):
    """Fortune's Favor (``FF1-N-…``)."""

    rules = RULES
    level_cuts = (32, 45)
    tagline = N_(
        "Twelve columns of one card and a stock turned one card at a time, once: build"
        " down in suit, and fill each space from the waste."
    )
    kind = kinds.FORTY_THIEVES_TYPE


GAME = FortunesFavor()
"""Fortune's Favor: a declaration of the build family."""
