"""Klondike's declaration for the core: codes, deal, solver, levels, analysis."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from cardems.core import kinds
from cardems.core.base import NO_SHORTEST, solve_record
from cardems.core.difficulty import DIFFICULTY, level_choice
from cardems.core.game import Option, PlayedGame, StatBlock, StatLine, Table, TableSettings, View
from cardems.core.labels import label_piles
from cardems.core.registry import Unsupported
from cardems.core.solitaire import FINISHED, solitaire_statistics
from cardems.dealcode import DealCode, GameFamily
from cardems.i18n.markers import N_, Nn_
from cardems.kit import KitGame
from cardems.kit.building.game import Declared
from cardems.klondike.rules import SCORINGS, VARIANTS

if TYPE_CHECKING:
    from cardems.cellgames.notation import Move as FamilyMove
    from cardems.kit.building import BuildRules

DRAW = Nn_("Draw %(num)d card", "Draw %(num)d cards")
DRAW_LIMITED = Nn_("Draw %(num)d card, limited passes", "Draw %(num)d cards, limited passes")


def variant_label(variant: str) -> tuple[str, str, int]:
    """How the statistics title a variant (``D3L`` → "Draw 3 cards, limited passes")."""
    return (*(DRAW_LIMITED if variant.endswith("L") else DRAW), int(variant[1]))


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

TRY_NODES = 200_000
"""Positions the solver may expand on each random deal tried for a winnable deal (a
deal it cannot decide by then is passed over)."""


class Klondike(Declared, KitGame):
    """Klondike (``KL1-D3-…``): draw one or three, the passes unlimited or limited."""

    family = FAMILY
    can_solve = True
    can_analyze = True
    analyze_help = N_("decide many deals and report the winnable share")
    compiled_modules = ("cardems.klondike._solver",)
    options = (DIFFICULTY, SCORING)
    settings = ("auto_move",)  # KlondikeSolitaire.auto_move
    variant_legend = N_("Draw")
    variant_labels = (
        (N_("Draw %(num)d"), 3),
        (N_("Draw %(num)d"), 1),
        (N_("Draw %(num)d, limited passes"), 3),
        (N_("Draw %(num)d, limited passes"), 1),
    )
    tagline = N_(
        "The solitaire most people know: build the columns down in alternating colours"
        " and the foundations up by suit, drawing one card or three."
    )
    kind = kinds.KLONDIKE_TYPE

    keys_help = N_(
        "Keyboard: arrow keys move between cards, Enter or Space selects and moves,"
        " D turns cards from the stock, U undoes, R redoes, Esc cancels the selection."
    )

    def solitaire(self) -> Any:
        """The table's hooks (loaded on demand)."""
        from cardems.klondike.table import SOLITAIRE

        return SOLITAIRE

    def rules_for(self, code: DealCode) -> BuildRules:
        """The declaration of the code's variant (scored as Microsoft did)."""
        from cardems.klondike.declared import RULES

        return RULES[code.variant, SCORING.default]

    def winning_move(self, state: Any) -> tuple[bool | None, FamilyMove | None]:
        """Klondike's own search's verdict within a hint's budget, and its winning line's
        first move in the family's notation."""
        from cardems.klondike.declared import KlondikeBoard, family_move
        from cardems.klondike.solver import solve
        from cardems.klondike.table import HINT_NODES

        verdict = solve(KlondikeBoard(state), HINT_NODES)
        first = verdict.line[0] if verdict.line else None
        return verdict.winnable, None if first is None else family_move(state, first)

    def new_table(
        self,
        code: DealCode,
        settings: TableSettings,
        options: dict[str, Any],
        clock: Callable[[], float],
    ) -> Table:
        """A table at the deal's start, scored as the options say (standard by default)."""
        from cardems.klondike.table import KlondikeTable

        scoring = options.get(SCORING.name)
        scoring = scoring if scoring in SCORINGS else SCORING.default
        return KlondikeTable(code, settings, clock, scoring)

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """A random deal; with a difficulty level, a winnable deal of that level (see
        :mod:`cardems.klondike.difficulty`)."""
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        from cardems.klondike.difficulty import deal_of_level

        return deal_of_level(level, lambda: self.random_code(variant, winnable=True))

    def proves_winnable(self, code: DealCode) -> bool:
        """Whether the solver proves ``code`` winnable within :data:`TRY_NODES` positions
        (its full budget can take seconds on a deal it leaves undecided)."""
        from cardems.klondike.declared import board
        from cardems.klondike.solver import solve

        return solve(board(code), TRY_NODES).winnable is True

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
