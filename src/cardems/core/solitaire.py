"""What the solitaires share above their engines: intents, the table mixin, statistics.

A solitaire table answers five intents naming places by *target* strings such as
``"heart:25"``, ``"waste"``, ``"stock"`` or ``"column:3"``, ``"cell:1"``,
``"foundation:H"``: a tap, a double tap, a drag, undo and redo. The player's intents are
also its log: a table logs each one that changed anything (the position, the selection
or what can be redone), so replaying the log rebuilds the table exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from cardems.core.game import Action, Event, IntentError, PlayedGame, StatBlock, StatLine
from cardems.dealcode import GameFamily
from cardems.i18n.markers import N_

INTENT_FIELDS: dict[str, tuple[str, ...]] = {
    "tap": ("target",),
    "double_tap": ("target",),
    "drag": ("source", "target"),
    "undo": (),
    "redo": (),
}
"""Each intent type and the fields it carries."""

MAX_TARGET = 40

UNKNOWN_INTENT = N_("unknown intent type %(kind)s: use %(kinds)s")
NEEDS_FIELD = N_("a %(kind)s needs a %(name)s such as 'column:3' or 'heart:25'")


def parse_intent(
    data: dict[str, Any], extra: Mapping[str, tuple[str, ...]] | None = None
) -> Action:
    """``{"type": "drag", "source": "column:3", "target": "cell:1"}`` → an action tuple;
    ``extra``: the intents a table offers beyond the five, with their fields."""
    known = {**INTENT_FIELDS, **(extra or {})}
    kind = data.get("type")
    fields = known.get(kind) if isinstance(kind, str) else None
    if fields is None or not isinstance(kind, str):
        raise IntentError(UNKNOWN_INTENT % {"kind": repr(kind), "kinds": ", ".join(known)})
    values: list[str] = []
    for name in fields:
        value = data.get(name)
        if not isinstance(value, str) or not 0 < len(value) <= MAX_TARGET:
            raise IntentError(NEEDS_FIELD % {"kind": kind, "name": name})
        values.append(value)
    return (kind, *values)


class Gestures(Protocol):
    """A solitaire table's five gestures; each logs itself when it changes anything."""

    def tap(self, target: str) -> list[Event]: ...

    def double_tap(self, target: str) -> list[Event]: ...

    def drag(self, source: str, target: str) -> list[Event]: ...

    def undo(self) -> list[Event]: ...

    def redo(self) -> list[Event]: ...


class SolitaireActions:
    """``act`` and ``restore`` for a table with the :class:`Gestures`."""

    def act(self: Gestures, intent: Action) -> list[Event]:
        """Send one intent to the table; :class:`IntentError` for an unknown one.

        A malformed target (``ValueError`` from the table) is an :class:`IntentError` too."""
        kind, *args = intent
        fields = INTENT_FIELDS.get(kind)
        if fields is None or len(fields) != len(args):
            raise IntentError(f"unknown intent {intent!r}")
        try:
            if kind == "tap":
                return self.tap(args[0])
            if kind == "double_tap":
                return self.double_tap(args[0])
            if kind == "drag":
                return self.drag(args[0], args[1])
            return self.undo() if kind == "undo" else self.redo()
        except IntentError:
            raise
        except ValueError as error:
            raise IntentError(str(error)) from None

    def restore(self: Gestures, action: Action) -> None:
        """Replay one logged intent."""
        SolitaireActions.act(self, action)


FINISHED = ("won", "lost", "blocked", "stuck", "abandoned")
"""Statuses that end a solitaire and count in its statistics."""

PLAYED = N_("Played")
WON = N_("Won")
WIN_RATE = N_("Win rate")
STREAK = N_("Current streak")
BEST_STREAK = N_("Best streak")
BEST_SCORE = N_("Best score")
BEST_TIME = N_("Best time")
AVERAGE_TIME = N_("Average winning time")
BEST_MOVES = N_("Fewest moves")
AVERAGE_MOVES = N_("Average winning moves")


VariantLabel = Callable[[str], "tuple[str, str, int] | None"]


def solitaire_statistics(
    family: GameFamily,
    games: Sequence[PlayedGame],
    variant_label: VariantLabel = lambda variant: None,
) -> list[StatBlock]:
    """Per variant: played, won, win rate, streaks, best score, times and moves."""
    by_variant: dict[str, list[PlayedGame]] = {}
    for game in games:
        if game.status in FINISHED:
            by_variant.setdefault(game.variant, []).append(game)
    return [
        _summary(family, variant, rows, variant_label(variant))
        for variant, rows in sorted(by_variant.items())
    ]


def _summary(
    family: GameFamily,
    variant: str,
    rows: list[PlayedGame],
    label: tuple[str, str, int] | None,
) -> StatBlock:
    wins = [row for row in rows if row.status == "won"]
    best_streak = streak = 0
    for row in rows:
        if row.options.get("chosen"):  # a deal the player chose knowing it: no streak
            continue
        streak = streak + 1 if row.status == "won" else 0
        best_streak = max(best_streak, streak)
    lines = (
        StatLine("played", PLAYED, len(rows)),
        StatLine("won", WON, len(wins)),
        StatLine("rate", WIN_RATE, len(wins) / len(rows), "percent"),
        StatLine("current_streak", STREAK, streak),
        StatLine("best_streak", BEST_STREAK, best_streak),
        StatLine("best_score", BEST_SCORE, max(row.score for row in rows)),
        StatLine("best_time", BEST_TIME, min((r.elapsed for r in wins), default=None), "time"),
        StatLine(
            "average_time",
            AVERAGE_TIME,
            sum(r.elapsed for r in wins) / len(wins) if wins else None,
            "time",
        ),
        StatLine("best_moves", BEST_MOVES, min((r.moves for r in wins), default=None)),
        StatLine(
            "average_moves",
            AVERAGE_MOVES,
            sum(r.moves for r in wins) / len(wins) if wins else None,
            "whole",
        ),
    )
    recent = tuple(
        {
            "won": row.status == "won",
            "moves": row.moves,
            "elapsed": row.elapsed,
            "finished": row.finished,
        }
        for row in rows[-100:]
    )
    return StatBlock(family.name, family.title, variant, lines, label, recent)
