"""Spider's declaration for the core: codes, deal, pools, solver, table, labels."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any

from cardems.core import kinds
from cardems.core.base import NO_SHORTEST, draw_below, solve_record
from cardems.core.difficulty import DIFFICULTY
from cardems.core.game import PlayedGame, StatBlock, View
from cardems.core.labels import label_piles
from cardems.core.registry import Unsupported
from cardems.core.solitaire import solitaire_statistics
from cardems.dealcode import DealCode, GameFamily, Variant
from cardems.i18n.markers import N_, Nn_
from cardems.kit.building.board import Found
from cardems.kit.building.game import Declared

if TYPE_CHECKING:
    from cardems.kit.building import BuildRules

FAMILY = GameFamily("SP", "spider", N_("Spider"), ("S1", "S2", "S4"), 7)
SUITS = Nn_("%(num)d suit", "%(num)d suits")
NO_POOL = N_("No proven winnable deal of %(num)d suits is shipped yet: choose any deal")
LIVE_VARIANTS = ("S1",)
"""Variants whose winnable deals are proved when asked for (the solver is quick there);
the others draw from the shipped pools that ``cardems analyze spider --pool`` builds."""
LEVEL_CUTS = {"S1": (160, 187), "S2": (185, 212), "S4": (441, 550)}
"""Per variant, winning lines of fewer moves than the first are ``easy``, of the second
or more ``hard``; in between, ``medium``. The cuts of one and two suits are the thirds of
the winnable deals of seed 1 of ``cardems analyze spider`` (150 deals a variant, apart
from the seed the figures report on): one suit, lines of 119 to 272 moves, a third under
160, a third from 187; two suits (the portfolio proved all 150), 151 to 370, cut at 185
and 212. Four suits are cut at the thirds of their pool (the 90 deals of seed 2's 100
that the portfolio of five beams proves, lines of 259 to 1,086 moves: under 441, from
550), as a seed-1 run of 150 deals did not fit the time; the pool is what their levels
draw from (seed 7's 98 added later, thirds at 420 and 500: the cuts kept). The
positions expanded would rate nothing at one suit: most stages spend their cap."""


def load_pool(variant: str) -> dict[DealCode, int]:
    """The shipped codes of ``variant`` that the solver proved winnable (may be none),
    each with the length of its winning line (a line ``SP1-S2-AAAAAAM 161``)."""
    from cardems.kit.building.pool import parse_pool

    path = resources.files("cardems.spider") / "pools" / f"{variant}.txt"
    return parse_pool(path.read_text(encoding="ascii")) if path.is_file() else {}


class Spider(Declared):
    """Spider (``SP1-S1-…``, ``S2``, ``S4``): two decks, ten columns, runs K→A go off."""

    family = FAMILY
    analyze_help = "decide random deals: winnable, lost and undecided shares, time per deal"
    options = (DIFFICULTY,)
    variant_legend = N_("Spider difficulty (suits)")
    compiled_modules = ("cardems.spider._solver",)
    variant_labels = (
        (N_("Easy: %(num)d"), 1),
        (N_("Medium: %(num)d"), 2),
        (N_("Hard: %(num)d"), 4),
    )
    tagline = N_(
        "Two decks in ten columns: build down, gather runs of one suit from king to ace,"
        " and clear the table."
    )
    kind = kinds.SPIDER_TYPE
    daily_variants = (Variant("S4", N_("Today's four-suit deal")),)
    keys_help = N_(
        "Keyboard: arrow keys move between cards, Enter or Space picks up and drops,"
        " D deals from the stock, U undoes, R redoes, Esc cancels the selection."
    )

    level_cuts = (160, 187)
    winnable_nodes = None  # the portfolio's own budget

    def cuts_for(self, code: DealCode) -> tuple[int, int]:
        """The level cuts of the deal's number of suits (:data:`LEVEL_CUTS`)."""
        return LEVEL_CUTS[code.variant]

    def effort(self, code: DealCode) -> int | None:
        """What rates a deal: the length of its winning line (not the shortest win, which
        no search here knows; the searches are deterministic, so a deal's line is fixed),
        as the search finds it now (one suit, proved in a tenth of a second) or as its
        shipped pool records it (two and four suits); None: no win found or recorded."""
        if code.variant not in LIVE_VARIANTS:
            return load_pool(code.variant).get(code)
        found = self.solve_position(self.first_position(code), None)
        return len(found.moves) if found.winnable else None

    def level_draw(self, variant: str) -> DealCode:
        """A deal a level is sought among: any (one suit), or one of the pool's."""
        return self.random_code(variant, winnable=variant not in LIVE_VARIANTS)

    def random_code(self, variant: str, *, winnable: bool) -> DealCode:
        """A random deal (numbers from :func:`~cardems.core.base.draw_below`). With
        ``winnable``: for one suit a deal the solver proves winnable now; for 2 and 4 suits
        one of the shipped pool's (proved by ``cardems analyze spider --pool``)."""
        if winnable and variant not in LIVE_VARIANTS:
            pool = list(load_pool(variant))
            if not pool:
                raise ValueError(NO_POOL % {"num": int(variant[1:])})
            return pool[draw_below(len(pool))]
        return super().random_code(variant, winnable=winnable)

    def variant_daily_code(self, variant: str, day: datetime.date) -> DealCode:
        """The day's deal of ``variant`` from its shipped pool of proved-winnable deals (no
        search; a deal comes back only once every other has had its day)."""
        from cardems.kit.building.pool import pool_day

        return pool_day(load_pool(variant), f"{self.family.name} {variant}", day)

    def rules_for(self, code: DealCode) -> BuildRules:
        """The declaration of the code's variant (its number of suits)."""
        from cardems.spider.declared import RULES

        return RULES[code.variant]

    def solve_position(self, state: Any, seconds: float | None, nodes: int | None = None) -> Found:
        """Spider's own search (its portfolio within its budget, or ``nodes``; ``seconds``
        a cap), its line in the family's notation."""
        from cardems.spider.declared import SpiderBoard, family_move
        from cardems.spider.solver import solve

        result = solve(SpiderBoard(state).fast, nodes=nodes, seconds=seconds)
        moves = [family_move(move) for move in result.moves or []]
        return Found(result.winnable, moves, result.nodes)

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """``winnable`` (null: undecided within the budget) and a winning line. Spider has
        no shortest-win search and shows no par: ``shortest`` is refused
        (:class:`Unsupported`)."""
        if shortest:
            raise Unsupported(NO_SHORTEST % {"game": self.family.title})
        from cardems.spider.solver import solve

        result = solve(self.deal(code).fast)
        line = None if result.moves is None else [str(move) for move in result.moves]
        return solve_record(code, result.winnable, line)

    def label(self, view: View, lang: str) -> View:
        """Columns, stock and foundations, named for screen readers."""
        from cardems.cellgames.labels import label_pile

        return label_piles(view, lang, label_pile)

    def statistics(self, games: Sequence[PlayedGame]) -> list[StatBlock]:
        """One block per number of suits."""
        return solitaire_statistics(self.family, games, lambda v: (*SUITS, int(v[1:])))

    def add_analyze_arguments(self, parser: Any) -> None:
        """The options of ``cardems analyze spider``."""
        from cardems.spider.commands import add_arguments

        add_arguments(parser)

    def analyze(self, args: Any) -> None:
        """``cardems analyze spider`` (see :mod:`cardems.spider.commands`)."""
        from cardems.spider.commands import cmd_analyze

        cmd_analyze(args)


GAME = Spider()
