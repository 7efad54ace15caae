"""Bots against bots on duplicate deals, on every core.

Each match code is played four times with the bots rotated through the seats, so every
bot meets the same cards from every chair. A bot's figures pool every hand it played:
mean points per hand (with a 95 % interval), matches won, how often it shot the moon,
how often someone shot it against it, how often it took the Q♠, and its milliseconds
of CPU time per decision.

The duplicate sets are played by :mod:`cardems.batch` (this process, a local pool of
``workers``, or a Dask cluster) and their records kept in set order, so the figures are
the same wherever they were played. Every bot but the expert decides by the deal, the
seat and its seed alone, so their figures repeat exactly; the expert's play depends on
the CPU it is given (a time budget per decision), so a table with an expert repeats only
roughly, on any machine (and milliseconds per decision never repeat).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from cardems.batch import Batch, Keyed
from cardems.dealcode import DealCode
from cardems.hearts.bots import Bot, make_bot
from cardems.hearts.bots.expert import (
    LEVEL_FIELDS,
    ExpertBot,
    ExpertSettings,
    Research,
    parse_settings,
)
from cardems.hearts.core import QS_BIT, cards_of, to_card
from cardems.hearts.rules import MATCH_TARGET, Match, Options, Phase
from cardems.hearts.view import view

RESEARCH_OPTIONS = {
    "infer": "infer",
    "miss": "miss_weight",
    "moves": "moves",
    "share": "sampling_share",
    "bonus": "moon_bonus",
    "mh": "moon_hearts",
    "passes": "pass_pool",
    "mpass": "moon_pass_pool",
    "pbudget": "pass_budget_ms",
    "wary": "wary",
    "generic": "generic",
    "moon": "moon",
    "gpass": "generic_pass",
    "late": "defend_late",
    "commit": "commit",
    "defend": "defend",
    "model": "model",
    "oracle": "oracle",
    "maxn": "maxn",
    "passw": "pass_weight",
    "podds": "pass_odds",
    "psearch": "pass_search",
    "pmargin": "pass_margin",
    "stopper": "stopper",
    "look": "look",
}
"""The expert's research switches by their short names in the arena's bot names (each a
field of :class:`~cardems.hearts.bots.expert.Research`); the product's bot names know
only its level's options (:data:`~cardems.hearts.bots.expert.LEVEL_OPTIONS`)."""


def research_settings(name: str) -> tuple[ExpertSettings, Research]:
    """The level and the research switches of an arena name such as
    ``expert:worlds=60:moon=2:miss=0.1`` (booleans 0 or 1)."""
    head, *parts = name.split(":")
    research = Research()
    kinds = {f.name: str(f.type) for f in fields(Research)}  # "int", "bool" or "float"
    level = [head]
    for part in parts:
        key, _, value = part.partition("=")
        if key in LEVEL_FIELDS:
            level.append(part)  # the product's parser checks these
            continue
        target = RESEARCH_OPTIONS.get(key)
        if target is None or not value:
            raise ValueError(f"unknown expert option {part!r} in {name!r}")
        try:
            number = float(value)
        except ValueError:
            raise ValueError(f"expert option {key!r} needs a number, not {value!r}") from None
        kind = kinds[target]
        whole = number.is_integer() and (kind != "bool" or number in (0, 1))
        if kind != "float" and not whole:
            needs = "0 or 1" if kind == "bool" else "a whole number"
            raise ValueError(f"expert option {key!r} needs {needs}, not {value!r}")
        typed: float = bool(number) if kind == "bool" else int(number) if kind == "int" else number
        research = replace(research, **{target: typed})  # type: ignore[arg-type]
    return parse_settings(":".join(level)), research


def arena_bot(name: str, seed: int = 0) -> Bot:
    """A bot for the arena and the league: any product bot name
    (:func:`~cardems.hearts.bots.make_bot`), and the expert with research switches too
    (:data:`RESEARCH_OPTIONS`), e.g. ``expert:endgame=3:moon=2``."""
    if name.split(":")[0] != "expert":
        return make_bot(name, seed)
    settings, research = research_settings(name)
    bot = ExpertBot(seed, settings, research)
    bot.name = name
    return bot


@dataclass
class SeatRecord:
    """One bot's results in one match."""

    name: str
    hand_scores: list[int] = field(default_factory=list)
    moons: int = 0
    moons_against: int = 0
    queens: int = 0
    """Hands in which it took the Q♠."""
    tries: int = 0
    """Hands in which it ran for the moon (a bot that says so: ``moon_tries``)."""
    tries_made: int = 0
    """… and shot it."""
    tries_failed_points: int = 0
    """Its points in the hands it ran for the moon and missed."""
    won: bool = False
    decisions: int = 0
    seconds: float = 0.0


def play_match(
    code: DealCode, bots: Sequence[Bot], max_rounds: int = 60, target: int = MATCH_TARGET
) -> list[SeatRecord]:
    """Play a whole match to ``target`` with ``bots[seat]`` in each seat; one record per
    seat."""
    records = [SeatRecord(bot.name) for bot in bots]
    tried = [getattr(bot, "moon_tries", 0) for bot in bots]
    match = Match.new(code, Options(target=target))
    clock = time.process_time  # CPU time of this process: fair on a busy machine
    while not match.over and len(match.history) < max_rounds:
        rnd = match.round
        if rnd.phase is Phase.PASSING:
            for seat in range(4):
                if rnd.passes[seat]:
                    continue
                start = clock()
                chosen = bots[seat].choose_pass(view(match, seat))
                records[seat].seconds += clock() - start
                records[seat].decisions += 1
                match = match.pass_cards(seat, cards_of(chosen))
            continue
        turn = rnd.to_play
        assert turn is not None
        seat = turn
        see = getattr(bots[seat], "see", None) if getattr(bots[seat], "sees_all", False) else None
        if see is not None:  # a bot measuring what the true deal is worth
            see(rnd.hands)
        start = clock()
        card = bots[seat].choose_play(view(match, seat))
        records[seat].seconds += clock() - start
        records[seat].decisions += 1
        before = len(match.history)
        match = match.play(seat, to_card(card))
        if len(match.history) > before:
            done = match.history[-1]
            shooter = done.moon_shooter
            for s in range(4):
                tries = getattr(bots[s], "moon_tries", 0)
                if tries > tried[s]:  # it ran for the moon in this hand
                    records[s].tries += 1
                    records[s].tries_made += shooter == s
                    records[s].tries_failed_points += done.scores[s] if shooter != s else 0
                tried[s] = tries
                records[s].hand_scores.append(done.scores[s])
                records[s].queens += bool(done.taken[s] & QS_BIT)
                if shooter == s:
                    records[s].moons += 1
                elif shooter is not None:
                    records[s].moons_against += 1
    if match.winner is not None:
        records[match.winner].won = True
    return records


Task = tuple[int, tuple[str, ...], int] | tuple[int, tuple[str, ...], int, int]
"""A duplicate set: the match's number, the bots, the seed (and the match's target)."""


def play_duplicate(task: Task) -> list[SeatRecord]:
    """Play match ``number`` four times, the bots rotated one seat each time (to the
    task's target, else 100)."""
    number, names, seed, *rest = task
    target = rest[0] if rest else MATCH_TARGET
    code = DealCode("HT", 1, "N", number)
    records: list[SeatRecord] = []
    for shift in range(4):
        seated = [names[(seat - shift) % 4] for seat in range(4)]
        bots = [
            arena_bot(name, seed * 1_000_003 + number * 17 + shift * 4 + s)
            for s, name in enumerate(seated)
        ]
        records.extend(play_match(code, bots, target=target))
    return records


@dataclass
class BotSummary:
    """A bot's pooled figures."""

    name: str
    hands: int
    mean_points: float
    ci95: float
    matches: int
    matches_won: int
    moon_rate: float
    moons_against_rate: float
    queen_rate: float
    ms_per_decision: float
    tries: int = 0
    """Hands in which it ran for the moon (bots that say so), …"""
    tries_made: int = 0
    """… shot it …"""
    tries_failed_points: int = 0
    """… and its points in the others."""

    @property
    def failed_try_cost(self) -> float:
        """Its mean points in a hand it ran for the moon and missed (0 with none)."""
        failed = self.tries - self.tries_made
        return self.tries_failed_points / failed if failed else 0.0

    def to_json(self) -> dict[str, Any]:
        """JSON-ready figures."""
        return {
            "name": self.name,
            "hands": self.hands,
            "mean_points": round(self.mean_points, 3),
            "ci95": round(self.ci95, 3),
            "matches": self.matches,
            "matches_won": self.matches_won,
            "moon_rate": round(self.moon_rate, 4),
            "moons_against_rate": round(self.moons_against_rate, 4),
            "queen_rate": round(self.queen_rate, 4),
            "ms_per_decision": round(self.ms_per_decision, 2),
            "moon_tries": self.tries,
            "moon_tries_made": self.tries_made,
            "failed_try_points": round(self.failed_try_cost, 2),
        }


def summarize(records: Sequence[SeatRecord]) -> list[BotSummary]:
    """Pool records by bot name, in order of first appearance."""
    names = list(dict.fromkeys(r.name for r in records))
    out = []
    for name in names:
        mine = [r for r in records if r.name == name]
        scores = [s for r in mine for s in r.hand_scores]
        n = len(scores)
        mean = sum(scores) / n if n else 0.0
        var = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.0
        decisions = sum(r.decisions for r in mine)
        out.append(
            BotSummary(
                name=name,
                hands=n,
                mean_points=mean,
                ci95=1.96 * math.sqrt(var / n) if n else 0.0,
                matches=len(mine),
                matches_won=sum(r.won for r in mine),
                moon_rate=sum(r.moons for r in mine) / n if n else 0.0,
                moons_against_rate=sum(r.moons_against for r in mine) / n if n else 0.0,
                queen_rate=sum(r.queens for r in mine) / n if n else 0.0,
                ms_per_decision=1000 * sum(r.seconds for r in mine) / decisions
                if decisions
                else 0.0,
                tries=sum(r.tries for r in mine),
                tries_made=sum(r.tries_made for r in mine),
                tries_failed_points=sum(r.tries_failed_points for r in mine),
            )
        )
    return out


def run_arena(
    names: Sequence[str],
    sets: int,
    workers: int,
    *,
    first: int = 0,
    seed: int = 1,
    progress: Callable[[int], None] | None = None,
    target: int = MATCH_TARGET,
    cluster: str | None = None,
) -> tuple[list[SeatRecord], int]:
    """Play ``sets`` duplicate sets (match codes ``first`` on, each played four times with
    the bots rotated, each match to ``target``) in ``workers`` processes or on the Dask
    cluster at ``cluster``; return the records, in set order, and the hands played.
    ``progress`` is told the hands of each set as it ends."""
    if len(names) != 4:
        raise ValueError("an arena needs exactly four bots")
    if sets < 1:
        raise ValueError("an arena needs at least one duplicate set")
    for name in set(names):
        arena_bot(name)  # refuse unknown names before starting workers
    tasks: list[Task] = [(first + k, tuple(names), seed, target) for k in range(sets)]
    done: Keyed[list[SeatRecord]] = Keyed()
    played = 0
    with Batch(workers, cluster) as batch:
        for index, result in batch.map(play_duplicate, tasks):  # a set a task: seconds
            done.add(index, result)
            hands = sum(len(r.hand_scores) for r in result[::4])
            played += hands
            if progress:
                progress(hands)
    return [record for result in done.ordered() for record in result], played
