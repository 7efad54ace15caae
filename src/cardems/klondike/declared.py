"""Klondike as a declaration of the build family, and the bridge between its notation
(``D``, ``R``, ``W>3``, ``2>5``, ``FH>3``: :class:`cardems.klondike.rules.Move`, what
saved games and hints hold) and the family engine's moves.

Each variant and scoring is one declaration (:data:`RULES`): seven columns dealt 1 to 7
cards, all face down but the top one; cards build down in alternate colours, any
face-up run moves, only a king (or a run led by one) fills an empty column; the stock
turns one or three cards onto the waste, as often as the player likes or (``L``) once
at draw one and three times at draw three; a foundation's top card may come back onto a
column; Microsoft's standard points or Vegas; a deal number deals the same cards at
every draw. The family's deal of a code is Klondike's (the same shuffle of the same
ordinals, dealt row by row, the stock turned from ``deck[28]`` on).

:func:`refusal` gives a Klondike move's refusal in Klondike's own words (the family
engine decides; its words are Klondike's where they differ), :func:`family_move` and
:func:`klondike_move` turn one notation into the other.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardems.cellgames.notation import Move, Place
from cardems.core.history import IllegalMove
from cardems.core.stuck import progress_reachable
from cardems.dealcode import DealCode
from cardems.kit.building import (
    UNLIMITED,
    Build,
    BuildRules,
    Empty,
    Foundations,
    Group,
    Points,
    Stock,
    Tableau,
    declare,
    engine,
)
from cardems.kit.building.board import BuildBoard
from cardems.kit.building.engine import DRAW, WASTE, BuildState
from cardems.klondike import rules as kl
from cardems.klondike.rules import SCORINGS, SUITS, VARIANTS

STANDARD = kl.STANDARD_POINTS
"""Microsoft's points, as Klondike's rules name them."""


def points(variant: str, scoring: str) -> Points:
    """Microsoft's standard points (a redeal costs 100 at draw one, 20 at draw three; draw
    one's limited pass has none) or Vegas (52 paid for the deal, 5 back for each card
    home)."""
    if scoring == "vegas":
        card = kl.VEGAS_CARD
        return Points(home=card, back=-card, start=-kl.VEGAS_STAKE)
    return Points(
        home=STANDARD["to foundation"],
        from_waste=STANDARD["waste>column"],
        turn=STANDARD["turn"],
        back=STANDARD["from foundation"],
        redeal=0 if variant == "D1L" else -100 if variant == "D1" else -20,
        floor=0,
    )


def declaration(variant: str, scoring: str) -> BuildRules:
    """The declaration of ``variant`` (:data:`VARIANTS`) scored ``scoring``."""
    limited = kl.Rules.of(variant, scoring).recycles
    return declaration_of(int(variant[1]), limited, points(variant, scoring))


def declaration_of(draw: int, recycles: int | None, scored: Points | None = None) -> BuildRules:
    """Klondike's rules at draw ``draw``, with ``recycles`` redeals (None: as many as the
    player likes), scored ``scored`` (by default Microsoft's points, a redeal costing
    nothing)."""
    if scored is None:
        scored = replace(points("D1", "standard"), redeal=0)
    return declare(
        BuildRules(
            "Klondike",
            Tableau(deal=tuple(range(1, 8)), empty=Empty.KINGS, down=tuple(range(7))),
            Build(),
            Group.RUN,
            foundations=Foundations(take_back=True),
            stock=Stock(draw, UNLIMITED if recycles is None else recycles),
            points=scored,
            same_cards=True,
        )
    )


RULES = {
    (variant, scoring): declaration(variant, scoring)
    for variant in VARIANTS
    for scoring in SCORINGS
}
"""Every variant's declaration in every scoring."""


def deal(code: DealCode, scoring: str = "standard") -> BuildState:
    """The first position of deal ``code`` on the family engine, scored ``scoring``;
    ValueError (one line) for an unknown variant or scoring."""
    kl.Rules.of(code.variant, scoring)  # refuses what no declaration plays
    return engine.deal(RULES[code.variant, scoring], code)


def _column(text: str) -> Place:
    return Place("column", int(text) - 1)


def family_move(state: BuildState, move: kl.Move) -> Move:
    """The family's move for a Klondike move in ``state``: ``D`` and ``R`` the stock's,
    a move to ``F`` to the moving card's own foundation, a column's move onto another
    the face-up run that fits there (its top card alone when none does)."""
    if move.source in ("D", "R"):
        return DRAW
    if move.source == "W":
        source = WASTE
    elif move.source.startswith("F"):
        source = Place("foundation", SUITS.index(move.source[1]))
    else:
        source = _column(move.source)
    cards = state.cards_at(source)
    if move.target == "F":
        suit = cards[-1].suit.order if cards else 0
        return Move(source, Place("foundation", suit))
    dest = _column(move.target)
    count = 1
    if source.kind == "column":
        face_up = len(cards) - state.down_at(source.index)
        below = state.columns[dest.index]
        for size in range(face_up, 0, -1):
            lead = cards[-size]
            fits = engine.builds_on(state.rules, lead, below[-1]) if below else lead.rank == 13
            if fits and state.refusal(Move(source, dest, size)) is None:
                count = size
                break
    return Move(source, dest, count)


def family_line(state: BuildState, line: list[kl.Move]) -> list[Move]:
    """Klondike's moves played from ``state`` as the family's moves."""
    moves = []
    for move in line:
        played = family_move(state, move)
        moves.append(played)
        state = engine.apply_unchecked(state, played)
    return moves


def klondike_move(state: BuildState, move: Move) -> kl.Move:
    """The Klondike notation of a family move in ``state``."""
    if move == DRAW:
        return kl.DRAW if state.stock else kl.RECYCLE

    def name(place: Place, *, source: bool) -> str:
        if place.kind == "waste":
            return "W"
        if place.kind == "foundation":
            return f"F{SUITS[place.index]}" if source else "F"
        return str(place.index + 1)

    return kl.Move(name(move.source, source=True), name(move.dest, source=False))


_WORDS = {
    engine.KINGS_ONLY: kl.ONLY_KING,
    engine.build_refusal(RULES["D3", "standard"]): kl.BUILD_DOWN,
    engine.FROM_ACE: kl.FOUNDATION_ORDER,
}
"""The family's refusals Klondike words its own way."""
_EMPTY = {"waste": kl.EMPTY_WASTE, "column": kl.EMPTY_COLUMN, "foundation": kl.EMPTY_FOUNDATION}


def refusal(state: BuildState, move: kl.Move) -> str | None:
    """Why the Klondike move ``move`` may not be played in ``state``, in Klondike's words
    (the family engine decides), or None."""
    if move.source == "D":
        return None if state.stock else kl.NO_STOCK
    if move.source == "R":
        if state.stock:
            return kl.NO_RECYCLE
        if not state.waste:
            return kl.EMPTY_WASTE
        return None if state.can_redeal() else kl.NO_PASSES
    return _checked(state, family_move(state, move))


def _checked(state: BuildState, played: Move) -> str | None:
    """Why the family's ``played`` (a Klondike move but the stock's) is refused, in
    Klondike's words, or None."""
    source = played.source
    if not state.cards_at(source):
        return _EMPTY[source.kind]
    why = state.refusal(played)
    if why is None:
        return None
    words = _WORDS.get(why, why)
    if words == kl.BUILD_DOWN and source.kind == "column" and len(state.cards_at(source)) > 1:
        return kl.NO_RUN
    return words


def played_move(state: BuildState, move: kl.Move) -> Move:
    """The family's move that plays the Klondike move ``move``; :class:`IllegalMove` (in
    Klondike's words) when it is refused."""
    if move.source in ("D", "R"):
        why = refusal(state, move)
        played = DRAW
    else:
        played = family_move(state, move)
        why = _checked(state, played)
    if why is not None:
        raise IllegalMove(why)
    return played


def apply(state: BuildState, move: kl.Move) -> BuildState:
    """The state after the Klondike move ``move``; :class:`IllegalMove` (in Klondike's
    words) when it is refused."""
    return engine.apply_unchecked(state, played_move(state, move))


_ORDER = {move: index for index, move in enumerate(kl.CANDIDATES)}


def legal_pairs(state: BuildState) -> list[tuple[kl.Move, Move]]:
    """The family engine's legal moves, each in Klondike's notation and the family's, in
    Klondike's order (:data:`~cardems.klondike.rules.CANDIDATES`)."""
    found = {klondike_move(state, move): move for move in state.legal_moves()}
    return sorted(found.items(), key=lambda pair: _ORDER[pair[0]])


def legal_moves(state: BuildState) -> list[kl.Move]:
    """The family engine's legal moves in Klondike's notation and order."""
    return [move for move, _ in legal_pairs(state)]


_KEYS = {id(rules): key for key, rules in RULES.items()}


def variant_of(rules: BuildRules) -> tuple[str, str]:
    """The variant and scoring of one of :data:`RULES`."""
    return _KEYS[id(rules)]


@dataclass(frozen=True)
class KlondikeBoard(BuildBoard):
    """A Klondike position for the table: the family engine's state (its cards' ordinals:
    Klondike's view of before), played in Klondike's notation and words; ``points``
    keeps Microsoft's standard points whichever scoring counts (the statistics and the
    records show both)."""

    points: int = 0

    @property
    def waste(self) -> tuple[int, ...]:
        """The waste's card ordinals, bottom → top."""
        return tuple(card.ordinal for card in self.state.waste)

    @property
    def foundations(self) -> tuple[int, int, int, int]:
        """Each suit's height on its foundation, S H D C."""
        return self.state.foundations

    @property
    def variant(self) -> str:
        return variant_of(self.state.rules)[0]

    @property
    def scoring(self) -> str:
        return variant_of(self.state.rules)[1]

    @property
    def vegas(self) -> int:
        """The Vegas score: 52 paid, 5 back for each card home."""
        return kl.VEGAS_CARD * sum(self.state.foundations) - kl.VEGAS_STAKE

    @property
    def recycles(self) -> int:
        """How many times the waste was turned over into a new stock."""
        return self.state.passes

    def refusal(self, move: kl.Move) -> str | None:
        return refusal(self.state, move)

    def apply(self, move: kl.Move) -> KlondikeBoard:
        """The board after ``move``; :class:`IllegalMove` in Klondike's words."""
        played = played_move(self.state, move)
        after = engine.apply_unchecked(self.state, played)
        if self.scoring == "standard":
            return KlondikeBoard(after, after.score)
        standard = RULES[self.variant, "standard"].points
        assert standard is not None
        before = replace(self.state, score=self.points)
        return KlondikeBoard(after, engine.scored(standard, before, played, after))

    def legal_moves(self) -> list[kl.Move]:
        return legal_moves(self.state)

    @property
    def position(self) -> tuple[object, ...]:
        """The cards' placement and the passes used where they are limited (no score or
        counter), as Klondike's engine compared positions."""
        state = self.state
        limited = state.rules.stock.redeals != UNLIMITED
        return (
            state.columns,
            state.down,
            state.stock,
            state.waste,
            state.foundations,
            state.passes if limited else 0,
        )

    @property
    def progress(self) -> int:
        """How far the deal has come: face-down cards turned, cards played out of the
        stock and the waste, cards home (0 at the deal, 97 when won)."""
        state = self.state
        down = sum(state.down) + len(state.stock) + len(state.waste)
        return 52 - len(state.columns) - down + sum(state.foundations)

    @property
    def stuck(self) -> bool:
        """Not won, and no sequence of moves leads beyond this position's
        :attr:`progress` within :data:`~cardems.klondike.rules.STUCK_LIMIT` positions
        (the rule of Klondike's own engine of before, which
        ``tests/klondike/old_klondike_logs.json`` holds)."""
        if self.won:
            return False
        now = self.progress
        found = progress_reachable(
            self, _successors, _position, lambda board: board.progress > now, kl.STUCK_LIMIT
        )
        return found is False

    @property
    def outcome(self) -> str | None:
        """``won``, ``stuck`` or None."""
        if self.won:
            return "won"
        return "stuck" if self.stuck else None


def _successors(board: KlondikeBoard) -> list[KlondikeBoard]:
    """The boards after each legal move, in Klondike's order (no score: the stuck search
    compares positions alone)."""
    state = board.state
    return [KlondikeBoard(engine.apply_unchecked(state, move)) for _, move in legal_pairs(state)]


def _position(board: KlondikeBoard) -> tuple[object, ...]:
    return board.position


def board(code: DealCode, scoring: str = "standard") -> KlondikeBoard:
    """The first board of deal ``code``, scored ``scoring``."""
    return KlondikeBoard(deal(code, scoring))


def solver_rules(rules: BuildRules) -> kl.Rules:
    """The draw and the redeals of a declaration, as Klondike's search reads them."""
    redeals = rules.stock.redeals
    return kl.Rules(rules.stock.draw, None if redeals == UNLIMITED else redeals)
