"""cardems census: one row per deal in the store, a stopped census resumed decides each
deal once, censuses merge, the report's figures, and a cluster's rows are the local ones.

The searches are the games' own (FreeCell's compiled one decides a deal in a millisecond
or two); the cluster is tests/test_batch.py's two-worker LocalCluster."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from cardems import census
from cardems.census import Deal, Table, merge, rows, run
from cardems.cli import main
from cardems.intervals import wilson
from cardems.store import Store

DECIDE = census.decide


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    """A fresh store: a SQLite file, or a PostgreSQL schema when the tests have one."""
    opened = Store(database)
    try:
        yield opened
    finally:
        opened.close()


def counted(monkeypatch: pytest.MonkeyPatch, stop_at: int | None = None) -> Counter[int]:
    """Counts the deals decided (in this process), by number; with ``stop_at`` the
    census is stopped (Ctrl+C) as that many-th deal is being decided."""
    decided: Counter[int] = Counter()

    def decide(job: tuple[str, str, int]) -> Deal:
        if stop_at is not None and decided.total() + 1 == stop_at:
            raise KeyboardInterrupt
        decided[job[2]] += 1
        return DECIDE(job)

    monkeypatch.setattr(census, "decide", decide)
    return decided


def test_a_stopped_census_resumed_decides_each_deal_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = counted(monkeypatch, stop_at=8)
    with pytest.raises(KeyboardInterrupt):
        run(store, "freecell", "N", 20, start=1, jobs=1, show=False)
    assert sorted(first) == list(range(1, 8))
    assert [deal.number for deal in rows(store)] == list(range(1, 8))  # kept at the stop
    second = counted(monkeypatch)
    done = run(store, "freecell", "N", 20, start=1, jobs=1, show=False)
    assert sorted(second) == list(range(8, 21)) and set(second.values()) == {1}
    assert (done.decided, done.stored) == (13, 7)
    stored = rows(store)
    assert [deal.number for deal in stored] == list(range(1, 21))
    assert {(deal.game, deal.variant) for deal in stored} == {("freecell", "N")}
    assert all(deal.nodes > 0 and deal.cpu >= 0 for deal in stored)
    assert all((deal.length is not None) == (deal.winnable is True) for deal in stored)
    again = counted(monkeypatch)
    assert run(store, "freecell", "N", 20, start=1, jobs=1, show=False).decided == 0
    assert not again


def test_the_same_deals_decided_elsewhere_give_the_same_rows(store: Store) -> None:
    run(store, "freecell", "N", 6, start=1, jobs=1, show=False)
    again = [census.decide(("freecell", "N", n)) for n in range(1, 7)]
    assert [replace(d, cpu=0.0) for d in rows(store)] == [replace(d, cpu=0.0) for d in again]


def test_merge_adds_the_other_rows_and_keeps_its_own(store: Store, tmp_path: Path) -> None:
    run(store, "freecell", "N", 6, start=1, jobs=1, show=False)
    ours = rows(store)
    other = Store(tmp_path / "other.db")
    try:
        run(other, "freecell", "N", 6, start=4, jobs=1, show=False)
        with other.transaction() as db:  # a deal both hold, told otherwise there
            db.execute("UPDATE census SET verdict = 'undecided' WHERE number = 5")
        assert merge(store, other) == (3, 3)
        assert merge(store, other) == (0, 6)
    finally:
        other.close()
    merged = rows(store)
    assert [deal.number for deal in merged] == list(range(1, 10))
    assert merged[:6] == ours


def deals(verdicts: str) -> tuple[Deal, ...]:
    """Made-up rows: ``W`` won, ``L`` lost, ``U`` undecided, one a deal."""
    words = {"W": True, "L": False, "U": None}
    return tuple(
        Deal("tripeaks", "W", n, words[v], 40 + n if v == "W" else None, 10 * n, n / 1000, "s")
        for n, v in enumerate(verdicts)
    )


def test_the_report_counts_the_undecided_both_ways() -> None:
    table = Table("tripeaks", "W", deals("WWWWWWLLLU"))
    assert table.counts() == (6, 3, 1)
    assert table.share() == (0.6, 0.7, wilson(6, 10)[0], wilson(7, 10)[1])
    head, counts, share, effort, solver = table.lines()
    assert head == "TriPeaks W: 10 deals (numbers 0-9)"
    assert counts.strip() == "6 winnable, 3 not winnable, 1 undecided"
    low, high = (100 * x for x in (wilson(6, 10)[0], wilson(7, 10)[1]))
    assert "winnable: 60.00-70.00 %" in share and f"{low:.2f}-{high:.2f} %" in share
    assert "median 5.0 ms, p95 9.0 ms" in effort and "median 50, p95 90" in effort
    assert "winning line: median 43, p95 45 moves" in effort
    assert solver.strip() == "solver: s"
    assert table.lines("ro") != table.lines() and "TriPeaks W" in table.lines("ro")[0]


def test_rows_round_trip() -> None:
    for deal in deals("WLU"):
        assert Deal.of_row(deal.row()) == deal
    with pytest.raises(ValueError, match="not a verdict"):
        Deal.of_row(("tripeaks", "W", 1, "maybe", None, 1, 0.0, "s"))


@pytest.mark.slow  # three commands, their stores created: a second on a busy machine
def test_the_command_runs_reports_and_merges(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db, other = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    argv = ["census", "freecell", "--deals", "5", "--jobs", "1", "--db", db]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("FreeCell N: 5 deals (numbers 1-5)\n")
    assert "5 deals decided now, 0 already stored" in out
    assert main(argv) == 0
    assert "0 deals decided now, 5 already stored" in capsys.readouterr().out
    assert main(["census", "--merge", db, "--db", other, "--report"]) == 0
    merged = capsys.readouterr().out
    assert merged.startswith(f"5 rows merged from {db}, 0 deals already here kept as they were")
    assert "FreeCell N: 5 deals (numbers 1-5)" in merged


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["census"], "say what to do: GAME --deals N, --merge SOURCE or --report"),
        (["census", "--deals", "3"], "say what to do"),
        (["census", "freecell", "--variant", "Q", "--deals", "3"], "FreeCell has no variant Q"),
        (["census", "tripeaks", "--deals", "3", "--start", str(32**7 - 2)], "no deal numbered"),
        (["census", "chess", "--report"], "invalid choice: 'chess'"),
    ],
)
def test_wrong_asks_get_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], said: str
) -> None:
    assert main([*argv, "--db", str(tmp_path / "a.db")]) == 2
    err = capsys.readouterr().err
    assert re.search(re.escape(said), err) and err.count("\n") == 1


def test_an_empty_report_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["census", "--report", "--db", str(tmp_path / "a.db")]) == 0
    assert capsys.readouterr().out.startswith("no census rows in ")


@pytest.mark.slow  # a two-worker LocalCluster: seconds
def test_a_cluster_stores_the_rows_of_the_local_run(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    here, there = Store(tmp_path / "here.db"), Store(tmp_path / "there.db")
    local = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=50,
    )
    try:
        run(here, "tripeaks", "W", 48, start=100000, jobs=1, show=False)
        done = run(there, "tripeaks", "W", 48, start=100000, cluster=local.scheduler_address)
        assert (done.decided, done.workers) == (48, 2) and done.tasks > 1
        assert [replace(d, cpu=0.0) for d in rows(here)] == [
            replace(d, cpu=0.0) for d in rows(there)
        ]
    finally:
        local.close()
        here.close()
        there.close()
