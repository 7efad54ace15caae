"""The games of columns, free cells and foundations on the solitaire kit: their piles,
gestures, layout and hints, once for the family; each game gives its rules through the
hooks of :class:`CellSolitaire` (``count_for``, ``run_length``, ``group_limit``,
``safe_home_moves``, ``stuck``, ``solve``).

Targets: ``column:1`` … (a drag may name the card its cards start at, ``column:3:2``),
``cell:1`` … and ``foundation:S|H|D|C``. A tap with nothing selected sends the top card
home when that is legal, else selects the pile (a column's whole top run); a tap on
another pile moves the selection there, as many cards as the destination needs (into an
empty column the longest part that may move), or says why not and selects the tapped
pile when it can. A drag plays its move or says why not, selecting nothing. A double tap
tries the foundation, the longest column that takes the card or run, an empty column
(unless the run already fills its column), the first free cell. With the auto-move
setting the safe cards go home after each move (one undo step). Once every card left can
go home by plain moves (:func:`finish_moves`), ``finish`` plays them, one logged drag
each. Status: ``won``, ``stuck`` (no useful move, by the game's search) or ``playing``.
Everything else (selection, placement help, undo, the timer, the view) is the kit's.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Sequence
from importlib import import_module
from typing import Any, ClassVar, TypeVar

from cardems.cards import Card, Rank, Suit
from cardems.cellgames import piles
from cardems.cellgames.game import Verdict
from cardems.cellgames.hints import Lines, move_words
from cardems.cellgames.notation import SUIT_LETTERS, Move, Place, format_move
from cardems.cellgames.piles import CellState, home_move
from cardems.i18n.catalogs import translations
from cardems.i18n.labels import card_name
from cardems.i18n.markers import N_
from cardems.kit import CARD_STEP, Declaration, PileSpec, Play, Solitaire
from cardems.kit.solitaire import VERDICT_CAP

GAME_WON = N_("The game is won: start a new deal")
NO_CARD = N_("There is no card there")
NOWHERE = N_("This card has nowhere to go")
KEPT = N_("Cards on a foundation stay there")

HINT_SECONDS = 3.0
"""Search budget of a hint; with no line found in time, the hint says "undecided"."""

STATUS_CACHE = 512
"""Positions whose status (a search for a useful move) is kept."""

# Board geometry, in card-sized units of 100 × 140 (the card sprite's size).
FAN = 36  # between the cards of a column
COLUMN_TOP = 140 + 2 * 8 + 24


S = TypeVar("S", bound=CellState)


def next_home_move(state: CellState) -> Move | None:
    """The first column's top card or cell's card that can go home now, as a move."""
    sources = [Place("column", i) for i, pile in enumerate(state.columns) if pile]
    sources += [Place("cell", i) for i, card in enumerate(state.cells) if card is not None]
    return next((m for m in (home_move(state, place) for place in sources) if m), None)


def finish_moves(state: CellState) -> list[Move] | None:
    """The moves that send every card left home one at a time (a column's top card or a
    cell's card to its foundation), or None when that does not clear the table (or it is
    clear already). A card gone home never keeps another from following, so taking the
    first card that can go each time decides it."""
    if state.won or any(map(_buried, state.columns)):
        return None
    moves: list[Move] = []
    while not state.won:
        move = next_home_move(state)
        if move is None:
            return None
        moves.append(move)
        state = state.apply(move)
    return moves


def _buried(pile: tuple[Card, ...]) -> bool:
    """Whether a card lies under a higher one of its own suit (it cannot go home first)."""
    lowest: dict[Suit, int] = {}
    for card in pile:
        if card.rank > lowest.get(card.suit, 14):
            return True
        lowest[card.suit] = card.rank
    return False


def place_of(target: str) -> Place:
    """The place a canonical target names (``column:3`` → the third column)."""
    kind, _, name = target.partition(":")
    if not name:  # the stock, the waste
        return Place(kind, 0)
    index = SUIT_LETTERS.index(name) if kind == "foundation" else int(name) - 1
    return Place(kind, index)


class CellSolitaire(Solitaire[S, Move]):
    """The family's hooks for the kit; a game subclasses it with its rules."""

    n_columns: ClassVar[int]
    fan_room: ClassVar[int]
    """A column's fan fits this height: longer columns are fanned tighter, down to
    ``min_fan``; then the board grows."""
    min_fan: ClassVar[int] = 0
    foundations_give_back: ClassVar[bool] = True
    """Whether a foundation's top card may be taken back to the table."""

    def __init__(self, cells: int) -> None:
        self.n_cells = cells
        self.declaration = Declaration(
            piles=(
                PileSpec("column", count=self.n_columns, runs=True),
                PileSpec("cell", count=cells, numbered=True),
                PileSpec(
                    "foundation",
                    names=tuple(SUIT_LETTERS),
                    selectable=self.foundations_give_back,
                    counted=True,
                    kept_refusal=None if self.foundations_give_back else KEPT,
                    home=True,
                ),
            ),
            empty_refusal=NO_CARD,
            nowhere_refusal=NOWHERE,
            won_refusal=GAME_WON,
            finish=True,
            accepts_in_view=True,
            shortcuts={"d": None},
            drags_select=False,
        )
        self.lines: Lines[Any] = Lines(self.solve)
        self._statuses: dict[tuple[object, ...], str] = {}

    # -- the game's rules ----------------------------------------------------------------

    @abstractmethod
    def stuck(self, state: S) -> bool:
        """Whether no useful move is left."""

    @abstractmethod
    def count_for(self, state: S, source: Place, dest: Place) -> int:
        """How many cards of ``source``'s top run the move to ``dest`` takes."""

    @abstractmethod
    def run_length(self, state: S, pile: tuple[Card, ...]) -> int:
        """How many top cards of a column may move together."""

    @abstractmethod
    def group_limit(self, state: S) -> int:
        """The largest group of cards that may move together now."""

    @abstractmethod
    def safe_home_moves(self, state: S) -> Iterator[Move]:
        """The moves home the table makes by itself (with the auto-move setting)."""

    @abstractmethod
    def solve(self, state: S, seconds: float) -> Verdict:
        """The game's solver on ``state`` within ``seconds``."""

    # -- the kit's hooks -----------------------------------------------------------------

    def cards(self, state: S, target: str) -> tuple[str | None, ...]:
        """A column's cards, a cell's card, a foundation's top card: all face up."""
        return tuple(map(str, state.cards_at(place_of(target))))

    def size(self, state: S, target: str) -> int:
        """A foundation's height, else the cards shown."""
        place = place_of(target)
        if place.kind == "foundation":
            return state.foundations[place.index]
        return len(state.cards_at(place))

    def free(self, state: S, target: str) -> int:
        """A column's top run, a cell's or a foundation's top card."""
        place = place_of(target)
        if place.kind == "column":
            return self.run_length(state, state.columns[place.index])
        return len(state.cards_at(place))

    def play(self, state: S, move: Move) -> Play:
        cards = state.cards_at(move.source)[-move.count :]
        return Play(move.source.target, move.dest.target, move.count, tuple(map(str, cards)))

    def move_for(self, state: S, source: str, target: str, count: int | None) -> Move:
        """The move of ``count`` cards (None: as many as the destination needs)."""
        src, dest = place_of(source), place_of(target)
        return Move(src, dest, self.count_for(state, src, dest) if count is None else count)

    def tap_move(self, state: S, target: str) -> Move | None:
        """The top card home, when that is legal."""
        return home_move(state, place_of(target))

    def best_moves(self, state: S, source: str) -> Sequence[Move]:
        """The foundation, the longest column that takes the card or run, an empty column
        (unless the run already fills its column), the first free cell."""
        place = place_of(source)
        moves: list[Move] = []
        home = home_move(state, place)
        if home is not None:
            moves.append(home)
        columns = state.columns
        filled = [i for i in range(self.n_columns) if columns[i] and Place("column", i) != place]
        filled.sort(key=lambda i: -len(columns[i]))
        for index in filled:
            dest = Place("column", index)
            moves.append(Move(place, dest, self.count_for(state, place, dest)))
        empty = next((i for i in range(self.n_columns) if not columns[i]), None)
        if empty is not None:
            dest = Place("column", empty)
            count = self.count_for(state, place, dest)
            if not (place.kind == "column" and count == len(columns[place.index])):
                moves.append(Move(place, dest, count))
        free = next((i for i, card in enumerate(state.cells) if card is None), None)
        if free is not None and place.kind != "cell":
            moves.append(Move(place, Place("cell", free)))
        return moves

    def frames(self, state: S, play: Play) -> bool:
        """The cards that can go home or onto another column (into an empty column, the
        run the tap would move, unless it already fills its column)."""
        source, dest = place_of(play.source), place_of(play.target)
        if source.kind == "foundation" or dest.kind == "cell":
            return False
        if dest.kind == "foundation" or state.columns[dest.index]:
            return True
        if source.kind == "column" and play.count == len(state.columns[source.index]):
            return False
        return play.count == self.count_for(state, source, dest)

    def notation(self, move: Move) -> str:
        return format_move(move)

    def status(self, state: S) -> str:
        """``won``, ``stuck`` (see :meth:`stuck`) or ``playing``, kept per position."""
        key = state.position
        status = self._statuses.get(key)
        if status is None:
            status = "won" if state.won else "stuck" if self.stuck(state) else "playing"
            if len(self._statuses) >= STATUS_CACHE:
                self._statuses.clear()
            self._statuses[key] = status
        return status

    def auto_move(self, state: S) -> Move | None:
        return next(self.safe_home_moves(state), None)

    def finish_moves(self, state: S) -> Sequence[Move] | None:
        return finish_moves(state)

    # -- the layout ----------------------------------------------------------------------

    def _fan(self, state: S) -> tuple[int, int]:
        """The columns' fan and the height it takes: tighter for longer columns."""
        longest = max(1, *(len(pile) for pile in state.columns))
        fan = max(self.min_fan, min(FAN, self.fan_room // max(1, longest - 1)))
        return fan, max(self.fan_room, fan * (longest - 1))

    def place(self, state: S, target: str) -> dict[str, Any]:
        """Columns under a row of cells (left) and foundations (right)."""
        place = place_of(target)
        if place.kind == "column":
            return {"x": place.index * CARD_STEP, "y": COLUMN_TOP, "fan": self._fan(state)[0]}
        if place.kind == "cell":
            return {"x": place.index * CARD_STEP, "y": 0}
        x = (self.n_columns - 4 + place.index) * CARD_STEP
        return {"x": x, "y": 0, "suit": SUIT_LETTERS[place.index]}

    def board(self, state: S) -> dict[str, int]:
        return {
            "width": self.n_columns * CARD_STEP - 8,
            "height": COLUMN_TOP + 140 + self._fan(state)[1] + 8,
        }

    def view_extra(self, state: S) -> dict[str, Any]:
        """How many free cells the variant has, and the largest group that may move."""
        return {"cells": self.n_cells, "group_limit": self.group_limit(state)}

    # -- the solver ----------------------------------------------------------------------

    def hint_move(self, state: S, previous: S | None) -> tuple[str, Move | None]:
        """The next move of a kept winning line (see :mod:`cardems.cellgames.hints`)."""
        return self.lines.next_move(state, previous, HINT_SECONDS)

    def hint_words(self, state: S, move: Move, lang: str) -> str:
        """ "Hint: move the 4 of spades from column 6 to free cell 3"."""
        card = state.cards_at(move.source)[-move.count]
        return move_words(move, card_name(card, lang), translations(lang).gettext)

    def winnable(self, state: S, seconds: float) -> bool | None:
        return self.solve(state, seconds).winnable

    def verdict(self, state: S, first_move: bool) -> tuple[bool | None, Move | None]:
        """The search's verdict within its positions (the clock only a cap), with the
        first move of its winning line."""
        found = self.solve(state, VERDICT_CAP)
        return found.winnable, (found.moves[0] if found.winnable and found.moves else None)


R = TypeVar("R", bound=piles.CellRules)


class RulesSolitaire(CellSolitaire[R]):
    """The hooks of a game whose state carries its rules
    (:class:`~cardems.cellgames.piles.CellRules`: FreeCell, Baker's Game, Seahaven):
    ``stuck`` by the family's search within :attr:`stuck_limit` positions, ``solve`` by the
    game's exact solver (:attr:`solver`)."""

    stuck_limit: ClassVar[int]
    solver: ClassVar[str]
    """The module of the game's exact solver (its ``solve_state``), imported on demand."""

    def solve(self, state: R, seconds: float) -> Verdict:
        verdict: Verdict = import_module(self.solver).solve_state(state, time_limit=seconds)
        return verdict

    def stuck(self, state: R) -> bool:
        """No useful move; past the search's limit the answer is "not stuck"."""
        from cardems.cellgames.solver import progress_possible, rules_of

        return progress_possible(state, rules_of(state), self.stuck_limit) is False

    def count_for(self, state: R, source: Place, dest: Place) -> int:
        """The part of the run that builds on the destination's top card; into an empty
        column the king-led part where only a king fills one, else the longest part that
        may move (1 if none fits)."""
        if source.kind != "column" or dest.kind != "column":
            return 1
        pile = state.columns[source.index]
        run = state.run_length(pile)
        target_pile = state.columns[dest.index]
        if not target_pile and not state.kings_only:
            return max(1, min(run, piles.group_limit(state, dest)))
        for count in range(1, run + 1):
            card = pile[-count]
            if target_pile:
                if piles.builds_on(card, target_pile[-1], state.by_suit):
                    return count
            elif card.rank is Rank.KING:
                return count
        return 1

    def run_length(self, state: R, pile: tuple[Card, ...]) -> int:
        return state.run_length(pile)

    def group_limit(self, state: R) -> int:
        return piles.group_limit(state)

    def safe_home_moves(self, state: R) -> Iterator[Move]:
        return piles.safe_home_moves(state)
