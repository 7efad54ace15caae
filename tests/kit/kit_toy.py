"""A toy solitaire on the kit, for the kit's own tests: two columns of spades and
hearts A-4, runs that build down by one (any suit), a foundation per suit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardems.cards import Card
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.kit import Declaration, PileSpec, Play, Solitaire

SUITS = ("S", "H")
DECLARATION = Declaration(
    piles=(
        PileSpec("column", count=2, runs=True, fan=30),
        PileSpec("foundation", names=SUITS, selectable=False),
    ),
    empty_refusal="There is no card there",
    nowhere_refusal="This card has nowhere to go",
    finish=True,
    accepts_in_view=True,
)


@dataclass(frozen=True)
class ToyMove:
    source: str
    target: str
    count: int = 1

    def __str__(self) -> str:
        return f"{self.source}>{self.target}x{self.count}"


@dataclass(frozen=True)
class ToyState:
    columns: tuple[tuple[str, ...], ...]
    homes: tuple[int, int] = (0, 0)
    moves: int = 0

    @property
    def score(self) -> int:
        return sum(self.homes)

    @property
    def outcome(self) -> str | None:
        if self.homes == (4, 4):
            return "won"
        return None if self.legal_moves() else "stuck"

    def pile(self, target: str) -> tuple[str, ...]:
        return self.columns[int(target.split(":")[1]) - 1]

    def run(self, target: str) -> int:
        cards = [Card.parse(code) for code in self.pile(target)]
        length = 1 if cards else 0
        while length < len(cards) and cards[-length - 1].rank == cards[-length].rank + 1:
            length += 1
        return length

    def refusal(self, move: ToyMove) -> str | None:
        if not move.source.startswith("column") or not self.pile(move.source):
            return "There is no card there"
        if move.count > self.run(move.source):
            return "Not a run"
        lead_code = self.pile(move.source)[-move.count]
        lead = Card.parse(lead_code)
        if move.target.startswith("foundation"):
            suit = SUITS.index(move.target[-1])
            ok = (
                move.count == 1
                and lead_code[-1] == SUITS[suit]
                and lead.rank == self.homes[suit] + 1
            )
            return None if ok else "Not next on its foundation"
        below = self.pile(move.target)
        if move.target == move.source:
            return "Same pile"
        if below and Card.parse(below[-1]).rank != lead.rank + 1:
            return "Must be one rank lower"
        return None

    def legal_moves(self) -> list[ToyMove]:
        found = []
        for source in ("column:1", "column:2"):
            for count in range(1, self.run(source) + 1):
                for target in ("column:1", "column:2", "foundation:S", "foundation:H"):
                    move = ToyMove(source, target, count)
                    if self.refusal(move) is None:
                        found.append(move)
        return found

    def apply(self, move: ToyMove) -> ToyState:
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalMove(reason)
        columns = [list(pile) for pile in self.columns]
        source = int(move.source.split(":")[1]) - 1
        moving = columns[source][-move.count :]
        del columns[source][-move.count :]
        homes = list(self.homes)
        if move.target.startswith("foundation"):
            homes[SUITS.index(move.target[-1])] += 1
        else:
            columns[int(move.target.split(":")[1]) - 1] += moving
        return ToyState(tuple(map(tuple, columns)), (homes[0], homes[1]), self.moves + 1)


DEAL = ToyState((("4S", "3H", "2S", "AH", "AS"), ("4H", "3S", "2H")))


class Toy(Solitaire[ToyState, ToyMove]):
    declaration = DECLARATION

    def deal(self, code: DealCode) -> ToyState:
        return DEAL

    def cards(self, state: ToyState, target: str) -> tuple[str | None, ...]:
        if target.startswith("foundation"):
            height = state.homes[SUITS.index(target[-1])]
            return (f"{'A234'[height - 1]}{target[-1]}",) if height else ()
        return state.pile(target)

    def free(self, state: ToyState, target: str) -> int:
        return 0 if target.startswith("foundation") else state.run(target)

    def play(self, state: ToyState, move: ToyMove) -> Play:
        cards = state.pile(move.source)[-move.count :]
        return Play(move.source, move.target, move.count, cards)

    def move_for(self, state: ToyState, source: str, target: str, count: int | None) -> ToyMove:
        if count is None:  # as many as fit: the longest run the target takes, else one
            fits = [m for m in state.legal_moves() if (m.source, m.target) == (source, target)]
            count = max((m.count for m in fits), default=1)
        return ToyMove(source, target, count)

    def tap_move(self, state: ToyState, target: str) -> ToyMove | None:
        home = (
            ToyMove(target, f"foundation:{state.pile(target)[-1][-1]}")
            if state.pile(target)
            else None
        )
        return home if home is not None and state.refusal(home) is None else None

    def finish_moves(self, state: ToyState) -> Sequence[ToyMove] | None:
        moves = []
        while state.outcome != "won":
            home = next((m for m in state.legal_moves() if m.target.startswith("foundation")), None)
            if home is None:
                return None
            moves.append(home)
            state = state.apply(home)
        return moves or None

    def place(self, state: ToyState, target: str) -> dict[str, Any]:
        return {"x": 108 * self.declaration.targets.index(target), "y": 0}

    def board(self, state: ToyState) -> dict[str, int]:
        return {"width": 424, "height": 300}


TOY = Toy()
CODE = DealCode("HH", 1, "N", 0)
"""Any code: the toy deals the same every time."""
