"""The kit's hooks for any spaces-family declaration: places, gestures, layout, hints.

Targets: ``tile:1`` … ``tile:52`` (row by row) and ``redeal``. A tap on a card moves it
into the one space it fits, else selects it (a two may fit several spaces of the first
column); a tap on a space then moves the selected card there, or is refused in the
engine's words; a drag does the same at once. A tap on ``redeal`` (or the D key) redeals.

The layout: each row of the declaration is drawn as two lines of at most seven places
(a phone keeps its cards 44 px wide, as with Fan's rows), the second line under the
first; the redeal's place ends the last line.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from cardems.cards import Card
from cardems.core.game import Action, Event
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.markers import N_
from cardems.kit import CARD_STEP, MOVED, STOCK_ROLE, Declaration, PileSpec, Play, target_index
from cardems.kit.solitaire import FamilySolitaire
from cardems.kit.spaces import engine
from cardems.kit.spaces.declare import SpacesRules
from cardems.kit.spaces.engine import REDEAL, SPACE, Move, SpacesState, card_text

TILE = "tile"
REDEAL_PILE = "redeal"
LINE = 7
"""The most places a line of the board holds."""
LINE_STEP = 140 + 8
ROW_GAP = 28
"""Between the two lines of one row and the next row, in card units."""

# TRANSLATORS: spoken after a redeal in Gaps (Montana).
REDEALT = N_("Redealt the cards out of place.")
REDEAL_HINT = N_("Hint: redeal the cards out of place")
# TRANSLATORS: Gaps (Montana); card is a card's name, row and place are numbers (row 1-4,
# place 1-13 from the left).
FILL_HINT = N_("Hint: move the %(card)s into the space at row %(row)d, place %(place)d")
NOWHERE = N_("This card fits no space")


REMEMBERED = 20_000
"""Positions of winning lines the hints remember (then forget all, and start again)."""


def _key(state: SpacesState) -> tuple[bytes, int, str, int]:
    return (state.grid, state.redeals, state.seed, state.number)


class SpacesSolitaire(FamilySolitaire[SpacesRules, SpacesState, Move]):
    """A declaration's hooks (one instance per declaration: :func:`solitaire_of`)."""

    numbered = TILE
    dealer = engine.deal

    def __init__(self, rules: SpacesRules) -> None:
        self.rules = rules
        self._next: dict[tuple[bytes, int, str, int], Move] = {}
        self.declaration = Declaration(
            piles=(
                PileSpec(TILE, count=rules.places),
                PileSpec(REDEAL_PILE, role=STOCK_ROLE, counted=True),
            ),
            nowhere_refusal=NOWHERE,
            shortcuts={"d": {"type": "tap", "target": REDEAL_PILE}},
        )

    def cards(self, state: SpacesState, target: str) -> tuple[str | None, ...]:
        if target == REDEAL_PILE:
            return ()
        card = state.grid[target_index(target)]
        return () if card == SPACE else (card_text(card),)

    def size(self, state: SpacesState, target: str) -> int:
        return state.redeals if target == REDEAL_PILE else len(self.cards(state, target))

    def free(self, state: SpacesState, target: str) -> int:
        return int(target.startswith(TILE) and state.grid[target_index(target)] != SPACE)

    def play(self, state: SpacesState, move: Move) -> Play:
        if move.is_redeal:
            return Play(REDEAL_PILE, REDEAL_PILE, 0)
        card = card_text(state.grid[move.source])
        return Play(self.target(move.source), self.target(move.target), 1, (card,))

    def move_for(
        self, state: SpacesState, source: str, target: str, count: int | None
    ) -> Move | None:
        if not (source.startswith(TILE) and target.startswith(TILE)) or source == target:
            return None
        if count not in (None, 1):
            return None
        return Move(target_index(source), target_index(target), self.rules.columns)

    def tap_move(self, state: SpacesState, target: str) -> Move | None:
        """The redeal; a card's one space (None when it fits none or several)."""
        if target == REDEAL_PILE:
            return Move(REDEAL, REDEAL, self.rules.columns)
        fits = self.best_moves(state, target)
        return fits[0] if len(fits) == 1 else None

    def best_moves(self, state: SpacesState, source: str) -> Sequence[Move]:
        if not source.startswith(TILE):
            return []
        i = target_index(source)
        return [m for m in state.legal_moves() if m.source == i]

    def intent_of(self, state: SpacesState, move: Move) -> Action:
        if move.is_redeal:
            return ("tap", REDEAL_PILE)
        return ("drag", self.target(move.source), self.target(move.target))

    def narrate(self, before: SpacesState, after: SpacesState, move: Move, play: Play) -> Event:
        if move.is_redeal:
            return {"say": REDEALT}
        return {"card": play.card, "say": MOVED}

    def progress(self, state: SpacesState) -> int:
        """The cards in place (the generic search's order)."""
        return state.score

    # -- the layout: each row in two lines of at most seven places ------------------------

    def _line_and_x(self, index: int) -> tuple[int, int]:
        row, column = divmod(index, self.rules.columns)
        lines = -(-self.rules.columns // LINE)
        line, at = divmod(column, LINE)
        return row * lines + line, at

    def _y(self, line: int) -> int:
        lines = -(-self.rules.columns // LINE)
        return line * LINE_STEP + (line // lines) * ROW_GAP

    def place(self, state: SpacesState, target: str) -> dict[str, Any]:
        if target == REDEAL_PILE:
            last = self.rules.places - 1
            line, at = self._line_and_x(last)
            if at + 1 < LINE:
                return {"x": (at + 1) * CARD_STEP + 12, "y": self._y(line)}
            return {"x": 0, "y": self._y(line + 1)}
        line, at = self._line_and_x(target_index(target))
        return {"x": at * CARD_STEP, "y": self._y(line)}

    def board(self, state: SpacesState) -> dict[str, int]:
        bottom = max(self.place(state, t)["y"] for t in self.declaration.targets)
        width = max(self.place(state, t)["x"] for t in self.declaration.targets)
        return {"width": width + 100 + 4, "height": bottom + 140 + 4}

    # -- the solver ----------------------------------------------------------------------

    def hint_move(
        self, state: SpacesState, previous: SpacesState | None
    ) -> tuple[str, Move | None]:
        """The next move of a winning line: the one remembered for this position from
        the last line found (a player following the hints costs one search), else a new
        search's first move."""
        from cardems.kit.spaces.solver import solve

        key = _key(state)
        known = self._next.get(key)
        if known is not None and state.refusal(known) is None:
            return ("move", known)
        verdict = solve(state)
        if not verdict.line:
            return verdict.hint()
        if len(self._next) > REMEMBERED:
            self._next.clear()
        for move in verdict.line:
            self._next[_key(state)] = move
            state = state.apply(move)
        return ("move", verdict.line[0])

    def hint_words(self, state: SpacesState, move: Move, lang: str) -> str:
        gettext = translations(lang).gettext
        if move.is_redeal:
            return str(gettext(REDEAL_HINT))
        card = card_name(Card.from_index(state.grid[move.source]), lang)
        row, place = divmod(move.target, self.rules.columns)
        return str(gettext(FILL_HINT)) % {"card": card, "row": row + 1, "place": place + 1}

    def winnable(self, state: SpacesState, seconds: float) -> bool | None:
        from cardems.kit.spaces.solver import solve

        return solve(state).winnable


@functools.cache
def solitaire_of(rules: SpacesRules) -> SpacesSolitaire:
    """The one solitaire of ``rules``."""
    return SpacesSolitaire(rules)
