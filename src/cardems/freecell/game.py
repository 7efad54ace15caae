"""FreeCell's declaration for the core: codes and classic numbers, solver, table, labels."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

from cardems.cellgames.game import CellGame
from cardems.core.daily import daily_stream
from cardems.core.difficulty import level_choice
from cardems.dealcode import DealCode, DealCodeError, GameFamily, Variant, letters
from cardems.i18n.markers import N_
from cardems.numbers import read_number

if TYPE_CHECKING:
    from cardems.freecell.rules import FreeCellState

VARIANTS = (
    Variant("N", N_("Alternating colours (FreeCell)")),
    Variant("B", N_("By suit (Baker's Game)")),
)
FAMILY = GameFamily("FC", "freecell", N_("FreeCell"), letters(VARIANTS), 7)

CLASSIC_DEALS = 32_000
"""Microsoft's original deal numbers run from 1 to 32,000."""

UNWINNABLE_CLASSIC = frozenset({11982})
"""The classic deals (1–32,000) that cannot be won (``cardems analyze freecell`` checks)."""

RANDOM_DEALS = 1_000_000
"""Random deals are drawn from Microsoft's numbers 1 to 1,000,000."""

LARGEST_NUMBER = 2**31 - 1
"""The largest deal number Microsoft's generator distinguishes."""


NOT_A_NUMBER = N_("'%(text)s' is neither a FreeCell code nor a deal number 1-%(num)d")


class FreeCell(CellGame):
    """FreeCell (``FC1-N-…``) with Microsoft's deal numbers, and Baker's Game (``FC1-B-…``)."""

    family = FAMILY
    known_numbers = True
    solver = "cardems.freecell.solver"
    analyze_help = "decide Microsoft's deals one by one, resumable"
    variant_legend = N_("Build columns")
    variants = VARIANTS
    tagline = N_(
        "Every card face up and four free cells to help: move the whole deck home, suit by"
        " suit from ace to king."
    )

    def code_for(self, text: str) -> DealCode:
        """A code, or a classic deal number (``617``, ``#617``) as FreeCell's ``N`` code."""
        token = text.strip().lstrip("#")
        if token.isdecimal():
            number = read_number(token)
            if number is None or not 1 <= number <= LARGEST_NUMBER:
                raise DealCodeError("number", NOT_A_NUMBER % {"text": text, "num": LARGEST_NUMBER})
            return DealCode(FAMILY.prefix, 1, "N", number)
        return super().code_for(text)

    def deal_name(self, code: DealCode) -> str:
        """Microsoft's deals by their number (``#617``), Baker's Game by its code."""
        return f"#{code.number}" if code.variant == "N" else str(code)

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """A random deal; with a difficulty level, a rated winnable deal of that level, a
        classic one or one of Baker's Game's (see :mod:`cardems.freecell.difficulty`)."""
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        from cardems.freecell.difficulty import deal_of_level

        return deal_of_level(level, self._random, variant)

    def daily_code(self, day: datetime.date, secret: bytes = b"") -> DealCode:
        """The day's classic deal: a winnable one of Microsoft's 32,000, from the day's
        stream (a solitaire's, the same on every server: ``secret`` is not used)."""
        stream = daily_stream(FAMILY.name, day)
        while True:
            number = stream.below(CLASSIC_DEALS) + 1
            if number not in UNWINNABLE_CLASSIC:
                return DealCode(FAMILY.prefix, 1, "N", number)

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random Microsoft deal; with ``winnable``, one of the classic 32,000 that can be
        won (for Baker's Game, a deal the solver proves winnable)."""
        while True:
            if winnable and variant == "N":
                number = self._random.randint(1, CLASSIC_DEALS)
                if number not in UNWINNABLE_CLASSIC:
                    return DealCode(FAMILY.prefix, 1, variant, number)
                continue
            code = DealCode(FAMILY.prefix, 1, variant, self._random.randint(1, RANDOM_DEALS))
            if not winnable or self.proves_winnable(code):
                return code

    def describe(self, code: DealCode) -> dict[str, Any]:
        """The initial layout as JSON-ready data, with the deal number."""
        return {**super().describe(code), "deal": code.number}

    def heading(self, code: DealCode, state: FreeCellState) -> str:
        """The code, the game (FreeCell or Baker's Game) and the deal number."""
        name = "Baker's Game" if state.by_suit else "FreeCell"
        return f"{code}  {name} #{code.number}"

    def add_analyze_arguments(self, parser: Any) -> None:
        """The options of ``cardems analyze freecell``."""
        from cardems.freecell.commands import add_arguments

        add_arguments(parser)

    def analyze(self, args: Any) -> None:
        """``cardems analyze freecell`` (see :mod:`cardems.freecell.commands`)."""
        from cardems.freecell.commands import cmd_analyze

        cmd_analyze(args)


GAME = FreeCell()
