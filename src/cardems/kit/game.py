"""A kit solitaire's declaration for the core: the table, the deal, the intents."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from importlib import import_module
from typing import Any

from cardems.core.base import GameBase, solve_record
from cardems.core.game import Action, Table, TableSettings
from cardems.core.solitaire import parse_intent
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.solitaire import Solitaire


class KitGame(GameBase):
    """:class:`~cardems.core.base.GameBase` for a kit solitaire: it gives
    :meth:`solitaire` (imported on demand, so that loading the game's declaration loads
    no rules), and the kit makes its tables, deals, reads its intents, asks its solver."""

    def solitaire(self) -> Solitaire[Any, Any]:
        """The game's :class:`~cardems.kit.solitaire.Solitaire`: by default ``SOLITAIRE``
        of the ``table`` module of the game's package (a family makes its own)."""
        package = type(self).__module__.rpartition(".")[0]
        solitaire: Solitaire[Any, Any] = import_module(f"{package}.table").SOLITAIRE
        return solitaire

    def solitaire_for(self, code: DealCode) -> Solitaire[Any, Any]:
        """The solitaire that plays ``code`` (:meth:`solitaire` unless the variant changes
        the piles)."""
        return self.solitaire()

    def deal(self, code: DealCode) -> Any:
        """The deal's first position."""
        return self.solitaire_for(code).deal(code)

    def new_table(
        self,
        code: DealCode,
        settings: TableSettings,
        options: dict[str, Any],
        clock: Callable[[], float],
    ) -> Table:
        """A kit table at the deal's start."""
        from cardems.kit.table import SolitaireTable

        return SolitaireTable(self.solitaire_with(code, options), code, settings, clock)

    def solitaire_with(self, code: DealCode, options: dict[str, Any]) -> Solitaire[Any, Any]:
        """The solitaire a table of ``code`` plays with the player's ``options``
        (:meth:`solitaire_for` unless an option changes it: Klondike's scoring)."""
        return self.solitaire_for(code)

    def solve_generic(self, code: DealCode, nodes: int | None = None) -> dict[str, Any]:
        """``cardems solve --solver generic``: the verdict of the one search every kit
        solitaire shares (:mod:`cardems.kit.generic`) within ``nodes`` positions, its
        line in the game's notation."""
        from cardems.kit.generic import NODES, solve

        solitaire = self.solitaire_for(code)
        found = solve(solitaire.deal(code), solitaire.progress, nodes or NODES)
        line = None if found.line is None else [solitaire.notation(move) for move in found.line]
        return {**solve_record(code, found.winnable, line), "nodes": found.nodes}

    def parse_intent(self, data: dict[str, Any]) -> Action:
        """A solitaire intent, ``{"type": "finish"}`` when the game declares it and
        ``{"type": "home", "target": …}`` when it has home piles."""
        declaration = self.solitaire().declaration
        extra: dict[str, tuple[str, ...]] = {}
        if declaration.finish:
            extra["finish"] = ()
        if declaration.homes:
            extra["home"] = ("target",)
        return parse_intent(data, extra)

    def where_lost(
        self,
        code: DealCode,
        settings: TableSettings,
        options: dict[str, Any],
        log: Sequence[Action],
    ) -> Any:
        """Where the game of ``log`` was lost (:func:`cardems.kit.lost.find_lost_at`):
        replayed with a history that keeps every position of its line."""
        from cardems.core.history import History
        from cardems.kit.lost import find_lost_at
        from cardems.kit.table import SolitaireTable

        table = self.new_table(code, settings, options, lambda: 0.0)
        assert isinstance(table, SolitaireTable)
        table.history = History(table.history.current, limit=None)
        depths = [0]
        for action in log:
            table.restore(action)
            depths.append(len(table.history.line) - 1)
        lost = find_lost_at(table.solitaire, table.history.line)
        if lost is None or not lost.found or lost.move is None:
            return lost
        i = lost.move
        played = [s for s in range(1, len(depths)) if depths[s - 1] == i - 1 and depths[s] == i]
        return replace(lost, step=played[-1] if played else None)

    def where_lost_moves(self, code: DealCode, moves: Sequence[str]) -> Any:
        """Where the game of ``moves`` (each the notation of a legal move where it is
        played) was lost."""
        from cardems.kit.lost import find_lost_at, play_line

        if not self.can_solve:
            return super().where_lost_moves(code, moves)
        solitaire = self.solitaire_for(code)
        line = play_line(solitaire, solitaire.deal(code), moves, _refuse)
        return find_lost_at(solitaire, line)

    def winnable(self, table: Table, seconds: float) -> bool | None:
        """The solitaire's answer for the table's position."""
        from cardems.kit.table import SolitaireTable

        assert isinstance(table, SolitaireTable)
        return table.winnable(seconds)


NOT_LEGAL = N_("%(move)s is not a legal move at move %(num)s")


def _refuse(text: str, number: str) -> Exception:
    from cardems.command_error import CommandError

    return CommandError(NOT_LEGAL % {"move": text, "num": number})
