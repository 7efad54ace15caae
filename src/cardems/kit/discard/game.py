"""The core's declaration of any discard-family game, written once: codes, winnable-only
deals, levels from the solver's effort, the day's deal, solving, labels, text and
terminal play, ``cardems analyze``.

A game is a subclass setting ``family``, ``rules`` (a
:class:`~cardems.kit.discard.declare.DiscardRules`), ``level_cuts``, ``tagline`` and
``kind``: see ``docs/KIT.md`` ("Families").
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.discard.declare import DiscardRules
from cardems.kit.verdict_game import VerdictGame


class DiscardGame(VerdictGame):
    """A discard-family game from its declaration (see the module docstring)."""

    rules: ClassVar[DiscardRules]
    """With ``level_cuts`` on the greedy search's positions to a win (the thirds of
    winnable deals, ``benchmarks/discard_solver.py``): winnable-only deals, levels and the
    day's deal are the greedy search's wins (a deal won only by keeping a card that could
    go is passed over)."""
    keys_help = N_(
        "Keyboard: arrow keys move between piles, Enter or Space plays the top card (a"
        " discard, or a move to an empty pile), D deals, U undoes, R redoes."
    )
    family_package = "cardems.kit.discard"
    analyze_chunk = 64  # a deal takes about a millisecond

    def parse_move(self, text: str) -> Any:
        from cardems.kit.discard.engine import parse_move

        return parse_move(text, self.rules.piles)

    def quick_win(self, code: DealCode, nodes: int | None = None) -> Any:
        """The greedy search's verdict (:func:`~cardems.kit.discard.solver.solve`): a
        win within ``nodes`` positions (by default
        :data:`~cardems.kit.discard.solver.WINNABLE_NODES`), or undecided."""
        from cardems.kit.discard.solver import WINNABLE_NODES, solve

        return solve(self.deal(code), nodes or WINNABLE_NODES, greedy=True)
