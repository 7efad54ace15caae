"""The Heart to Heart table on the solitaire kit: its piles, gestures, layout and hints.

Targets: ``heart:1`` … ``heart:25``, ``stock``, ``waste``. A tap on the stock draws (or
recycles when the stock is empty). A tap on an available card or on the waste selects
it; a tap on the selected one deselects it; a tap on a second card of the same rank
removes the pair; a second card of another rank becomes the selection (with the error
"Must be of the same rank"). A tap on a covered card or an empty place does nothing.
``drag(a, b)`` selects ``a`` then taps ``b``. ``double_tap`` on the stock draws; on an
available card or the waste it pairs the card with its only partner (another available
card or the waste's top card of the same rank), or with the waste when there are several;
with several partners on the heart and none on the waste it leaves the card selected for
the player to choose; with none it is a tap (a quick second tap still deselects).
Everything else (undo, the timer, the view) is the kit's :class:`SolitaireTable`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from cardems.cards import Card, Rank, Suit
from cardems.core.game import Action, Event, TableSettings
from cardems.dealcode import DealCode
from cardems.heart_to_heart.layout import POSITION_COUNT, POSITIONS, ROW, X
from cardems.heart_to_heart.rules import HeartState, Move, MoveKind, card_text, deal
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.markers import N_
from cardems.kit import (
    CARD_STEP,
    DRAW_HINT,
    DREW,
    HALF_CARD,
    PAIRED,
    RECYCLE_HINT,
    RECYCLED,
    STOCK_ROLE,
    Declaration,
    PileSpec,
    Play,
    Solitaire,
    SolitaireTable,
)

STOCK = "stock"
WASTE = "waste"
UNKNOWN_TARGET = N_(
    "unknown Heart to Heart target %(target)s: expected heart:1 … heart:25, stock or waste"
)
# TRANSLATORS: a place named in hints, e.g. "pair the 4 of hearts at position 25 with …".
PLACE = N_("position %(num)s")
# TRANSLATORS: card is a card's name ("4 of hearts"), place a position ("position 25").
WASTE_HINT = N_("Hint: pair the %(card)s at %(place)s with the waste's %(other)s")
PAIR_HINT = N_("Hint: pair the %(card)s at %(from)s with the %(other)s at %(to)s")

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
BOARD = {"width": 6 * CARD_STEP - 8, "height": HALF_CARD * 6 + 140 + 30}

DECLARATION = Declaration(
    piles=(
        PileSpec("heart", count=POSITION_COUNT),
        PileSpec(STOCK, role=STOCK_ROLE, counted=True),
        PileSpec(WASTE, counted=True),
    ),
    pairing=True,
    covering=True,
    choose_among_several=True,
    unknown_target=UNKNOWN_TARGET,
    shortcuts={"d": {"type": "tap", "target": STOCK}},
    double_tap_after_move=True,
)


def heart_target(position: int) -> str:
    """The target name of a heart position."""
    return f"heart:{position}"


POSITION_OF = {heart_target(p): p for p in POSITIONS}
PLACES: dict[str, dict[str, Any]] = {
    STOCK: {"x": 0, "y": 300},
    WASTE: {"x": 5 * CARD_STEP, "y": 300},
    **{
        heart_target(p): {
            "row": ROW[p - 1],
            "column": X[p - 1],
            "x": X[p - 1] * CARD_STEP,
            "y": (ROW[p - 1] - 1) * HALF_CARD,
        }
        for p in POSITIONS
    },
}


ONE_CARD: tuple[tuple[str, ...], ...] = ((), *((card_text(rank),) for rank in range(1, 14)))
"""``ONE_CARD[rank]``: what a pile holding that rank shows (``()`` for 0: no card)."""


def _position(target: str) -> int:
    return POSITION_OF[target]


_last_available: list[tuple[HeartState, frozenset[int]]] = []


def _available(state: HeartState) -> frozenset[int]:
    """The available positions, worked out once per position (the view asks per pile)."""
    if not _last_available or _last_available[0][0] is not state:
        _last_available[:] = [(state, frozenset(state.available()))]
    return _last_available[0][1]


def move_targets(move: Move) -> tuple[str, str]:
    """The ``from`` and ``to`` targets of a move, for events and hints."""
    if move.kind is MoveKind.DRAW:
        return STOCK, WASTE
    if move.kind is MoveKind.RECYCLE:
        return WASTE, STOCK
    if move.kind is MoveKind.WASTE:
        return heart_target(move.first), WASTE
    return heart_target(move.first), heart_target(move.second)


def _top(state: HeartState, target: str) -> int:
    """The rank of the card at a heart position or on top of the waste (0: none)."""
    if target == WASTE:
        return state.waste_top or 0
    return state.heart[_position(target) - 1]


class HeartToHeartSolitaire(Solitaire[HeartState, Move]):
    """Heart to Heart's hooks for the kit."""

    declaration = DECLARATION

    def deal(self, code: DealCode) -> HeartState:
        return deal(code)

    def cards(self, state: HeartState, target: str) -> tuple[str | None, ...]:
        """A heart position's card, the stock face down, the waste's top card."""
        position = POSITION_OF.get(target)
        if position is not None:
            return ONE_CARD[state.heart[position - 1]]
        if target == STOCK:
            return (None,) * len(state.stock)
        return ONE_CARD[state.waste_top or 0]

    def size(self, state: HeartState, target: str) -> int:
        if target == WASTE:
            return len(state.waste)
        return len(self.cards(state, target))

    def free(self, state: HeartState, target: str) -> int:
        """The waste's top card, and heart cards that nothing covers any more."""
        position = POSITION_OF.get(target)
        if position is not None:
            return int(position in _available(state))
        return int(target == WASTE and bool(state.waste))

    def play(self, state: HeartState, move: Move) -> Play:
        source, target = move_targets(move)
        if move.kind is MoveKind.DRAW:
            return Play(source, target)
        rank = _top(state, source)
        return Play(source, target, 1, (card_text(rank),) if rank else ())

    def move_for(
        self, state: HeartState, source: str, target: str, count: int | None
    ) -> Move | None:
        """A pair of two available cards (or one with the waste's); None otherwise."""
        if STOCK in (source, target) or not self.free(state, target):
            return None
        if WASTE in (source, target):
            heart = target if source == WASTE else source
            return Move.with_waste(_position(heart))
        return Move.pair(_position(source), _position(target))

    def tap_move(self, state: HeartState, target: str) -> Move | None:
        """The stock draws, or recycles the waste once it is empty."""
        if target != STOCK:
            return None
        return Move.draw() if state.stock else Move.recycle()

    def best_moves(self, state: HeartState, source: str) -> Sequence[Move]:
        """The pair with the waste's card when there is one, else every pair."""
        moves = [
            move
            for move in state.legal_moves()
            if move.kind in (MoveKind.PAIR, MoveKind.WASTE) and source in move_targets(move)
        ]
        with_waste = [move for move in moves if move.kind is MoveKind.WASTE]
        return with_waste if source != WASTE and with_waste else moves

    def intent_of(self, state: HeartState, move: Move) -> Action:
        """A tap on the stock, or a drag of one card onto its pair (the waste's card onto
        a heart card)."""
        source, target = move_targets(move)
        if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
            return ("tap", STOCK)
        if move.kind is MoveKind.WASTE:
            return ("drag", WASTE, source)
        return ("drag", source, target)

    def narrate(self, before: HeartState, after: HeartState, move: Move, play: Play) -> Event:
        """The card a draw turned (which a listener cannot see), else the words only."""
        if move.kind is MoveKind.DRAW:
            return {"say": DREW, "card": card_text(after.waste[-1])}
        if move.kind is MoveKind.RECYCLE:
            return {"say": RECYCLED, "card": ""}
        return {"say": PAIRED}

    def place(self, state: HeartState, target: str) -> dict[str, Any]:
        return PLACES[target]

    def board(self, state: HeartState) -> dict[str, int]:
        return BOARD

    def hint_move(self, state: HeartState, previous: HeartState | None) -> tuple[str, Move | None]:
        """The next move of a winning line (the shortest when it is found quickly); the
        solver is exact and quick: never "undecided"."""
        from cardems.heart_to_heart.shortest import best_hint  # the solver loads on demand

        move = best_hint(state)
        return ("lost", None) if move is None else ("move", move)

    def hint_words(self, state: HeartState, move: Move, lang: str) -> str:
        """ "Hint: pair the 7 of hearts at position 3 with …"."""
        gettext = translations(lang).gettext
        if move.kind is MoveKind.DRAW:
            return str(gettext(DRAW_HINT))
        if move.kind is MoveKind.RECYCLE:
            return str(gettext(RECYCLE_HINT))
        card = card_name(Card(Rank(state.heart[move.first - 1]), Suit.HEARTS), lang)
        place = str(gettext(PLACE)) % {"num": move.first}
        if move.kind is MoveKind.WASTE:
            other = card_name(Card(Rank(state.waste[-1]), Suit.HEARTS), lang)
            return str(gettext(WASTE_HINT)) % {"card": card, "place": place, "other": other}
        other = card_name(Card(Rank(state.heart[move.second - 1]), Suit.HEARTS), lang)
        to = str(gettext(PLACE)) % {"num": move.second}
        return str(gettext(PAIR_HINT)) % {"card": card, "from": place, "other": other, "to": to}

    def winnable(self, state: HeartState, seconds: float) -> bool:
        """Exact, in about a millisecond."""
        from cardems.heart_to_heart.solver import is_winnable

        return is_winnable(state)


SOLITAIRE = HeartToHeartSolitaire()


class HeartToHeartTable(SolitaireTable[HeartState, Move]):
    """A game of Heart to Heart as the web app and the terminal player drive it."""

    def __init__(
        self,
        code: DealCode,
        settings: TableSettings = TableSettings(),  # noqa: B008 - frozen, shared safely
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(SOLITAIRE, code, settings, clock)
