"""Klondike's declaration for the core: codes, deal, solver, levels, analysis."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from cardems.core import kinds
from cardems.core.base import NO_SHORTEST, solve_record
from cardems.core.difficulty import DIFFICULTY
from cardems.core.game import Option, PlayedGame, StatBlock, StatLine, View
from cardems.core.labels import label_piles
from cardems.core.registry import Unsupported
from cardems.core.solitaire import FINISHED, solitaire_statistics
from cardems.dealcode import DealCode, GameFamily
from cardems.i18n.markers import N_, Nn_
from cardems.kit.building.board import Found
from cardems.kit.building.game import SOLVE_NODES, Declared
from cardems.klondike.rules import SCORINGS, VARIANTS

if TYPE_CHECKING:
    from cardems.kit.building import BuildRules

DRAW = Nn_("Draw %(num)d card", "Draw %(num)d cards")
DRAW_LIMITED = Nn_("Draw %(num)d card, limited passes", "Draw %(num)d cards, limited passes")


def variant_label(variant: str) -> tuple[str, str, int]:
    """How the statistics title a variant (``D3L`` → "Draw 3 cards, limited passes")."""
    return (*(DRAW_LIMITED if variant.endswith("L") else DRAW), int(variant[1]))


DRAWN = N_("Draw %(num)d")
LIMITED = N_("Draw %(num)d, limited passes")
"""How the new-game window names a variant."""


FAMILY = GameFamily("KL", "klondike", N_("Klondike"), VARIANTS, 7)
SCORING = Option(
    "scoring",
    SCORINGS,
    "standard",
    N_("Scoring"),
    # TRANSLATORS: Klondike's scores: Microsoft's points, or Vegas (pay 52, win 5 a card).
    (N_("Standard"), N_("Vegas")),
    on_table=True,
)
"""The player's choice of score, kept with the game (and by Play again)."""
BEST_VEGAS = N_("Best Vegas score")
# TRANSLATORS: the sum of the Vegas scores of all of a player's Vegas games.
VEGAS_TOTAL = N_("Vegas total")


class Klondike(Declared):
    """Klondike (``KL1-D3-…``): draw one or three, the passes unlimited or limited."""

    family = FAMILY
    analyze_help = N_("decide many deals and report the winnable share")
    compiled_modules = ("cardems.klondike._solver",)
    options = (DIFFICULTY, SCORING)
    settings = ("auto_move",)  # KlondikeSolitaire.auto_move
    variant_legend = N_("Draw")
    variant_labels = tuple((LIMITED if v.endswith("L") else DRAWN, int(v[1])) for v in VARIANTS)
    tagline = N_(
        "The solitaire most people know: build the columns down in alternating colours"
        " and the foundations up by suit, drawing one card or three."
    )
    kind = kinds.KLONDIKE_TYPE
    level_cuts = (59, 220)
    """The thirds of the wins Klondike's search found among deals 0–999 of draw three
    (810 proved within :attr:`winnable_nodes`: 273 easy, 266 medium, 271 hard), taken
    again whenever the search changes (docs/GAMES.md says how)."""
    winnable_nodes = 200_000
    """Positions the search may expand to prove a winnable-only deal or rate a level's
    (its full budget can take seconds on a deal it leaves undecided)."""
    level_tries = 300

    keys_help = N_(
        "Keyboard: arrow keys move between cards, Enter or Space selects and moves,"
        " D turns cards from the stock, U undoes, R redoes, Esc cancels the selection."
    )

    def rules_for(self, code: DealCode) -> BuildRules:
        """The declaration of the code's variant (scored as Microsoft did)."""
        from cardems.klondike.declared import RULES

        return RULES[code.variant, SCORING.default]

    def solve_position(
        self, state: Any, seconds: float | None, nodes: int | None = SOLVE_NODES
    ) -> Found:
        """Klondike's own search within ``nodes`` positions (it keeps no clock), its line
        in the family's notation."""
        from cardems.klondike.declared import KlondikeBoard, family_line
        from cardems.klondike.solver import NODE_BUDGET, solve

        verdict = solve(KlondikeBoard(state), NODE_BUDGET if nodes is None else nodes)
        line = family_line(state, verdict.line) if verdict.line else []
        return Found(verdict.winnable, line, verdict.nodes)

    def solitaire_with(self, code: DealCode, options: dict[str, Any]) -> Any:
        """The table's hooks scored as the options say (standard by default)."""
        from cardems.klondike.table import SOLITAIRES

        scoring = options.get(SCORING.name)
        return SOLITAIRES[scoring if scoring in SCORINGS else SCORING.default]

    def label(self, view: View, lang: str) -> View:
        """Stock, waste, foundations and columns, named for screen readers."""
        from cardems.cellgames.labels import label_pile

        return label_piles(view, lang, partial(label_pile, home_count=False))

    def statistics(self, games: Sequence[PlayedGame]) -> list[StatBlock]:
        """One block per variant; the best score counts standard games only, and the
        Vegas games add their best and their running total (Microsoft's cumulative
        Vegas score)."""
        blocks = solitaire_statistics(self.family, games, variant_label)
        return [replace(block, lines=self._score_lines(block, games)) for block in blocks]

    @staticmethod
    def _score_lines(block: StatBlock, games: Sequence[PlayedGame]) -> tuple[StatLine, ...]:
        scores: dict[str, list[int]] = {scoring: [] for scoring in SCORINGS}
        for game in games:
            if game.variant == block.variant and game.status in FINISHED:
                scoring = game.options.get(SCORING.name)
                scores[scoring if scoring in SCORINGS else SCORING.default].append(game.score)
        standard, vegas = scores["standard"], scores["vegas"]
        lines = [
            replace(line, value=max(standard, default=None)) if line.key == "best_score" else line
            for line in block.lines
        ]
        if vegas:
            lines.append(StatLine("best_vegas", BEST_VEGAS, max(vegas)))
            lines.append(StatLine("vegas_total", VEGAS_TOTAL, sum(vegas)))
        return tuple(lines)

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """``winnable`` (null: undecided within the solver's budget) and a winning line
        in move notation. Klondike has no shortest-win search and shows no par:
        ``shortest`` is refused (:class:`Unsupported`)."""
        if shortest:
            raise Unsupported(NO_SHORTEST % {"game": self.family.title})
        from cardems.klondike.declared import board
        from cardems.klondike.solver import DEEP_BUDGET, solve

        verdict = solve(board(code), deep=DEEP_BUDGET)
        line = None if verdict.line is None else [str(move) for move in verdict.line]
        return solve_record(code, verdict.winnable, line)

    def add_analyze_arguments(self, parser: Any) -> None:
        """The options of ``cardems analyze klondike``."""
        from cardems.klondike.commands import add_arguments

        add_arguments(parser)

    def analyze(self, args: Any) -> None:
        """``cardems analyze klondike`` (see :mod:`cardems.klondike.commands`)."""
        from cardems.klondike.commands import cmd_analyze

        cmd_analyze(args)


GAME = Klondike()
