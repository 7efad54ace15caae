"""``cardems census GAME``: one row per deal in the app's database, resumable, mergeable.

    cardems census klondike --variant D3 --deals 2000 --start 1
    cardems census klondike --deals 2000 --cluster tcp://host:8786 --db postgresql://…
    cardems census --merge other-machine.db
    cardems census --report

decides deals ``--start`` … ``--start + --deals - 1`` of a solitaire with the game's own
verdict search, bounded by positions expanded (never by the clock: the same rows on any
machine and any load), and stores one row per deal in the ``census`` table of the store
(:mod:`cardems.store`: the SQLite file of ``cardems serve`` by default, or a
``postgresql://`` URL shared by several machines): game, variant, number, verdict, the
length of the winning line found, positions expanded, CPU seconds and the solver
(:func:`solver_of`). A deal already stored is never decided again, so a census stopped
(Ctrl+C, a lost machine) goes on where it stopped; rows reach the database as they come
(at most :data:`FLUSH_SECONDS` behind). ``--merge SOURCE`` adds the rows of a census run
elsewhere (another SQLite file or database), the deals this one has kept as they are.
The work runs where :mod:`cardems.batch` puts it: in this process, a local pool
(``--jobs``) or a Dask cluster (``--cluster``). Each run prints its range's table, and
``--report`` every stored game's (:class:`Table`): the winnable share with the undecided
counted lost then won, and a 95 % interval holding both (Wilson's), medians and p95.
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from cardems.argtypes import positive, whole
from cardems.batch import Batch, add_batch_arguments
from cardems.command_error import CommandError
from cardems.dealcode import DealCode
from cardems.i18n.markers import N_
from cardems.intervals import wilson
from cardems.progress import Progress
from cardems.store import Store

FLUSH_SECONDS = 1.0
"""Rows are written together at most this long after they came (and at any stop)."""
WORDS = {True: "won", False: "lost", None: "undecided"}
"""A verdict as stored."""
VERDICTS = {word: verdict for verdict, word in WORDS.items()}

PAST_LAST = N_("%(game)s has no deal numbered above %(last)d")
NOTHING_ASKED = N_("say what to do: GAME --deals N, --merge SOURCE or --report")
NO_ROWS = N_("no census rows in %(db)s")
CANNOT_OPEN = N_("cannot open the database %(db)s: %(problem)s")
MERGED = N_("%(added)d rows merged from %(source)s, %(kept)d deals already here kept as they were")
RAN = N_(
    "%(decided)d deals decided now, %(stored)d already stored; %(tasks)d tasks on %(workers)d"
    " workers, %(wall).1f s wall time, %(cpu).1f s solver CPU"
)
HEAD = N_("%(game)s %(variant)s: %(deals)d deals (numbers %(first)d-%(last)d)")
COUNTS = N_("%(won)d winnable, %(lost)d not winnable, %(undecided)d undecided")
SHARE = N_(
    "winnable: %(low).2f-%(high).2f %% (the undecided counted lost, then won);"
    " 95 %% interval %(ilow).2f-%(ihigh).2f %%"
)
EFFORT = N_(
    "CPU per deal: median %(cpu50).1f ms, p95 %(cpu95).1f ms; positions: median %(nodes50)d,"
    " p95 %(nodes95)d; winning line: median %(line50)d, p95 %(line95)d moves"
)
SOLVERS = N_("solver: %(solvers)s")
DESCRIPTION = N_(
    "Decides deals of a solitaire with the game's own search, bounded by positions (the\n"
    "same verdicts on any machine), and stores one row per deal in the database. A deal\n"
    "stored is never decided again, so a stopped census goes on where it stopped;\n"
    "--merge adds the rows of a census run elsewhere; --report prints the winnable table\n"
    "of every stored game."
)


@dataclass(frozen=True)
class Deal:
    """One row of the census."""

    game: str
    variant: str
    number: int
    winnable: bool | None
    length: int | None
    """Moves of the winning line found (None: no win found)."""
    nodes: int
    cpu: float
    """CPU seconds of the search, in the process that ran it."""
    solver: str

    def row(self) -> tuple[Any, ...]:
        """The row as stored (the columns of :data:`COLUMNS`)."""
        return (
            self.game,
            self.variant,
            self.number,
            WORDS[self.winnable],
            self.length,
            self.nodes,
            self.cpu,
            self.solver,
        )

    @classmethod
    def of_row(cls, row: Sequence[Any]) -> Deal:
        """The deal of a stored row; ValueError on a verdict that is not one."""
        game, variant, number, word, length, nodes, cpu, solver = row
        if word not in VERDICTS:
            raise ValueError(f"not a verdict: {word!r}")
        return cls(game, variant, int(number), VERDICTS[word], length, int(nodes), cpu, solver)


COLUMNS = "game, variant, number, verdict, length, nodes, cpu, solver"
INSERT = (
    f"INSERT INTO census ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (game, variant, number) DO NOTHING"
)

CHUNK = 8
"""Deals a task of :mod:`cardems.batch` (a deal's verdict takes milliseconds to seconds,
so a task is well over 10 ms)."""


def censused() -> list[str]:
    """The games a census decides: every registered solitaire with a solver."""
    from cardems.core.registry import games

    return sorted(g.family.name for g in games() if g.can_solve and not g.opponents)


def verdict_of(game: str, code: DealCode) -> tuple[bool | None, int | None, int]:
    """The game's own verdict on ``code`` (``cardems solve``'s, bounded by positions):
    winnable, the length of the line found, the positions expanded (0 when the game's
    search does not count them)."""
    from cardems.core.registry import game_for

    record = game_for(game).solve(code, shortest=False)
    return record["winnable"], record["length"], int(record.get("nodes") or 0)


@functools.cache
def solver_of(game: str) -> str:
    """The search that makes a game's rows: Cardems' version, its C extension or Python
    (a game with no extension searches in Python)
    (``cardems 0.9 C``); the bound is the game's own verdict budget."""
    from cardems import __version__
    from cardems.core.registry import game_for

    modules = game_for(game).compiled_modules
    built = bool(modules) and all(_importable(name) for name in modules)
    return f"cardems {__version__} {'C' if built else 'Python'}"


def _importable(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def decide(job: tuple[str, str, int]) -> Deal:
    """One deal's row (runs in a worker): ``job`` is the game, variant and number."""
    from cardems.core.registry import game_for

    game, variant, number = job
    code = DealCode(game_for(game).family.prefix, 1, variant, number)
    start = time.process_time()
    winnable, length, nodes = verdict_of(game, code)
    cpu = time.process_time() - start
    return Deal(game, variant, number, winnable, length, nodes, cpu, solver_of(game))


def open_store(db: str | None) -> Store:
    """The store of ``--db`` (a file, a ``postgresql://`` URL; default: the app's file),
    brought up to date; a one-line CommandError when it cannot be used."""
    from cardems.store import StoreError
    from cardems.web.commands import database

    location = database(db)
    try:
        if isinstance(location, Path):
            location.parent.mkdir(parents=True, exist_ok=True)
            return Store(location, synchronous="NORMAL")
        return Store(location)
    except (OSError, StoreError) as error:
        raise CommandError(CANNOT_OPEN % {"db": str(location), "problem": error}) from None


def stored(store: Store, game: str, variant: str, first: int, last: int) -> set[int]:
    """The numbers of the deals ``first`` … ``last`` already in the census."""
    with store.db.reading() as db:
        found = db.execute(
            "SELECT number FROM census WHERE game = ? AND variant = ? AND number BETWEEN ? AND ?",
            (game, variant, first, last),
        ).fetchall()
    return {int(row["number"]) for row in found}


def save(store: Store, deals: Sequence[Deal]) -> None:
    """Store ``deals``; a deal already stored keeps its row."""
    if deals:
        with store.transaction() as db:
            db.executemany(INSERT, [deal.row() for deal in deals])


def rows(
    store: Store, game: str | None = None, variant: str = "", numbers: range | None = None
) -> list[Deal]:
    """The census rows — of every game, one game, one variant, or its deals ``numbers``
    (a step-1 range) — by game, variant and number."""
    where, params = "", list[Any]()
    if game:
        where, params = "WHERE game = ?", [game]
        if variant:
            where, params = f"{where} AND variant = ?", [*params, variant]
            if numbers is not None:
                where += " AND number BETWEEN ? AND ?"
                params += [numbers.start, numbers.stop - 1]
    with store.db.reading() as db:
        found = db.execute(
            f"SELECT {COLUMNS} FROM census {where} ORDER BY game, variant, number", params
        ).fetchall()
    return [Deal.of_row(tuple(row[name] for name in COLUMNS.split(", "))) for row in found]


@dataclass(frozen=True)
class Run:
    """What one census run did."""

    decided: int
    stored: int
    tasks: int
    workers: int
    wall: float
    cpu: float
    """Solver CPU seconds of the deals decided now, summed over the workers."""


def run(
    store: Store,
    game: str,
    variant: str,
    deals: int,
    *,
    start: int = 0,
    jobs: int | None = None,
    cluster: str | None = None,
    show: bool = True,
) -> Run:
    """Decide the deals ``start`` … ``start + deals - 1`` not yet stored, storing each
    row as it comes (a stop keeps every row that came)."""
    last = start + deals - 1
    done = stored(store, game, variant, start, last)
    work = [(game, variant, n) for n in range(start, last + 1) if n not in done]
    waiting: list[Deal] = []
    flushed = began = time.monotonic()
    cpu = 0.0
    with (
        Batch(jobs, cluster) as batch,
        Progress(f"census {game} {variant}", len(work), "deals", enabled=show) as progress,
    ):
        won = 0
        try:
            for _, deal in batch.map(decide, work, chunk=CHUNK):
                waiting.append(deal)
                cpu += deal.cpu
                won += deal.winnable is True
                progress.advance(winnable=won)
                if time.monotonic() - flushed >= FLUSH_SECONDS:
                    save(store, waiting)
                    waiting, flushed = [], time.monotonic()
        finally:
            save(store, waiting)
        workers, tasks = batch.workers, batch.tasks
    return Run(len(work), len(done), tasks, workers, time.monotonic() - began, cpu)


def merge(store: Store, source: Store) -> tuple[int, int]:
    """Add the census rows of ``source``: the rows added, the deals already here (kept)."""
    theirs = rows(source)
    with store.db.reading() as db:
        before = int(db.execute("SELECT COUNT(*) AS n FROM census").fetchone()["n"])
    for k in range(0, len(theirs), 1000):
        save(store, theirs[k : k + 1000])
    with store.db.reading() as db:
        after = int(db.execute("SELECT COUNT(*) AS n FROM census").fetchone()["n"])
    return after - before, len(theirs) - (after - before)


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


@dataclass(frozen=True)
class Table:
    """The figures of one game's variant: counts, winnable share, effort."""

    game: str
    variant: str
    deals: tuple[Deal, ...]

    def counts(self) -> tuple[int, int, int]:
        """Winnable, not winnable, undecided."""
        verdicts = [deal.winnable for deal in self.deals]
        return verdicts.count(True), verdicts.count(False), verdicts.count(None)

    def share(self) -> tuple[float, float, float, float]:
        """The winnable share with the undecided counted lost, then won, and a 95 %
        interval holding both (the first's Wilson low, the second's high)."""
        won, _, undecided = self.counts()
        total = len(self.deals)
        return (
            won / total,
            (won + undecided) / total,
            wilson(won, total)[0],
            wilson(won + undecided, total)[1],
        )

    def lines(self, lang: str = "en") -> list[str]:
        """The table as printed, in ``lang``."""
        from cardems.core.registry import game_for
        from cardems.i18n import translations

        t = translations(lang)
        won, lost, undecided = self.counts()
        low, high, ilow, ihigh = (100 * value for value in self.share())
        cpu = [1000 * deal.cpu for deal in self.deals]
        nodes = [deal.nodes for deal in self.deals]
        lengths = [deal.length for deal in self.deals if deal.length is not None]
        numbers = [deal.number for deal in self.deals]
        title = t.gettext(game_for(self.game).family.title)
        solvers = sorted({deal.solver for deal in self.deals})
        return [
            t.gettext(HEAD)
            % {
                "game": title,
                "variant": self.variant,
                "deals": len(self.deals),
                "first": min(numbers),
                "last": max(numbers),
            },
            "  " + t.gettext(COUNTS) % {"won": won, "lost": lost, "undecided": undecided},
            "  " + t.gettext(SHARE) % {"low": low, "high": high, "ilow": ilow, "ihigh": ihigh},
            "  "
            + t.gettext(EFFORT)
            % {
                "cpu50": _percentile(cpu, 0.5),
                "cpu95": _percentile(cpu, 0.95),
                "nodes50": _percentile(nodes, 0.5),
                "nodes95": _percentile(nodes, 0.95),
                "line50": _percentile(lengths, 0.5),
                "line95": _percentile(lengths, 0.95),
            },
            "  " + t.gettext(SOLVERS) % {"solvers": "; ".join(solvers)},
        ]


def tables(deals: Iterable[Deal]) -> list[Table]:
    """One table per game and variant of ``deals``."""
    by_variant: dict[tuple[str, str], list[Deal]] = {}
    for deal in deals:
        by_variant.setdefault((deal.game, deal.variant), []).append(deal)
    return [Table(game, variant, tuple(found)) for (game, variant), found in by_variant.items()]


def cmd_census(args: argparse.Namespace) -> None:
    """``cardems census``: run, merge, report."""
    from cardems.core.registry import game_for
    from cardems.database import safe_url
    from cardems.i18n import translations
    from cardems.web.commands import database

    lang = str(getattr(args, "lang", "en"))
    t = translations(lang)
    if not (args.deals or args.merge or args.report):
        raise CommandError(NOTHING_ASKED)
    if args.deals and not args.game:
        raise CommandError(NOTHING_ASKED)
    family = game_for(args.game).family if args.game else None
    variant = args.variant or (family.variants[0] if family else "")
    start = 1 if args.start is None else args.start
    if family is not None:
        if variant not in family.variants:
            raise CommandError(family.no_variant(variant))
        if args.deals and start + args.deals - 1 > family.max_number:
            raise CommandError(PAST_LAST % {"game": family.title, "last": family.max_number})
    store = open_store(args.db)
    try:
        for source in args.merge or []:
            other = open_store(source)
            try:
                added, kept = merge(store, other)
            finally:
                other.close()
            print(t.gettext(MERGED) % {"added": added, "source": source, "kept": kept})
        if args.deals:
            done = run(
                store,
                args.game,
                variant,
                args.deals,
                start=start,
                jobs=args.jobs,
                cluster=args.cluster,
            )
            asked = rows(store, args.game, variant, range(start, start + args.deals))
            for table in tables(asked):
                print("\n".join(table.lines(lang)))
            print(t.gettext(RAN) % asdict(done), flush=True)
        if args.report:
            found = tables(rows(store, args.game))
            if not found:
                print(t.gettext(NO_ROWS) % {"db": safe_url(str(database(args.db)))})
            for table in found:
                print("\n".join(table.lines(lang)))
    finally:
        store.close()


def add_command(sub: Any) -> None:
    """Add ``census`` to the ``cardems`` command."""
    parser = sub.add_parser(
        "census",
        help=N_("decide deals of a solitaire into the database: resumable, mergeable, a report"),
        description=DESCRIPTION,
    )
    parser.add_argument(
        "game",
        nargs="?",
        choices=censused(),
        metavar="GAME",
        help=N_("the solitaire: %(choices)s"),
    )
    parser.add_argument("--variant", help=N_("the game's variant (default: its first)"))
    parser.add_argument("--deals", type=positive, default=None, help=N_("how many deals"))
    parser.add_argument(
        "--start",
        type=whole(0),
        default=None,
        help=N_("the first deal number (default: 1)"),
    )
    parser.add_argument(
        "--db",
        help=N_("SQLite database file (default: user data directory), or a postgresql:// URL"),
    )
    parser.add_argument(
        "--merge",
        action="append",
        metavar="SOURCE",
        help=N_("add the census rows of another database (a file or a URL; repeatable)"),
    )
    parser.add_argument(
        "--report", action="store_true", help=N_("print the table of every stored game")
    )
    add_batch_arguments(parser)
    parser.set_defaults(func=cmd_census)
