"""The pairs family's game for the core: new deals (winnable, of a level), ``describe``,
``render``, ``solve`` with the shortest win and ``proven``, pars, labels — written once.

A game subclasses :class:`PairsGame` with its family, its strings, its :class:`Levels`
and, where it has a faster search than the family's (:mod:`.decide`, :mod:`.shortest`),
:meth:`PairsGame.decision` and :meth:`PairsGame.shortest_outcome`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardems.core import difficulty as core
from cardems.core import kinds
from cardems.core.base import solve_record
from cardems.core.difficulty import DIFFICULTY, level_by_cuts, level_choice
from cardems.core.game import View
from cardems.core.labels import label_piles, positions_and_talon
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.game import KitGame
from cardems.kit.pairs.engine import PairsMove, PairsState
from cardems.kit.pairs.shortest import Outcome
from cardems.kit.pairs.table import PairsSolitaire


@dataclass(frozen=True)
class Levels:
    """Deal levels by the length of the shortest win: under ``easy_below`` moves easy,
    from ``hard_from`` hard; a deal whose shortest win is not found within
    ``rate_nodes`` positions is not rated; ``tries`` winnable deals are drawn at most."""

    easy_below: int
    hard_from: int
    rate_nodes: int
    tries: int


class PairsGame(KitGame):
    """A pairs game for the core (see the module docstring)."""

    can_solve = True
    options = (DIFFICULTY,)
    kind = kinds.PAIRING_TYPE
    keys_help = N_(
        "Keyboard: arrow keys move between cards, Enter or Space selects and pairs,"
        " D draws a card, U undoes, R redoes, Esc cancels the selection."
    )
    levels: Levels
    winnable_nodes: int = 1_000_000
    """Chain positions the check of a new winnable-only deal may visit (a deal past it is
    not dealt)."""

    def solitaire(self) -> PairsSolitaire[Any]:
        """The game's table hooks (its package's ``table.SOLITAIRE``, imported on demand)."""
        solitaire = super().solitaire()
        assert isinstance(solitaire, PairsSolitaire)
        return solitaire

    def render_state(self, state: Any) -> str:
        """A position as text (:mod:`cardems.kit.pairs.text`)."""
        from cardems.kit.pairs.text import render_state

        return render_state(state, self.solitaire().look.places)

    # -- the solver: the family's, unless the game has a faster one ---------------------

    def decision(self, state: Any) -> tuple[bool | None, list[PairsMove] | None]:
        """Whether ``state`` can be won (None: undecided) and a winning line."""
        from cardems.kit.pairs import decide

        found = decide.decide(state, decide.DECIDE_NODES)
        return found.winnable, found.line

    def shortest_outcome(self, state: Any, nodes: int | None = None) -> Outcome:
        """The shortest win within ``nodes`` positions (None: ``solve --shortest``'s)."""
        from cardems.kit.pairs import shortest

        return shortest.search(state, shortest.NODE_LIMIT if nodes is None else nodes)

    def winnable_deal(self, code: DealCode) -> bool:
        """Whether a new deal may be dealt as winnable: proven so within
        :attr:`winnable_nodes`."""
        from cardems.kit.pairs.decide import decide

        return decide(self.deal(code), self.winnable_nodes).winnable is True

    # -- deals ---------------------------------------------------------------------------

    def new_code(self, variant: str, *, winnable: bool, options: dict[str, Any]) -> DealCode:
        """A random deal; with a difficulty level, a winnable deal of that level."""
        level = level_choice(options)
        if level is None:
            return self.random_code(variant, winnable=winnable)
        return self.deal_of_level(level, lambda: self.random_code(variant, winnable=True))

    def rate(self, code: DealCode) -> int | None:
        """The length of the deal's shortest win (None: not winnable, or not found within
        the levels' positions); kept for the process, as the search can take a second and
        a deal drawn again (or rated again when dealt) needs none."""
        return _rate(self, code)

    def level_of(self, code: DealCode) -> str | None:
        """The deal's level (None: not rated)."""
        return level_by_cuts(self.rate(code), self.levels.easy_below, self.levels.hard_from)

    def deal_of_level(self, level: str, draw: Callable[[], DealCode]) -> DealCode:
        """A deal of ``level`` among the winnable deals ``draw`` gives; ValueError if
        none of the levels' tries is."""
        name = self.solitaire().rules.name
        return core.deal_of_level(level, draw, self.level_of, self.levels.tries, name)

    # -- what the core asks --------------------------------------------------------------

    def describe(self, code: DealCode) -> dict[str, Any]:
        """``code``, ``game``, the layout's positions (``heart``, ``pyramid``…), ``stock``
        (next card first) and ``waste`` (bottom → top)."""
        return {"code": str(code), "game": self.family.name, **layout_data(self.deal(code))}

    def render(self, code: DealCode) -> str:
        """The initial layout as text."""
        return f"{code}  {self.solitaire().rules.name}\n{self.render_state(self.deal(code))}"

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """``winnable`` (null: undecided past the limit) and a winning line in move
        notation. With ``shortest`` the A*'s win and ``"proven": true`` when it finished
        within its positions, else the decision's line (best known) and ``"proven":
        false``."""
        state = self.deal(code)
        outcome = self.shortest_outcome(state) if shortest else None
        if outcome is None or outcome.gave_up:
            winnable, line = self.decision(state)
        else:
            winnable, line = outcome.winnable, outcome.line
        record = solve_record(code, winnable, None if line is None else [str(m) for m in line])
        if outcome is not None:
            record.update(proven=not outcome.gave_up, nodes=outcome.expanded)
        return record

    def par(self, code: DealCode) -> int | None:
        """The deal's shortest win, when proven."""
        found = self.best_par(code)
        return None if found is None or not found[1] else found[0]

    def best_par(self, code: DealCode) -> tuple[int, bool] | None:
        """The deal's shortest win and whether it is proven (else the best line known);
        None when no win is known."""
        record = self.solve(code, shortest=True)
        length = record["length"]
        return None if length is None else (int(length), bool(record["proven"]))

    def label(self, view: View, lang: str) -> View:
        """Positions, stock and waste, named for screen readers."""
        return label_piles(view, lang, positions_and_talon(self.solitaire().rules.kind))


def layout_data(state: PairsState) -> dict[str, Any]:
    """The layout's positions (``[{"position": 1, "card": "AH"}, …]``, None where
    emptied) under the layout's kind, ``stock`` (next card first) and ``waste`` (bottom
    → top)."""
    rules = state.rules
    text = rules.text
    return {
        rules.kind: [
            {"position": p, "card": text(card) if (card := state.cards[p - 1]) else None}
            for p in range(1, rules.size + 1)
        ],
        "stock": [text(card) for card in state.stock],
        "waste": [text(card) for card in state.waste],
    }


@functools.lru_cache(maxsize=1024)
def _rate(game: PairsGame, code: DealCode) -> int | None:
    line = game.shortest_outcome(game.deal(code), game.levels.rate_nodes).line
    return None if line is None else len(line)
