"""Pyramid for the core: a game of the pairs family (:mod:`cardems.kit.pairs.game`) with
its codes, variants (passes through the stock), strings, levels and ``analyze``."""

from __future__ import annotations

from typing import Any

from cardems.dealcode import GameFamily, Variant, letters
from cardems.i18n.markers import N_
from cardems.kit.pairs.game import Levels, PairsGame

VARIANTS = (
    Variant("P3", N_("Passes: %(num)d (Microsoft)"), 3),
    Variant("P1", N_("Passes: %(num)d"), 1),
    Variant("P2", N_("Passes: %(num)d"), 2),
    Variant("U", N_("Unlimited passes")),
)
"""The passes through the stock of each variant (:data:`cardems.pyramid.rules.PASSES`)."""
FAMILY = GameFamily("PY", "pyramid", N_("Pyramid"), letters(VARIANTS), 7)
LEVELS = Levels(easy_below=39, hard_from=44, rate_nodes=1_000_000, tries=200)
"""Deal levels by the shortest win (the family's exact A*): the thirds of the shortest
wins of the 125 winnable deals among P3 deals 100000-100199 (``cardems analyze pyramid
--start 100000``): 25 to 55 moves, a third under 39, a third from 44. A deal whose
shortest win is not found within a million nodes (as many as the analysis gives a deal)
is not rated; 200 winnable deals are drawn at most to find one of a level."""


class Pyramid(PairsGame):
    """Pyramid (``PY1-P3-…``): pairs that make 13, Microsoft's rules, 3 passes by default."""

    family = FAMILY
    levels = LEVELS
    can_analyze = True
    analyze_help = N_("decide random Pyramid deals: winnable share and time per deal")
    compiled_modules = ("cardems.pyramid._astar",)
    winnable_nodes = 1_000_000
    """About a fifth of a second compiled; most winnable deals take a few thousand."""
    variant_legend = N_("Passes through the stock")
    variants = VARIANTS
    tagline = N_(
        "Clear the pyramid: remove pairs that make 13, kings alone, with the help of"
        " the stock and three passes through it."
    )

    anchor = (
        "mchung94's optimal A* (Microsoft's rules, 3 passes): 998 of 1,500 random decks"
        " (66.5 %, 95 % interval 64.1-68.9 %), mean 598 ms, median 156 ms (Java)"
    )
    """Beside ``cardems analyze pyramid`` (:mod:`cardems.kit.pairs.analysis`)."""

    def add_analyze_arguments(self, parser: Any) -> None:
        """The options of ``cardems analyze pyramid``."""
        from cardems.kit.pairs.analysis import add_arguments

        add_arguments(parser, self.family.variants)

    def analyze(self, args: Any) -> None:
        """``cardems analyze pyramid`` (see :mod:`cardems.kit.pairs.analysis`)."""
        from cardems.kit.pairs.analysis import cmd_analyze

        cmd_analyze(self.family.prefix, args)


GAME = Pyramid()
