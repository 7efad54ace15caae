"""The declaration parts every game of columns, free cells and foundations shares: solving
a deal or a table's position with the game's exact solver, the spoken pile labels and the
``finish`` intent (the kit's). Imported by the games' ``game.py`` at start: it imports no
solver or table itself."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from cardems.cellgames.notation import Move, format_move
from cardems.core.base import solve_record
from cardems.core.game import View
from cardems.core.labels import label_piles
from cardems.core.registry import Unsupported
from cardems.core.terminal import TextPlay
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.game import KitGame

if TYPE_CHECKING:
    from cardems.cellgames.solver import Rules

SOLVE_SECONDS = 10.0
"""Budget of one ``solve`` request; past it the answer is ``winnable: null``."""

PAR_SECONDS = 5.0
"""Budget of the shortest-win search when a game is won (the win's answer waits for it);
past it the par is the exact solver's line, "best known"."""


class Verdict(Protocol):
    """A solver's answer: winnable True (with ``moves``), False (proved) or None."""

    @property
    def winnable(self) -> bool | None: ...

    @property
    def moves(self) -> list[Move]: ...


class CellGame(KitGame, ABC):
    """A game with an exact solver (:meth:`solve_position`) on the solitaire kit (its
    hooks: :class:`~cardems.cellgames.table.CellSolitaire`)."""

    can_solve: ClassVar[bool] = True
    settings: ClassVar[tuple[str, ...]] = ("auto_move",)  # CellSolitaire.auto_move
    compiled_modules: ClassVar[tuple[str, ...]] = ("cardems.cellgames._bestfirst",)
    keys_help: ClassVar[str] = N_(
        "Keyboard: arrow keys move between cards and piles, Enter or Space selects and"
        " moves, D sends a card where it fits, U undoes, R redoes, Esc cancels the selection."
    )
    solver_name: ClassVar[str]
    """How the refusal of ``--shortest`` names the solver (``the <name> solver …``)."""

    @abstractmethod
    def solve_position(self, state: Any, seconds: float) -> Verdict:
        """The game's solver on ``state`` within ``seconds``."""

    @abstractmethod
    def render_position(self, code: DealCode, state: Any) -> str:
        """A position as text: cells and foundations, the columns numbered side by side."""

    def render(self, code: DealCode) -> str:
        """The initial layout as text."""
        return self.render_position(code, self.deal(code))

    def text_play(self) -> TextPlay:
        """``cardems play``: moves in the notation, hints by the solver."""
        from cardems.cellgames.terminal import CellTextPlay

        return CellTextPlay(self)

    @abstractmethod
    def search_rules(self, state: Any) -> Rules:
        """The family search's rules for ``state``."""

    def best_par(self, code: DealCode) -> tuple[int, bool] | None:
        """The deal's shortest win if the A* search proves it within :data:`PAR_SECONDS`,
        else the exact solver's line (best known); None when the deal is not won."""
        from cardems.cellgames.shortest import par

        state = self.deal(code)
        found = par(state, self.search_rules(state), time_limit=PAR_SECONDS)
        return None if found.moves is None else (found.moves, found.proven)

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """Winnable (with a winning line), not winnable, or undecided within the budget."""
        if shortest:
            raise Unsupported(
                f"the {self.solver_name} solver finds a winning line, not the shortest one;"
                " drop --shortest"
            )
        result = self.solve_position(self.deal(code), SOLVE_SECONDS)
        line = [format_move(move) for move in result.moves] if result.winnable else None
        return solve_record(code, result.winnable, line)

    def label(self, view: View, lang: str) -> View:
        """Columns, free cells and foundations, named for screen readers."""
        from cardems.cellgames.labels import label_pile

        return label_piles(view, lang, label_pile)
