"""The table layer shared by the solitaires: player intents in, a view to draw out.

A table wraps one game's immutable states and its :class:`~cardems.engine.History`.
The browser (and a terminal player) only ever sends intents — a tap, a double tap, a
drag, undo, redo — naming places by *target* strings such as ``"heart:25"``,
``"waste"``, ``"stock"`` (Heart to Heart) or ``"column:3"``, ``"cell:1"``,
``"foundation:H"`` (Seahaven Towers). The table decides everything: legality, selection,
placement help, messages. ``view()`` is everything a player may see, JSON-ready.

A game is saved as its code plus the list of intents (:attr:`SolitaireTable.log`);
:func:`replay` rebuilds the table, undo history and selection included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from cardems.dealcode import DealCode

Event = dict[str, Any]
"""An event for the client to animate or announce, e.g.
``{"type": "move", "move": "...", "from": "heart:25", "to": "waste"}``,
``{"type": "error", "message": "Must be of the same rank"}``, ``{"type": "won"}``,
``{"type": "blocked"}``."""

Intent = tuple[str, ...]
"""One logged player action: ``("tap", target)``, ``("double_tap", target)``,
``("drag", source, target)``, ``("undo",)``, ``("redo",)``."""


@dataclass(frozen=True)
class TableSettings:
    """The per-player settings that change how a table answers."""

    move_errors: bool = False
    placement_help: bool = True
    auto_move: bool = False


class SolitaireTable(Protocol):
    """What the web app and the terminal player need from a solitaire."""

    code: DealCode
    settings: TableSettings
    log: list[Intent]

    def tap(self, target: str) -> list[Event]:
        """A single tap or click on a target."""
        ...

    def double_tap(self, target: str) -> list[Event]:
        """A double tap or double click on a target."""
        ...

    def drag(self, source: str, target: str) -> list[Event]:
        """A drag from one target to another."""
        ...

    def undo(self) -> list[Event]:
        """Take back the last move (up to 100)."""
        ...

    def redo(self) -> list[Event]:
        """Re-apply an undone move."""
        ...

    def view(self) -> dict[str, Any]:
        """Everything the player may see, JSON-ready: piles, flags, score, moves, status."""
        ...

    def hint(self) -> dict[str, Any] | None:
        """The next move of a winning line as ``{"move", "from", "to"}``, or None."""
        ...


def apply_intent(table: SolitaireTable, intent: Intent) -> list[Event]:
    """Send one logged intent to ``table``."""
    kind, *args = intent
    if kind == "tap" and len(args) == 1:
        return table.tap(args[0])
    if kind == "double_tap" and len(args) == 1:
        return table.double_tap(args[0])
    if kind == "drag" and len(args) == 2:
        return table.drag(args[0], args[1])
    if kind == "undo" and not args:
        return table.undo()
    if kind == "redo" and not args:
        return table.redo()
    raise ValueError(f"unknown intent {intent!r}")


def replay(table: SolitaireTable, intents: list[Intent]) -> SolitaireTable:
    """Apply logged intents to a fresh table and return it."""
    for intent in intents:
        apply_intent(table, intent)
    return table
