"""Heart to Heart for the core: a game of the pairs family (:mod:`cardems.kit.pairs.game`)
with its codes, strings, levels, worked example, terminal play, ``replay`` command and
its faster exact searches (:mod:`cardems.kit.pairs.ranks`)."""

from __future__ import annotations

from typing import Any

from cardems.core.game import Example
from cardems.core.terminal import TextPlay
from cardems.dealcode import DealCode, GameFamily
from cardems.i18n.markers import N_
from cardems.kit.pairs import PairsMove
from cardems.kit.pairs.game import Levels, PairsGame
from cardems.kit.pairs.shortest import Outcome

FAMILY = GameFamily("HH", "heart-to-heart", N_("Heart to Heart"), ("N",), 7)


EXAMPLE = Example.of(
    "heart-to-heart",
    "HH1-N-AAAAAAM",
    "tap stock, tap stock, tap stock, tap stock, tap stock, tap stock, tap stock, tap stock,"
    " tap stock, drag heart:25 waste, tap stock, tap stock, tap stock, tap stock, tap stock,"
    " drag heart:24 waste, tap stock, drag heart:22 waste, tap stock, tap stock, tap stock,"
    " tap stock, drag heart:23 waste, drag heart:20 waste, tap stock, tap stock,"
    " drag heart:19 heart:21, drag heart:17 heart:18, tap stock, tap stock, tap stock,"
    " tap stock, drag heart:16 waste, tap stock, tap stock, tap stock, tap stock, tap stock,"
    " tap stock, drag heart:13 waste, drag heart:11 waste, tap stock, tap stock, tap stock,"
    " tap stock, tap stock, drag heart:12 waste, drag heart:7 heart:15, tap stock, tap stock,"
    " tap stock, tap stock, drag heart:14 waste, tap stock, drag heart:6 heart:9,"
    " drag heart:2 waste, drag heart:10 waste, tap stock, tap stock, drag heart:4 waste,"
    " tap stock, tap stock, tap stock, tap stock, tap stock, tap stock, tap stock,"
    " drag heart:8 waste, drag heart:3 heart:5, tap stock, drag heart:1 waste",
    N_("Heart to Heart: a won game of deal HH1-N-AAAAAAM"),
    intro=N_(
        "The example of the rules, played to the win: the first 9 moves turn cards from"
        " the stock, then every pair the solver's winning line makes, to the last card"
        " of the heart."
    ),
    notes=(
        (9, N_("The ninth card turned is a 4♥, the same rank as the tip.")),
        (
            10,
            N_(
                "Move 10 removes the two 4♥ together: the two cards the tip covered"
                " become available."
            ),
        ),
        (71, N_("All 25 cards of the heart are gone: the game is won.")),
    ),
)
"""The rules' worked example (deal 12), from its opening to the win."""


MOVES_HELP = N_("moves: D draw, R recycle, 12+25 pair two positions, 25+W pair with the waste")
LEVELS = Levels(easy_below=73, hard_from=85, rate_nodes=20_000, tries=500)
"""Deal levels by the shortest win (the exact A* of :mod:`cardems.kit.pairs.ranks_shortest`):
the thirds of a sample of 150 random winnable deals give the cut points (shortest wins of
39 to 113 moves; a third under 73, a third from 85). A deal whose shortest win is not
found within 20,000 positions (about half a second at most; a few in a hundred) is not
rated; 500 winnable deals are drawn at most to find one of a level."""


class HeartToHeart(PairsGame):
    """Heart to Heart (``HH1-N-…``): a Pyramid-family solitaire shaped like a heart."""

    family = FAMILY
    levels = LEVELS
    settings = ("show_available",)  # its piles declare covering
    examples = (EXAMPLE,)
    tagline = N_(
        "A heart made of hearts: pair cards of the same rank, from the heart and the stock,"
        " until the heart is gone."
    )

    def winnable_deal(self, code: DealCode) -> bool:
        """Exact, in about a millisecond (about 29 % of deals are winnable)."""
        from cardems.heart_to_heart.rules import deal_deck, deck_is_winnable

        return deck_is_winnable(deal_deck(code))

    def decision(self, state: Any) -> tuple[bool | None, list[PairsMove] | None]:
        """The exact verdict's winning line."""
        from cardems.kit.pairs.ranks import winning_line

        line = winning_line(state)
        return line is not None, line

    def shortest_outcome(self, state: Any, nodes: int | None = None) -> Outcome:
        """The exact A* of :mod:`cardems.kit.pairs.ranks_shortest`, within ``nodes``
        (None: its ``SHORTEST_NODES``)."""
        from cardems.kit.pairs import ranks_shortest

        limit = ranks_shortest.SHORTEST_NODES if nodes is None else nodes
        search = ranks_shortest.ShortestSearch(state, limit)
        return Outcome(search.solve(), search.gave_up, search.expanded)

    def text_play(self) -> TextPlay:
        """``cardems play``: the heart beside its position numbers, hints by the solver."""
        from cardems.kit.pairs.terminal import PairsTextPlay

        return PairsTextPlay(self, N_("Heart to Heart"), MOVES_HELP)

    def add_commands(self, subparsers: Any) -> None:
        """``cardems replay`` (:mod:`cardems.kit.pairs.replay`)."""
        from cardems.kit.pairs.replay import add_commands

        words = N_("apply Heart to Heart moves to a deal and show the result")
        add_commands(self, subparsers, words, N_("e.g. D D 25+W 23+24 R"))


GAME = HeartToHeart()
