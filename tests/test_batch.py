"""cardems.batch: a local pool and a Dask cluster give the same answers, each item once,
even with a worker lost mid-run; a cluster of another Cardems is refused; Ctrl+C cancels
the cluster's work.

The cluster is a ``LocalCluster`` of two worker processes on loopback, started and stopped
here (a few seconds: the tests that need it are slow)."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from collections.abc import Iterator

import pytest

from cardems import batch
from cardems.batch import Batch, Keyed, chunks, in_order
from cardems.cli import main
from cardems.command_error import CommandError


def square(item: int) -> tuple[int, int]:
    """A slow item (runs on a worker): its square and the worker's process id."""
    time.sleep(0.05)
    return item * item, os.getpid()


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """The address of a two-worker cluster on loopback (Dask imported here, by the slow
    tests alone: it takes a second or two)."""
    distributed = pytest.importorskip("distributed")
    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # workers lack tests/
    local = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=50,
    )
    try:
        yield local.scheduler_address
    finally:
        local.close()
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_chunks_and_order() -> None:
    parts = chunks("abcde", 2)
    assert parts == [[(0, "a"), (1, "b")], [(2, "c"), (3, "d")], [(4, "e")]]
    assert list(in_order([(2, "c"), (0, "a"), (1, "b")])) == ["a", "b", "c"]
    kept: Keyed[str] = Keyed()
    for index, value in [(1, "b"), (0, "a"), (1, "again")]:
        kept.add(index, value)
    assert kept.ordered() == ["a", "b"]


@pytest.mark.slow  # two processes spawned: seconds on a busy machine
def test_local_pool_gives_every_item_once() -> None:
    with Batch(jobs=2) as local:
        found = dict(local.map(square, range(20), chunk=3))
    assert {k: v for k, (v, _) in found.items()} == {k: k * k for k in range(20)}


def test_without_dask_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(CommandError, match=re.escape("pip install 'cardems[cluster]'")):
        Batch(cluster="tcp://127.0.0.1:1").__enter__()


@pytest.mark.slow
def test_tripeaks_same_on_the_cluster(capsys: pytest.CaptureFixture[str], cluster: str) -> None:
    argv = ("analyze", "tripeaks", "--deals", "40", "--start", "100000")
    local = run(capsys, *argv, "--jobs", "2").splitlines()
    remote = run(capsys, *argv, "--cluster", cluster).splitlines()
    # The verdicts repeat; the CPU times on the second line do not.
    assert local[0] == remote[0]
    assert local[0].startswith("TriPeaks W: 39 of 40 deals winnable")
    assert local[2:] == remote[2:]


def _without_times(text: str) -> str:
    """A league's JSON without what the clock decides (and the command line)."""
    text = re.sub(r'"(seconds|ms_per_decision)": [0-9.]+', "", text)
    return re.sub(r'"command": "[^"]*"', "", text)


@pytest.mark.slow
def test_league_same_on_the_cluster(capsys: pytest.CaptureFixture[str], cluster: str) -> None:
    argv = ("arena", "--league", "--bots", "easy,medium", "--hands", "40", "--json", "--quiet")
    local = run(capsys, *argv, "--workers", "2")
    remote = run(capsys, *argv, "--cluster", cluster)
    assert _without_times(local) == _without_times(remote)
    assert '"hands": 74' in remote


@pytest.mark.slow
def test_a_worker_lost_mid_run(cluster: str) -> None:
    """A worker killed mid-run: Dask reruns its tasks, each item still comes once."""
    seen: list[int] = []
    values: dict[int, int] = {}
    with Batch(cluster=cluster) as remote:
        pids = remote.client.run(os.getpid)
        victim = next(iter(pids.values()))
        for index, (value, _) in remote.map(square, range(40), chunk=2):
            seen.append(index)
            values[index] = value
            if len(seen) == 4:
                os.kill(victim, signal.SIGKILL)
    assert sorted(seen) == list(range(40))
    assert values == {k: k * k for k in range(40)}


@pytest.mark.slow
def test_another_version_is_refused(
    capsys: pytest.CaptureFixture[str], cluster: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "local_build", lambda: "cardems 0.0.1, Python 3.0, compiled: none")
    assert main(["analyze", "tripeaks", "--deals", "2", "--cluster", cluster]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1
    assert "install the same Cardems on every worker" in err


@pytest.mark.slow
def test_ctrl_c_cancels_the_cluster_work(cluster: str) -> None:
    with pytest.raises(KeyboardInterrupt), Batch(cluster=cluster) as remote:
        for done, _ in enumerate(remote.map(square, range(200), chunk=1)):
            if done == 2:
                raise KeyboardInterrupt
    distributed = pytest.importorskip("distributed")
    with distributed.Client(cluster, set_as_default=False) as client:
        deadline = time.monotonic() + 10
        left = -1
        while time.monotonic() < deadline:
            left = client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
            if left == 0:
                break
            time.sleep(0.1)
        assert left == 0
