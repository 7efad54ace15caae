"""The build family's pool of proved deals (``BuildGame.pool``): the file round-trips,
its levels are its thirds, and ``cardems analyze GAME --pool`` writes it (Mrs Mop's own
pool: tests/building/test_mrs_mop.py)."""

from __future__ import annotations

import argparse
import datetime
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cardems.command_error import CommandError
from cardems.core.difficulty import DIFFICULTY
from cardems.dealcode import DealCode
from cardems.kit.building import commands, pool
from cardems.kit.building.engine import deal
from cardems.kit.building.game import SOLVE_NODES, BuildGame
from cardems.kit.building.solver import SolveResult, solve_state
from cardems.simple_simon.game import SimpleSimon


def test_a_pool_file_round_trips_and_a_bad_line_is_refused() -> None:
    codes = {DealCode("MM", 1, "N", 9): 412, DealCode("MM", 1, "N", 3): 7}
    text = pool.format_pool(codes)
    assert text == "MM1-N-AAAAAAD 7\nMM1-N-AAAAAAJ 412\n"
    assert pool.parse_pool(text) == codes
    with pytest.raises(ValueError):
        pool.parse_pool("MM1-N-AAAAAAD\n")


def test_the_levels_are_the_thirds_of_the_pools_positions() -> None:
    codes = {DealCode("MM", 1, "N", n): 1000 - n for n in range(10)}
    easy, medium, hard = (pool.level_pool(codes, level) for level in ("easy", "medium", "hard"))
    assert [len(easy), len(medium), len(hard)] == [3, 4, 3]
    assert max(codes[c] for c in easy) < min(codes[c] for c in medium)
    assert max(codes[c] for c in medium) < min(codes[c] for c in hard)
    assert {c.number for c in easy} == {7, 8, 9} and pool.pool_cuts(codes) == (994, 998)
    assert pool.pool_cuts(dict(list(codes.items())[:2])) is None
    assert pool.level_pool(dict(list(codes.items())[:2]), "easy") == []


class PooledSimon(SimpleSimon):
    """Simple Simon with a pool (its deals are won in milliseconds)."""

    pool: ClassVar[bool | str] = "pooled.txt"


def options(**given: object) -> argparse.Namespace:
    defaults = {"start": 0, "deals": 4, "nodes": 3_000, "jobs": 1, "cluster": None, "pool": True}
    return argparse.Namespace(**(defaults | given))


@pytest.mark.slow
def test_analyze_pool_adds_the_deals_it_proves_and_keeps_those_there(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "pooled.txt"
    file.write_text("SS1-N-AAAAAAB 5\n", encoding="ascii")

    def resource(game: object) -> Traversable:
        return file

    monkeypatch.setattr(pool, "pool_resource", resource)
    game = PooledSimon()
    commands.cmd_analyze(game, options())
    found = pool.parse_pool(file.read_text(encoding="ascii"))
    assert found[DealCode("SS", 1, "N", 1)] == 5  # kept as it was
    won = [
        DealCode("SS", 1, "N", n)
        for n in range(4)
        if solve_state(deal(game.rules, DealCode("SS", 1, "N", n)), 3_000).winnable
    ]
    assert won and set(found) == {DealCode("SS", 1, "N", 1), *won}
    assert f"{len(found)} codes in the pool" in capsys.readouterr().out
    assert game.pool_codes() == found


def test_analyze_pool_refuses_a_game_without_a_pool_and_a_budget_past_the_verdicts() -> None:
    with pytest.raises(CommandError, match="draws no deal from a pool"):
        commands.cmd_analyze(SimpleSimon(), options())
    with pytest.raises(CommandError, match="lower --nodes"):
        commands.cmd_analyze(PooledSimon(), options(nodes=SOLVE_NODES + 1))


@pytest.fixture
def no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any search fails the test: a pool's deals are drawn without one."""

    def refuse(*args: object, **kwargs: object) -> Any:
        raise AssertionError("searched")

    monkeypatch.setattr("cardems.kit.building.solver.solve_state", refuse)
    monkeypatch.setattr(BuildGame, "solve_position", refuse)


def test_the_days_deals_go_through_the_whole_pool_before_one_comes_back() -> None:
    codes = {DealCode("SS", 1, "N", n): n for n in range(1, 40)}
    start = datetime.date(2027, 3, 1)
    days = [pool.pool_day(codes, "simple-simon", start + datetime.timedelta(n)) for n in range(100)]
    for first in range(len(days) - len(codes)):  # any 39 days in a row: every code once
        assert sorted(days[first : first + len(codes)], key=str) == sorted(codes, key=str)
    assert days[:39] != sorted(days[:39], key=str)  # shuffled, not in the codes' order
    assert days != [
        pool.pool_day(codes, "mrs-mop", start + datetime.timedelta(n)) for n in range(100)
    ]


def test_a_pooled_game_deals_from_its_pool_without_a_search(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, no_search: None
) -> None:
    file = tmp_path / "pooled.txt"
    codes = {DealCode("SS", 1, "N", 100 + n): 10 * n + 1 for n in range(9)}
    file.write_text(pool.format_pool(codes), encoding="ascii")
    monkeypatch.setattr(pool, "pool_resource", lambda game: file)
    game = PooledSimon()
    days = [game.daily_code(datetime.date(2026, 12, d)) for d in range(1, 8)]
    assert all(code in codes for code in days) and len(set(days)) > 1
    assert days == [PooledSimon().daily_code(datetime.date(2026, 12, d)) for d in range(1, 8)]
    assert all(game.random_code("N", winnable=True) in codes for _ in range(5))
    hard = {code for code in codes if codes[code] >= 61}
    assert all(
        game.new_code("N", winnable=True, options={DIFFICULTY.name: "hard"}) in hard
        for _ in range(5)
    )
    assert any(game.random_code("N", winnable=False) not in codes for _ in range(5))


def test_a_game_whose_pool_is_not_built_yet_falls_back_to_its_search(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(pool, "pool_resource", lambda game: tmp_path / "none.txt")
    budgets: list[int | None] = []

    def won(game: object, state: object, seconds: object, nodes: int | None = 0) -> SolveResult:
        budgets.append(nodes)
        return SolveResult(True)

    monkeypatch.setattr(BuildGame, "solve_position", won)
    game = PooledSimon()
    assert game.pool_codes() == {} and SimpleSimon().pool_codes() == {}
    game.random_code("N", winnable=True)
    game.daily_code(datetime.date(2026, 12, 1))
    assert budgets == [game.winnable_nodes, game.daily_nodes]
