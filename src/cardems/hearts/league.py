"""A league of bots on duplicate blocks, with paired differences and standard errors.

A block is one match code. For a field ``B`` it is played once by four ``B`` (the
baseline table) and, for every other bot ``A``, four times with ``A`` in each seat in
turn and three ``B`` in the others: every deal is played by every bot from every seat.
Round ``r`` of a match code is dealt the same cards whatever was played before, so ``A``
in seat ``s`` of its table and ``B`` in seat ``s`` of the baseline hold the same hand;
the pairing's figure is the paired difference, ``A``'s points minus ``B``'s on the same
deal and seat (rounds both tables reached), where the luck of the deal cancels, and the
paired ratio ``Σ A / Σ B`` of the same hands. Standard errors are clustered by block
(:mod:`cardems.hearts.paired`). The ratio to the field at ``A``'s own tables (``A``'s
points per hand ÷ the three others') is kept beside it: the goals of issue 32 are
stated in it. Bots get seeds by match code and seat alone, so a bot in seat ``s``
meets the same random draws at every table of a block.

One rating per bot fits ``log ratio(A, B) = s(A) - s(B)`` by weighted least squares
(weights ``1 / se²``) over every pairing; ``s`` is shown as Elo-like points,
``-400 log10(e^s)``, around a league mean of 0, with standard errors from the fit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from cardems.batch import Batch, Keyed
from cardems.dealcode import DealCode
from cardems.hearts.arena import SeatRecord, arena_bot, play_match
from cardems.hearts.paired import Estimate, log_estimate, paired_difference, ratio_of_sums

LEAGUE = ("easy", "medium", "rules", "montecarlo")
"""The default league: bots cheap enough for 8,000 hands a pairing in half an hour on
two cores (the expert, ``ismcts`` and wide ``montecarlo`` are named with ``--bots``)."""
HANDS_PER_SET = 44
"""About how many hands a block gives a pairing (4 matches of about 11 rounds)."""

Pair = tuple[str, str]


@dataclass(frozen=True, slots=True)
class BlockResult:
    """One block of a pairing ``A`` vs a field of ``B``: ``A``'s four tables and the
    baseline's matching hands."""

    hands: int
    """Hands ``A`` played in rounds the baseline table reached too (paired hands)."""
    points: int
    """``A``'s points on the paired hands."""
    base_points: int
    """``B``'s points on the same deals and seats at the baseline table."""
    table_hands: int
    """Every hand ``A`` played at its tables."""
    table_points: int
    field_points: int
    """The three ``B``'s points at ``A``'s tables."""
    moons: int
    moons_against: int
    queens: int
    decisions: int
    seconds: float
    tries: int = 0
    """Hands in which ``A`` ran for the moon (see :class:`~cardems.hearts.arena.SeatRecord`)."""
    tries_made: int = 0
    tries_failed_points: int = 0


CARRIED = (
    "moons",
    "moons_against",
    "queens",
    "decisions",
    "seconds",
    "tries",
    "tries_made",
    "tries_failed_points",
)
"""The counts of ``A``'s :class:`~cardems.hearts.arena.SeatRecord` a block keeps as they
are (every hand of its tables)."""


def seatings(a: str, b: str) -> list[tuple[str, ...]]:
    """The tables of a block for ``a`` against ``b``: ``a`` in each seat in turn."""
    return [tuple(a if seat == shift else b for seat in range(4)) for shift in range(4)]


def play_table(number: int, names: Sequence[str], seed: int) -> list[SeatRecord]:
    """Match code ``number`` with ``names[seat]`` in each seat; seeds by code and seat."""
    code = DealCode("HT", 1, "N", number)
    bots = [arena_bot(name, seed * 1_000_003 + number * 17 + s) for s, name in enumerate(names)]
    return play_match(code, bots)


def pair_block(shift: int, table: Sequence[SeatRecord], base: Sequence[SeatRecord]) -> BlockResult:
    """The figures of ``A`` in seat ``shift`` of ``table`` against ``base`` (four ``B``)."""
    mine, theirs = table[shift], base[shift]
    paired = min(len(mine.hand_scores), len(theirs.hand_scores))
    return BlockResult(
        hands=paired,
        points=sum(mine.hand_scores[:paired]),
        base_points=sum(theirs.hand_scores[:paired]),
        table_hands=len(mine.hand_scores),
        table_points=sum(mine.hand_scores),
        field_points=sum(sum(r.hand_scores) for s, r in enumerate(table) if s != shift),
        **{name: getattr(mine, name) for name in CARRIED},
    )


def merge(parts: Sequence[BlockResult]) -> BlockResult:
    """The sum of ``parts`` (the four seats of a block)."""
    return BlockResult(*(sum(getattr(p, f.name) for p in parts) for f in fields(BlockResult)))


Task = tuple[str, tuple[str, ...], int, int]
"""A field, the bots to play against it, a match code number, the seed."""


def play_block(task: Task) -> tuple[str, int, list[tuple[str, BlockResult]]]:
    """One block for field ``B``: the baseline table, then each bot's four tables.
    Returns the field, the hands played at every table, and one result per bot."""
    field, bots, number, seed = task
    base = play_table(number, (field,) * 4, seed)
    played = len(base[0].hand_scores)
    out = []
    for a in bots:
        parts = []
        for shift, names in enumerate(seatings(a, field)):
            table = play_table(number, names, seed)
            played += len(table[0].hand_scores)
            parts.append(pair_block(shift, table, base))
        out.append((a, merge(parts)))
    return field, played, out


def fit_ratings(logs: dict[Pair, Estimate], names: Sequence[str]) -> dict[str, Estimate]:
    """Strengths ``s`` with ``logs[a, b] ≈ s[a] - s[b]``, mean 0 (lower is stronger:
    fewer points), by least squares weighted by ``1 / se²`` (equal weights where no
    standard error is known), with the fit's standard errors. Pairings without a finite
    figure are left out; a bot in none gets 0 (standard error ``nan``)."""
    rated = [n for n in names if any(n in pair for pair, e in logs.items() if _usable(e))]
    index = {name: i for i, name in enumerate(rated)}
    n = len(rated)
    laplacian = [[0.0] * n for _ in range(n)]
    rhs = [0.0] * n
    for (a, b), estimate in logs.items():
        if not _usable(estimate):
            continue
        weight = 1.0 / estimate.se**2 if estimate.se > 0 else 1.0
        i, j = index[a], index[b]
        laplacian[i][i] += weight
        laplacian[j][j] += weight
        laplacian[i][j] -= weight
        laplacian[j][i] -= weight
        rhs[i] += weight * estimate.value
        rhs[j] -= weight * estimate.value
    # (L + J/n)⁻¹ - J/n is L's pseudo-inverse on a connected league: the solution with
    # mean 0, and the covariance of the estimates.
    inverse = _inverse([[x + 1.0 / n for x in row] for row in laplacian]) if n else []
    cov = [[x - 1.0 / n for x in row] for row in inverse]
    values = [sum(c * r for c, r in zip(row, rhs, strict=True)) for row in cov]
    out = {name: Estimate(0.0, math.nan) for name in names}
    for name, i in index.items():
        out[name] = Estimate(values[i], math.sqrt(max(0.0, cov[i][i])))
    return out


def _usable(estimate: Estimate) -> bool:
    return math.isfinite(estimate.value) and not estimate.se < 0


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan with partial pivoting (the systems here are tiny)."""
    n = len(matrix)
    rows = [[*row, *(float(i == k) for k in range(n))] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        if abs(lead) < 1e-12:
            raise ValueError("the league's pairings do not connect every bot")
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]


ELO = 400.0 / math.log(10)


def elo(strength: Estimate) -> Estimate:
    """Elo-like points of a strength ``s`` (points factor ``e^s``): higher is better."""
    return Estimate(-ELO * strength.value, ELO * strength.se)


def pairing_figures(blocks: Sequence[BlockResult]) -> dict[str, Estimate]:
    """A pairing's estimates: ``difference`` (``A`` - ``B`` per hand, same deals and
    seats), ``ratio`` (``Σ A / Σ B`` on them), ``table_ratio`` (``A``'s points per hand
    ÷ its field's at its own tables)."""
    return {
        "difference": paired_difference([(b.points, b.base_points, b.hands) for b in blocks]),
        "ratio": ratio_of_sums([(b.points, b.base_points) for b in blocks]),
        "table_ratio": ratio_of_sums([(b.table_points, b.field_points / 3) for b in blocks]),
    }


@dataclass
class LeagueResult:
    """Every pairing's blocks, and the figures drawn from them."""

    names: list[str]
    blocks: dict[Pair, list[BlockResult]]
    interrupted: bool = False
    """Stopped (Ctrl+C) before every block was played."""

    def pairs(self) -> list[Pair]:
        """Pairings played, in table order: first bot, then field."""
        order = {name: i for i, name in enumerate(self.names)}
        return sorted(self.blocks, key=lambda p: (order[p[0]], order[p[1]]))

    def to_json(self) -> dict[str, Any]:
        """Pairings (paired difference and ratios with standard errors and 95 %
        intervals, moons, Q♠, speed) and ratings (Elo-like, standard error, interval)."""
        logs = {}
        pairs = []
        for a, b in self.pairs():
            blocks = self.blocks[a, b]
            figures = pairing_figures(blocks)
            logs[a, b] = log_estimate(figures["ratio"])
            hands = sum(x.hands for x in blocks)
            table_hands = sum(x.table_hands for x in blocks)
            decisions = sum(x.decisions for x in blocks)
            pairs.append(
                {
                    "bot": a,
                    "field": b,
                    "blocks": len(blocks),
                    "hands": hands,
                    "points_per_hand": _round(_share(sum(x.points for x in blocks), hands)),
                    "base_points_per_hand": _round(
                        _share(sum(x.base_points for x in blocks), hands)
                    ),
                    **{
                        f"{key}{part}": _round(value)
                        for key, estimate in figures.items()
                        for part, value in (
                            ("", estimate.value),
                            ("_se", estimate.se),
                            ("_low", estimate.low),
                            ("_high", estimate.high),
                        )
                    },
                    "table_hands": table_hands,
                    "moon_rate": _round(_share(sum(x.moons for x in blocks), table_hands), 4),
                    "moons_against_rate": _round(
                        _share(sum(x.moons_against for x in blocks), table_hands), 4
                    ),
                    "queen_rate": _round(_share(sum(x.queens for x in blocks), table_hands), 4),
                    "moon_tries": sum(x.tries for x in blocks),
                    "moon_tries_made": sum(x.tries_made for x in blocks),
                    "failed_try_points": _round(
                        _share(
                            sum(x.tries_failed_points for x in blocks),
                            sum(x.tries - x.tries_made for x in blocks),
                        ),
                        2,
                    ),
                    "ms_per_decision": _round(
                        1000 * _share(sum(x.seconds for x in blocks), decisions), 2
                    ),
                }
            )
        strengths = fit_ratings(logs, self.names)
        ratings: list[dict[str, Any]] = []
        for name in self.names:
            mine = [x for (a, _), blocks in self.blocks.items() if a == name for x in blocks]
            table_hands = sum(x.table_hands for x in mine)
            points = elo(strengths[name])
            ratings.append(
                {
                    "bot": name,
                    "elo": _round(points.value, 1),
                    "elo_se": _round(points.se, 1),
                    "elo_low": _round(points.low, 1),
                    "elo_high": _round(points.high, 1),
                    "points_factor": _round(math.exp(strengths[name].value)),
                    "hands": table_hands,
                    "moon_rate": _round(_share(sum(x.moons for x in mine), table_hands), 4),
                    "moons_against_rate": _round(
                        _share(sum(x.moons_against for x in mine), table_hands), 4
                    ),
                }
            )
        ratings.sort(key=lambda r: -r["elo"])
        return {"pairs": pairs, "ratings": ratings}


def _share(part: float, whole: float) -> float:
    return part / whole if whole else math.nan


def _round(value: float, digits: int = 3) -> float:
    return round(value, digits) if math.isfinite(value) else math.nan


def run_league(
    names: Sequence[str],
    sets: int,
    workers: int,
    *,
    first: int = 0,
    seed: int = 1,
    focus: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
    cluster: str | None = None,
) -> LeagueResult:
    """Play ``sets`` blocks (codes ``first`` on) of every ordered pairing, or with
    ``focus`` only those bots, each against a field of every bot not in it. ``progress`` is told the
    hands played at every table of each block for a field as it ends. The blocks are played
    in ``workers`` processes or on the Dask cluster at ``cluster`` (:mod:`cardems.batch`)
    and kept in task order whatever order they end in, so the figures do not depend on
    where they were played."""
    names = list(dict.fromkeys(names))
    if len(names) < 2:
        raise ValueError("a league needs at least two different bots")
    if sets < 1:
        raise ValueError("a league needs at least one duplicate set")
    for name in focus:
        if name not in names:
            raise ValueError(f"--focus {name!r} is not one of the league's bots")
    if focus and set(names) <= set(focus):
        raise ValueError("--focus leaves no bot for a field")
    for name in names:
        arena_bot(name)  # refuse unknown names before starting workers
    tasks: list[Task] = [  # block by block, so that the rate holds from the start
        (b, tuple(a for a in names if a != b and (not focus or a in focus)), first + k, seed)
        for k in range(sets)
        for b in names
        if b not in focus
    ]
    result = LeagueResult(names, {})
    done: Keyed[tuple[str, int, list[tuple[str, BlockResult]]]] = Keyed()
    with Batch(workers, cluster) as batch:
        try:
            for index, block_result in batch.map(play_block, tasks):  # a block a task
                done.add(index, block_result)
                if progress:
                    progress(block_result[1])
        except KeyboardInterrupt:  # Ctrl+C: the blocks finished so far are the league
            result.interrupted = True
    for field, _, found in done.ordered():
        for a, block in found:
            result.blocks.setdefault((a, field), []).append(block)
    return result


def sets_for(hands: int) -> int:
    """The whole number of blocks closest to ``hands`` hands a pairing (one at least): a
    block is not cut, so that every bot plays its deals from every seat."""
    return max(1, round(hands / HANDS_PER_SET))


def _percent(share: float) -> str:
    """``12.5%``, or ``—`` for a bot that sat at no table of its own (``--focus``)."""
    return f"{100 * share:.1f}%" if math.isfinite(share) else "—"


def or_na(value: float, spec: str) -> str:
    """``value`` formatted by ``spec``, or ``n/a`` where it is not defined (a standard
    error, or an interval, from a single block)."""
    return format(value, spec) if math.isfinite(value) else "n/a"


def plus_minus(se: float) -> str:
    """``± 0.019``, or ``± n/a`` where one block gives no standard error."""
    return f"± {or_na(se, '.3f')}"


def format_table(figures: dict[str, Any], names: Sequence[str]) -> str:
    """The league as text: ratings, the matrix of paired ratios, then every pairing."""
    lines = [
        f"{'bot':<22}{'elo-like':>9}{'± se':>7}  {'95 % interval':<16}{'factor':>7}"
        f"{'moons by':>10}{'against':>9}"
    ]
    for r in figures["ratings"]:
        lines.append(
            f"{r['bot']:<22}{r['elo']:>9.0f}{or_na(r['elo_se'], '.1f'):>7}  "
            f"[{or_na(r['elo_low'], '.0f'):>5}, {or_na(r['elo_high'], '.0f'):>5}]   "
            f"{r['points_factor']:>7.2f}{_percent(r['moon_rate']):>10}"
            f"{_percent(r['moons_against_rate']):>9}"
        )
    width = max(12, *(len(n) + 1 for n in names))
    by_pair = {(p["bot"], p["field"]): p for p in figures["pairs"]}
    lines += [
        "",
        "paired ratio: row bot's points ÷ column bot's on the same deals and seats, in a"
        " field of 3 × column bot (lower is better)",
    ]
    lines.append(" " * 22 + "".join(f"{n:>{width}}" for n in names))
    for a in names:
        cells = [f"{by_pair[a, b]['ratio']:.3f}" if (a, b) in by_pair else "—" for b in names]
        lines.append(f"{a:<22}" + "".join(f"{c:>{width}}" for c in cells))
    lines += [
        "",
        f"{'pairing':<30}{'hands':>6}{'A − B per hand':>20}{'paired ratio':>22}"
        f"{'ratio to table':>22}{'moons':>7}{'against':>8}{'Q♠':>7}{'ms/dec':>8}",
    ]
    for p in figures["pairs"]:
        label = f"{p['bot']} vs 3×{p['field']}"
        lines.append(
            f"{label:<30}{p['hands']:>6}"
            f"{p['difference']:>+11.3f} {plus_minus(p['difference_se']):<8}"
            f"{p['ratio']:>13.3f} {plus_minus(p['ratio_se']):<8}"
            f"{p['table_ratio']:>13.3f} {plus_minus(p['table_ratio_se']):<8}"
            f"{100 * p['moon_rate']:>6.1f}%{100 * p['moons_against_rate']:>7.1f}%"
            f"{100 * p['queen_rate']:>6.1f}%{p['ms_per_decision']:>8.1f}"
        )
    lines.append("(± one standard error, clustered by block; 95 % interval = ± 1.96 se)")
    return "\n".join(lines)
