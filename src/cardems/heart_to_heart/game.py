"""Heart to Heart's declaration for the core: codes, deal, solver, table, labels."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from cardems.core.base import solve_record
from cardems.core.difficulty import DIFFICULTY, level_choice
from cardems.core.game import Example, View
from cardems.core.labels import label_piles
from cardems.core.terminal import TextPlay
from cardems.dealcode import DealCode, GameFamily
from cardems.i18n.markers import N_
from cardems.kit import KitGame

if TYPE_CHECKING:
    from cardems.heart_to_heart.table import HeartToHeartSolitaire

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


class HeartToHeart(KitGame):
    """Heart to Heart (``HH1-N-…``): a Pyramid-family solitaire shaped like a heart."""

    family = FAMILY
    can_solve = True
    options = (DIFFICULTY,)
    settings = ("show_available",)  # its piles declare covering
    examples = (EXAMPLE,)
    tagline = N_(
        "A heart made of hearts: pair cards of the same rank, from the heart and the stock,"
        " until the heart is gone."
    )
    keys_help = N_(
        "Keyboard: arrow keys move between cards, Enter or Space selects and pairs,"
        " D draws a card, U undoes, R redoes, Esc cancels the selection."
    )

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """A random deal; with a difficulty level, a winnable deal of that level (see
        :mod:`cardems.heart_to_heart.difficulty`)."""
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        from cardems.heart_to_heart.difficulty import deal_of_level

        return deal_of_level(level, lambda: self.random_code(variant, winnable=True))

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random deal (numbers from :mod:`secrets`); with ``winnable`` only deals the
        solver proves winnable (about 29 % of them)."""
        from cardems.heart_to_heart.rules import deal_deck, deck_is_winnable

        version = self.family.versions[-1]
        while True:
            number = secrets.randbelow(self.family.max_number + 1)
            code = DealCode(self.family.prefix, version, variant, number)
            if not winnable or deck_is_winnable(deal_deck(code)):
                return code

    def solitaire(self) -> HeartToHeartSolitaire:
        """The kit's hooks: piles, gestures, layout, hints (see :mod:`.table`)."""
        from cardems.heart_to_heart.table import SOLITAIRE

        return SOLITAIRE

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game``, ``heart`` (positions 1–25), ``stock`` (next drawn first),
        ``waste`` (bottom → top)."""
        from cardems.heart_to_heart.rules import deal
        from cardems.heart_to_heart.text import layout_data

        return {"code": str(code), "game": self.family.name, **layout_data(deal(code))}

    def render(self, code: DealCode) -> str:
        """The initial layout as text."""
        from cardems.heart_to_heart.rules import deal
        from cardems.heart_to_heart.text import render_state

        return f"{code}  Heart to Heart\n{render_state(deal(code))}"

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """``winnable`` and a winning line in move notation; ``length`` is null when the
        deal cannot be won. With ``shortest`` the A*'s win and ``"proven": true`` when it
        finished within :data:`~cardems.kit.pairs.ranks_shortest.SHORTEST_NODES`
        positions, else the verdict's line (best known) and ``"proven": false``."""
        from cardems.heart_to_heart.rules import deal
        from cardems.kit.pairs.ranks import winning_line
        from cardems.kit.pairs.ranks_shortest import SHORTEST_NODES, ShortestSearch

        state = deal(code)
        if not shortest:
            line = winning_line(state)
            return solve_record(
                code, line is not None, None if line is None else [str(m) for m in line]
            )
        search = ShortestSearch(state, SHORTEST_NODES)
        line = search.solve()
        if search.gave_up:
            line = winning_line(state)
        record = solve_record(
            code, line is not None, None if line is None else [str(move) for move in line]
        )
        record.update(proven=not search.gave_up, nodes=search.expanded)
        return record

    def par(self, code: DealCode) -> int | None:
        """The deal's shortest win, when proven."""
        found = self.best_par(code)
        return None if found is None or not found[1] else found[0]

    def best_par(self, code: DealCode) -> tuple[int, bool] | None:
        """The deal's shortest win and whether it is proven (else the best line known);
        None when the deal cannot be won."""
        record = self.solve(code, shortest=True)
        length = record["length"]
        return None if length is None else (int(length), bool(record["proven"]))

    def label(self, view: View, lang: str) -> View:
        """Positions, stock and waste, named for screen readers."""
        from cardems.heart_to_heart.labels import label_pile

        return label_piles(view, lang, label_pile)

    def text_play(self) -> TextPlay:
        """``cardems play``: the heart beside its position numbers, hints by the solver."""
        from cardems.heart_to_heart.terminal import HeartTextPlay

        return HeartTextPlay()

    def add_commands(self, subparsers: Any) -> None:
        """``cardems replay``."""
        from cardems.heart_to_heart.commands import add_commands

        add_commands(subparsers)


GAME = HeartToHeart()
