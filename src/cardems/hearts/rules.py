"""Hearts rules: one round (deal, pass, 13 tricks, score) and the match to 100 (or 50, 150).

Seats are 0–3 clockwise: 0 South (the player), 1 West, 2 North, 3 East. Play goes
clockwise, so a seat's left is the next seat. States are immutable: every action returns
a new :class:`Round` or :class:`Match`, and refused actions raise
:class:`~cardems.core.history.IllegalMove` with a player-facing reason.

A match's deals come from its code: one SplitMix64 stream seeded with
``deal_seed(code.prefix, code.number)`` shuffles the deck (in :data:`ALL_CARDS` order) with
Fisher–Yates once per round, and the cards are dealt one at a time from the dealer's left.
The dealer of round ``r`` is seat ``(3 + r) % 4``, so South gets the first card of round 0.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from cardems.cards import Card
from cardems.core.history import IllegalMove
from cardems.dealcode import DealCode
from cardems.hearts.core import (
    HEART_MASK,
    INDEX_OF_ORDINAL,
    QS_BIT,
    SUIT_MASKS,
    SUIT_OF,
    TWO_CLUBS_BIT,
    legal_mask,
    mask_of_cards,
    points_of,
    round_scores,
    to_card,
    to_index,
)
from cardems.numbers import read_number
from cardems.rng import SplitMix64, deal_seed, fisher_yates

if TYPE_CHECKING:
    from cardems.hearts.view import SeatView

SEAT_NAMES = ("South", "West", "North", "East")
MATCH_TARGET = 100
MATCH_TARGETS = (50, 100, 150)
"""The match lengths a player may choose (the rules take any positive total): the
original rules' 100 by default."""
HAND_SIZE = 13
PASS_SIZE = 3

Hands = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Options:
    """Rule variants players ask for; all off by default (the rules page: web/rules/).

    ``qs_breaks_hearts``: playing the Q♠ also breaks hearts. ``jack_of_diamonds``: taking
    the J♦ scores −10 (the moon still needs the 26 heart and Q♠ points). ``passing``:
    False skips every pass (each round is a hold round). ``target``: the match ends after
    a round in which a player reaches it (see :func:`match_winner`); a match saved before
    the choice existed plays to 100.
    """

    qs_breaks_hearts: bool = False
    jack_of_diamonds: bool = False
    passing: bool = True
    target: int = MATCH_TARGET

    def __post_init__(self) -> None:
        if not isinstance(self.target, int) or self.target < 1:
            raise ValueError(f"a match is played to a positive total, not {self.target!r}")


DEFAULT_OPTIONS = Options()
JACK_OF_DIAMONDS_BIT = 1 << (2 * 13 + 9)


class PassDirection(Enum):
    """Where the three passed cards go; ``offset`` is added to the passer's seat."""

    LEFT = 1
    RIGHT = 3
    ACROSS = 2
    HOLD = 0

    @property
    def offset(self) -> int:
        """Seats from the passer to the receiver, clockwise (0 on hold)."""
        return self.value

    @classmethod
    def for_round(cls, number: int) -> PassDirection:
        """The cycle left, right, across, hold by round number (0-based)."""
        return (cls.LEFT, cls.RIGHT, cls.ACROSS, cls.HOLD)[number % 4]


class Phase(Enum):
    """Where a round stands."""

    PASSING = "passing"
    PLAYING = "playing"
    DONE = "done"


class Trick(NamedTuple):
    """A finished trick: its leader, the cards in play order (indices) and its winner."""

    leader: int
    cards: tuple[int, ...]
    winner: int


class Action(NamedTuple):
    """One seat's pass of three cards or play of one: ``Action(1, "play", (QS,))``.

    ``str()`` gives ``"play 1 QS"``; :meth:`parse` reads it back."""

    seat: int
    kind: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join([self.kind, str(self.seat), *map(str, self.cards)])

    @classmethod
    def parse(cls, text: str) -> Action:
        """``"pass 0 2C 3C 4C"`` or ``"play 1 QS"``; ValueError if malformed."""
        kind, seat, *cards = text.split()
        number = read_number(seat, maximum=3)
        if kind not in ("pass", "play") or number is None:
            raise ValueError(f"not a Hearts action: {text!r}")
        return cls(number, kind, tuple(Card.parse(card) for card in cards))


def deal_hands(rng: SplitMix64, dealer: int) -> Hands:
    """Shuffle a fresh deck with ``rng`` and deal it one card at a time from dealer's left."""
    deck = list(range(52))
    fisher_yates(deck, rng)
    hands = [0, 0, 0, 0]
    for k, ordinal in enumerate(deck):
        hands[(dealer + 1 + k) % 4] |= 1 << INDEX_OF_ORDINAL[ordinal]
    return (hands[0], hands[1], hands[2], hands[3])


def _as_hands(values: Iterable[int]) -> Hands:
    a, b, c, d = values
    return (a, b, c, d)


@dataclass(frozen=True, slots=True)
class Round:
    """One hand of Hearts, from the deal to the 13th trick."""

    number: int
    dealer: int
    dealt: Hands
    direction: PassDirection
    passes: Hands
    hands: Hands
    phase: Phase
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    taken: Hands
    hearts_broken: bool
    voids: Hands
    options: Options = DEFAULT_OPTIONS

    @classmethod
    def deal(
        cls,
        hands: Hands,
        number: int = 0,
        dealer: int = 3,
        *,
        options: Options = DEFAULT_OPTIONS,
    ) -> Round:
        """A round starting from dealt ``hands``; round ``number`` sets the pass direction."""
        if (
            sorted(h.bit_count() for h in hands) != [HAND_SIZE] * 4
            or (hands[0] | hands[1] | hands[2] | hands[3]) != (1 << 52) - 1
        ):
            raise ValueError("a deal gives each of the four seats 13 distinct cards")
        direction = PassDirection.for_round(number) if options.passing else PassDirection.HOLD
        state = cls(
            number=number,
            dealer=dealer,
            dealt=hands,
            direction=direction,
            passes=(0, 0, 0, 0),
            hands=hands,
            phase=Phase.PASSING,
            leader=-1,
            trick=(),
            tricks=(),
            taken=(0, 0, 0, 0),
            hearts_broken=False,
            voids=(0, 0, 0, 0),
            options=options,
        )
        return state._start_play() if direction is PassDirection.HOLD else state

    def _start_play(self) -> Round:
        leader = next(s for s in range(4) if self.hands[s] & TWO_CLUBS_BIT)
        return replace(self, phase=Phase.PLAYING, leader=leader)

    # --- whose turn, what is legal -------------------------------------------------------
    @property
    def to_play(self) -> int | None:
        """The seat that plays next, or ``None`` while passing or when the round is over."""
        if self.phase is not Phase.PLAYING:
            return None
        return (self.leader + len(self.trick)) % 4

    @property
    def led_suit(self) -> int:
        """The suit of the current trick (0–3), or -1 before its lead."""
        return SUIT_OF[self.trick[0]] if self.trick else -1

    def legal_mask(self, seat: int) -> int:
        """The legal cards of ``seat`` as a mask (0 when it is not its turn)."""
        if self.phase is Phase.PASSING:
            return 0 if self.passes[seat] else self.hands[seat]
        if seat != self.to_play:
            return 0
        return legal_mask(self.hands[seat], self.led_suit, not self.tricks, self.hearts_broken)

    def legal_plays(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now (its whole hand while it may still pass)."""
        mask = self.legal_mask(seat) if self.phase is Phase.PLAYING else 0
        return [to_card(i) for i in range(52) if mask >> i & 1]

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds, by suit then rank."""
        return [to_card(i) for i in range(52) if self.hands[seat] >> i & 1]

    # --- passing -------------------------------------------------------------------------
    def receiver(self, seat: int) -> int:
        """The seat that receives ``seat``'s passed cards this round."""
        return (seat + self.direction.offset) % 4

    def passer(self, seat: int) -> int:
        """The seat whose passed cards ``seat`` receives this round."""
        return (seat - self.direction.offset) % 4

    def pass_cards(self, seat: int, cards: Iterable[Card]) -> Round:
        """Choose ``seat``'s three cards; when all four have chosen, the passes resolve."""
        chosen = list(cards)
        if self.phase is not Phase.PASSING:
            raise IllegalMove("There is no passing now")
        if self.passes[seat]:
            raise IllegalMove("You have already passed")
        mask = mask_of_cards(chosen)
        if len(chosen) != PASS_SIZE or mask.bit_count() != PASS_SIZE:
            raise IllegalMove("Pass exactly three different cards")
        if mask & ~self.hands[seat]:
            raise IllegalMove("You can only pass cards from your hand")
        passes = list(self.passes)
        passes[seat] = mask
        state = replace(self, passes=_as_hands(passes))
        if all(passes):
            hands = [self.hands[s] & ~passes[s] | passes[self.passer(s)] for s in range(4)]
            state = replace(state, hands=_as_hands(hands))._start_play()
        return state

    # --- playing -------------------------------------------------------------------------
    def refusal(self, seat: int, card: Card) -> str | None:
        """Why ``seat`` may not play ``card`` now, or ``None`` if it may."""
        if self.phase is Phase.PASSING:
            return "Pass three cards first"
        if self.phase is Phase.DONE:
            return "The round is over"
        if seat != self.to_play:
            return f"It is {SEAT_NAMES[self.to_play or 0]}'s turn"
        index = to_index(card)
        hand = self.hands[seat]
        if not hand >> index & 1:
            return "You do not hold that card"
        if self.legal_mask(seat) >> index & 1:
            return None
        first = not self.tricks
        if not self.trick:
            if first:
                return "The 2♣ leads the first trick"
            return "Hearts are not broken"
        if hand & SUIT_MASKS[self.led_suit]:
            return "You must follow suit"
        return "No points on the first trick"

    def play(self, seat: int, card: Card) -> Round:
        """Play ``card`` from ``seat``; raise :class:`IllegalMove` if the rules refuse it."""
        reason = self.refusal(seat, card)
        if reason is not None:
            raise IllegalMove(reason)
        return self._apply(seat, to_index(card))

    def _apply(self, seat: int, index: int) -> Round:
        bit = 1 << index
        hands = list(self.hands)
        hands[seat] &= ~bit
        voids = self.voids
        if self.trick and SUIT_OF[index] != self.led_suit:
            shown = list(voids)
            shown[seat] |= 1 << self.led_suit
            voids = _as_hands(shown)
        trick = (*self.trick, index)
        breaking = HEART_MASK | QS_BIT if self.options.qs_breaks_hearts else HEART_MASK
        broken = self.hearts_broken or bool(bit & breaking)
        if len(trick) < 4:
            return replace(
                self, hands=_as_hands(hands), trick=trick, hearts_broken=broken, voids=voids
            )
        led = SUIT_OF[trick[0]]
        best = max(range(4), key=lambda k: trick[k] if SUIT_OF[trick[k]] == led else -1)
        winner = (self.leader + best) % 4
        taken = list(self.taken)
        taken[winner] |= sum(1 << c for c in trick)
        tricks = (*self.tricks, Trick(self.leader, trick, winner))
        return replace(
            self,
            hands=_as_hands(hands),
            trick=(),
            tricks=tricks,
            taken=_as_hands(taken),
            leader=winner,
            hearts_broken=broken,
            voids=voids,
            phase=Phase.DONE if len(tricks) == HAND_SIZE else Phase.PLAYING,
        )

    # --- scores --------------------------------------------------------------------------
    @property
    def raw_points(self) -> tuple[int, ...]:
        """Points taken so far per seat: 1 per heart, 13 for the Q♠."""
        return tuple(points_of(mask) for mask in self.taken)

    @property
    def scores(self) -> tuple[int, ...]:
        """The round's scores once it is over (the moon applied); raw points until then."""
        raw = self.raw_points
        scores = round_scores(raw) if self.phase is Phase.DONE else raw
        if self.options.jack_of_diamonds:
            scores = tuple(
                score - (10 if taken & JACK_OF_DIAMONDS_BIT else 0)
                for score, taken in zip(scores, self.taken, strict=True)
            )
        return scores

    @property
    def moon_shooter(self) -> int | None:
        """The seat that took all 26 points, once the round is over."""
        if self.phase is not Phase.DONE:
            return None
        return next((s for s, p in enumerate(self.raw_points) if p == 26), None)

    @property
    def played_mask(self) -> int:
        """Every card played so far this round, the current trick included."""
        mask = sum(1 << c for c in self.trick)
        for trick in self.tricks:
            for c in trick.cards:
                mask |= 1 << c
        return mask


def match_winner(totals: tuple[int, ...], target: int = MATCH_TARGET) -> int | None:
    """The winner after a round: someone has ``target`` or more and the lowest is unique."""
    if max(totals) < target:
        return None
    low = min(totals)
    leaders = [s for s, total in enumerate(totals) if total == low]
    return leaders[0] if len(leaders) == 1 else None


def round_deals(code: DealCode) -> Iterable[Hands]:
    """The deals of a match's rounds, in order, derived from its code (endless)."""
    rng = SplitMix64(deal_seed(code.prefix, code.number))
    number = 0
    while True:
        yield deal_hands(rng, (3 + number) % 4)
        number += 1


def deal_for_round(code: DealCode, number: int) -> Hands:
    """The deal of round ``number`` (0-based) of the match ``code``."""
    for index, hands in enumerate(round_deals(code)):
        if index == number:
            return hands
    raise AssertionError("unreachable")


@dataclass(frozen=True, slots=True)
class Match:
    """A match to ``options.target`` (100 unless chosen): the current round, finished
    rounds and running totals."""

    code: DealCode
    round: Round
    totals: tuple[int, ...] = (0, 0, 0, 0)
    history: tuple[Round, ...] = ()
    winner: int | None = None
    options: Options = DEFAULT_OPTIONS

    @classmethod
    def new(cls, code: DealCode | str, options: Options = DEFAULT_OPTIONS) -> Match:
        """A match from a deal code such as ``HT1-N-AAAAAAM``."""
        if isinstance(code, str):
            code = DealCode.parse(code)
        if code.game != "HT":
            raise ValueError(f"{code} is not a Hearts code (HT1-N-…)")
        return cls(
            code, Round.deal(deal_for_round(code, 0), 0, 3, options=options), options=options
        )

    @property
    def over(self) -> bool:
        """Whether the match has a winner."""
        return self.winner is not None

    def _check_live(self) -> None:
        if self.over:
            raise IllegalMove("The match is over")

    def legal_plays(self, seat: int) -> list[Card]:
        """The cards ``seat`` may play now."""
        return [] if self.over else self.round.legal_plays(seat)

    def pass_cards(self, seat: int, cards: Iterable[Card]) -> Match:
        """Choose ``seat``'s three cards to pass."""
        self._check_live()
        return replace(self, round=self.round.pass_cards(seat, cards))

    def play(self, seat: int, card: Card) -> Match:
        """Play a card; after the 13th trick the scores are added and the next round dealt."""
        self._check_live()
        return self._advance(self.round.play(seat, card))

    def _advance(self, state: Round) -> Match:
        if state.phase is not Phase.DONE:
            return replace(self, round=state)
        totals = tuple(t + s for t, s in zip(self.totals, state.scores, strict=True))
        history = (*self.history, state)
        winner = match_winner(totals, self.options.target)
        if winner is not None:
            return replace(self, round=state, totals=totals, history=history, winner=winner)
        number = state.number + 1
        fresh = Round.deal(
            deal_for_round(self.code, number), number, (3 + number) % 4, options=self.options
        )
        return replace(self, round=fresh, totals=totals, history=history)

    @property
    def target(self) -> int:
        """The total that ends the match (after a round, with a single lowest total)."""
        return self.options.target

    @property
    def tied(self) -> bool:
        """Whether someone has reached the target but the lowest total is shared, so
        another round is played."""
        return self.winner is None and max(self.totals) >= self.target

    # The verbs every engine shares (cardems.core.game.State).

    def legal_moves(self) -> list[Action]:
        """The first seat yet to pass: each three of its cards; in play: each legal card of
        the seat to play."""
        if self.over:
            return []
        rnd = self.round
        if rnd.phase is Phase.PASSING:
            seat = next(s for s in range(4) if not rnd.passes[s])
            hand = rnd.hand(seat)
            return [Action(seat, "pass", three) for three in itertools.combinations(hand, 3)]
        turn = rnd.to_play
        assert turn is not None
        return [Action(turn, "play", (card,)) for card in rnd.legal_plays(turn)]

    def apply(self, action: Action) -> Match:
        """The match after ``action``; :class:`IllegalMove` if the rules refuse it."""
        if action.kind == "pass":
            return self.pass_cards(action.seat, action.cards)
        if action.kind == "play" and len(action.cards) == 1:
            return self.play(action.seat, action.cards[0])
        raise IllegalMove(f"unknown action {action}")

    def refusal(self, action: Action) -> str | None:
        """Why ``action`` may not be played now, or None."""
        try:
            self.apply(action)
        except IllegalMove as error:
            return error.reason
        return None

    @property
    def outcome(self) -> str | None:
        """``winner:<seat>`` once the match has a winner, else None."""
        return None if self.winner is None else f"winner:{self.winner}"

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see (see :func:`cardems.hearts.view.view`)."""
        from cardems.hearts.view import view

        return view(self, seat)


def cards_text(mask: int) -> str:
    """Cards of a mask as text, e.g. ``"2S QS AH"``."""
    return " ".join(str(to_card(i)) for i in range(52) if mask >> i & 1)
