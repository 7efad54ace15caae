"""What one seat may know: its hand, its passes, and everything played in public.

Bots and the browser get a :class:`SeatView`, never a :class:`Round`. Hidden cards of the
other seats appear nowhere in it; the masks (compact indices, see
:mod:`cardems.hearts.core`) are there for fast bots and hold only the same information.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardems.cards import Card
from cardems.hearts.core import TEXT_OF, cards_of, texts_of
from cardems.hearts.rules import (
    DEFAULT_OPTIONS,
    Match,
    Options,
    PassDirection,
    Phase,
    Round,
    Trick,
)

VOID_LETTERS: tuple[str, ...] = tuple(
    "".join(suit for n, suit in enumerate("SHDC") if voids >> n & 1) for voids in range(16)
)
"""The suits (``"SHD"``) of each 4-bit mask of voids."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's knowledge of the table. Masks use compact card indices."""

    seat: int
    round_number: int
    phase: Phase
    direction: PassDirection
    hand_mask: int
    passed_mask: int
    """Cards this seat passed (0 before it chose them)."""
    received_mask: int
    """Cards this seat received (0 until the passes resolve)."""
    pass_to: int
    pass_from: int
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    played_mask: int
    taken: tuple[int, ...]
    """Cards each seat has won in tricks (public)."""
    voids: tuple[int, ...]
    """Per seat, a 4-bit mask of the suits it has shown it lacks."""
    hearts_broken: bool
    to_play: int | None
    legal_mask: int
    hand_sizes: tuple[int, ...]
    passes_chosen: tuple[bool, ...]
    round_points: tuple[int, ...]
    totals: tuple[int, ...]
    options: Options = DEFAULT_OPTIONS

    @property
    def hand(self) -> tuple[Card, ...]:
        """Own cards, by suit (S, H, D, C) then rank."""
        return cards_of(self.hand_mask)

    @property
    def legal(self) -> tuple[Card, ...]:
        """Cards this seat may play now (empty when it is not its turn)."""
        return cards_of(self.legal_mask)

    @property
    def passed(self) -> tuple[Card, ...]:
        """Cards this seat passed."""
        return cards_of(self.passed_mask)

    @property
    def received(self) -> tuple[Card, ...]:
        """Cards this seat received."""
        return cards_of(self.received_mask)

    @property
    def first_trick(self) -> bool:
        """Whether the first trick is being played."""
        return not self.tricks

    @property
    def led_suit(self) -> int:
        """Suit of the current trick, -1 before its lead."""
        return self.trick[0] // 13 if self.trick else -1

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form for the web table."""
        return {
            "seat": self.seat,
            "round": self.round_number,
            "phase": self.phase.value,
            "pass_direction": self.direction.name.lower(),
            "hand": texts_of(self.hand_mask),
            "passed": texts_of(self.passed_mask),
            "received": texts_of(self.received_mask),
            "leader": self.leader,
            "trick": [TEXT_OF[c] for c in self.trick],
            "tricks": [
                {"leader": t.leader, "cards": [TEXT_OF[c] for c in t.cards], "winner": t.winner}
                for t in self.tricks
            ],
            "to_play": self.to_play,
            "legal": texts_of(self.legal_mask),
            "hearts_broken": self.hearts_broken,
            "voids": [list(VOID_LETTERS[v]) for v in self.voids],
            "hand_sizes": list(self.hand_sizes),
            "round_points": list(self.round_points),
            "totals": list(self.totals),
        }


def view(state: Match | Round, seat: int) -> SeatView:
    """The view of ``seat`` of a match or a single round."""
    if isinstance(state, Match):
        rnd, totals = state.round, state.totals
    else:
        rnd, totals = state, (0, 0, 0, 0)
    passing = rnd.direction is not PassDirection.HOLD
    resolved = passing and rnd.phase is not Phase.PASSING
    passed = rnd.passes[seat] if passing else 0
    received = rnd.passes[rnd.passer(seat)] if resolved else 0
    return SeatView(
        seat=seat,
        round_number=rnd.number,
        phase=rnd.phase,
        direction=rnd.direction,
        hand_mask=rnd.hands[seat],
        passed_mask=passed,
        received_mask=received,
        pass_to=rnd.receiver(seat),
        pass_from=rnd.passer(seat),
        leader=rnd.leader,
        trick=rnd.trick,
        tricks=rnd.tricks,
        played_mask=rnd.played_mask,
        taken=rnd.taken,
        voids=rnd.voids,
        hearts_broken=rnd.hearts_broken,
        to_play=rnd.to_play,
        legal_mask=rnd.legal_mask(seat),
        hand_sizes=tuple(h.bit_count() for h in rnd.hands),
        passes_chosen=tuple(bool(p) for p in rnd.passes),
        round_points=rnd.raw_points,
        totals=totals,
        options=rnd.options,
    )
