"""Expert: perfect-information Monte Carlo over the deals its belief holds.

The belief (:mod:`cardems.hearts.bots.belief`) holds deals of the unseen cards that
agree with everything the seat knows, weighed by how well they explain the others' play.
For these deals, every distinct legal card is played and the round finished by one
policy for all four seats: a generic strong player's
(:func:`~cardems.hearts.bots.rollout.generic_card`: ducks, dumps the Q♠ at its first
void, defends the moon; following second or third it sees the deal's other hands for the
rest of the trick, :func:`~cardems.hearts.bots.rollout.sighted_card`) unless the others
have shown they play like the medium heuristic, whose policy it then uses. Against such
predictable players, a second plan runs for the moon when nobody else has points and the
hand holds a high heart; the card with the lowest mean score under its better plan is
played. Scores count an opponent's moon 26 and its own moon ``-moon_bonus``: a moon
gives each other seat 26, which is what decides a match. With the arena's ``stopper`` switch, while
another seat could still take every point, a card that gives up the hand's last heart
able to stop it, or that takes a trick with points from a seat seen running, is charged
or credited that many points a deal (off by default: on held-out codes it cost points
against ``rules`` beyond one standard error, and gained none measurable against
``montecarlo``). Cards next to each other in a suit with no unseen card, nor a card of
the trick in progress, between them are the same choice and are tried once. The deals
follow the passes too: each card is dealt by its odds after every seat's pass by its
model (:mod:`cardems.hearts.bots.pass_odds`). The pass is chosen by play-outs
(:mod:`cardems.hearts.bots.passing`) that assume nothing of the others (their passes
:func:`generic_pass`, their play the generic player's) until they have shown they play
like the heuristic; then by the heuristic's play-outs, including passes that keep a
hand able to shoot the moon.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from cardems.hearts import endgame
from cardems.hearts.bots import heuristic
from cardems.hearts.bots.belief import CLOCK_EVERY, Belief
from cardems.hearts.bots.inference import GENERIC, HEURISTIC, Policies, seat_agreement
from cardems.hearts.bots.moon import moon_threat
from cardems.hearts.bots.passing import generic_pass, search_pass
from cardems.hearts.bots.rollout import (
    DEFEND_LATE,
    best_response,
    generic_rollout,
    heuristic_rollout,
)
from cardems.hearts.core import FULL_DECK, HEART_MASK, POINTS, QUEEN_OF_SPADES
from cardems.hearts.endgame import Ending
from cardems.hearts.fast import COMPILED
from cardems.hearts.playout import round_score
from cardems.hearts.splitmix import SplitMix
from cardems.hearts.view import SeatView


def distinct_choices(legal: int, unseen: int) -> list[int]:
    """One card per run of legal cards with no unseen card between (the Q♠ alone).
    ``unseen`` must include the cards of the trick in progress: a card there splits a
    run (the 8♦ ducks under a 9♦ led where the T♦ wins)."""
    choices: list[int] = []
    previous = -2
    for c in range(52):
        if not legal >> c & 1:
            continue
        fresh = (
            previous < 0
            or QUEEN_OF_SPADES in (c, previous)
            or c // 13 != previous // 13
            or unseen >> (previous + 1) & ((1 << (c - previous - 1)) - 1)
        )
        if fresh:
            choices.append(c)
        else:
            choices[-1] = c  # same choice; keep the higher card
        previous = c
    return choices


HIGH_HEARTS = 0b111 << 23  # Q♥ K♥ A♥
STOPPER_ABOVE = 2
"""The hand's highest heart stops a runner while at most this many hearts still out rank
above it: high enough to win a heart trick (the Q♥ with the K♥ and A♥ out)."""


def shot_open(points: tuple[int, ...] | list[int], seat: int) -> bool:
    """Whether another seat than ``seat`` could still take all 26 points: ``seat`` has
    none and every point taken so far is one seat's."""
    total = sum(points)
    return points[seat] == 0 and total < 26 and any(p == total for p in points)


def hearts_above(hearts: int, out: int) -> int:
    """How many hearts of ``out`` (the hearts in other hands) rank above the highest of
    ``hearts``: 0 for a heart that wins any heart trick; 13 without a heart."""
    if not hearts:
        return 13
    return (out >> hearts.bit_length()).bit_count()


def drops_stopper(hand: int, card: int, trick: tuple[int, ...], out: int) -> bool:
    """Whether playing ``card`` from ``hand`` weakens the hand's stopper, its highest
    heart while it has at most :data:`STOPPER_ABOVE` hearts of ``out`` (the hearts in
    other hands) above it, without taking a trick with it: a discard of it on another
    suit, or a lead of it under a heart still out, that leaves a lower one as the
    hand's highest (a heart equal to it stays a stopper as good)."""
    if not 13 <= card < 26 or (trick and trick[0] // 13 == 1):
        return False
    hearts = hand & HEART_MASK
    before = hearts_above(hearts, out)
    if before > STOPPER_ABOVE or (not trick and before == 0):
        return False  # no stopper, or led it wins
    return hearts_above(hearts & ~(1 << card), out) > before


def takes_from_runner(card: int, trick: tuple[int, ...], leader: int, runner: int) -> bool:
    """Whether ``card`` goes over the winning card of a trick in progress that
    ``runner`` is winning, with points in it or hearts led (the defence the generic
    player plays, :func:`~cardems.hearts.bots.rollout.generic_card`)."""
    if runner < 0 or not trick:
        return False
    led = trick[0] // 13
    win = max(c for c in trick if c // 13 == led)
    if (leader + trick.index(win)) & 3 != runner or card // 13 != led or card < win:
        return False
    return led == 1 or any(POINTS[c] for c in trick)


@dataclass(frozen=True, slots=True)
class Research:
    """The expert's research switches: how it models the others, samples, passes and
    weighs the moon. Each default is the best measured with ``cardems arena``; the
    product's bot never changes them (a player's level is :class:`ExpertSettings`), only
    the arena's bot names do (:func:`cardems.hearts.arena.arena_bot`, e.g.
    ``expert:moon=2``)."""

    infer: bool = True
    """Weigh deals by how well they explain the others' play."""
    miss_weight: float = 0.05
    """Weight factor per play a deal does not explain, at least; more once the others
    have shown they often play otherwise (see :meth:`ExpertBot.miss_weight`)."""
    moves: int = 10
    """Metropolis moves per kept deal and decision."""
    sampling_share: float = 0.4
    """Share of the budget for sampling fresh deals."""
    moon_bonus: float = 26.0
    """What its own moon is worth: 26, the points it gives each other seat."""
    moon_hearts: int = 1
    """High hearts (Q♥ K♥ A♥) needed to weigh a run for the moon."""
    pass_pool: int = 5
    """Pass candidates: three of this many cards the heuristic most wants to pass …"""
    moon_pass_pool: int = 6
    """… or three of this many lowest cards, keeping a hand for the moon. Searched only
    once the others have shown they play like the heuristic (see :data:`PREDICTABLE`)."""
    pass_budget_ms: float = 80.0
    """CPU time for the pass."""
    wary: bool = True
    """Weigh a run for the moon against defenders who wake at its first point, unless
    the others have shown they play like the heuristic (see :data:`PREDICTABLE`)."""
    generic: int = 2
    """Play-outs by a generic strong player's policy
    (:func:`~cardems.hearts.bots.rollout.generic_card`) instead of the heuristic's: 0
    never, 1 always, 2 unless the others have shown they play like the heuristic (see
    :data:`PREDICTABLE`)."""
    defend_late: int = DEFEND_LATE
    """In generic play-outs, the points one other seat must hold alone before the others
    defend the moon (the expert itself from
    :data:`~cardems.hearts.bots.rollout.DEFEND_FROM`)."""
    generic_pass: bool = True
    """Pass by :func:`generic_pass` (assumes nothing of the others) rather than the
    heuristic's pass, unless the others have shown they play like the heuristic."""
    moon: int = 1
    """Weigh a run for the moon: 0 never, 1 only against others who play like the
    heuristic, 2 whenever its conditions hold (against others, the run is played out
    against generic players who defend from its first point)."""
    commit: bool = True
    """Keep a run for the moon once its play-outs chose it: the round's later cards are
    judged by the run's play-outs alone while nobody else has points."""
    model: int = 1
    """The model of each other seat's play that weighs the deals: 0 the heuristic for
    every seat, 1 fitted to the match: the generic player for a seat whose plays this
    match agreed more with it than with the heuristic (from :data:`SEAT_ENOUGH` plays)."""
    defend: bool = True
    """Once :func:`~cardems.hearts.bots.moon.moon_threat` sees a seat running, play the
    deals out with that seat running and every other seat defending from its first
    point."""
    pass_weight: float = 0.3
    """Weight factor per card the passer to this seat would, by its model, rather have
    passed than the lowest card it gave (1.0: the pass it received says nothing)."""
    pass_odds: bool = True
    """Deal the unseen cards by their odds after every seat's pass by its model
    (:mod:`~cardems.hearts.bots.pass_odds`), not by room alone."""
    pass_search: bool = True
    """Against others not shown to play like the heuristic, choose the pass by play-outs
    assuming nothing of them (:func:`search_pass` with ``generic``): their passes
    :func:`generic_pass`, every seat the generic player; :func:`generic_pass`'s own
    pass kept unless another saves ``pass_margin`` points a deal (issue 32: against
    three ``rules`` 0.607 ± 0.019 paired, 0.668 ± 0.022 without, on 1,346 tuning hands;
    against three ``montecarlo`` 0.901 and 0.907)."""
    pass_margin: float = 0.25
    maxn: int = 0
    """How the last tricks (``endgame``) are solved in each deal: 0 the three others
    playing against the expert (:func:`cardems.hearts.endgame.solve`, paranoid); 1 every
    seat playing for its own points (:func:`cardems.hearts.endgame.solve_maxn`, max-n,
    each opponent's ties broken against the expert); 2 the others playing the play-out's
    policy, the expert alone exactly (:func:`~cardems.hearts.bots.rollout.best_response`):
    the same model of the others as the play-outs, only its own cards searched."""
    stopper: float = 0.0
    """Points a deal a choice is charged for throwing away (by a discard, or a heart led
    that may lose) the hand's last heart that could stop another seat's moon while one
    could still shoot (:func:`drops_stopper`), and credited for taking a trick with
    points from the seat :func:`~cardems.hearts.bots.moon.moon_threat` sees running
    (:func:`takes_from_runner`): the play-outs' players never run for the moon unless
    the evidence says one does, so they see neither the stopper's worth nor a run's
    early tricks. 0 (off) by default: on held-out codes 40000–40044 ``stopper=1`` cost
    0.219 ± 0.106 points a hand against three ``rules`` (7 moons against either way in
    about 1,900 hands) and gained 0.033 ± 0.199 against three ``montecarlo`` (moons
    against 31 in 1,940 hands, 36 in 1,928 without; docs/HEARTS.md)."""
    look: bool = True
    """In the generic play-outs every seat sees every hand of the deal when it follows
    second or third (:func:`~cardems.hearts.bots.rollout.sighted_card`, the seats after
    it playing the generic player's cards): it drops the Q♠ where a later card wins, and
    a card that would win the trick is changed for one that loses, or for its highest
    card when the trick is its anyway. Opponents who search sampled deals
    (``montecarlo``, people who count cards) find that much of each trick. On held-out
    codes 50000–50044 it gained 0.210 ± 0.184 points a hand against three ``montecarlo``
    (ratio to the table 0.846 against 0.865, 1,760 paired hands) and lost 0.107 ± 0.120
    against three ``rules`` (0.544 against 0.539, 1,815; docs/HEARTS.md): the default."""
    oracle: bool = False
    """Search the true deal alone, shown by the arena (:meth:`ExpertBot.see`): a
    measure of what its information is worth against a field, never a level."""


@dataclass(frozen=True, slots=True)
class ExpertSettings:
    """A level of the expert: how wide and how far it looks. The product's bot names
    (``expert``, ``expert:worlds=150``) set these alone (see :data:`LEVEL_OPTIONS`)."""

    worlds: int = 1000 if COMPILED else 150
    """Deals searched per decision (at most; the CPU budget may stop it first). With the
    compiled core 1,000 take about 10–30 ms; in Python alone they would not fit the
    budget, and it searches 150 (issue 32: 1,000 scored 0.845, 0.776–0.920, against three
    montecarlo bots on 1,045 held-out hands, where 150 scored 0.864, 0.792–0.931, on
    1,037 — no difference measurable there)."""
    budget_ms: float = 90.0
    """CPU time per card played (so a busy machine does not weaken it)."""
    endgame: int = -1
    """Solve each sampled deal exactly (:func:`cardems.hearts.endgame.solve`, for this
    seat against the three others) instead of playing it out once this many tricks or
    fewer are left, the current one included: 0 never, -1 the measured horizon
    (:data:`EXACT_TRICKS`). A deal's score is then the solver's value in points,
    ``(value + 26) / 4``: the seat's points without a moon."""


LEVEL_OPTIONS: dict[str, tuple[type, float, float]] = {
    "worlds": (int, 1, 100_000),
    "budget": (float, 1, 10_000),
    "endgame": (int, -1, 13),
}
"""The options of the product's bot names, ``expert:worlds=150:budget=50:endgame=3``,
with their bounds."""
LEVEL_FIELDS = {"worlds": "worlds", "budget": "budget_ms", "endgame": "endgame"}

EXACT_TRICKS = 0
"""The tricks solved exactly by default (``endgame=-1``), the current one included: none.
Three fit the budget at 1,000 deals (``benchmarks/hearts_expert_speed.py --by-trick``),
but on 18 held-out blocks (codes 30000–30017) they cost 0.38 ± 0.15 points a hand
against three ``rules`` and gained 0.28 ± 0.21 against three ``montecarlo``
(``benchmarks/hearts_paired_variants.py``; docs/HEARTS.md): the solver plays the others
as the expert's opponents, which ``rules`` are not. On fresh held-out blocks (codes
30100 on) neither it nor max-n (``Research.maxn``) differed from none beyond one standard
error against either field (1,200–1,600 paired hands each)."""


def exact_horizon(endgame: int) -> int:
    """Tricks solved exactly at the end of each sampled deal for the setting ``endgame``:
    itself, or :data:`EXACT_TRICKS` for ``-1``."""
    return endgame if endgame >= 0 else EXACT_TRICKS


def parse_settings(name: str) -> ExpertSettings:
    """A level from a product bot name: ``expert``, or with the options of
    :data:`LEVEL_OPTIONS`, e.g. ``expert:worlds=150:budget=50``. Research switches are
    the arena's (:func:`cardems.hearts.arena.arena_bot`)."""
    from cardems.hearts.bots import bot_options

    if name.split(":")[0] != "expert":
        raise ValueError(f"unknown bot {name!r}")
    settings = ExpertSettings()
    for key, number in bot_options(name, LEVEL_OPTIONS).items():
        value: float = int(number) if LEVEL_OPTIONS[key][0] is int else number
        settings = replace(settings, **{LEVEL_FIELDS[key]: value})  # type: ignore[arg-type]
    return settings


PREDICTABLE = 0.9
"""Share of the others' plays (with a choice) the heuristic must have made, over at
least :data:`SEEN_ENOUGH` of them, before the expert passes for the moon: its play-outs
assume such opponents, and against others a kept moon hand mostly fails (measured
against easy bots: 9.6 points a hand after a moon pass, 5.0 otherwise)."""
SEEN_ENOUGH = 20
SEAT_ENOUGH = 8
"""Plays with a choice of one seat before the expert fits a model to it."""
UNLIKE = 0.6
"""Below this share the others' play says nothing about their hands (easy bots: 0.46)."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The expert's search of one decision: each distinct choice's weighted total score."""

    choices: tuple[int, ...]
    """One card per distinct choice (the highest of its run, see :func:`distinct_choices`)."""
    default: int
    """The heuristic's choice, preferred among equal scores."""
    totals: dict[int, float]
    weight: float
    """The deals' total weight (0 when nothing was searched)."""

    @property
    def best(self) -> int:
        """The choice with the lowest total (the heuristic's among equals)."""
        return min(self.choices, key=lambda c: (self.totals[c], c != self.default))

    def choice_of(self, card: int) -> int:
        """The choice ``card`` (a legal card) is the same as."""
        return min(c for c in self.choices if c >= card and c // 13 == card // 13)

    def mean(self, card: int) -> float:
        """The mean simulated score of playing ``card`` (0 when nothing was searched)."""
        return self.totals[self.choice_of(card)] / self.weight if self.weight else 0.0


class ExpertBot:
    """PIMC search over the deals its belief holds; see :class:`ExpertSettings`."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        settings: ExpertSettings | None = None,
        research: Research | None = None,
    ) -> None:
        self.rng = SplitMix(seed)  # the stream the compiled deal sampler shares
        self.settings = settings = settings or ExpertSettings()
        self.research = research = research or Research()
        self.horizon = exact_horizon(settings.endgame)
        """Tricks solved exactly at the end of each sampled deal (0: none)."""
        self.budget = settings.budget_ms / 1000.0
        self.seen = (0, 0)
        """The others' plays with a choice seen this match, and how many were the
        heuristic's card (learnt at the end of each round)."""
        self.fit = [(0, 0, 0)] * 4
        """Per seat, its plays with a choice this match, and how many were the
        heuristic's card and how many the generic player's."""
        self._learnt: tuple[int, tuple[int, ...]] | None = None
        self._round = 0
        self.belief = Belief(
            self.rng,
            miss_weight=research.miss_weight,
            infer=research.infer,
            sampling_share=research.sampling_share,
            moves=research.moves,
            candidates=max(200, settings.worlds),
            pass_weight=research.pass_weight,
            pass_odds=research.pass_odds,
        )
        self.searched = 0
        """Deals played out for the last card chosen (0: no choice to search)."""
        self.committed: tuple[int, tuple[int, ...]] | None = None
        """The round (number, totals) in which it committed to a run for the moon."""
        self.moon_tries = 0
        """Rounds in which it committed to a run for the moon (the arena counts them)."""
        self.sees_all = research.oracle
        """Whether the arena shows it every hand before it plays (see :meth:`see`)."""
        self._true_hands: list[int] | None = None

    @classmethod
    def from_name(cls, name: str, seed: int = 0) -> ExpertBot:
        """The product's bot for ``expert`` or ``expert:key=value…`` (see
        :data:`LEVEL_OPTIONS`)."""
        bot = cls(seed, parse_settings(name))
        bot.name = name
        return bot

    def choose_pass(self, view: SeatView) -> int:
        """A pass that assumes nothing of the others (the best of :func:`generic_pass`'s
        likely passes by play-outs that assume nothing, see ``pass_search``); once they
        have shown they play like the heuristic, the pass with the best play-outs among
        the heuristic's likely passes and passes that keep a moon hand. (Play-outs over
        the heuristic's passes alone measured no better than its own pass.)"""
        self._learn(view)
        research = self.research
        choices, agreed = self.seen
        predictable = choices >= SEEN_ENOUGH and agreed >= PREDICTABLE * choices
        generic = not predictable and research.generic_pass
        offset = view.direction.offset
        if generic and not (research.pass_search and offset):
            return generic_pass(view.hand_mask)
        if not generic and (not predictable or research.pass_pool < 4 or offset == 0):
            return heuristic.choose_pass(view.hand_mask)
        return search_pass(
            view.seat,
            view.hand_mask,
            offset,
            self.rng,
            pool=research.pass_pool,
            moon_pool=0 if generic else research.moon_pass_pool,
            moon_bonus=0.0 if generic else research.moon_bonus,
            budget=research.pass_budget_ms / 1000.0,
            generic=generic,
            margin=research.pass_margin if generic else 0.0,
        )

    def policies(self) -> Policies:
        """Each seat's model: the generic player where it explained that seat's play
        this match better than the heuristic (with ``model=1``), else the heuristic."""
        if not self.research.model:
            return (HEURISTIC,) * 4
        a, b, c, d = (
            GENERIC if n >= SEAT_ENOUGH and generic > heuristic else HEURISTIC
            for n, heuristic, generic in self.fit
        )
        return a, b, c, d

    def pass_models(self) -> Policies:
        """Each seat's model of its pass: the heuristic's for a seat whose plays this
        match agreed with the heuristic at least as often as with the generic player,
        else :func:`generic_pass` (assuming nothing)."""
        a, b, c, d = (
            HEURISTIC if n >= SEAT_ENOUGH and heuristic >= generic else GENERIC
            for n, heuristic, generic in self.fit
        )
        return a, b, c, d

    def model_share(self) -> tuple[int, int]:
        """The others' plays with a choice seen this match, and how many of them their
        models made."""
        policies = self.policies()
        if GENERIC not in policies:
            return self.seen
        hits = sum(f[2] if p == GENERIC else f[1] for f, p in zip(self.fit, policies, strict=True))
        return sum(f[0] for f in self.fit), hits

    def miss_weight(self) -> float:
        """How much less a deal weighs per play it does not explain. If the others play
        their model's card a share ``a`` of the time, out of about three choices, a
        miss is ``(1 - a) / 2a`` as likely as a hit; below :data:`UNLIKE` they play
        otherwise and weighing deals by it misleads (1.0: every deal counts the same)."""
        choices, agreed = self.model_share()
        if choices < SEEN_ENOUGH:
            return self.research.miss_weight
        share = agreed / choices
        if share < UNLIKE:
            return 1.0
        return max(self.research.miss_weight, (1 - share) / (2 * share))

    def _learn(self, view: SeatView) -> None:
        """In a round's last trick, count how often each other seat played the
        heuristic's card and the generic player's this round; start afresh in a new
        match."""
        if view.round_number < self._round:
            self.seen = (0, 0)  # a new match
            self.fit = [(0, 0, 0)] * 4
        self._round = view.round_number
        key = (view.round_number, view.totals)
        if key == self._learnt:
            return
        found = seat_agreement(view)
        if found:
            self._learnt = key
            choices, agreed = sum(f[0] for f in found), sum(f[1] for f in found)
            self.seen = (self.seen[0] + choices, self.seen[1] + agreed)
            self.fit = [
                (n + m, h + i, g + j) for (n, h, g), (m, i, j) in zip(self.fit, found, strict=True)
            ]

    def see(self, hands: tuple[int, ...]) -> None:
        """The true hands before its next card (an oracle only: ``oracle=1``)."""
        self._true_hands = list(hands) if self.sees_all else None

    def choose_play(self, view: SeatView) -> int:
        """The legal card with the lowest mean simulated score."""
        return self.evaluate(view).best

    def evaluate(self, view: SeatView) -> Evaluation:
        """Every distinct legal card's simulated score over the deals searched (the
        search is skipped when only one choice is left)."""
        self._learn(view)
        self.searched = 0
        legal = view.legal_mask
        if not legal & (legal - 1):
            card = legal.bit_length() - 1
            return Evaluation((card,), card, {card: 0.0}, 0.0)
        seat = view.seat
        hand = view.hand_mask
        played = view.played_mask
        unseen = FULL_DECK & ~hand & ~played
        in_trick = 0
        for c in view.trick:
            in_trick |= 1 << c
        choices = distinct_choices(legal, unseen | in_trick)
        default = heuristic.choose_card(seat, hand, legal, view.trick, played, view.round_points)
        default = min(
            (c for c in choices if c >= default and c // 13 == default // 13), default=default
        )
        if len(choices) == 1:
            return Evaluation((choices[0],), choices[0], {choices[0]: 0.0}, 0.0)
        start = time.process_time()
        deadline = start + self.budget
        settings, research = self.settings, self.research
        belief = self.belief
        belief.miss_weight = self.miss_weight()
        belief.policies = self.policies()
        belief.pass_models = self.pass_models()
        belief.infer = research.infer and belief.miss_weight < 1.0
        if self._true_hands is not None:  # an oracle: the one true deal
            true_hands, self._true_hands = self._true_hands, None
            true_hands[seat] = 0
            deals = [(1.0, true_hands)]
        else:
            deals = belief.deals(view, settings.worlds, self.budget)
        totals = dict.fromkeys(choices, 0.0)
        choices_seen, agreed = self.seen
        predictable = choices_seen >= SEEN_ENOUGH and agreed >= PREDICTABLE * choices_seen
        generic = research.generic == 1 or (research.generic == 2 and not predictable)
        # Also try running for the moon when nobody else has points and the hand has
        # high hearts: a card's value is the better of the two plans.
        alone = view.round_points[seat] == sum(view.round_points)
        key = (view.round_number, view.totals)
        done = len(view.tricks)
        # Solved exactly, a deal's value counts every moon, its own made or another's
        # stopped: no second plan.
        solved = 0 < 13 - done <= self.horizon
        committed = research.commit and self.committed == key and alone and not solved
        moon_plan = not solved and (
            committed
            or (
                (research.moon == 2 or (research.moon == 1 and predictable))
                and alone
                and (hand & HIGH_HEARTS).bit_count() >= research.moon_hearts
                and len(view.tricks) <= 10
            )
        )
        threat = moon_threat(view) if research.defend else -1
        runs = dict.fromkeys(choices, 0.0)
        trick = list(view.trick)
        leader = view.leader
        points = list(view.round_points)

        # A run for the moon is weighed against defenders who wake at its first point,
        # unless the others have shown they play exactly like the heuristic.
        wary = research.wary and not predictable

        def play_out(hands: list[int], c: int, runner_seat: int = threat) -> float:
            """This seat's score after playing ``c`` in one sampled deal, ``runner_seat``
            running for the moon (-1: nobody); solved exactly near the end (``endgame``)."""
            h = hands[:]
            h[seat] = hand & ~(1 << c)
            broken = view.hearts_broken or 13 <= c < 26
            if solved and research.maxn == 1:
                line = endgame.solve_maxn(Ending(h, leader, [*trick, c], points, broken), seat)
                return round_score(list(line.points), seat, research.moon_bonus)
            if solved and research.maxn != 2:
                value = endgame.solve(Ending(h, leader, [*trick, c], points, broken), seat).value
                return (value + 26) / 4
            position = (h, leader, [*trick, c], done, broken, points[:], played | (1 << c))
            if solved:
                defending = wary or 0 <= threat != seat
                return best_response(
                    *position,
                    seat,
                    generic,
                    threat,
                    defending,
                    seat,
                    research.defend_late,
                    research.moon_bonus,
                )[0]
            if generic:
                result = generic_rollout(
                    *position, seat, runner_seat, research.defend_late, research.look
                )
            else:
                result = heuristic_rollout(*position, runner_seat, wary or 0 <= runner_seat != seat)
            return round_score(result, seat, research.moon_bonus)

        weights = 0.0
        for weight, hands in deals:
            if (
                self.searched >= CLOCK_EVERY
                and not self.searched % CLOCK_EVERY
                and time.process_time() > deadline
            ):
                break
            for c in choices:
                if not committed:
                    totals[c] += weight * play_out(hands, c)
                if moon_plan:
                    runs[c] += weight * play_out(hands, c, seat)
            weights += weight
            self.searched += 1
        if committed:
            return Evaluation(tuple(choices), default, runs, weights)
        if moon_plan:
            if research.commit and min(runs.values()) < min(totals.values()):
                if self.committed != key:
                    self.moon_tries += 1
                self.committed = key  # the run's card is the one played: keep to it
            for c in choices:
                totals[c] = min(totals[c], runs[c])
        if research.stopper and weights and shot_open(points, seat) and not solved:
            out = unseen & HEART_MASK
            for c in choices:
                if drops_stopper(hand, c, view.trick, out):
                    totals[c] += research.stopper * weights
                elif takes_from_runner(c, view.trick, leader, threat):
                    totals[c] -= research.stopper * weights
        return Evaluation(tuple(choices), default, totals, weights)
