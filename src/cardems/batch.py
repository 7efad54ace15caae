"""Batch work — ``cardems analyze`` and ``cardems arena`` — on one machine or a cluster.

    with Batch(jobs=4) as batch:                      # a local pool of 4 processes
        for index, result in batch.map(verdict, work, chunk=16): ...
    with Batch(cluster="tcp://host:8786") as batch:   # a Dask distributed cluster
        ...

:meth:`Batch.map` runs a picklable module-level function over work items and yields
``(index, result)`` pairs as they come (``index``: the item's place in ``work``);
:func:`in_order` puts them back in the items' order, passing each on as soon as every
earlier one has come. Results are keyed by index: an item is yielded once, even when
Dask runs a task again (a worker lost mid-run has its tasks rerun elsewhere).

Where the work runs:

* ``jobs=1`` (and no cluster): in this process, one item after another.
* ``jobs=N``: a local pool of ``N`` processes started afresh (``spawn``: no fork of a
  process that may run threads), as the commands always had.
* ``cluster="tcp://host:8786"``: the workers of a Dask scheduler (``dask scheduler``,
  ``dask worker``: docs/DEPLOY.md). Dask is imported only then; without it the command
  says in one line how to install it. At connect every worker is asked its Cardems
  version and solver build (:func:`build`), and a cluster whose workers differ from this
  process is refused in one line: a worker joining later is not checked.

Work is cut into tasks of ``chunk`` items, so that a task's work outweighs what a task
costs (``benchmarks/batch_cluster.py``: 400 empty tasks on 2 workers of a 2-core machine
busy with other work, load 6-12): 0.05 ms a task in the local pool, 0.7-18 ms on a
LocalCluster, whose scheduler, client and workers share the cores. Each caller
picks a chunk of 10 ms of work or more from measured item times (TriPeaks: 16 ms mean a
deal, 16 a task; FreeCell: ~1.4 ms, 16; Pyramid: ~2 ms, 16; Seahaven: ~55 ms, 8;
Klondike: ~45 ms mean, 4; Spider: ~60 ms and up, 4; a Hearts duplicate set or league
block: a second or so, 1). On a cluster the chunk grows to ``1 / TASKS_PER_WORKER`` of a
worker's share, so that a big run sends a few hundred large tasks, not tens of thousands.

Ctrl+C (KeyboardInterrupt in the consumer) cancels the tasks not yet done — the
cluster's futures, or the pool's queue — and goes on up (``cardems`` prints one line).
"""

from __future__ import annotations

import os
import platform
import signal
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from multiprocessing import get_context
from multiprocessing.pool import Pool
from types import TracebackType
from typing import Any, Generic, TypeVar

from cardems.argtypes import positive
from cardems.command_error import CommandError
from cardems.i18n.markers import N_

Item = TypeVar("Item")
Result = TypeVar("Result")
T = TypeVar("T")

NO_DASK = N_(
    "--cluster needs Dask: pip install 'cardems[cluster]' (or CARDEMS_EXTRA=cluster"
    " ./scripts/start)"
)
NO_SCHEDULER = N_("cannot reach the Dask scheduler at %(address)s: %(problem)s")
MISMATCH = N_(
    "the cluster's workers run %(theirs)s, this machine %(ours)s: install the same"
    " Cardems on every worker"
)
NO_WORKERS = N_("the Dask scheduler at %(address)s has no workers")
TASKS_PER_WORKER = 16
"""On a cluster, tasks per worker at least, whatever the chunk (:meth:`Batch.map`)."""
CONNECT_TIMEOUT = 10.0
"""Seconds to reach the scheduler before giving up."""


def build() -> str:
    """This process's Cardems: version, Python (major.minor: pickles must agree) and
    which solvers are compiled. Run on every worker at connect."""
    from cardems import __version__
    from cardems.core.registry import compiled_games

    compiled, _ = compiled_games()
    python = ".".join(platform.python_version_tuple()[:2])
    return f"cardems {__version__}, Python {python}, compiled: {','.join(compiled) or 'none'}"


def local_build() -> str:
    """:func:`build` of this process (a function of its own, so a test can differ)."""
    return build()


def run_chunk(
    function: Callable[[Item], Result], chunk: Sequence[tuple[int, Item]]
) -> list[tuple[int, Result]]:
    """One task: ``function`` over each ``(index, item)`` of ``chunk``."""
    return [(index, function(item)) for index, item in chunk]


def chunks(items: Sequence[T], size: int) -> list[list[tuple[int, T]]]:
    """``items`` with their indexes, cut into lists of ``size``."""
    indexed = list(enumerate(items))
    return [indexed[k : k + size] for k in range(0, len(indexed), max(1, size))]


def _quiet_worker() -> None:
    """A pool worker leaves Ctrl+C to the parent, which cancels the work."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Batch:
    """Where batch work runs: this process, a local pool of ``jobs`` processes (None:
    every core) or the Dask cluster at ``cluster``. A context manager."""

    def __init__(self, jobs: int | None = None, cluster: str | None = None) -> None:
        self.jobs = jobs or os.cpu_count() or 1
        self.address = cluster
        self.client: Any = None
        self.pool: Pool | None = None
        self.stopped = False
        """A map was left before its end (Ctrl+C): the pool is not waited for."""
        self.tasks = 0
        """Tasks sent so far (in this process: one an item)."""

    def __enter__(self) -> Batch:
        if self.address:
            self.client = connect(self.address)
        elif self.jobs > 1:
            self.pool = get_context("spawn").Pool(self.jobs, initializer=_quiet_worker)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.pool is not None:
            if kind is not None or self.stopped:  # the work under way is dropped too
                self.pool.terminate()
            else:
                self.pool.close()
            self.pool.join()
        if self.client is not None:
            self.client.close()

    @property
    def workers(self) -> int:
        """How many processes work at once."""
        if self.client is not None:
            return max(1, len(self.client.scheduler_info().get("workers", {})))
        return self.jobs if self.pool is not None else 1

    def map(
        self, function: Callable[[Item], Result], items: Sequence[Item], *, chunk: int = 1
    ) -> Iterator[tuple[int, Result]]:
        """``(index, function(items[index]))`` for every item, in the order they end
        (each index once), ``chunk`` items a task."""
        if self.client is not None:
            return self._on_cluster(function, items, chunk)
        if self.pool is not None:
            return self._on_pool(self.pool, function, items, chunk)
        self.tasks += len(items)
        return ((index, function(item)) for index, item in enumerate(items))

    def _on_pool(
        self, pool: Pool, function: Callable[[Item], Result], items: Sequence[Item], chunk: int
    ) -> Iterator[tuple[int, Result]]:
        left = len(items)
        parts = chunks(items, chunk)
        self.tasks += len(parts)
        try:
            for part in pool.imap_unordered(partial(run_chunk, function), parts):
                left -= len(part)
                yield from part
        finally:  # Ctrl+C, or the consumer stopped: the pool is ended at exit
            if left:
                self.stopped = True

    def _on_cluster(
        self, function: Callable[[Item], Result], items: Sequence[Item], chunk: int
    ) -> Iterator[tuple[int, Result]]:
        from distributed import as_completed

        chunk = max(chunk, len(items) // (self.workers * TASKS_PER_WORKER))
        name = getattr(function, "__name__", "work")
        run = uuid.uuid4().hex[:8]
        futures = [
            self.client.submit(run_chunk, function, part, key=f"{name}-{run}-{k}", pure=False)
            for k, part in enumerate(chunks(items, chunk))
        ]
        self.tasks += len(futures)
        seen: set[int] = set()
        try:
            for future in as_completed(futures, loop=self.client.loop):
                for index, result in future.result():
                    if index not in seen:  # a rerun task cannot count twice
                        seen.add(index)
                        yield index, result
                future.release()
        finally:  # Ctrl+C, or the consumer stopped: the cluster drops the rest
            left = [future for future in futures if not future.done()]
            if left:
                self.client.cancel(left)


def connect(address: str) -> Any:
    """A Dask client of the scheduler at ``address`` whose workers run this Cardems
    (:func:`build`); a one-line CommandError otherwise."""
    try:
        from distributed import Client
    except ImportError:
        raise CommandError(NO_DASK) from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as error:
        raise CommandError(
            NO_SCHEDULER % {"address": address, "problem": str(error) or type(error).__name__}
        ) from None
    try:
        theirs = set(client.run(build).values())
        if not theirs:
            raise CommandError(NO_WORKERS % {"address": address})
        ours = local_build()
        if theirs != {ours}:
            other = sorted(theirs - {ours}) or sorted(theirs)
            raise CommandError(MISMATCH % {"theirs": "; ".join(other), "ours": ours})
    except BaseException:
        client.close()
        raise
    return client


def in_order(pairs: Iterable[tuple[int, T]]) -> Iterator[T]:
    """The results of :meth:`Batch.map` in the items' order: each as soon as every
    earlier one has come."""
    waiting: dict[int, T] = {}
    following = 0
    for index, result in pairs:
        waiting[index] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1


class Keyed(Generic[T]):
    """Results kept by item index (:meth:`Batch.map`'s pairs), read in the items' order."""

    def __init__(self) -> None:
        self.by_index: dict[int, T] = {}

    def add(self, index: int, result: T) -> None:
        """Keep ``result`` of item ``index`` (a second one for the same item is ignored)."""
        self.by_index.setdefault(index, result)

    def ordered(self) -> list[T]:
        """The results kept so far, in the items' order."""
        return [self.by_index[k] for k in sorted(self.by_index)]


def add_jobs_argument(parser: Any) -> None:
    """``--jobs N``: worker processes on this machine (by default one a core)."""
    parser.add_argument(
        "--jobs", type=positive, default=None, help=N_("worker processes (all cores)")
    )


def add_batch_arguments(parser: Any) -> None:
    """``--jobs N`` and ``--cluster ADDRESS``: where a batch command's work runs."""
    add_jobs_argument(parser)
    add_cluster_argument(parser)


def add_cluster_argument(parser: Any) -> None:
    """``--cluster ADDRESS``, for every batch command."""
    parser.add_argument(
        "--cluster",
        default=None,
        metavar="ADDRESS",
        help=N_("run on the Dask cluster whose scheduler is at ADDRESS, e.g. tcp://host:8786"),
    )
