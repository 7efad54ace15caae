"""A league of bots: every bot against a field of three of every other, on duplicate deals.

A pairing ``A vs 3×B`` plays the same duplicate sets (a match code four times, ``A``
rotated through the seats, see :mod:`cardems.hearts.arena`) as every other pairing,
so every pairing meets the same cards. Its figure is the ratio of ``A``'s points per hand
to the field's (below 1: ``A`` beats ``B``), with a 95 % interval by bootstrap over its
matches. One rating per bot fits ``log ratio(A, B) = s(A) - s(B)`` by least squares
over every pairing (a Bradley–Terry-like model on points) and shows ``s`` as Elo-like
points, ``-400 log10(e^s)``, around a league mean of 0; its intervals come from the same
bootstrap (every pairing's matches resampled at once).
"""

from __future__ import annotations

import math
import multiprocessing
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from cardems.hearts.arena import SeatRecord, play_duplicate
from cardems.hearts.bots import make_bot

LEAGUE = ("easy", "medium", "expert", "montecarlo", "ismcts", "rules")
"""The default league."""
HANDS_PER_SET = 44
"""About how many hands a duplicate set plays (4 matches of about 11 rounds)."""


@dataclass(frozen=True, slots=True)
class SetResult:
    """One match of a pairing: the first bot's totals and its field's."""

    points: int
    hands: int
    field_points: int
    field_hands: int
    moons: int
    moons_against: int
    queens: int
    decisions: int
    seconds: float


def set_result(records: Sequence[SeatRecord], name: str) -> SetResult:
    """Pool records (a match's four): ``name`` (the first bot) against the rest."""
    mine = [r for r in records if r.name == name]
    field = [r for r in records if r.name != name]
    return SetResult(
        points=sum(sum(r.hand_scores) for r in mine),
        hands=sum(len(r.hand_scores) for r in mine),
        field_points=sum(sum(r.hand_scores) for r in field),
        field_hands=sum(len(r.hand_scores) for r in field),
        moons=sum(r.moons for r in mine),
        moons_against=sum(r.moons_against for r in mine),
        queens=sum(r.queens for r in mine),
        decisions=sum(r.decisions for r in mine),
        seconds=sum(r.seconds for r in mine),
    )


def match_results(records: Sequence[SeatRecord], name: str) -> list[SetResult]:
    """One :class:`SetResult` per match of ``records`` (four seats a match, in order),
    ``name`` against the rest."""
    return [set_result(records[k : k + 4], name) for k in range(0, len(records), 4)]


def ratio(sets: Sequence[SetResult]) -> float:
    """First bot's points per hand ÷ its field's, over ``sets``."""
    points = sum(s.points for s in sets)
    hands = sum(s.hands for s in sets)
    field_points = sum(s.field_points for s in sets)
    field_hands = sum(s.field_hands for s in sets)
    if not hands or not field_points:
        return math.nan
    return (points / hands) / (field_points / field_hands)


Pair = tuple[str, str]


def fit_ratings(log_ratios: dict[Pair, float], names: Sequence[str]) -> dict[str, float]:
    """Least-squares ``s`` with ``log_ratios[a, b] ≈ s[a] - s[b]`` and mean 0 (lower is
    stronger: fewer points). Pairings with no finite figure are left out; a bot in none
    gets 0."""
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    # Normal equations: a graph Laplacian; its last row is replaced by sum(s) = 0.
    matrix = [[0.0] * n for _ in range(n)]
    rhs = [0.0] * n
    for (a, b), value in log_ratios.items():
        if not math.isfinite(value):
            continue
        i, j = index[a], index[b]
        matrix[i][i] += 1
        matrix[j][j] += 1
        matrix[i][j] -= 1
        matrix[j][i] -= 1
        rhs[i] += value
        rhs[j] -= value
    for i in range(n):
        if not matrix[i][i]:
            matrix[i][i], rhs[i] = 1.0, 0.0  # unrated: pinned at 0
    matrix[-1] = [1.0] * n
    rhs[-1] = 0.0
    return dict(zip(names, _solve(matrix, rhs), strict=True))


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the systems here are tiny)."""
    n = len(rhs)
    rows = [[*row, value] for row, value in zip(matrix, rhs, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-12:
            continue  # a disconnected league: leave this bot where it is
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] if abs(rows[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def elo(strength: float) -> float:
    """Elo-like points of a strength ``s`` (points factor ``e^s``): higher is better."""
    return -400.0 * strength / math.log(10)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values`` by the nearest rank."""
    ordered = sorted(v for v in values if math.isfinite(v))
    if not ordered:
        return math.nan
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def ratio_interval(
    sets: Sequence[SetResult], samples: int = 1000, seed: int = 0
) -> tuple[float, float]:
    """The 95 % interval of :func:`ratio` by bootstrap over ``sets`` (matches)."""
    rng = random.Random(seed)
    values = [ratio([rng.choice(sets) for _ in sets]) for _ in range(samples)] if sets else []
    return percentile(values, 0.025), percentile(values, 0.975)


@dataclass
class LeagueResult:
    """Every pairing's matches, and the figures drawn from them."""

    names: list[str]
    sets: dict[Pair, list[SetResult]]
    samples: int = 1000
    seed: int = 0

    def pairs(self) -> list[Pair]:
        """Pairings in table order: first bot, then field."""
        return [(a, b) for a in self.names for b in self.names if a != b]

    def bootstrap(self) -> tuple[dict[Pair, list[float]], dict[str, list[float]]]:
        """Ratios per pairing and ratings per bot, for ``samples`` resamplings of each
        pairing's matches."""
        rng = random.Random(self.seed)
        ratios: dict[Pair, list[float]] = {pair: [] for pair in self.pairs()}
        ratings: dict[str, list[float]] = {name: [] for name in self.names}
        for _ in range(self.samples):
            logs = {}
            for pair in self.pairs():
                sets = self.sets.get(pair, [])
                value = ratio([rng.choice(sets) for _ in sets]) if sets else math.nan
                ratios[pair].append(value)
                logs[pair] = math.log(value) if value > 0 else math.nan
            for name, strength in fit_ratings(logs, self.names).items():
                ratings[name].append(elo(strength))
        return ratios, ratings

    def to_json(self) -> dict[str, Any]:
        """Pairings (ratio with 95 % interval, moons) and ratings (Elo-like, interval)."""
        boot_ratios, boot_ratings = self.bootstrap()
        logs = {}
        pairs = []
        for a, b in self.pairs():
            sets = self.sets.get((a, b), [])
            value = ratio(sets)
            logs[a, b] = math.log(value) if value > 0 else math.nan
            hands = sum(s.hands for s in sets)
            decisions = sum(s.decisions for s in sets)
            pairs.append(
                {
                    "bot": a,
                    "field": b,
                    "matches": len(sets),
                    "hands": hands,
                    "points_per_hand": _round(sum(s.points for s in sets) / hands if hands else 0),
                    "field_points_per_hand": _round(
                        sum(s.field_points for s in sets) / max(1, sum(s.field_hands for s in sets))
                    ),
                    "ratio": _round(value),
                    "ratio_low": _round(percentile(boot_ratios[a, b], 0.025)),
                    "ratio_high": _round(percentile(boot_ratios[a, b], 0.975)),
                    "moon_rate": _round(sum(s.moons for s in sets) / hands if hands else 0, 4),
                    "moons_against_rate": _round(
                        sum(s.moons_against for s in sets) / hands if hands else 0, 4
                    ),
                    "queen_rate": _round(sum(s.queens for s in sets) / hands if hands else 0, 4),
                    "ms_per_decision": _round(
                        1000 * sum(s.seconds for s in sets) / decisions if decisions else 0, 2
                    ),
                }
            )
        strengths = fit_ratings(logs, self.names)
        ratings: list[dict[str, Any]] = []
        for name in self.names:
            mine = [s for (a, _), sets in self.sets.items() if a == name for s in sets]
            hands = sum(s.hands for s in mine)
            ratings.append(
                {
                    "bot": name,
                    "elo": _round(elo(strengths[name]), 1),
                    "elo_low": _round(percentile(boot_ratings[name], 0.025), 1),
                    "elo_high": _round(percentile(boot_ratings[name], 0.975), 1),
                    "points_factor": _round(math.exp(strengths[name])),
                    "hands": hands,
                    "moon_rate": _round(sum(s.moons for s in mine) / hands if hands else 0, 4),
                    "moons_against_rate": _round(
                        sum(s.moons_against for s in mine) / hands if hands else 0, 4
                    ),
                }
            )
        ratings.sort(key=lambda r: strengths[r["bot"]])
        return {"pairs": pairs, "ratings": ratings}


def _round(value: float, digits: int = 3) -> float:
    return round(value, digits) if math.isfinite(value) else math.nan


Task = tuple[str, str, int, int]


def play_pairing_set(task: Task) -> tuple[str, str, list[SetResult]]:
    """One duplicate set of ``a`` against three ``b`` on match code ``number``: one
    result per match (``a`` in each seat in turn)."""
    a, b, number, seed = task
    records = play_duplicate((number, (a, b, b, b), seed))
    return a, b, match_results(records, a)


def run_league(
    names: Sequence[str],
    sets: int,
    workers: int,
    *,
    first: int = 0,
    seed: int = 1,
    samples: int = 1000,
    progress: Callable[[int], None] | None = None,
) -> LeagueResult:
    """Play ``sets`` duplicate sets (codes ``first`` on) of every ordered pairing."""
    names = list(dict.fromkeys(names))
    if len(names) < 2:
        raise ValueError("a league needs at least two different bots")
    if sets < 1:
        raise ValueError("a league needs at least one duplicate set")
    for name in names:
        make_bot(name)  # refuse unknown names before starting workers
    result = LeagueResult(names, {}, samples=samples, seed=seed)
    tasks: list[Task] = [(a, b, first + k, seed) for a, b in result.pairs() for k in range(sets)]
    pool = multiprocessing.get_context("spawn").Pool(workers) if workers > 1 else None
    try:
        done: Iterator[tuple[str, str, list[SetResult]]] = (
            pool.imap_unordered(play_pairing_set, tasks) if pool else map(play_pairing_set, tasks)
        )
        for a, b, found in done:
            result.sets.setdefault((a, b), []).extend(found)
            if progress:
                progress(sum(match.hands for match in found))
    finally:
        if pool:
            pool.close()
            pool.join()
    return result


def sets_for(hands: int) -> int:
    """The whole number of duplicate sets closest to ``hands`` hands (one at least): a set
    is not cut, so that every bot plays its deals from every seat."""
    return max(1, round(hands / HANDS_PER_SET))


def format_table(figures: dict[str, Any], names: Sequence[str]) -> str:
    """The league as text: ratings, then the matrix of ratios, then every pairing."""
    lines = [
        f"{'bot':<22}{'elo-like':>9}  {'95 % interval':<16}{'factor':>7}"
        f"{'moons by':>10}{'against':>9}"
    ]
    for r in figures["ratings"]:
        lines.append(
            f"{r['bot']:<22}{r['elo']:>9.0f}  [{r['elo_low']:>5.0f}, {r['elo_high']:>5.0f}]   "
            f"{r['points_factor']:>7.2f}{100 * r['moon_rate']:>9.1f}%"
            f"{100 * r['moons_against_rate']:>8.1f}%"
        )
    width = max(12, *(len(n) + 1 for n in names))
    lines += ["", "ratio: row bot's points/hand ÷ field of 3 × column bot (lower is better)"]
    lines.append(" " * 22 + "".join(f"{n:>{width}}" for n in names))
    by_pair = {(p["bot"], p["field"]): p for p in figures["pairs"]}
    for a in names:
        cells = [f"{by_pair[a, b]['ratio']:.2f}" if a != b else "—" for b in names]
        lines.append(f"{a:<22}" + "".join(f"{c:>{width}}" for c in cells))
    lines += [
        "",
        f"{'pairing':<34}{'hands':>6}{'ratio':>7}  {'95 % interval':<15}{'pts/hand':>17}"
        f"{'moons':>7}{'against':>8}{'Q♠':>7}{'ms/dec':>8}",
    ]
    for p in figures["pairs"]:
        label = f"{p['bot']} vs 3×{p['field']}"
        lines.append(
            f"{label:<34}{p['hands']:>6}{p['ratio']:>7.2f}  "
            f"[{p['ratio_low']:.2f}, {p['ratio_high']:.2f}]   "
            f"{p['points_per_hand']:>6.2f} vs {p['field_points_per_hand']:<6.2f}"
            f"{100 * p['moon_rate']:>6.1f}%{100 * p['moons_against_rate']:>7.1f}%"
            f"{100 * p['queen_rate']:>6.1f}%{p['ms_per_decision']:>8.1f}"
        )
    return "\n".join(lines)
