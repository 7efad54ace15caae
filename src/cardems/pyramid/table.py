"""The Pyramid table on the solitaire kit: its piles, gestures, layout and hints.

Targets: ``pyramid:1`` … ``pyramid:28``, ``stock`` (its top card plays), ``waste``.

* A tap on a free king removes it: in the pyramid, or on top of the stock or the waste.
* A tap on the stock draws (or turns the waste over when the stock is empty); with a card
  selected it removes the pair when the stock's top card makes 13 with it, else it drops
  the selection and draws.
* A tap on another free card or on the waste selects it; on the selected card deselects
  it; on a second card that makes 13 with the selection removes the pair; on a card that
  does not becomes the selection (with the error "The cards must make 13").
* ``drag(a, b)`` selects ``a`` (the stock's top card too) then taps ``b``.
* ``double_tap`` removes a king; pairs a card with its only partner (a free card, the
  stock's or the waste's top); with several it selects the card for the player to choose;
  with none it is a tap.

Everything else (undo, the timer, the view) is the kit's :class:`SolitaireTable`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from cardems.cards import Card, Rank
from cardems.core.game import Action, Event, TableSettings
from cardems.dealcode import DealCode
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
from cardems.pyramid.layout import INDEX_IN_ROW, POSITION_COUNT, POSITIONS, ROW, ROWS
from cardems.pyramid.rules import STOCK_TOP, WASTE_TOP, Move, MoveKind, PyramidState, deal

STOCK = "stock"
WASTE = "waste"
UNKNOWN_TARGET = N_(
    "unknown Pyramid target %(target)s: expected pyramid:1 … pyramid:28, stock or waste"
)
# TRANSLATORS: card is a card's name ("king of spades"), place where it lies.
KING_HINT = N_("Hint: remove the %(card)s at %(place)s")
# TRANSLATORS: two cards that make 13, each with where it lies.
PAIR_HINT = N_("Hint: remove the %(card)s at %(from)s with the %(other)s at %(to)s")
# TRANSLATORS: a place named in hints, e.g. "the 6 of hearts at position 25".
PLACE = N_("position %(num)s")
# TRANSLATORS: a place named in hints: the top of the stock.
STOCK_PLACE_WORDS = N_("the top of the stock")
# TRANSLATORS: a place named in hints: the top of the waste.
WASTE_PLACE_WORDS = N_("the top of the waste")

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
PILES_Y = (ROWS - 1) * HALF_CARD + 140 + 30
BOARD = {"width": ROWS * CARD_STEP - 8, "height": PILES_Y + 140}
PLACES: dict[str, dict[str, Any]] = {
    **{
        f"pyramid:{p}": {
            "row": ROW[p - 1],
            "column": (column := (ROWS - ROW[p - 1]) / 2 + INDEX_IN_ROW[p - 1]),
            "x": column * CARD_STEP,
            "y": (ROW[p - 1] - 1) * HALF_CARD,
        }
        for p in POSITIONS
    },
    STOCK: {"x": 2 * CARD_STEP, "y": PILES_Y},
    WASTE: {"x": 4 * CARD_STEP, "y": PILES_Y},
}

DECLARATION = Declaration(
    piles=(
        PileSpec("pyramid", count=POSITION_COUNT, outlined=False),
        PileSpec(STOCK, role=STOCK_ROLE, counted=True, top_plays=True),
        PileSpec(WASTE, counted=True),
    ),
    pairing=True,
    covering=True,
    choose_among_several=True,
    unknown_target=UNKNOWN_TARGET,
    shortcuts={"d": {"type": "tap", "target": STOCK}},
    double_tap_after_move=True,
)


def pyramid_target(position: int) -> str:
    """The target name of a pyramid position."""
    return f"pyramid:{position}"


def place_of(target: str) -> int:
    """A move's place number for a target."""
    if target == STOCK:
        return STOCK_TOP
    if target == WASTE:
        return WASTE_TOP
    return int(target.partition(":")[2])


def target_of(place: int) -> str:
    """The target a move's place lies at."""
    if place == STOCK_TOP:
        return STOCK
    if place == WASTE_TOP:
        return WASTE
    return pyramid_target(place)


def move_targets(move: Move) -> tuple[str, str]:
    """The ``from`` and ``to`` targets of a move, for events and hints."""
    if move.kind is MoveKind.DRAW:
        return STOCK, WASTE
    if move.kind is MoveKind.RECYCLE:
        return WASTE, STOCK
    places = move.places
    return target_of(places[0]), target_of(places[-1])


def _card(state: PyramidState, target: str) -> Card | None:
    """The card at ``target`` if it can play (free, or the top of the stock/waste)."""
    place = place_of(target)
    if place <= POSITION_COUNT and not state.is_free(place):
        return None
    return state.card_at(place)


def _king(state: PyramidState, target: str) -> bool:
    card = _card(state, target)
    return card is not None and card.rank is Rank.KING


class PyramidSolitaire(Solitaire[PyramidState, Move]):
    """Pyramid's hooks for the kit."""

    declaration = DECLARATION

    def deal(self, code: DealCode) -> PyramidState:
        return deal(code)

    def cards(self, state: PyramidState, target: str) -> tuple[str | None, ...]:
        """A position's card, the stock face down under its face-up top, the waste's top."""
        if target == STOCK:
            if not state.stock:
                return ()
            return (*(None for _ in state.stock[1:]), str(state.stock[0]))
        card = state.waste_top if target == WASTE else state.pyramid[place_of(target) - 1]
        return () if card is None else (str(card),)

    def size(self, state: PyramidState, target: str) -> int:
        return len(state.waste) if target == WASTE else len(self.cards(state, target))

    def free(self, state: PyramidState, target: str) -> int:
        """Free pyramid cards and the tops of the stock and the waste."""
        return int(_card(state, target) is not None)

    def hidden_cards(self, state: PyramidState) -> frozenset[str]:
        """The stock's cards under its top one: face down."""
        return frozenset(str(card) for card in state.stock[1:])

    def play(self, state: PyramidState, move: Move) -> Play:
        source, target = move_targets(move)
        if move.kind is not MoveKind.REMOVE:
            return Play(source, target)
        card = state.card_at(move.first)
        return Play(source, target, 1, () if card is None else (str(card),))

    def move_for(
        self, state: PyramidState, source: str, target: str, count: int | None
    ) -> Move | None:
        """The pair of two playable cards; a king alone, when either is one."""
        if _king(state, source):  # a dragged king
            return Move.remove(place_of(source))
        if _king(state, target):
            return Move.remove(place_of(target))
        if _card(state, target) is None:
            return None
        return Move.remove(place_of(source), place_of(target))

    def tap_move(self, state: PyramidState, target: str) -> Move | None:
        """A king goes alone; the stock draws, or recycles the waste once it is empty."""
        if _king(state, target):
            return Move.remove(place_of(target))
        if target != STOCK:
            return None
        return Move.draw() if state.stock else Move.recycle()

    def best_moves(self, state: PyramidState, source: str) -> Sequence[Move]:
        """The removals that take the card."""
        place = place_of(source)
        return [move for move in state.legal_moves() if place in move.places]

    def intent_of(self, state: PyramidState, move: Move) -> Action:
        """A tap on the stock or on a king, or a drag of one card onto its partner."""
        if move.kind is not MoveKind.REMOVE:
            return ("tap", STOCK)
        source, target = move_targets(move)
        if not move.second:
            return ("tap", source)
        if target == STOCK:  # the stock's top card is dragged, the stock is not tapped
            source, target = target, source
        return ("drag", source, target)

    def narrate(self, before: PyramidState, after: PyramidState, move: Move, play: Play) -> Event:
        """The card a draw turned, else the words only."""
        if move.kind is MoveKind.DRAW:
            return {"say": DREW, "card": str(after.waste[-1])}
        if move.kind is MoveKind.RECYCLE:
            return {"say": RECYCLED, "card": ""}
        return {"say": PAIRED}

    def place(self, state: PyramidState, target: str) -> dict[str, Any]:
        return PLACES[target]

    def board(self, state: PyramidState) -> dict[str, int]:
        return BOARD

    def view_extra(self, state: PyramidState) -> dict[str, Any]:
        """The pass through the stock and how many the variant allows."""
        return {"pass": state.recycles + 1, "passes": state.passes}

    def hint_move(
        self, state: PyramidState, previous: PyramidState | None
    ) -> tuple[str, Move | None]:
        """The next move of a shortest win; past the A*'s budget, of the decision's win;
        undecided past both."""
        from cardems.pyramid.decide import HINT_POSITIONS, decide
        from cardems.pyramid.shortest import HINT_NODES, search

        outcome = search(state, HINT_NODES)
        line = outcome.line
        if outcome.gave_up:
            decision = decide(state, HINT_POSITIONS)
            if decision.gave_up:
                return ("undecided", None)
            line = decision.line
        return ("move", line[0]) if line else ("lost", None)

    def hint_words(self, state: PyramidState, move: Move, lang: str) -> str:
        """ "Hint: remove the 6 of hearts at position 22 with …"."""
        gettext = translations(lang).gettext
        if move.kind is MoveKind.DRAW:
            return str(gettext(DRAW_HINT))
        if move.kind is MoveKind.RECYCLE:
            return str(gettext(RECYCLE_HINT))

        def where(place: int) -> str:
            if place == STOCK_TOP:
                return str(gettext(STOCK_PLACE_WORDS))
            if place == WASTE_TOP:
                return str(gettext(WASTE_PLACE_WORDS))
            return str(gettext(PLACE)) % {"num": place}

        def name(place: int) -> str:
            card = state.card_at(place)
            assert card is not None
            return card_name(card, lang)

        first = move.first
        if not move.second:
            return str(gettext(KING_HINT)) % {"card": name(first), "place": where(first)}
        second = move.second
        values = {
            "card": name(first),
            "from": where(first),
            "other": name(second),
            "to": where(second),
        }
        return str(gettext(PAIR_HINT)) % values

    def winnable(self, state: PyramidState, seconds: float) -> bool | None:
        """Exact within a budget of about ``seconds``; None past it."""
        from cardems.pyramid.decide import COMPILED, decide

        positions_per_second = 2_000_000 if COMPILED else 100_000
        return decide(state, max(1_000, int(seconds * positions_per_second))).winnable


SOLITAIRE = PyramidSolitaire()


class PyramidTable(SolitaireTable[PyramidState, Move]):
    """A game of Pyramid as the web app drives it."""

    def __init__(
        self,
        code: DealCode,
        settings: TableSettings = TableSettings(),  # noqa: B008 - frozen, shared safely
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(SOLITAIRE, code, settings, clock)
