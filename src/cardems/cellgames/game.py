"""The declaration parts every game of columns, free cells and foundations shares: solving
a deal or a table's position with the game's exact solver, the spoken pile labels and the
``finish`` intent (the kit's). Imported by the games' ``game.py`` at start: it imports no
solver or table itself."""

from __future__ import annotations

import random
from abc import ABC
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from cardems.cellgames.notation import Move, format_move
from cardems.cellgames.text import describe_position, render_position
from cardems.core import kinds
from cardems.core.base import solve_record
from cardems.core.difficulty import DIFFICULTY
from cardems.core.game import View
from cardems.core.labels import label_piles
from cardems.core.terminal import TextPlay
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.game import KitGame

if TYPE_CHECKING:
    from cardems.cellgames.solver import Rules

NODES = 2_000_000
"""The default budget of a verdict in positions (:data:`cardems.cellgames.solver.NODES`,
repeated here as this module imports no solver; a test keeps the two equal)."""

PAR_NODES = 500_000
"""Positions the shortest-win search (A*) may expand for a par (some 3 s of CPU: the won
dialog's par line waits for it, not the winning move); past it the par is the exact
solver's line, "best known". A bound by positions, not seconds, so a deal's par is the
same on a busy machine as on an idle one."""

WINNABLE_NODES = 200_000
"""Positions the exact solver may expand to prove a random deal winnable for a
winnable-only new game (a deal past it is passed over, whatever the machine's load)."""


class Verdict(Protocol):
    """A solver's answer: winnable True (with ``moves``), False (proved) or None."""

    @property
    def winnable(self) -> bool | None: ...

    @property
    def moves(self) -> list[Move]: ...

    @property
    def nodes(self) -> int: ...

    @property
    def clocked(self) -> bool: ...


class CellGame(KitGame, ABC):
    """A game with an exact solver (:meth:`solve_position`) on the solitaire kit (its
    hooks: :class:`~cardems.cellgames.table.CellSolitaire`)."""

    can_solve: ClassVar[bool] = True
    settings: ClassVar[tuple[str, ...]] = ("auto_move",)  # CellSolitaire.auto_move
    compiled_modules: ClassVar[tuple[str, ...]] = ("cardems.cellgames._bestfirst",)
    options = (DIFFICULTY,)
    can_analyze = True
    kind = kinds.FREECELL_TYPE
    keys_help: ClassVar[str] = N_(
        "Keyboard: arrow keys move between cards and piles, Enter or Space selects and"
        " moves, D sends a card where it fits, U undoes, R redoes, Esc cancels the selection."
    )

    def __init__(self) -> None:
        self._random = random.SystemRandom()
        """Random deals (a level's, a pool's) from the system's entropy."""

    verdict_nodes: ClassVar[int] = NODES
    """The positions a verdict may expand when ``cardems solve`` names no ``--nodes``."""
    solver: ClassVar[str] = ""
    """The module of the game's exact solver (its ``solve_state``), imported on demand; a
    game that gives :meth:`solve_position` itself names none."""

    def solve_position(
        self, state: Any, seconds: float | None, nodes: int | None = NODES
    ) -> Verdict:
        """The game's solver on ``state`` within ``nodes`` positions; ``seconds`` only a
        wall-clock cap for a person waiting (past it: undecided, still searching)."""
        solve_state = import_module(self.solver).solve_state
        verdict: Verdict = solve_state(state, node_limit=nodes, time_limit=seconds)
        return verdict

    def describe(self, code: DealCode) -> dict[str, Any]:
        """The initial layout as JSON-ready data (see :func:`describe_position`)."""
        return describe_position(code, self.family.name, self.deal(code))

    def heading(self, code: DealCode, state: Any) -> str:
        """The first line of a position as text: the code and the game's name."""
        return f"{code}  {self.family.title}"

    def render_position(self, code: DealCode, state: Any) -> str:
        """A position as text: the :meth:`heading`, cells and foundations on top, the
        columns side by side."""
        return render_position(self.heading(code, state), state)

    def render(self, code: DealCode) -> str:
        """The initial layout as text."""
        return self.render_position(code, self.deal(code))

    def text_play(self) -> TextPlay:
        """``cardems play``: moves in the notation, hints by the solver."""
        from cardems.cellgames.terminal import CellTextPlay

        return CellTextPlay(self)

    def search_rules(self, state: Any) -> Rules:
        """The family search's rules for ``state`` (one that carries its rules:
        :class:`~cardems.cellgames.piles.CellRules`)."""
        from cardems.cellgames.solver import rules_of

        return rules_of(state)

    def best_par(self, code: DealCode) -> tuple[int, bool] | None:
        """The deal's shortest win if the A* search proves it within :data:`PAR_NODES`
        positions, else the exact solver's line (best known); None when the deal is not
        won."""
        from cardems.cellgames.shortest import par

        state = self.deal(code)
        found = par(state, self.search_rules(state), node_limit=PAR_NODES)
        return None if found.moves is None else (found.moves, found.proven)

    def proves_winnable(self, code: DealCode) -> bool:
        """Whether the solver proves ``code`` winnable within :data:`WINNABLE_NODES`
        positions (the daily deal's and winnable-only deals' test)."""
        return self.solve_position(self.deal(code), None, WINNABLE_NODES).winnable is True

    def solve(self, code: DealCode, *, shortest: bool) -> dict[str, Any]:
        """Winnable (with a winning line), not winnable, or undecided within :data:`NODES`."""
        return self.solve_within(code, shortest=shortest)

    def solve_within(
        self,
        code: DealCode,
        *,
        shortest: bool = False,
        nodes: int | None = None,
        seconds: float | None = None,
    ) -> dict[str, Any]:
        """``cardems solve``: the verdict within ``nodes`` positions (:attr:`verdict_nodes`,
        or :data:`PAR_NODES` for the shortest win, when None), the same whatever the machine's
        load; ``seconds`` is only a wall-clock cap for the person waiting, past which the
        answer is undecided with ``"clocked": true`` (still searching), never a verdict.
        With ``shortest``, the A* search's win with ``"proven": true`` when it finished
        within its budget (its bound is admissible), else the exact solver's line (or
        verdict) with ``"proven": false``."""
        state = self.deal(code)
        if shortest:
            from cardems.cellgames.shortest import par

            found = par(
                state,
                self.search_rules(state),
                node_limit=PAR_NODES if nodes is None else nodes,
                time_limit=seconds,
            )
            winnable = True if found.moves is not None else (False if found.proven else None)
            line = [format_move(move) for move in found.line] if found.line else None
            record = solve_record(code, winnable, line)
            record.update(proven=found.proven, nodes=found.nodes)
            if found.clocked:
                record["clocked"] = True
            return record
        budget = self.verdict_nodes if nodes is None else nodes
        result = self.solve_position(state, seconds, budget)
        line = [format_move(move) for move in result.moves] if result.winnable else None
        record = solve_record(code, result.winnable, line)
        record["nodes"] = result.nodes
        if result.clocked:
            record["clocked"] = True
        return record

    def label(self, view: View, lang: str) -> View:
        """Columns, free cells and foundations, named for screen readers."""
        from cardems.cellgames.labels import label_pile

        return label_piles(view, lang, label_pile)
