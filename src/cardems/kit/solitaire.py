"""What a solitaire gives the kit: its rules engine's state, piles, layout and solver.

A solitaire subclasses :class:`Solitaire`, sets :attr:`Solitaire.declaration` and
implements the abstract hooks; the others have defaults that fit most games. Every hook
is pure: it reads an immutable engine state and returns data, never changes the table.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from cardems.core.game import Action, Event
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.kit.piles import STOCK_ROLE, Declaration
from cardems.kit.play import Play

VERDICT_CAP = 600.0
"""Seconds a verdict of :meth:`Solitaire.verdict` may take at most: a cap only, its
budget is the positions the solver expands (a capped search answers undecided)."""

# What the narration (cardems.web.narration) says of a move of the kit's piles.
# TRANSLATORS: spoken after a move, e.g. "Moved 4 of spades."
MOVED = N_("Moved %(card)s.")
# TRANSLATORS: spoken after a draw, e.g. "Drew the 4 of hearts."
DREW = N_("Drew the %(card)s.")
RECYCLED = N_("Turned the waste over: a new stock.")
# TRANSLATORS: spoken after two cards (or a king) are taken off the table.
PAIRED = N_("Paired.")

# Hints of the solitaires with a stock and a waste.
DRAW_HINT = N_("Hint: draw a card")
RECYCLE_HINT = N_("Hint: turn the waste over to make a new stock")

M = TypeVar("M")


class KitState(Protocol[M]):
    """The engine state a kit solitaire plays on (immutable; ``apply`` returns a new one)."""

    def legal_moves(self) -> Sequence[M]: ...

    def refusal(self, move: M) -> str | None:
        """Why ``move`` is refused here (a marked message), or None when it is legal."""
        ...

    def apply(self, move: M) -> Self:
        """The state after ``move``; raise :class:`~cardems.core.history.IllegalMove`."""
        ...

    @property
    def outcome(self) -> str | None:
        """None while the game goes on, else ``won``, ``blocked``, ``stuck``…"""
        ...

    @property
    def score(self) -> int: ...

    @property
    def moves(self) -> int: ...


S = TypeVar("S", bound=KitState[Any])


class Solitaire(ABC, Generic[S, M]):
    """A solitaire's hooks for the kit's table (see the module docstring)."""

    declaration: Declaration
    """The piles and the table's manners (a class constant, or per instance for a game
    whose piles depend on the variant: Seahaven's free cells)."""

    # -- the deal and the piles ---------------------------------------------------------

    @abstractmethod
    def deal(self, code: DealCode) -> S:
        """The deal's first position."""

    @abstractmethod
    def cards(self, state: S, target: str) -> tuple[str | None, ...]:
        """The cards the view shows on the pile, bottom first: a card's code, or None
        for a face-down card (never its code)."""

    def size(self, state: S, target: str) -> int:
        """How many cards the pile holds (a counted pile may show fewer)."""
        return len(self.cards(state, target))

    @abstractmethod
    def free(self, state: S, target: str) -> int:
        """How many of the pile's top cards are available (may be picked up): 0 for none."""

    def identities(self, state: S, target: str) -> tuple[str | None, ...] | None:
        """Each shown card's identity, for a game that deals a card twice (Spider's two
        decks: ``7S.2``), bottom first like :meth:`cards`; the view then says ``id`` on
        each face-up card, which the browser follows in animations. None by default (a
        card's code is its identity)."""
        return None

    def hidden_cards(self, state: S) -> frozenset[str]:
        """The codes of the cards the player may not see (face down): none by default."""
        return frozenset()

    # -- gestures into moves -------------------------------------------------------------

    @abstractmethod
    def play(self, state: S, move: M) -> Play:
        """What ``move`` does in the table's words (see :class:`~cardems.kit.play.Play`)."""

    @abstractmethod
    def move_for(self, state: S, source: str, target: str, count: int | None) -> M | None:
        """The move the player means by taking ``count`` top cards of ``source`` (None:
        as many as the target takes) to ``target``; None when no move has that shape
        (then the tap selects ``target`` or does nothing). The engine's refusal of the
        move gives the error words."""

    def tap_move(self, state: S, target: str) -> M | None:
        """The move a tap alone plays: a stock's draw or recycle (whatever is selected),
        or a card sent home when nothing is selected. None by default."""
        return None

    def best_moves(self, state: S, source: str) -> Sequence[M]:
        """The moves a double tap on ``source`` may play, best first (the kit plays the
        first legal one; see ``Declaration.choose_among_several``). By default the legal
        moves that start at ``source`` (or end there, for a pairing game)."""
        pairing = self.declaration.pairing
        found = []
        for move in state.legal_moves():
            play = self.play(state, move)
            if play.source == source or (pairing and play.target == source):
                found.append(move)
        return found

    def frames(self, state: S, play: Play) -> bool:
        """Whether placement help frames the card that leads this legal play (every play
        by default; a game may frame only the useful ones, not every card that fits a
        free cell)."""
        return True

    def intent_of(self, state: S, move: M) -> Action:
        """The one intent that plays exactly ``move``: a tap on a stock it starts or
        ends at, else a drag (from a pile of runs, naming the index the cards start at)."""
        play = self.play(state, move)
        for end in (play.source, play.target):
            if self.declaration.spec(end).role == STOCK_ROLE:
                return ("tap", end)
        source = play.source
        if self.declaration.spec(source).runs:
            source += f":{self.size(state, source) - play.count}"
        return ("drag", source, play.target)

    def notation(self, move: M) -> str:
        """The move in the game's notation (logged in events and hints)."""
        return str(move)

    def narrate(self, before: S, after: S, move: M, play: Play) -> Event:
        """The move event's fields beyond ``type``, ``move``, ``from`` and ``to``: by
        default the card that leads the move and the browser's words for it."""
        return {"card": play.card, "say": MOVED}

    def auto_move(self, state: S) -> M | None:
        """A move the table makes by itself after each move with the auto-move setting
        (a safe move home); None by default."""
        return None

    def finish_moves(self, state: S) -> Sequence[M] | None:
        """With ``Declaration.finish``: the moves that end the game from here (every card
        home), or None when they do not exist yet."""
        return None

    def status(self, state: S) -> str:
        """``playing`` or how the game ended: the engine's outcome by default."""
        return state.outcome or "playing"

    # -- the layout ----------------------------------------------------------------------

    @abstractmethod
    def place(self, state: S, target: str) -> dict[str, Any]:
        """Where the pile lies on the board: ``x``, ``y`` (card units of 100 × 140), and
        any other keys its view carries (``fan`` replaces the declared one)."""

    @abstractmethod
    def board(self, state: S) -> dict[str, int]:
        """The board's ``width`` and ``height``."""

    def view_extra(self, state: S) -> dict[str, Any]:
        """Keys the game adds to the view (FreeCell's ``cells``); none by default."""
        return {}

    # -- the solver ----------------------------------------------------------------------

    def hint_move(self, state: S, previous: S | None) -> tuple[str, M | None]:
        """The solver's answer: ``("move", move)`` for the next move of a winning line,
        ``("back", move)``, or ``("lost" | "undecided", None)``. ``previous`` is the
        position the last move started from. Undecided by default (no solver)."""
        return ("undecided", None)

    def hint_words(self, state: S, move: M, lang: str) -> str:
        """A hinted move's words in ``lang`` ("Hint: pair the 7 of hearts …")."""
        raise NotImplementedError(f"{type(self).__name__} gives hints without words")

    def winnable(self, state: S, seconds: float) -> bool | None:
        """Whether the position can still be won (None: undecided in ``seconds``)."""
        return None

    def progress(self, state: S) -> int:
        """How near the position is to a win, for the generic search's order
        (:mod:`cardems.kit.generic`): minus the cards not yet where they end — on a home
        pile, or on a pile that takes cards and never gives them back (neither selectable
        nor a stock: a waste cards are played onto, the discards, Spider's foundations).
        Cards a move takes off the table (pairs) count as arrived."""
        return -sum(
            self.size(state, target)
            for spec in self.declaration.piles
            if not spec.home and (spec.selectable or spec.role == STOCK_ROLE)
            for target in spec.targets
        )

    def verdict(self, state: S, first_move: bool) -> tuple[bool | None, M | None]:
        """Whether the position can still be won (None: undecided) within the solver's
        budget of positions (the clock only a cap: :data:`VERDICT_CAP`), and with
        ``first_move``, the first move of a winning line ("where you lost it",
        :mod:`cardems.kit.lost`). By default :meth:`winnable`, and :meth:`hint_move`
        for the move; a solver bounded by the clock alone overrides it."""
        if not first_move:
            return self.winnable(state, VERDICT_CAP), None
        kind, move = self.hint_move(state, None)
        if kind == "move" and move is not None:
            return True, move
        return (False if kind == "lost" else None), None


R = TypeVar("R")


class FamilySolitaire(Solitaire[S, M], Generic[R, S, M]):
    """A family's solitaire of one declaration, :attr:`rules` (the discard, row and spaces
    families'): the family engine's ``deal(rules, code)`` (:attr:`dealer`) deals it, and
    its piles of the kind :attr:`numbered` are named ``kind:1`` … (:meth:`target`)."""

    rules: R
    numbered: ClassVar[str]
    """The kind of the family's numbered piles: ``pile``, ``tile``."""
    dealer: ClassVar[Callable[[Any, DealCode], Any]]
    """The family engine's ``deal(rules, code)``."""

    def deal(self, code: DealCode) -> S:
        dealt: S = type(self).dealer(self.rules, code)
        return dealt

    def target(self, index: int) -> str:
        """The target of the numbered pile ``index`` (0-based): ``pile:3`` for 2."""
        return f"{self.numbered}:{index + 1}"


def target_index(target: str) -> int:
    """The index of a numbered pile's target: ``pile:3`` → 2."""
    return int(target.partition(":")[2]) - 1
