"""Seahaven Towers' declaration for the core: codes, pools, solver, table, labels."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any

from cardems.cellgames.game import CellGame
from cardems.core.daily import daily_stream
from cardems.core.difficulty import level_choice
from cardems.core.game import Example, PlayedGame, StatBlock
from cardems.core.solitaire import solitaire_statistics
from cardems.dealcode import DealCode, GameFamily, Variant, letters
from cardems.i18n.markers import N_, Nn_

if TYPE_CHECKING:
    from cardems.seahaven.rules import SeahavenState
    from cardems.seahaven.table import SeahavenSolitaire

VARIANTS = (
    Variant("C4", N_("Easy: %(num)d"), 4),
    Variant("C2", N_("Medium: %(num)d"), 2),
    Variant("C1", N_("Hard: %(num)d"), 1),
)
"""The free cells of each variant (:data:`cardems.seahaven.rules.VARIANT_CELLS`)."""
FAMILY = GameFamily("SH", "seahaven", N_("Seahaven Towers"), letters(VARIANTS), 7)
FREE_CELLS = Nn_("%(num)d free cell", "%(num)d free cells")

EXAMPLE = Example.of(
    "seahaven",
    "SH1-C1-4JYTYQB",
    "drag column:3:4 foundation:C, drag column:6:4 foundation:C, drag column:7:4 foundation:H,"
    " drag column:5:4 column:2, drag column:3:3 column:4, drag column:7:3 column:3,"
    " drag column:7:2 foundation:H, drag column:9:4 foundation:H, drag column:8:4 column:3,"
    " drag column:7:1 column:4, drag cell:1 column:7, drag column:2:5 column:7,"
    " drag column:5:3 cell:1, drag column:5:2 foundation:S, drag column:5:1 column:2,"
    " drag column:5:0 column:3, drag column:8:3 column:3, drag column:6:3 column:3,"
    " drag column:6:2 column:3, drag column:6:1 column:8, drag column:2:4 column:8,"
    " drag column:9:3 column:8, drag column:9:2 column:2, drag column:9:1 foundation:C,"
    " drag cell:1 column:5, drag column:10:4 cell:1, drag column:10:3 column:2,"
    " drag column:10:2 foundation:H, drag column:9:0 foundation:H, drag column:1:4 column:10,"
    " drag column:6:0 column:10, drag column:4:4 column:8, drag column:4:3 foundation:C,"
    " drag column:1:3 foundation:C, drag cell:1 foundation:C, drag column:1:2 column:5,"
    " drag column:3:2 column:1",
    N_("Seahaven Towers: how many cards move together (deal SH1-C1-4JYTYQB, one free cell)"),
    intro=N_(
        "A real game with one free cell, played by the solver's winning line until the free"
        " cell is empty and two columns are empty: the case the rules explain."
    ),
    notes=(
        (
            36,
            N_(
                "The free cell is empty and two columns are empty: a sequence of up to"
                " (1 + 1) × 2 × 2 = 8 cards may move onto another column. But the 8 cards"
                " led by the K♠ in column 8 may not go to an empty column: the empty"
                " column it goes to does not count, so at most (1 + 1) × 2 = 4 cards may."
            ),
        ),
        (
            37,
            N_(
                "Allowed: the 7 cards from the 9♦ down to the 3♦ move together onto the"
                " 10♦ in column 1, as up to 8 may."
            ),
        ),
    ),
)
"""The rules' case of sequence moves with one free cell and two empty columns, found in a
real game by searching the solver's winning lines of the winnable one-cell pool."""


def load_pool(variant: str) -> list[DealCode]:
    """The shipped codes of ``variant`` that the solver proved winnable (may be empty)."""
    path = resources.files("cardems.seahaven.pools") / f"{variant}.txt"
    if not path.is_file():
        return []
    lines = path.read_text(encoding="ascii").split()
    return [DealCode.parse(line) for line in lines if line]


class Seahaven(CellGame):
    """Seahaven Towers (``SH1-C4-…``, ``C2``, ``C1``): FreeCell's sibling, built by suit."""

    family = FAMILY
    solver = "cardems.seahaven.solver"
    examples = (EXAMPLE,)
    analyze_help = "prove random deals winnable and store them as pools"
    variant_legend = N_("Seahaven difficulty (free cells)")
    variants = VARIANTS
    tagline = N_(
        "Ten columns and four free cells: build each suit from ace to king, moving cards one at"
        " a time or in runs of the same suit."
    )

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """A random deal; with a difficulty level, a pool deal of that level (see
        :mod:`cardems.cellgames.difficulty`)."""
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        from cardems.seahaven.difficulty import deal_of_level

        return deal_of_level(variant, level, self._random)

    def daily_code(self, day: datetime.date, secret: bytes = b"") -> DealCode:
        """The day's deal of four cells: one of the shipped winnable codes picked by the
        day's stream (without a pool, the solver's choice as for any game)."""
        pool = load_pool(self.family.variants[0])
        if not pool:
            return super().daily_code(day, secret)
        return pool[daily_stream(self.family.name, day).below(len(pool))]

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random deal; with ``winnable``, one from the shipped pool of proved-winnable codes
        (or, when a pool is missing, the first random deal the solver proves winnable)."""
        if winnable:
            pool = load_pool(variant)
            if pool:
                return self._random.choice(pool)
        return super().random_code(variant, winnable=winnable)

    def solitaire(self) -> SeahavenSolitaire:
        """The kit's hooks of four free cells (see :mod:`.table`)."""
        from cardems.seahaven.table import SOLITAIRES

        return SOLITAIRES[4]

    def solitaire_for(self, code: DealCode) -> SeahavenSolitaire:
        """The kit's hooks with the deal's free cells."""
        from cardems.seahaven.table import solitaire_of

        return solitaire_of(code)

    def heading(self, code: DealCode, state: SeahavenState) -> str:
        """The code, the game and its free cells."""
        cells = len(state.cells)
        return f"{code}  Seahaven Towers, {cells} free cell{'s' * (cells > 1)}"

    def statistics(self, games: Sequence[PlayedGame]) -> list[StatBlock]:
        """One block per free-cell count."""
        return solitaire_statistics(
            self.family, games, lambda variant: (*FREE_CELLS, int(variant[1:]))
        )

    def add_new_arguments(self, parser: Any) -> None:
        """``cardems new seahaven --cells N``: a deal with N free cells."""
        parser.add_argument("--cells", type=int, choices=(4, 2, 1), help=N_("Seahaven free cells"))

    def new_variant(self, args: Any) -> str | None:
        """``C4``, ``C2`` or ``C1`` from ``--cells``."""
        cells = getattr(args, "cells", None)
        return None if cells is None else f"C{cells}"

    def add_analyze_arguments(self, parser: Any) -> None:
        """The options of ``cardems analyze seahaven``."""
        from cardems.seahaven.commands import add_arguments

        add_arguments(parser)

    def analyze(self, args: Any) -> None:
        """``cardems analyze seahaven`` (see :mod:`cardems.seahaven.commands`)."""
        from cardems.seahaven.commands import cmd_analyze

        cmd_analyze(args)


GAME = Seahaven()
