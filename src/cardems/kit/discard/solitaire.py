"""The kit's hooks for any discard-family declaration: piles, gestures, layout, hints.

Targets: ``pile:1`` … ``pile:N``, ``stock`` and ``discard``. A tap on the stock deals a
card onto each pile. A tap (or a double tap) on a pile's top card discards it when a
higher card of its suit shows, else moves it to an empty pile when there is one, else
selects it; a drag onto the discard pile or an empty pile plays that move or is refused
in the engine's words. Stock cards are never sent to the browser.
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
from cardems.kit.discard import engine
from cardems.kit.discard.declare import DiscardRules
from cardems.kit.discard.engine import DEAL, DiscardState, Move, card_text
from cardems.kit.solitaire import FamilySolitaire

PILE = "pile"
STOCK = "stock"
DISCARD = "discard"
FAN = 32
"""The vertical offset between a pile's cards (a pile holds 13 cards at most)."""
ROOM = 13

# TRANSLATORS: spoken after a card is thrown out (Aces Up), e.g. "Discarded the 4 of spades."
DISCARDED = N_("Discarded the %(card)s.")
DEAL_HINT = N_("Hint: deal a card onto each pile")
# TRANSLATORS: num is a pile's number (1-4).
DISCARD_HINT = N_("Hint: discard the %(card)s from pile %(num)d")
# TRANSLATORS: num and other are piles' numbers (1-4).
EMPTY_HINT = N_("Hint: move the %(card)s from pile %(num)d to the empty pile %(other)d")
DEALT = N_("Dealt a card onto each pile.")
NOWHERE = N_("This card cannot be discarded and no pile is empty")


class DiscardSolitaire(FamilySolitaire[DiscardRules, DiscardState, Move]):
    """A declaration's hooks (one instance per declaration: :func:`solitaire_of`)."""

    numbered = PILE
    dealer = engine.deal

    def __init__(self, rules: DiscardRules) -> None:
        self.rules = rules
        self.declaration = Declaration(
            piles=(
                PileSpec(STOCK, role=STOCK_ROLE, counted=True),
                PileSpec(PILE, count=rules.piles, fan=FAN, numbered=True),
                PileSpec(DISCARD, counted=True, selectable=False),
            ),
            nowhere_refusal=NOWHERE,
            shortcuts={"d": {"type": "tap", "target": STOCK}},
        )

    def cards(self, state: DiscardState, target: str) -> tuple[str | None, ...]:
        if target == STOCK:
            return (None,) * len(state.stock)
        if target == DISCARD:
            return tuple(card_text(card) for card in state.discarded[-1:])
        return tuple(card_text(card) for card in state.piles[target_index(target)])

    def size(self, state: DiscardState, target: str) -> int:
        return len(state.discarded) if target == DISCARD else len(self.cards(state, target))

    def free(self, state: DiscardState, target: str) -> int:
        return int(target.startswith(PILE) and bool(state.piles[target_index(target)]))

    def hidden_cards(self, state: DiscardState) -> frozenset[str]:
        return frozenset(card_text(card) for card in state.stock)

    def _source(self, move: Move) -> str:
        return STOCK if move.is_deal else self.target(move.source)

    def _dest(self, move: Move) -> str:
        if move.is_deal:
            return self.target(0)
        return DISCARD if move.target is None else self.target(move.target)

    def play(self, state: DiscardState, move: Move) -> Play:
        if move.is_deal:
            return Play(STOCK, self.target(0), min(len(state.stock), self.rules.piles))
        card = card_text(state.piles[move.source][-1])
        return Play(self._source(move), self._dest(move), 1, (card,))

    def move_for(
        self, state: DiscardState, source: str, target: str, count: int | None
    ) -> Move | None:
        if not source.startswith(PILE) or count not in (None, 1):
            return None
        if target == DISCARD:
            return Move(target_index(source))
        if target.startswith(PILE) and target != source:
            return Move(target_index(source), target_index(target))
        return None

    def tap_move(self, state: DiscardState, target: str) -> Move | None:
        """The stock deals; a pile's top card is discarded when it can be."""
        if target == STOCK:
            return Move(DEAL)
        if target.startswith(PILE) and state.beaten(target_index(target)):
            return Move(target_index(target))
        return None

    def best_moves(self, state: DiscardState, source: str) -> Sequence[Move]:
        """The discard, else a move to an empty pile."""
        if not source.startswith(PILE):
            return []
        i = target_index(source)
        return [m for m in state.legal_moves() if not m.is_deal and m.source == i]

    def intent_of(self, state: DiscardState, move: Move) -> Action:
        if move.is_deal:
            return ("tap", STOCK)
        return ("drag", self._source(move), self._dest(move))

    def narrate(self, before: DiscardState, after: DiscardState, move: Move, play: Play) -> Event:
        if move.is_deal:
            return {"say": DEALT}
        return {"say": DISCARDED if move.target is None else MOVED, "card": play.card}

    # -- the layout: the stock, the piles fanned down, the discards ----------------------

    def place(self, state: DiscardState, target: str) -> dict[str, Any]:
        if target == STOCK:
            return {"x": 0, "y": 0}
        if target == DISCARD:
            return {"x": (self.rules.piles + 1) * CARD_STEP + 20, "y": 0}
        return {"x": (target_index(target) + 1) * CARD_STEP + 10, "y": 0}

    def board(self, state: DiscardState) -> dict[str, int]:
        return {
            "width": (self.rules.piles + 2) * CARD_STEP + 12,
            "height": 140 + (ROOM - 1) * FAN + 8,
        }

    # -- the solver ----------------------------------------------------------------------

    def hint_move(
        self, state: DiscardState, previous: DiscardState | None
    ) -> tuple[str, Move | None]:
        from cardems.kit.discard.solver import hint_verdict

        return hint_verdict(state).hint()

    def hint_words(self, state: DiscardState, move: Move, lang: str) -> str:
        gettext = translations(lang).gettext
        if move.is_deal:
            return str(gettext(DEAL_HINT))
        card = card_name(Card.from_index(state.piles[move.source][-1]), lang)
        if move.target is None:
            return str(gettext(DISCARD_HINT)) % {"card": card, "num": move.source + 1}
        values = {"card": card, "num": move.source + 1, "other": move.target + 1}
        return str(gettext(EMPTY_HINT)) % values

    def winnable(self, state: DiscardState, seconds: float) -> bool | None:
        from cardems.kit.discard.solver import hint_verdict

        return hint_verdict(state).winnable


@functools.cache
def solitaire_of(rules: DiscardRules) -> DiscardSolitaire:
    """The one solitaire of ``rules``."""
    return DiscardSolitaire(rules)
