"""The kit's hooks for any build-family declaration, written once: the cell family's
gestures, placement help, labels and hints (:class:`~cardems.cellgames.table.CellSolitaire`)
with the declaration's rules, layout and the generic solver.

With a stock (``Stock.draw``) the table adds two piles on the top row's left, ``stock``
(face down: the view never carries its cards' codes; a tap plays :data:`engine.DRAW`) and
``waste`` (counted: the view shows only the cards the last turn showed, of which only the
top one plays); a stock that deals onto the columns (``Stock.to_columns``) has no waste."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

from cardems.cards import Card, Rank
from cardems.cellgames.game import Verdict
from cardems.cellgames.hints import place_words
from cardems.cellgames.notation import Move, Place
from cardems.cellgames.piles import home_move
from cardems.cellgames.table import COLUMN_TOP, FAN, CellSolitaire, place_of
from cardems.core.game import Event
from cardems.dealcode import DealCode
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.markers import N_
from cardems.kit import CARD_STEP, PileSpec, Play
from cardems.kit.building import engine
from cardems.kit.building.declare import BuildRules, Empty
from cardems.kit.building.engine import DRAW, BuildState
from cardems.kit.piles import STOCK_ROLE
from cardems.kit.solitaire import DRAW_HINT, DREW, MOVED, RECYCLE_HINT, RECYCLED

# TRANSLATORS: a hint, e.g. "Hint: move the 4 of spades from the reserve to column 3".
FROM_RESERVE = N_("Hint: move the %(card)s from the reserve to %(to)s")
# TRANSLATORS: a hint in a game whose foundations take a whole suit at once, e.g. "Hint:
# move the king of spades and the cards on it, down to the ace, to its foundation".
SUIT_HOME = N_("Hint: move the %(card)s and the cards on it, down to the ace, to its foundation")
# TRANSLATORS: a hint in a game whose stock deals one card onto each of the first columns
# (Scorpion: the first three).
DEAL_HINT = N_("Hint: deal the stock's cards onto the columns")
# TRANSLATORS: a hint, e.g. "Hint: move the 4 of spades from the waste to column 3".
FROM_WASTE = N_("Hint: move the %(card)s from the waste to %(to)s")
TALON = ("stock", "waste")

ROW_STEP = 140 + 8
"""From one row of cells to the next (the cells of a reserve wider than the columns)."""
STUCK_LIMIT = 2_000
"""Positions the "no useful move" search may visit before it says "not stuck"."""
ROW_COLUMNS = 10
"""The most columns a row of the table holds (see :meth:`DeclaredSolitaire.place`): ten,
Spider's, whose cards are the narrowest that still stand 44 px wide on a phone."""
ROW_GAP = 24
"""Between two rows of columns, in card units."""
ROOM = 14 * FAN
"""The height a one-row table's columns fan in."""
ROW_ROOM = 6 * FAN
"""The height each row of a table of several rows fans in: seven cards at the full fan,
fifteen at the tightest the page draws (so two rows fit a phone's height too)."""
HINT_SECONDS = 10.0
"""A hint's wall-clock cap (its verdict is bounded by the solver's positions): the generic
search is slower than the cell family's, so it waits longer before "undecided"."""


class DeclaredSolitaire(CellSolitaire[BuildState]):
    """A declaration's hooks (one class per declaration: :func:`solitaire_of`)."""

    rules: BuildRules
    fan_room = ROOM

    def __init__(self, cells: int) -> None:
        super().__init__(cells)
        stock = self.rules.stock
        kinds = () if not stock.draw else ("stock",) if stock.to_columns else TALON
        self.talon_piles = kinds + (("reserve",) if self.rules.reserve.dealt else ())
        self.talon = len(self.talon_piles)  # the top row's places they take
        if self.talon:
            specs = {
                "stock": PileSpec("stock", role=STOCK_ROLE, counted=True),
                "waste": PileSpec("waste", counted=True),
                "reserve": PileSpec("reserve", counted=True),
            }
            talon = tuple(specs[kind] for kind in self.talon_piles)
            self.declaration = replace(self.declaration, piles=(*talon, *self.declaration.piles))

    def deal(self, code: DealCode) -> BuildState:
        return engine.deal(self.rules, code)

    # -- the stock and the waste -----------------------------------------------------------

    def size(self, state: BuildState, target: str) -> int:
        if target == "reserve":
            return len(state.reserve)
        if target in TALON:
            return len(state.stock if target == "stock" else state.waste)
        return super().size(state, target)

    def play(self, state: BuildState, move: Move) -> Play:
        if move == DRAW and self.rules.stock.to_columns:
            return Play("stock", "column:1", min(self.rules.stock.to_columns, len(state.stock)))
        if move == DRAW:
            return Play("stock", "waste") if state.stock else Play("waste", "stock")
        return super().play(state, move)

    def narrate(self, before: BuildState, after: BuildState, move: Move, play: Play) -> Event:
        """The card a draw turned (which a listener cannot see), else the moved card."""
        if move == DRAW and self.rules.stock.to_columns:
            return {"card": None, "say": MOVED}  # the cards dealt show face up
        if move == DRAW and before.stock:
            return {"say": DREW, "card": str(after.waste[-1])} if after.waste else {}
        if move == DRAW:
            return {"say": RECYCLED, "card": ""}
        return super().narrate(before, after, move, play)

    def stuck(self, state: BuildState) -> bool:
        """No line of moves between columns and cells brings a card home."""
        from cardems.kit.building.solver import progress_possible

        return progress_possible(state, STUCK_LIMIT) is False

    def count_for(self, state: BuildState, source: Place, dest: Place) -> int:
        """The part of the run that builds on the destination's top card, or into an empty
        column the longest part that may move (1 if none fits)."""
        if dest.kind == "foundation" and self.rules.foundations.whole_suits:
            whole = engine.suit_home_move(state, source)
            return 1 if whole is None else whole.count
        if source.kind != "column" or dest.kind != "column":
            return 1
        pile = state.columns[source.index]
        run = engine.moving_length(self.rules, pile, state.down_at(source.index))
        target = state.columns[dest.index]
        if not target:
            most = min(run, engine.group_limit(state, dest))
            if self.rules.tableau.empty is Empty.KINGS:  # the longest part a king leads
                kings = [n for n in range(most, 0, -1) if pile[-n].rank == Rank.KING]
                if kings:
                    return kings[0]
            return max(1, most)
        for count in range(1, run + 1):
            if engine.builds_on(self.rules, pile[-count], target[-1]):
                return count
        return 1

    def run_length(self, state: BuildState, pile: tuple[Card, ...]) -> int:
        return engine.moving_length(self.rules, pile)

    def cards(self, state: BuildState, target: str) -> tuple[str | None, ...]:
        """The stock face down, the waste's cards the last turn showed, the reserve pile
        face down but its top card, a column's face-down cards as backs (None: never their
        faces); else the family's."""
        if target == "reserve":
            return (None,) * (len(state.reserve) - 1) + tuple(map(str, state.reserve[-1:]))
        if target == "stock":
            return (None,) * len(state.stock)
        if target == "waste":
            return tuple(map(str, state.waste[-self.rules.stock.draw :]))
        place = place_of(target)
        shown = super().cards(state, target)
        if place.kind != "column" or not state.down_at(place.index):
            return shown
        hidden = state.down_at(place.index)
        return (None,) * hidden + shown[hidden:]

    def hidden_cards(self, state: BuildState) -> frozenset[str]:
        """The columns' face-down cards, the stock's, the waste's under those shown and
        the reserve's under its top."""
        under = state.waste[: -self.rules.stock.draw] if self.rules.stock.draw else ()
        down = (card for i, pile in enumerate(state.columns) for card in pile[: state.down_at(i)])
        return frozenset(str(card) for card in (*down, *state.stock, *under, *state.reserve[:-1]))

    def free(self, state: BuildState, target: str) -> int:
        """The waste's and the reserve's top card, nothing of the stock, a column's cards
        that may move together (never a face-down one); else the family's."""
        if target == "reserve":
            return int(bool(state.reserve))
        if target in TALON:
            return int(target == "waste" and bool(state.waste))
        place = place_of(target)
        if place.kind != "column":
            return super().free(state, target)
        pile = state.columns[place.index]
        return engine.moving_length(self.rules, pile, state.down_at(place.index))

    def group_limit(self, state: BuildState) -> int:
        return engine.group_limit(state)

    def tap_move(self, state: BuildState, target: str) -> Move | None:
        """The stock's move; the top card home, or a whole suit when the foundations take
        only those."""
        if target == "stock":
            return DRAW
        place = place_of(target)
        return engine.suit_home_move(state, place) or home_move(state, place)

    def best_moves(self, state: BuildState, source: str) -> Sequence[Move]:
        """A whole suit home first (``whole_suits``), then the family's."""
        whole = engine.suit_home_move(state, place_of(source))
        moves = super().best_moves(state, source)
        return moves if whole is None else [whole, *moves]

    def safe_home_moves(self, state: BuildState) -> Iterator[Move]:
        """The moves home of cards nothing could ever be built on; with ``whole_suits``,
        the whole suits on top of their columns (as Spider sends them home itself)."""
        from cardems.kit.building.solver import _safe, _tables, renumber

        if self.rules.foundations.whole_suits:
            for index in range(len(state.columns)):
                whole = engine.suit_home_move(state, Place("column", index))
                if whole is not None:
                    yield whole
            return
        tables = _tables(self.rules, state.base)
        sources = [Place("column", i) for i in range(len(state.columns))]
        sources += [Place("cell", i) for i in range(len(state.cells))]
        sources += [engine.WASTE] if state.waste else []
        sources += [engine.RESERVE_PLACE] if state.reserve else []
        for source in sources:
            move = home_move(state, source)
            if move is not None:
                card = state.cards_at(source)[-1]
                if _safe(renumber(card.ordinal, state.base), state.foundations, tables):
                    yield move

    def solve(self, state: BuildState, seconds: float) -> Verdict:
        from cardems.kit.building.solver import solve_state

        return solve_state(state, time_limit=seconds)

    def hint_move(self, state: BuildState, previous: BuildState | None) -> tuple[str, Move | None]:
        """The next move of a kept winning line (:mod:`cardems.cellgames.hints`)."""
        return self.lines.next_move(state, previous, HINT_SECONDS)

    def hint_words(self, state: BuildState, move: Move, lang: str) -> str:
        """The family's words, a reserve's card named as such, a whole suit as one, the
        stock's move and the waste's card."""
        gettext = translations(lang).gettext
        if move == DRAW and self.rules.stock.to_columns:
            return gettext(DEAL_HINT)
        if move == DRAW:
            return gettext(DRAW_HINT if state.stock else RECYCLE_HINT)
        if move.source.kind == "waste" and move.dest.kind != "foundation":
            card = card_name(state.cards_at(move.source)[-1], lang)
            return gettext(FROM_WASTE) % {"card": card, "to": place_words(move.dest, gettext)}
        if move.dest.kind == "foundation" and move.count > 1:
            gettext = translations(lang).gettext
            card = card_name(state.cards_at(move.source)[-move.count], lang)
            return gettext(SUIT_HOME) % {"card": card}
        if move.source.kind == "reserve" and move.dest.kind != "foundation":
            card = card_name(state.cards_at(move.source)[-1], lang)
            return gettext(FROM_RESERVE) % {"card": card, "to": place_words(move.dest, gettext)}
        if move.source.kind != "cell" or move.dest.kind != "column" or self.rules.cells.refill:
            return super().hint_words(state, move, lang)
        gettext = translations(lang).gettext
        card = card_name(state.cards_at(move.source)[-1], lang)
        return gettext(FROM_RESERVE) % {"card": card, "to": place_words(move.dest, gettext)}

    # -- the layout: cells then foundations on the top row, the columns under them ------
    # A table of more than ROW_COLUMNS columns lays them out in rows of equal count (13:
    # rows of 7 and 6, as PySolFC lays out Baker's Dozen; 18: two rows of 9), so that its
    # cards stay as large on a phone as Spider's. More cells than a row of columns
    # (Flower Garden's reserve of 16 beside 6 columns) would make the top row far wider
    # than the columns, and a phone would shrink every card to fit: such cells wrap
    # instead, in rows as wide as the columns, the first row's right end holding the
    # foundations.

    @property
    def rows(self) -> int:
        """How many rows the columns take."""
        return -(-self.n_columns // ROW_COLUMNS)

    @property
    def per_row(self) -> int:
        """The columns of a full row."""
        return -(-self.n_columns // self.rows)

    def _wraps(self) -> bool:
        return self.n_cells > self.per_row

    def _width(self) -> int:
        """The board's width in cards."""
        if self._wraps():
            return max(self.per_row, 5 + self.talon)
        return max(self.per_row, self.talon + self.n_cells + 4)

    def _cell_at(self, index: int) -> tuple[int, int]:
        """A cell's column and row on the board (see above), after the stock and waste."""
        first = self._width() - 4
        if not self._wraps() or index + self.talon < first:
            return self.talon + index, 0
        index += self.talon
        return (index - first) % self._width(), 1 + (index - first) // self._width()

    def _cell_rows(self) -> int:
        """How many rows of cells lie above the columns."""
        return 1 + (self._cell_at(self.n_cells - 1)[1] if self.n_cells else 0)

    def place(self, state: BuildState, target: str) -> dict[str, Any]:
        found = super().place(state, target)
        below_cells = (self._cell_rows() - 1) * ROW_STEP
        if target in self.talon_piles:
            return {"x": self.talon_piles.index(target) * CARD_STEP, "y": 0}
        if target.startswith("foundation:"):
            first = max(self.per_row - 4, self.talon + self.n_cells)
            first = self._width() - 4 if self._wraps() else first
            found["x"] = (first + "SHDC".index(target[-1])) * CARD_STEP
        elif target.startswith("cell:"):
            x, row = self._cell_at(int(target.partition(":")[2]) - 1)
            found["x"], found["y"] = x * CARD_STEP, row * ROW_STEP
        elif self.rows > 1:
            row, at = divmod(int(target.split(":")[1]) - 1, self.per_row)
            found["x"] = at * CARD_STEP
            found["y"] = COLUMN_TOP + below_cells + row * (140 + self._fan(state)[1] + ROW_GAP)
        else:
            found["y"] += below_cells
        return found

    def board(self, state: BuildState) -> dict[str, int]:
        rows = self.rows
        columns = rows * (140 + self._fan(state)[1]) + (rows - 1) * ROW_GAP
        return {
            "width": self._width() * CARD_STEP - 8,
            "height": COLUMN_TOP + (self._cell_rows() - 1) * ROW_STEP + columns + 8,
        }


@functools.cache
def solitaire_of(rules: BuildRules) -> DeclaredSolitaire:
    """The one solitaire of ``rules``."""
    kind = type(
        f"{rules.game.replace(' ', '')}Solitaire",
        (DeclaredSolitaire,),
        {
            "rules": rules,
            "n_columns": rules.columns,
            "fan_room": ROOM if rules.columns <= ROW_COLUMNS else ROW_ROOM,
        },
    )
    solitaire: DeclaredSolitaire = kind(rules.cells.count)
    return solitaire
