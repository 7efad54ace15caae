"""The kit's hooks for any row-family declaration: piles, gestures, layout, hints.

Targets: ``pile:1`` … ``pile:N`` (N the cards dealt), left to right as the row stands:
when a pile joins another the row closes up, so the piles right of it are renumbered
one lower and the last targets are empty. A pile shows its top card, and a stack of two
cards or more its count. A tap selects a pile; a tap on another pile then moves the
selected pile onto it (or says why not, in the engine's words); a drag does the same in
one gesture; a double tap plays the pile's only move, or selects it when it has two. The row is laid
out in lines of :data:`PER_LINE` piles, so that a phone keeps its cards large.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from cardems.cards import Card
from cardems.core.game import Action
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.markers import N_
from cardems.kit import CARD_STEP, Declaration, PileSpec, Play, target_index
from cardems.kit.row import engine
from cardems.kit.row.declare import RowRules
from cardems.kit.row.engine import Move, RowState, card_text
from cardems.kit.solitaire import FamilySolitaire

PILE = "pile"
PER_LINE = 8
"""Piles in a line of the layout (a phone 390 pixels wide shows 8 cards of 44)."""
LINE_STEP = 160
"""The vertical step between two lines of piles (a card is 140 high, with its count)."""

# TRANSLATORS: num and target are piles' numbers, counted from the left of the row.
MOVE_HINT = N_("Hint: move pile %(num)d (the %(card)s on top) onto pile %(target)d (the %(other)s)")
NOWHERE = N_("This pile matches no pile it may move onto")


class RowSolitaire(FamilySolitaire[RowRules, RowState, Move]):
    """A declaration's hooks (one instance per declaration: :func:`solitaire_of`)."""

    numbered = PILE
    dealer = engine.deal

    def __init__(self, rules: RowRules) -> None:
        self.rules = rules
        self.declaration = Declaration(
            piles=(PileSpec(PILE, count=rules.deal, numbered=True, outlined=False),),
            choose_among_several=True,
            nowhere_refusal=NOWHERE,
        )

    def cards(self, state: RowState, target: str) -> tuple[str | None, ...]:
        i = target_index(target)
        return (card_text(state.piles[i][-1]),) if i < len(state.piles) else ()

    def size(self, state: RowState, target: str) -> int:
        i = target_index(target)
        return len(state.piles[i]) if i < len(state.piles) else 0

    def free(self, state: RowState, target: str) -> int:
        return int(target_index(target) < len(state.piles))

    def play(self, state: RowState, move: Move) -> Play:
        card = card_text(state.piles[move.source][-1])
        return Play(self.target(move.source), self.target(move.target), 1, (card,))

    def move_for(self, state: RowState, source: str, target: str, count: int | None) -> Move | None:
        if count not in (None, 1) or source == target:
            return None
        return Move(target_index(source), target_index(target))

    def best_moves(self, state: RowState, source: str) -> Sequence[Move]:
        """The pile's moves, the longest jump first (it closes the row up most)."""
        i = target_index(source)
        return sorted((m for m in state.legal_moves() if m.source == i), key=lambda m: -m.jump)

    def intent_of(self, state: RowState, move: Move) -> Action:
        return ("drag", self.target(move.source), self.target(move.target))

    # -- the layout: the row in lines of PER_LINE piles, left to right --------------------

    def place(self, state: RowState, target: str) -> dict[str, Any]:
        """The pile's place, and ``count`` for a stack (two cards or more: a single card
        or an empty place says no number)."""
        line, column = divmod(target_index(target), PER_LINE)
        size = self.size(state, target)
        return {"x": column * CARD_STEP, "y": line * LINE_STEP} | (
            {"count": size} if size > 1 else {}
        )

    def board(self, state: RowState) -> dict[str, int]:
        lines = -(-self.rules.deal // PER_LINE)
        return {
            "width": (min(self.rules.deal, PER_LINE) - 1) * CARD_STEP + 100,
            "height": (lines - 1) * LINE_STEP + 140,
        }

    # -- the solver ----------------------------------------------------------------------

    def progress(self, state: RowState) -> int:
        """Minus the piles left: each merge is a step nearer the win."""
        return -len(state.piles)

    def hint_move(self, state: RowState, previous: RowState | None) -> tuple[str, Move | None]:
        from cardems.kit.row.solver import hint_verdict

        return hint_verdict(state).hint()

    def hint_words(self, state: RowState, move: Move, lang: str) -> str:
        gettext = translations(lang).gettext
        card = card_name(Card.from_index(state.piles[move.source][-1]), lang)
        other = card_name(Card.from_index(state.piles[move.target][-1]), lang)
        values = {"num": move.source + 1, "card": card, "target": move.target + 1, "other": other}
        return str(gettext(MOVE_HINT)) % values

    def winnable(self, state: RowState, seconds: float) -> bool | None:
        from cardems.kit.row.solver import hint_verdict

        if state.is_won():
            return True
        return hint_verdict(state).winnable


@functools.cache
def solitaire_of(rules: RowRules) -> RowSolitaire:
    """The one solitaire of ``rules``."""
    return RowSolitaire(rules)
