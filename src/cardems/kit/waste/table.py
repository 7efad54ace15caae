"""The waste family on the solitaire kit: piles, gestures, layout, hints, spoken labels
and the terminal, all from the declaration.

Targets: ``<kind>:1`` … (the layout's piles: ``peak:12``, ``column:3``), ``stock`` (when
the game has one) and the waste (``waste``, or ``hole``). A tap on the stock turns its
top card onto the waste. A tap (or a double tap) on a pile's free top card that fits
plays it; one that does not fit is selected, and a tap or a drop on the waste then says
why it cannot go there. A tap on a covered card or an empty place does nothing.

Face-down cards never reach the browser: :meth:`WasteSolitaire.cards` gives them as
None and :meth:`WasteSolitaire.hidden_cards` names them for the web layer's checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardems.cards import Card
from cardems.core.game import Action, Event, State
from cardems.core.labels import counted, label_position, spoken_card, target_number
from cardems.dealcode import DealCode
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name, spoken_label
from cardems.kit import DREW, MOVED, STOCK_ROLE, Declaration, PileSpec, Play, Solitaire
from cardems.kit.waste.declare import WasteDeclaration
from cardems.kit.waste.engine import GONE, Move, WasteState, card_text, deal
from cardems.kit.waste.solver import solve

STOCK = "stock"


class WasteSolitaire(Solitaire[WasteState, Move]):
    """The kit's hooks for any declaration of the waste family."""

    def __init__(self, game: WasteDeclaration) -> None:
        self.game = game
        self.waste = game.waste_kind
        piles = [PileSpec(game.kind, count=len(game.layout.piles), outlined=game.outlined)]
        if game.layout.fan:
            piles[0] = PileSpec(game.kind, count=len(game.layout.piles), fan=game.layout.fan)
        if game.stock:
            piles.append(PileSpec(STOCK, role=STOCK_ROLE, counted=True))
        piles.append(PileSpec(self.waste, counted=True, selectable=False))
        self.declaration = Declaration(
            piles=tuple(piles),
            covering=not game.open,
            unknown_target=game.words.unknown_target,
            shortcuts={"d": {"type": "tap", "target": STOCK}} if game.stock else {},
        )

    def target(self, pile: int) -> str:
        """The target of layout pile ``pile``."""
        return f"{self.game.kind}:{pile}"

    def _source(self, move: Move) -> str:
        return STOCK if move.is_draw else self.target(move.pile)

    def deal(self, code: DealCode) -> WasteState:
        return deal(self.game, code)

    def cards(self, state: WasteState, target: str) -> tuple[str | None, ...]:
        """A pile's cards (None while face down), the stock face down, the waste's top."""
        if target == STOCK:
            return (None,) * len(state.stock)
        if target == self.waste:
            return (card_text(state.waste_top),) if state.waste else ()
        shown = []
        for position in state.rules.piles[target_number(target) - 1]:
            card = state.layout[position - 1]
            if card != GONE:
                up = self.game.open or state.is_face_up(position)
                shown.append(card_text(card) if up else None)
        return tuple(shown)

    def size(self, state: WasteState, target: str) -> int:
        return len(state.waste) if target == self.waste else len(self.cards(state, target))

    def free(self, state: WasteState, target: str) -> int:
        """A pile's free top card; the waste's card never leaves."""
        if target in (STOCK, self.waste):
            return 0
        top = state.top(target_number(target))
        return int(top is not None and state.is_face_up(top))

    def play(self, state: WasteState, move: Move) -> Play:
        if move.is_draw:
            return Play(STOCK, self.waste)
        top = state.top(move.pile)
        card = None if top is None else card_text(state.layout[top - 1])
        return Play(self._source(move), self.waste, 1, () if card is None else (card,))

    def move_for(
        self, state: WasteState, source: str, target: str, count: int | None
    ) -> Move | None:
        """A pile's top card onto the waste; nothing else has a move's shape."""
        if target != self.waste or source in (STOCK, self.waste):
            return None
        return Move(target_number(source))

    def tap_move(self, state: WasteState, target: str) -> Move | None:
        """The stock turns a card; a pile's free top card goes to the waste."""
        if target == STOCK:
            return Move.draw()
        if target == self.waste or not self.free(state, target):
            return None
        return Move(target_number(target))

    def best_moves(self, state: WasteState, source: str) -> Sequence[Move]:
        """A pile's one move, when it is legal."""
        move = self.move_for(state, source, self.waste, 1)
        return [] if move is None or state.refusal(move) else [move]

    def intent_of(self, state: WasteState, move: Move) -> Action:
        """A tap on the stock or on the pile."""
        return ("tap", self._source(move))

    def narrate(self, before: WasteState, after: WasteState, move: Move, play: Play) -> Event:
        """The card that landed on the waste (a draw's could not be seen before)."""
        return {"say": DREW if move.is_draw else MOVED, "card": card_text(after.waste_top)}

    def hidden_cards(self, state: WasteState) -> frozenset[str]:
        """The stock's cards and the face-down layout cards."""
        face_up = set(state.face_up())
        down = [
            c
            for p, c in enumerate(state.layout, 1)
            if c != GONE and p not in face_up and not self.game.open
        ]
        return frozenset(card_text(card) for card in (*state.stock, *down))

    def place(self, state: WasteState, target: str) -> dict[str, Any]:
        layout = self.game.layout
        if target in (STOCK, self.waste):
            x, y = layout.stock if target == STOCK else layout.waste
            return {"x": x, "y": y}
        return dict(layout.places[target_number(target) - 1])

    def board(self, state: WasteState) -> dict[str, int]:
        width, height = self.game.layout.board
        return {"width": width, "height": height}

    def view_extra(self, state: WasteState) -> dict[str, Any]:
        """The streak running now, where each card of it scores one more."""
        return {"streak": state.streak} if self.game.scoring.streak else {}

    def hint_move(self, state: WasteState, previous: WasteState | None) -> tuple[str, Move | None]:
        """The next move of a winning line; "undecided" past the hint budget."""
        return solve(state, self.game.hint_nodes).hint()

    def hint_words(self, state: WasteState, move: Move, lang: str) -> str:
        """ "Hint: play the 7 of hearts at position 3 onto the waste's 8 of clubs"."""
        gettext = translations(lang).gettext
        words = self.game.words
        if move.is_draw:
            return str(gettext(words.draw_hint))
        top = state.top(move.pile)
        assert top is not None
        card = card_name(Card.from_index(state.layout[top - 1]), lang)
        if not state.waste:
            return str(gettext(words.first_hint)) % {"card": card, "num": move.pile}
        other = card_name(Card.from_index(state.waste_top), lang)
        return str(gettext(words.play_hint)) % {"card": card, "num": move.pile, "other": other}

    def winnable(self, state: WasteState, seconds: float) -> bool | None:
        """The verdict search (None: undecided within the hint budget)."""
        return solve(state, self.game.hint_nodes).winnable

    # -- spoken labels -------------------------------------------------------------------

    def label_pile(self, pile: dict[str, Any], lang: str) -> None:
        """Label a layout pile, the stock or the waste, and its cards."""
        if pile["kind"] == self.game.kind:
            label_position(pile, lang, self.game.words.where)
            return
        cards = pile["cards"]
        t = translations(lang)
        name = str(t.gettext("Stock" if pile["kind"] == STOCK else self.game.words.waste))
        parts = counted(name, pile, lang)
        if pile["kind"] == self.waste:
            for card in cards:
                card["label"] = spoken_label([spoken_card(card, lang), name], lang)
            if cards:
                parts.append(spoken_card(cards[-1], lang))
        pile["label"] = spoken_label(parts, lang)


def layout_data(game: WasteDeclaration, state: WasteState) -> dict[str, Any]:
    """The layout's positions (with their pile, face up or not), the waste (bottom →
    top) and the stock (next card first), JSON-ready."""
    face_up = set(state.face_up())
    positions = []
    for p in range(1, len(state.layout) + 1):
        card = state.layout[p - 1]
        entry: dict[str, Any] = {"position": p}
        if game.layout.fan:
            entry["pile"] = state.rules.pile_of[p - 1]
        entry["card"] = None if card == GONE else card_text(card)
        entry["face_up"] = p in face_up or (game.open and card != GONE)
        positions.append(entry)
    data: dict[str, Any] = {
        f"{game.kind}s": positions,
        "waste": [card_text(c) for c in state.waste],
    }
    if game.stock:
        data["stock"] = [card_text(card) for card in state.stock]
    return data


def render_state(game: WasteDeclaration, state: WasteState) -> str:
    """The layout (``..`` an empty place, face-down cards in brackets), then the waste
    and the stock."""
    face_up = set(state.face_up())
    grid: dict[int, list[tuple[int, str]]] = {}
    for number, pile in enumerate(game.layout.piles):
        row, column = game.layout.text[number]
        for k, p in enumerate(pile):
            card = state.layout[p - 1]
            text = ".." if card == GONE else card_text(card)
            if card != GONE and p not in face_up and not game.open:
                text = f"[{text}]"
            grid.setdefault(row + k, []).append((column, text))
    lines = []
    for row in range(max(grid) + 1):
        line = ""
        for column, text in sorted(grid.get(row, [])):
            line = line.ljust(column) + text
        lines.append(line.rstrip())
    waste = "hole" if game.waste_kind == "hole" else "waste"
    top = card_text(state.waste_top) if state.waste else "none: any card goes"
    lines.append(f"{waste} ({len(state.waste)}): top {top}")
    if game.stock:
        stock = " ".join(card_text(card) for card in state.stock)
        lines.append(f"stock ({len(state.stock)}, next first): {stock}".rstrip())
    return "\n".join(lines)


class WasteTextPlay:
    """``cardems play`` for a game of the family: moves by pile number, ``D`` draws."""

    def __init__(self, game: WasteDeclaration) -> None:
        self.game = game
        self.title = game.words.title
        self.moves_help = game.words.moves_help

    def start(self, code: DealCode) -> State[Any]:
        return deal(self.game, code)

    def parse(self, text: str, state: State[Any]) -> Any:
        assert isinstance(state, WasteState)
        return state.rules.parse(text)

    def show(self, code: DealCode, state: State[Any]) -> str:
        assert isinstance(state, WasteState)
        free = sorted({state.rules.pile_of[p - 1] for p in state.face_up()})
        playable = " ".join(map(str, free))
        return f"{render_state(self.game, state)}\n{self.game.kind}s free: {playable}"

    def hint(self, state: State[Any]) -> str | None:
        assert isinstance(state, WasteState)
        verdict = solve(state, self.game.hint_nodes)
        if verdict.winnable is None:
            return "undecided"
        return str(verdict.line[0]) if verdict.line else None

    def score(self, state: State[Any]) -> tuple[int, int]:
        assert isinstance(state, WasteState)
        return state.score, state.moves
