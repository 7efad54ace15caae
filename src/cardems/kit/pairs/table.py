"""The pairs family on the solitaire kit: one :class:`PairsSolitaire` for every game.

Targets: ``KIND:1`` … ``KIND:N`` (the layout's positions), ``stock`` and ``waste``. A tap
on the stock draws (or recycles when the stock is empty); a tap on a card that goes alone
removes it; a tap on a free card or the waste's top (the stock's, where it plays) selects
it, a second tap on one it pairs with removes the two, on another becomes the selection
with the pairing's refusal. A double tap removes a card with its only partner, selects it
when there are several, is a tap when there is none. A game gives its rules, its
:class:`Look` (layout, board, hint words) and its solver's hooks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from cardems.cards import Card
from cardems.core.game import Action, Event
from cardems.dealcode import DealCode
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.markers import N_
from cardems.kit.pairs.engine import STOCK_TOP, WASTE_TOP, MoveKind, PairsMove, PairsState
from cardems.kit.piles import STOCK_ROLE, Declaration, PileSpec
from cardems.kit.play import Play
from cardems.kit.solitaire import DRAW_HINT, DREW, PAIRED, RECYCLE_HINT, RECYCLED, Solitaire
from cardems.kit.table import GameTable

STOCK = "stock"
WASTE = "waste"
# TRANSLATORS: a place named in hints, e.g. "the 6 of hearts at position 25".
PLACE = N_("position %(num)s")
# TRANSLATORS: a place named in hints: the top of the stock.
STOCK_PLACE_WORDS = N_("the top of the stock")
# TRANSLATORS: a place named in hints: the top of the waste.
WASTE_PLACE_WORDS = N_("the top of the waste")

S = TypeVar("S", bound=PairsState)


@dataclass(frozen=True)
class Look:
    """How a pairs game shows and says itself."""

    places: dict[str, dict[str, Any]]
    """Each target's place on the board (card units)."""
    board: dict[str, int]
    """The board's ``width`` and ``height``."""
    unknown_target: str
    """The error of a target that names no pile."""
    pair_hint: str
    """``%(card)s``, ``%(from)s``, ``%(other)s``, ``%(to)s``: a pair hinted."""
    waste_hint: str | None = None
    """``%(card)s``, ``%(place)s``, ``%(other)s``: a pair with the waste's card (None:
    :attr:`pair_hint` with the waste's place words)."""
    alone_hint: str | None = None
    """``%(card)s``, ``%(place)s``: a card removed alone."""
    outlined: bool = True
    """Whether an emptied position shows its outline."""
    prefer_waste: bool = False
    """A double tap on a layout card that pairs with the waste's takes that pair."""
    drag_from_waste: bool = False
    """A pair with the waste's card is played by dragging the waste onto the layout."""


class PairsSolitaire(Solitaire[S, PairsMove], Generic[S]):
    """A pairs game's hooks for the kit, read from its rules and :class:`Look`; a game
    subclasses it to name its :attr:`state` class and :attr:`look`, and for its solver
    (:meth:`hint_move`, :meth:`winnable`)."""

    state: type[S]
    """The game's state class (its rules and move class with it)."""
    look: Look

    def __init__(self) -> None:
        self.rules = rules = self.state.rules
        look = self.look
        self.kind = rules.kind
        self.declaration = Declaration(
            piles=(
                PileSpec(rules.kind, count=rules.size, outlined=look.outlined),
                PileSpec(STOCK, role=STOCK_ROLE, counted=True, top_plays=rules.stock.top_plays),
                PileSpec(WASTE, counted=True),
            ),
            pairing=True,
            covering=True,
            choose_among_several=True,
            unknown_target=look.unknown_target,
            shortcuts={"d": {"type": "tap", "target": STOCK}},
            double_tap_after_move=True,
        )
        self.position_of = {f"{rules.kind}:{p}": p for p in range(1, rules.size + 1)}
        self._free: list[tuple[S, int]] = []

    # -- places and targets ------------------------------------------------------------

    def place_of(self, target: str) -> int:
        """A move's place number for a target."""
        if target == STOCK:
            return STOCK_TOP
        if target == WASTE:
            return WASTE_TOP
        return self.position_of[target]

    def target_of(self, place: int) -> str:
        """The target a move's place lies at."""
        if place == STOCK_TOP:
            return STOCK
        if place == WASTE_TOP:
            return WASTE
        return f"{self.kind}:{place}"

    def move_targets(self, move: PairsMove) -> tuple[str, str]:
        """The ``from`` and ``to`` targets of a move, for events and hints."""
        if move.kind is MoveKind.DRAW:
            return STOCK, WASTE
        if move.kind is MoveKind.RECYCLE:
            return WASTE, STOCK
        places = move.places
        return self.target_of(places[0]), self.target_of(places[-1])

    def _free_mask(self, state: S) -> int:
        """The free positions, worked out once per position (the view asks per pile)."""
        if not self._free or self._free[0][0] is not state:
            self._free[:] = [(state, state.free_mask())]
        return self._free[0][1]

    def _card(self, state: S, target: str) -> Any:
        """The card at ``target`` if it can play (free, or a playing top), else None."""
        place = self.place_of(target)
        if place <= self.rules.size and not self._free_mask(state) >> (place - 1) & 1:
            return None
        return state.card_at(place) or None

    def _alone(self, state: S, target: str) -> bool:
        card = self._card(state, target)
        return card is not None and self.rules.value(card) == self.rules.pairing.alone

    # -- the kit's hooks -----------------------------------------------------------------

    def deal(self, code: DealCode) -> S:
        return self.state.deal(code)

    def cards(self, state: S, target: str) -> tuple[str | None, ...]:
        """A position's card, the stock face down (its top face up where it plays), the
        waste's top card."""
        text = self.rules.text
        if target == STOCK:
            if not state.stock or not self.rules.stock.top_plays:
                return (None,) * len(state.stock)
            return (*(None for _ in state.stock[1:]), text(state.stock[0]))
        card = state.waste_top if target == WASTE else state.cards[self.place_of(target) - 1]
        return (text(card),) if card else ()

    def size(self, state: S, target: str) -> int:
        return len(state.waste) if target == WASTE else len(self.cards(state, target))

    def free(self, state: S, target: str) -> int:
        """Free layout cards and the playing tops of the stock and the waste."""
        return int(self._card(state, target) is not None)

    def hidden_cards(self, state: S) -> frozenset[str]:
        """The stock's face-down cards, where a code names one card."""
        if not self.rules.unique:
            return frozenset()
        hidden = state.stock[1:] if self.rules.stock.top_plays else state.stock
        return frozenset(map(self.rules.text, hidden))

    def play(self, state: S, move: PairsMove) -> Play:
        source, target = self.move_targets(move)
        if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
            return Play(source, target)
        card = state.card_at(move.first)
        return Play(source, target, 1, (self.rules.text(card),) if card else ())

    def move_for(self, state: S, source: str, target: str, count: int | None) -> PairsMove | None:
        """The pair of two playable cards; a card that goes alone, when either is one."""
        if self._alone(state, source):  # a dragged king
            return self.state.move.remove(self.place_of(source))
        if self._alone(state, target):
            return self.state.move.remove(self.place_of(target))
        if STOCK in (source, target) and not self.rules.stock.top_plays:
            return None
        if self._card(state, target) is None:
            return None
        return self.state.move.remove(self.place_of(source), self.place_of(target))

    def tap_move(self, state: S, target: str) -> PairsMove | None:
        """A card alone goes; the stock draws, or recycles the waste once it is empty."""
        if self._alone(state, target):
            return self.state.move.remove(self.place_of(target))
        if target != STOCK:
            return None
        return self.state.move.draw() if state.stock else self.state.move.recycle()

    def best_moves(self, state: S, source: str) -> Sequence[PairsMove]:
        """The removals that take the card (only those with the waste's card, where the
        game prefers them)."""
        place = self.place_of(source)
        moves = [move for move in state.legal_moves() if place in move.places]
        if self.look.prefer_waste and source != WASTE:
            with_waste = [move for move in moves if move.kind is MoveKind.WASTE]
            return with_waste or moves
        return moves

    def intent_of(self, state: S, move: PairsMove) -> Action:
        """A tap on the stock or on a card alone, or a drag of one card onto its partner."""
        if move.kind in (MoveKind.DRAW, MoveKind.RECYCLE):
            return ("tap", STOCK)
        source, target = self.move_targets(move)
        if not move.second:
            return ("tap", source)
        if target == STOCK or (target == WASTE and self.look.drag_from_waste):
            source, target = target, source  # the stock's top card is dragged
        return ("drag", source, target)

    def narrate(self, before: S, after: S, move: PairsMove, play: Play) -> Event:
        """The card a draw turned (which a listener cannot see), else the words only."""
        if move.kind is MoveKind.DRAW:
            return {"say": DREW, "card": self.rules.text(after.waste[-1])}
        if move.kind is MoveKind.RECYCLE:
            return {"say": RECYCLED, "card": ""}
        return {"say": PAIRED}

    def place(self, state: S, target: str) -> dict[str, Any]:
        return self.look.places[target]

    def board(self, state: S) -> dict[str, int]:
        return self.look.board

    def view_extra(self, state: S) -> dict[str, Any]:
        """The pass through the stock and how many the variant allows, where passes are
        limited in some variant."""
        if all(passes is None for passes in self.rules.stock.passes.values()):
            return {}
        return {"pass": state.recycles + 1, "passes": state.passes}

    def hint_move(self, state: S, previous: S | None) -> tuple[str, PairsMove | None]:
        """The next move of a shortest win; past the A*'s budget, of the decision's win;
        undecided past both."""
        from cardems.kit.pairs.decide import HINT_POSITIONS, decide
        from cardems.kit.pairs.shortest import HINT_NODES, search

        outcome = search(state, HINT_NODES)
        line = outcome.line
        if outcome.gave_up:
            decision = decide(state, HINT_POSITIONS)
            if decision.gave_up:
                return ("undecided", None)
            line = decision.line
        return ("move", line[0]) if line else ("lost", None)

    def winnable(self, state: S, seconds: float) -> bool | None:
        """Exact within a budget of about ``seconds``; None past it."""
        from cardems.kit.pairs.decide import compiled, decide

        positions_per_second = 2_000_000 if compiled(state) else 100_000
        return decide(state, max(1_000, int(seconds * positions_per_second))).winnable

    def hint_words(self, state: S, move: PairsMove, lang: str) -> str:
        """ "Hint: pair the 7 of hearts at position 3 with …"."""
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
            return card_name(Card.parse(self.rules.text(state.card_at(place))), lang)

        first, second, look = move.first, move.second, self.look
        if not second:
            words = look.alone_hint or look.pair_hint
            return str(gettext(words)) % {"card": name(first), "place": where(first)}
        if second == WASTE_TOP and look.waste_hint is not None:
            values = {"card": name(first), "place": where(first), "other": name(second)}
            return str(gettext(look.waste_hint)) % values
        values = {"card": name(first), "from": where(first), "other": name(second)}
        return str(gettext(look.pair_hint)) % (values | {"to": where(second)})


class PairsTable(GameTable[Any, PairsMove]):
    """A game of a pairs solitaire as the web app and the terminal player drive it; a
    game's table names its :attr:`solitaire_of`."""
